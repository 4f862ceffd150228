import FolioGeometry
import FolioLayers
import FolioSurface

/// One evaluation as a self-contained value: everything a renderer reads to draw it, and no
/// `Layer`.
///
/// In the spirit of Chromium's draw quads with shared quad state: each drawn polygon
/// (``Polygon``) carries its corners, opacity, surface patch and exact map to the view, and
/// points at one ``LayerRecord`` that the polygons of its layer share (bounds, paint, the
/// superlayer chain, light and cast-shadow inputs, a surface's mesh). Beside them: the
/// compositing groups, late borders, rounded masks and rasterized pictures the evaluator found,
/// by polygon index and record. A rasterized layer's picture is itself a frame (``Picture``).
///
/// A ``FrameRecorder`` writes frames from a `LayerEvaluator`, reusing their storage: after the
/// first frames of a scene recording allocates nothing. Once written, a frame keeps nothing of
/// the layer tree alive, so it can be drawn after the tree is gone, or encoded and drawn in
/// another process (``encoded()``, ``init(decoding:)``). One exception, for speed: a surface's record shares
/// the layer's `SurfaceMesh`, which the layer refills in place when its curl changes — draw or
/// encode a frame before changing that layer again.
public struct Frame: Sendable {
    /// One polygon of the evaluation, in the evaluator's order (visible ones first, in draw
    /// order; then the invisible ones).
    public struct Polygon: Sendable {
        /// Its corners in ``vertices`` (homogeneous clip position in view points, depth, local point).
        public var vertices: Range<Int>
        /// Its layer's record in ``records``.
        public var record: Int32
        /// The surface patch it draws (−1: a flat layer's polygon).
        public var surfacePatch: Int
        /// Whether it is drawn at all (`Quad.isVisible`).
        public var isVisible: Bool
        /// Effective opacity, 0…1 (the product of its ancestors' that no group took).
        public var opacity: Double
        /// The exact homography from its layer's plane (points) to the view (points).
        public var localToView: Homography
    }

    /// What a layer's polygons share: everything the triangles and a backend read of the layer.
    public struct LayerRecord: Sendable {
        /// The layer's `serialNumber`: a stable identity across frames (caches key on it).
        public var serialNumber: UInt64
        /// The layer's `name` (reports and debugging; drawing ignores it).
        public var name: String
        /// The layer's kind: plain, transform, gradient or surface.
        public var kind: Layer.Kind
        /// The record of its superlayer (−1: the root, or the superlayer is not in the frame).
        /// Masks, overlays and borders walk this chain.
        public var superRecord: Int32
        /// Whether the layer has sublayers (a merged shadow overlay and a leaf's border need none).
        public var hasSublayers: Bool
        /// Bounds in the layer's own coordinates (points).
        public var bounds: Rect
        /// What it paints: contents, background colour, gradient; its shape and border.
        public var paint: Paint
        /// `Layer.contentVersion`: with the scale and extent, a rasterized picture's key.
        public var contentVersion: UInt64
        /// `Layer.effectiveRasterizationScale`: pixels per point of a rasterized picture.
        public var rasterizationScale: Double
        /// Light and cast-shadow inputs (``Inputs``); the identity defaults where not recorded.
        public var orientation: Orientation
        /// For a surface layer: its mesh and what its patches show; nil for a flat layer.
        public var surface: SurfaceRecord?
    }

    /// A layer's paint: contents and its texture rectangle, background, gradient, rounded
    /// corners, border and mask.
    public struct Paint: Sendable {
        /// The image the layer shows (a handle the renderer maps to its texture), if any.
        public var contents: ContentHandle?
        /// The part of the contents shown, in unit texture coordinates.
        public var contentsRect: Rect
        /// The fill under the contents (straight alpha), if any.
        public var backgroundColor: Color?
        /// A gradient layer's gradient (nil for other kinds).
        public var gradient: Gradient?
        /// `cornerRadius` as set, in points.
        public var cornerRadius: Double
        /// The corner radius as drawn (`effectiveCornerRadius`: at most half the shorter side), points.
        public var effectiveCornerRadius: Double
        /// The border width as drawn (`effectiveBorderWidth`), in points.
        public var borderWidth: Double
        /// The border's colour (straight alpha).
        public var borderColor: Color
        /// Whether a border is drawn (`Layer.drawsBorder`).
        public var drawsBorder: Bool
        /// Whether the layer paints anything of its own (`Layer.drawsContent`).
        public var drawsContent: Bool
        /// Whether the layer clips its sublayers to its bounds (rounded when it has corners).
        public var masksToBounds: Bool
        /// Whether the layer is drawn from a cached picture (`Layer.shouldRasterize`).
        public var shouldRasterize: Bool
    }

