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
/// another process (`Frame+Coding.swift`). One exception, for speed: a surface's record shares
/// the layer's `SurfaceMesh`, which the layer refills in place when its curl changes — draw or
/// encode a frame before changing that layer again.
package struct Frame: Sendable {
    /// One polygon of the evaluation, in the evaluator's order (visible ones first, in draw
    /// order; then the invisible ones).
    package struct Polygon: Sendable {
        /// Its corners in ``vertices`` (homogeneous clip position in view points, depth, local point).
        package var vertices: Range<Int>
        /// Its layer's record in ``records``.
        package var record: Int32
        /// The surface patch it draws (−1: a flat layer's polygon).
        package var surfacePatch: Int
        /// Whether it is drawn at all (`Quad.isVisible`).
        package var isVisible: Bool
        /// Effective opacity, 0…1 (the product of its ancestors' that no group took).
        package var opacity: Double
        /// The exact homography from its layer's plane (points) to the view (points).
        package var localToView: Homography
    }

    /// What a layer's polygons share: everything the triangles and a backend read of the layer.
    package struct LayerRecord: Sendable {
        /// The layer's `serialNumber`: a stable identity across frames (caches key on it).
        package var serialNumber: UInt64
        /// The layer's `name` (reports and debugging; drawing ignores it).
        package var name: String
        package var kind: Layer.Kind
        /// The record of its superlayer (−1: the root, or the superlayer is not in the frame).
        /// Masks, overlays and borders walk this chain.
        package var superRecord: Int32
        /// Whether the layer has sublayers (a merged shadow overlay and a leaf's border need none).
        package var hasSublayers: Bool
        /// Bounds in the layer's own coordinates (points).
        package var bounds: Rect
        /// What it paints: contents, background colour, gradient; its shape and border.
        package var paint: Paint
        /// `Layer.contentVersion` and `effectiveRasterizationScale`: a rasterized picture's key.
        package var contentVersion: UInt64
        package var rasterizationScale: Double
        /// Light and cast-shadow inputs (``Inputs``); the identity defaults where not recorded.
        package var orientation: Orientation
        /// For a surface layer: its mesh and what its patches show; nil for a flat layer.
        package var surface: SurfaceRecord?
    }

    /// A layer's paint: contents and its texture rectangle, background, gradient, rounded
    /// corners, border and mask.
    package struct Paint: Sendable {
        package var contents: ContentHandle?
        /// The part of the contents shown, in unit texture coordinates.
        package var contentsRect: Rect
        package var backgroundColor: Color?
        /// A gradient layer's gradient (nil for other kinds).
        package var gradient: Gradient?
        /// `cornerRadius` as set and as drawn (`effectiveCornerRadius`, limited by the bounds), points.
        package var cornerRadius: Double
        package var effectiveCornerRadius: Double
        /// The border as drawn (`effectiveBorderWidth`, points) and its colour.
        package var borderWidth: Double
        package var borderColor: Color
        package var drawsBorder: Bool
        package var drawsContent: Bool
        package var masksToBounds: Bool
        package var shouldRasterize: Bool
    }

    /// Where a layer faces and how it sits in its 3D rendering context.
    package struct Orientation: Sendable {
        /// Its front face's unit normal in the root's space, and its linear map to the root
        /// (`Layer.frontNormal`, `Layer.linearPartToRoot`): the paper light reads them.
        package var frontNormal = Vector3(x: 0, y: 0, z: 1)
        package var linearPartToRoot = Transform3D.identity
        /// Its map to its rendering context's sublayer space, and that context's serial number
        /// (`.max`: the view): `Layer.transform(toCoordinatesOf:)` between two records is
        /// `toContext · other.toContext⁻¹` within one context. Cast shadows read it.
        package var toContext = Transform3D.identity
        package var context = UInt64.max
    }

    /// A surface layer's mesh and the pages its patches show.
    package struct SurfaceRecord: @unchecked Sendable {
        /// The mesh (shared with the layer: see the type's note).
        package var mesh: SurfaceMesh
        /// Per patch, whether it has area on screen (`SurfaceLayer.patchHasArea`): a range of
        /// the frame's ``patchHasArea``.
        package var patchHasArea: Range<Int>
        package var backContents: ContentHandle?
        package var backContentsRect: Rect
        /// How much of the front shows through the back (0…1, `SurfaceLayer.paperTranslucency`).
        package var paperTranslucency: Double
        /// Whether the back shows the front mirrored left to right (`SurfaceLayer.mirrorsHorizontally`).
        package var mirrorsHorizontally: Bool
        /// The exact surface the mesh approximates (`SurfaceLayer.curl`; nil before the first
        /// `setCurl`): the paper light reads its normals.
        package var curl: PageCurl?
    }

    /// A compositing group (`CompositingGroup`): its polygons are drawn into one picture
    /// composited at `opacity`.
    package struct Group: Sendable {
        package var record: Int32
        /// Consecutive indices into ``polygons``, all visible, in draw order.
        package var quads: Range<Int>
        package var opacity: Double
    }

    /// A border drawn after its layer's sublayers (`BorderPlacement`).
    package struct Border: Sendable {
        package var record: Int32
        /// The layer's own polygon, and the last polygon drawn inside its subtree.
        package var quad: Int
        package var after: Int
    }

    /// A layer whose rounded corners mask its sublayers (`RoundedMask`).
    package struct Mask: Sendable {
        package var record: Int32
        /// Its plane's map to the view.
        package var localToView: Homography
    }

    /// A rasterized layer (`RasterizedLayer`): one polygon that draws a cached picture of its
    /// subtree, and that picture as a frame of its own.
    package struct Picture: Sendable {
        package var record: Int32
        /// The polygon that draws the picture.
        package var quad: Int
        /// The rectangle of the layer's own coordinates the picture covers (points).
        package var extent: Rect
        /// The subtree in the layer's own coordinates, `extent.origin` at the view's origin,
        /// at opacity 1 (`LayerEvaluator.evaluateContents`): what the picture shows.
        package var contents: Frame
    }

    /// What a recording includes beyond what every renderer reads.
    package struct Inputs: OptionSet, Sendable {
        package var rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Each layer's front normal and linear map to the root (the paper light).
        package static let light = Inputs(rawValue: 1)
        /// Each layer's map to its rendering context (cast shadows between layers).
        package static let castShadows = Inputs(rawValue: 2)
        package static let all: Inputs = [.light, .castShadows]
    }

    package internal(set) var polygons: [Polygon] = []
    package internal(set) var vertices: [QuadVertex] = []
    package internal(set) var records: [LayerRecord] = []
    /// Surfaces' per-patch flags (``SurfaceRecord/patchHasArea``).
    package internal(set) var patchHasArea: [Bool] = []
    package internal(set) var groups: [Group] = []
    package internal(set) var borders: [Border] = []
    package internal(set) var masks: [Mask] = []
    package internal(set) var pictures: [Picture] = []
    /// What the recording included.
    package internal(set) var inputs: Inputs = []

    /// An empty frame; a ``FrameRecorder`` fills it.
    package init() {}

    /// The last evaluation of `e`, with `inputs` (through a recorder of its own: for tests and
    /// one-off frames; a renderer keeps its recorder).
    package init(recording e: LayerEvaluator, inputs: Inputs = .all) {
        build(from: e, inputs: inputs)
    }

    /// Replaces the frame with the last evaluation of `e` (with every input, through a
    /// recorder of its own: for tests and one-off frames; a renderer keeps its recorder).
    package mutating func build(from e: LayerEvaluator, inputs: Inputs = .all) {
        FrameRecorder().record(e, into: &self, inputs: inputs)
    }

    /// The corners of `polygon`.
    package func corners(of polygon: Polygon) -> ArraySlice<QuadVertex> { vertices[polygon.vertices] }

    /// The record of `polygon`'s layer.
    package func record(of polygon: Polygon) -> LayerRecord { records[Int(polygon.record)] }

    /// Whether `polygon` paints anything of its own (contents, background, gradient colours).
    package func drawsContent(_ polygon: Polygon) -> Bool { records[Int(polygon.record)].paint.drawsContent }

    /// Whether surface record `surface`'s patch `k` has area on screen.
    package func patchHasArea(_ surface: SurfaceRecord, _ k: Int) -> Bool {
        k >= 0 && k < surface.patchHasArea.count && patchHasArea[surface.patchHasArea.lowerBound + k]
    }

    /// The map from record `from`'s coordinates to record `to`'s, as
    /// `Layer.transform(toCoordinatesOf:)` computes it; nil across rendering contexts, when
    /// not invertible or not finite, or when cast-shadow inputs were not recorded.
    package func transform(from: Int32, toCoordinatesOf to: Int32) -> Transform3D? {
        guard inputs.contains(.castShadows) else { return nil }
        let mine = records[Int(from)].orientation, theirs = records[Int(to)].orientation
        guard mine.context == theirs.context, let back = theirs.toContext.inverted() else { return nil }
        let m = mine.toContext.concatenating(back)
        return m.isFinite ? m : nil
    }
}
