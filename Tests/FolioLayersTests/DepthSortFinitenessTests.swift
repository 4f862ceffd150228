import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// Finiteness tests on the way into and through the depth sort must not take a finite value
/// for an infinite one. A sum is finite only if every term is, which makes it a quick test for
/// many values at once — but finite values can overflow it, so a sum that is not finite must
/// be followed by the test value by value. These layers have finite maps and corners whose
/// sums overflow; they must stay visible, sorted like any other layer.
@Suite struct DepthSortFinitenessTests {
    /// A root with perspective holding a 3D context of a tilted plane, so that the layers
    /// added to `context` go through the eye clip and the BSP sort.
    static func scene() throws -> (root: Layer, context: TransformLayer) {
        let r = Layer(name: "root")
        r.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        r.position = Point(x: 200, y: 200)
        r.sublayerTransform.m34 = -1.0 / 800
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        try r.addSublayer(context)
        let tilted = Layer(name: "tilted")
        tilted.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        tilted.position = Point(x: 200, y: 200)
        tilted.transform = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0)
        try context.addSublayer(tilted)
        return (r, context)
    }

    @Test func aMapWhoseEntriesSumPastTheLargestDoubleIsStillClippedAndSorted() throws {
        let (r, context) = try Self.scene()
        // Entries of 1e308 on both axes sum to +∞; the corners (1e-306 local units across)
        // land 100 points apart, in front of the viewer.
        let tiny = Layer(name: "tiny")
        tiny.bounds = Rect(x: 0, y: 0, width: 1e-306, height: 1e-306)
        tiny.position = Point(x: 200, y: 200)
        tiny.zPosition = 40
        tiny.transform = Transform3D(scaleX: 1e308, y: 1e308)
        try context.addSublayer(tiny)
        let e = LayerEvaluator()
        e.evaluate(r)
        // (Its plane's minors overflow, so the sort draws it first, as a layer without a plane.)
        #expect(e.quads.filter(\.isVisible).map(\.layer.name).contains("tiny"))
        #expect(e.depthSortReport.sortedContexts == 1)
    }

    @Test func cornersWhoseCoordinatesSumPastTheLargestDoubleStayVisibleInTheSort() throws {
        let (r, context) = try Self.scene()
        // A plain sheet in front of the tilted plane, with a 2D sublayer (flattened into the
        // sheet's plane) whose corners have x and y of about 1e308: finite, but their sum is
        // +∞. The sheet's own map is modest, so it has a plane and is classified corner by corner.
        let sheet = Layer(name: "sheet")
        sheet.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        sheet.position = Point(x: 200, y: 200)
        sheet.zPosition = 100
        let far = Layer(name: "far-away")
        far.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        far.anchorPoint = Point(x: 0, y: 0)
        far.position = Point(x: 1e308, y: 1e308)
        try sheet.addSublayer(far)
        try context.addSublayer(sheet)
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(e.depthSortReport.sortedContexts == 1)
        #expect(e.depthSortReport.planeTests > 0)
        #expect(e.quads.filter(\.isVisible).map(\.layer.name) == ["root", "tilted", "sheet", "far-away"])
    }
}
