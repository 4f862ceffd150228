import FolioGeometry
import FolioLayers
import FolioSurface

/// One evaluation as a self-contained value: per drawn polygon, its corners, opacity, map to
/// the view and surface patch, and an index into per-layer records shared by the polygons of
/// one layer (in the spirit of Chromium's draw quads with shared quad state).
///
/// Built after `LayerEvaluator.evaluate` from the evaluator's public output only, in one pass
/// over its quads; the frame keeps no `Layer` (a surface's record keeps its mesh), so it
/// outlives the layer tree it was built from. `build(from:)` reuses the frame's storage: after
/// the first frames of a scene it allocates nothing.
package struct Frame {
    /// One polygon of the evaluation, in the evaluator's order (visible ones first, in draw
    /// order; then the invisible ones).
    package struct Polygon: Sendable {
        /// Its corners in `vertices` (homogeneous clip position in view points, depth, local point).
        package var vertices: Range<Int>
        /// Its layer's record in `records`.
        package var record: Int32
        /// The surface patch it draws (−1: a flat layer's polygon).
        package var surfacePatch: Int32
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
        package var kind: Layer.Kind
        /// The record of its superlayer (−1: the root). Masks and borders walk this chain.
        package var superRecord: Int32
        /// Bounds in the layer's own coordinates (points).
        package var bounds: Rect
        /// What it paints: contents, background colour, gradient; its shape and border.
        package var paint: Paint
        /// Its front face's unit normal in the root's space, and its linear map to the root
        /// (`Layer.frontNormal`, `Layer.linearPartToRoot`): the paper light reads them.
        package var frontNormal: Vector3
        package var linearPartToRoot: Transform3D
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

    /// A surface layer's mesh and the pages its patches show.
    package struct SurfaceRecord: @unchecked Sendable {
        /// The mesh (shared with the layer; a frame is drawn before the layer changes it).
        package var mesh: SurfaceMesh
        /// Per patch, whether it has area on screen (`SurfaceLayer.patchHasArea`).
        package var patchHasArea: [Bool]
        package var backContents: ContentHandle?
        package var backContentsRect: Rect
        /// How much of the front shows through the back (0…1, `SurfaceLayer.paperTranslucency`).
        package var paperTranslucency: Double
    }

    package private(set) var polygons: [Polygon] = []
    package private(set) var vertices: [QuadVertex] = []
    package private(set) var records: [LayerRecord] = []
    /// Record index by layer, for this build only (cleared at the next).
    private var recordIndex: [ObjectIdentifier: Int32] = [:]

    /// An empty frame; `build(from:)` fills it.
    package init() {}

    /// Replaces the frame with the last evaluation of `e`.
    package mutating func build(from e: LayerEvaluator) {
        polygons.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        recordIndex.removeAll(keepingCapacity: true)
        vertices.append(contentsOf: e.vertices)
        for quad in e.quads {
            polygons.append(Polygon(vertices: quad.vertexRange, record: record(for: quad.layer), surfacePatch: Int32(quad.surfacePatch),
                                    isVisible: quad.isVisible, opacity: quad.opacity, localToView: quad.localToView))
        }
    }

    /// The corners of `polygon`.
    package func corners(of polygon: Polygon) -> ArraySlice<QuadVertex> { vertices[polygon.vertices] }

    /// The record of `polygon`'s layer.
    package func record(of polygon: Polygon) -> LayerRecord { records[Int(polygon.record)] }

    /// `layer`'s record, made (with its ancestors', which masks need) on first use this build.
    private mutating func record(for layer: Layer) -> Int32 {
        if let index = recordIndex[ObjectIdentifier(layer)] { return index }
        // Trees are at most `Layer.maximumDepth` deep: the recursion is bounded.
        let superRecord = layer.superlayer.map { record(for: $0) } ?? -1
        let index = Int32(records.count)
        records.append(LayerRecord(serialNumber: layer.serialNumber, kind: layer.kind, superRecord: superRecord, bounds: layer.bounds,
                                   paint: Self.paint(of: layer), frontNormal: layer.frontNormal,
                                   linearPartToRoot: layer.linearPartToRoot, surface: Self.surface(of: layer)))
        recordIndex[ObjectIdentifier(layer)] = index
        return index
    }

    private static func paint(of layer: Layer) -> Paint {
        Paint(contents: layer.contents, contentsRect: layer.contentsRect, backgroundColor: layer.backgroundColor,
              gradient: layer.kind == .gradient ? unsafeDowncast(layer, to: GradientLayer.self).gradient : nil,
              cornerRadius: layer.cornerRadius, effectiveCornerRadius: layer.effectiveCornerRadius,
              borderWidth: layer.effectiveBorderWidth, borderColor: layer.borderColor, drawsBorder: layer.drawsBorder,
              drawsContent: layer.drawsContent, masksToBounds: layer.masksToBounds, shouldRasterize: layer.shouldRasterize)
    }

    private static func surface(of layer: Layer) -> SurfaceRecord? {
        guard layer.kind == .surface else { return nil }
        let surface = unsafeDowncast(layer, to: SurfaceLayer.self)
        return SurfaceRecord(mesh: surface.mesh, patchHasArea: surface.patchHasArea, backContents: surface.backContents,
                             backContentsRect: surface.backContentsRect, paperTranslucency: surface.paperTranslucency)
    }
}