    /// Where a layer faces and how it sits in its 3D rendering context.
    public struct Orientation: Sendable {
        /// Its front face's unit normal in the root's space (`Layer.frontNormal`): the paper
        /// light reads it.
        public var frontNormal = Vector3(x: 0, y: 0, z: 1)
        /// Its linear map to the root (`Layer.linearPartToRoot`), which turns a surface's
        /// normals into the light's space.
        public var linearPartToRoot = Transform3D.identity
        /// Its map to its rendering context's sublayer space: `Layer.transform(toCoordinatesOf:)`
        /// between two records is `toContext · other.toContext⁻¹` within one context. Cast
        /// shadows read it.
        public var toContext = Transform3D.identity
        /// The serial number of the layer whose sublayer space `toContext` maps to (`.max`: the view).
        public var context = UInt64.max

        /// The identity orientation: facing the viewer, in the view's own space.
        public init() {}

        /// An orientation of the given normal and maps (what a recorder or a decoder writes).
        public init(frontNormal: Vector3, linearPartToRoot: Transform3D, toContext: Transform3D, context: UInt64) {
            self.frontNormal = frontNormal
            self.linearPartToRoot = linearPartToRoot
            self.toContext = toContext
            self.context = context
        }
    }

    /// A surface layer's mesh and the pages its patches show.
    public struct SurfaceRecord: @unchecked Sendable {
        /// The mesh (shared with the layer: see the type's note).
        public var mesh: SurfaceMesh
        /// Per patch, whether it has area on screen (`SurfaceLayer.patchHasArea`): a range of
        /// the frame's ``patchHasArea``.
        public var patchHasArea: Range<Int>
        /// What the back of the leaf shows (nil: the front's contents through the paper).
        public var backContents: ContentHandle?
        /// The part of `backContents` shown, in unit texture coordinates.
        public var backContentsRect: Rect
        /// How much of the front shows through the back (0…1, `SurfaceLayer.paperTranslucency`).
        public var paperTranslucency: Double
        /// Whether the back shows the front mirrored left to right (`SurfaceLayer.mirrorsHorizontally`).
        public var mirrorsHorizontally: Bool
        /// The exact surface the mesh approximates (`SurfaceLayer.curl`; nil before the first
        /// `setCurl`): the paper light reads its normals.
        public var curl: PageCurl?
    }

    /// A compositing group (`CompositingGroup`): its polygons are drawn into one picture
    /// composited at `opacity`.
    public struct Group: Sendable {
        /// The record of the layer whose opacity is composited as a group.
        public var record: Int32
        /// Consecutive indices into ``polygons``, all visible, in draw order.
        public var quads: Range<Int>
        /// The group's effective opacity, 0…1.
        public var opacity: Double
    }

    /// A border drawn after its layer's sublayers (`BorderPlacement`).
    public struct Border: Sendable {
        /// The bordered layer's record.
        public var record: Int32
        /// The layer's own polygon (its geometry and map), an index into `polygons`.
        public var quad: Int
        /// The last polygon drawn inside its subtree: the border is drawn right after it.
        public var after: Int
    }

    /// A layer whose rounded corners mask its sublayers (`RoundedMask`).
    public struct Mask: Sendable {
        /// The masking layer's record.
        public var record: Int32
        /// Its plane's map to the view.
        public var localToView: Homography
    }

