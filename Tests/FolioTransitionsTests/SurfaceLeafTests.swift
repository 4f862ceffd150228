import Testing
import FolioGeometry
import FolioSurface
import FolioLayers

/// A surface layer is never a flat leaf: beside plain pages under a layer with no sublayer
/// transform (the flat-leaves shortcut of the evaluator), it still adds its patches, lifted
/// out of the plane.
@Suite struct SurfaceLeafTests {
    @Test func aCurledLeafBesideFlatPagesIsEvaluatedAsItsPatches() throws {
        let curl = try PageCurl(size: Size(width: 160, height: 180), spine: .left, restRadius: 20,
                                pose: CurlPose(angle: 0, axisFraction: 0.6))
        let leaf = SurfaceLayer(name: "leaf")
        leaf.anchorPoint = Point(x: 0, y: 0)
        leaf.position = Point(x: 40, y: 60)
        leaf.backgroundColor = .white
        try leaf.setCurl(curl, toView: Transform3D(translationX: 40, y: 60), scale: 1)
        let page = Layer(name: "page", frame: Rect(x: 0, y: 0, width: 300, height: 300), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300), sublayers: [page, leaf])
        let e = LayerEvaluator()
        e.evaluate(root)
        let patches = e.quads.filter { $0.layer === leaf }
        #expect(patches.count == leaf.mesh.patches.count, "one polygon per patch")
        #expect(patches.allSatisfy { $0.surfacePatch >= 0 })
        // The roll leaves the plane: some corners lie above it.
        // Wrapped past the half turn (the free edge 64 pt beyond the axis, πr ≈ 62.8): the
        // turned part lies at 2r.
        let highest = patches.flatMap { e.corners(of: $0).map(\.depth) }.max() ?? 0
        #expect(abs(highest - 2 * curl.radius) < 1e-9, "highest point \(highest)")
        // The page comes first, the leaf's flat part lands on it (coplanar: tree order).
        #expect(e.quads.firstIndex { $0.layer === page }! < e.quads.firstIndex { $0.layer === leaf }!)
    }
}