    /// A rasterized layer (`RasterizedLayer`): one polygon that draws a cached picture of its
    /// subtree, and that picture as a frame of its own.
    public struct Picture: Sendable {
        /// The rasterized layer's record.
        public var record: Int32
        /// The polygon that draws the picture.
        public var quad: Int
        /// The rectangle of the layer's own coordinates the picture covers (points).
        public var extent: Rect
        /// The subtree in the layer's own coordinates, `extent.origin` at the view's origin,
        /// at opacity 1 (`LayerEvaluator.evaluateContents`): what the picture shows.
        public var contents: Frame
    }

    /// What a recording includes beyond what every renderer reads.
    public struct Inputs: OptionSet, Sendable {
        /// The options' bits.
        public var rawValue: Int
        /// The options whose bits are `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Each layer's front normal and linear map to the root (the paper light).
        public static let light = Inputs(rawValue: 1)
        /// Each layer's map to its rendering context (cast shadows between layers).
        public static let castShadows = Inputs(rawValue: 2)
        /// Everything: what any renderer setting reads.
        public static let all: Inputs = [.light, .castShadows]
    }

    /// The drawn polygons, in the evaluator's order (visible ones first, in draw order).
    public internal(set) var polygons: [Polygon] = []
    /// The polygons' corners (`Polygon.vertices` ranges index them).
    public internal(set) var vertices: [QuadVertex] = []
    /// One record per layer with a polygon, and per ancestor of such a layer (a layer's
    /// ancestors come before it).
    public internal(set) var records: [LayerRecord] = []
    /// Surfaces' per-patch flags (``SurfaceRecord/patchHasArea``).
    public internal(set) var patchHasArea: [Bool] = []
    /// The compositing groups, outer ones before the groups nested in them.
    public internal(set) var groups: [Group] = []
    /// The borders drawn after their layers' sublayers, in draw order.
    public internal(set) var borders: [Border] = []
    /// The layers whose rounded corners mask their sublayers.
    public internal(set) var masks: [Mask] = []
    /// The rasterized layers, in polygon order, each with its picture.
    public internal(set) var pictures: [Picture] = []
    /// What the recording included.
    public internal(set) var inputs: Inputs = []

    /// An empty frame; a ``FrameRecorder`` fills it.
    public init() {}

    /// The last evaluation of `e`, with `inputs` (through a recorder of its own: for tests and
    /// one-off frames; a renderer keeps its recorder).
    public init(recording e: LayerEvaluator, inputs: Inputs = .all) {
        build(from: e, inputs: inputs)
    }

    /// Replaces the frame with the last evaluation of `e` (with every input, through a
    /// recorder of its own: for tests and one-off frames; a renderer keeps its recorder).
    public mutating func build(from e: LayerEvaluator, inputs: Inputs = .all) {
        FrameRecorder().record(e, into: &self, inputs: inputs)
    }

    /// The corners of `polygon`.
    public func corners(of polygon: Polygon) -> ArraySlice<QuadVertex> { vertices[polygon.vertices] }

    /// The record of `polygon`'s layer.
    public func record(of polygon: Polygon) -> LayerRecord { records[Int(polygon.record)] }

    /// Whether `polygon` paints anything of its own (contents, background, gradient colours).
    public func drawsContent(_ polygon: Polygon) -> Bool { records[Int(polygon.record)].paint.drawsContent }

    /// Whether surface record `surface`'s patch `k` has area on screen.
    public func patchHasArea(_ surface: SurfaceRecord, _ k: Int) -> Bool {
        k >= 0 && k < surface.patchHasArea.count && patchHasArea[surface.patchHasArea.lowerBound + k]
    }

    /// The map from record `from`'s coordinates to record `to`'s, as
    /// `Layer.transform(toCoordinatesOf:)` computes it; nil across rendering contexts, when
    /// not invertible or not finite, or when cast-shadow inputs were not recorded.
    public func transform(from: Int32, toCoordinatesOf to: Int32) -> Transform3D? {
        guard inputs.contains(.castShadows) else { return nil }
        let mine = records[Int(from)].orientation, theirs = records[Int(to)].orientation
        guard mine.context == theirs.context, let back = theirs.toContext.inverted() else { return nil }
        let m = mine.toContext.concatenating(back)
        return m.isFinite ? m : nil
    }
}
