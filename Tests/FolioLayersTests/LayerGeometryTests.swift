import Testing
import FolioGeometry
@testable import FolioLayers

/// Layer → superlayer mapping with Core Animation's published vectors.
@Suite struct LayerGeometryTests {
    /// Evaluates `root` and returns the corners of the first quad named `name`.
    static func corners(_ root: Layer, _ name: String) -> [QuadVertex] {
        let e = LayerEvaluator()
        e.evaluate(root)
        guard let q = e.quads.first(where: { $0.layer.name == name }) else { return [] }
        return Array(e.corners(of: q))
    }

    @Test func sublayerTransformPivotsOnTheAnchor() throws {
        // Parent 200×200 at (100,100) with sublayerTransform scale (2,2,1); child 50×50 at
        // (100,50) with transform T(5,6,0): the child's (0,0) lands at (60, −38) in the parent.
        let parent = Layer(name: "parent")
        parent.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        parent.position = Point(x: 100, y: 100)
        parent.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = Layer(name: "child")
        child.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        child.position = Point(x: 100, y: 50)
        child.transform = Transform3D(translationX: 5, y: 6, z: 0)
        try parent.addSublayer(child)
        let c = Self.corners(parent, "child")
        #expect(c.count == 4)
        #expect(abs(c[0].point.x - 60) < 1e-9 && abs(c[0].point.y - -38) < 1e-9)
    }

    @Test func pageHingedOnItsLeftEdgeProjectsLikeCoreAnimation() throws {
        // 400×600 page, anchor (0, 0.5), at (400,300) in an 800×600 parent at (400,300) whose
        // sublayerTransform has m34 = −1/1000; page rotated −45° about y: corner (400,0) at
        // (794.394253, −118.318276).
        let parent = Layer(name: "parent")
        parent.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        parent.position = Point(x: 400, y: 300)
        parent.sublayerTransform.m34 = -1.0 / 1000
        let page = Layer(name: "page")
        page.bounds = Rect(x: 0, y: 0, width: 400, height: 600)
        page.anchorPoint = Point(x: 0, y: 0.5)
        page.position = Point(x: 400, y: 300)
        page.transform = Transform3D(rotationDegrees: -45, x: 0, y: 1, z: 0)
        try parent.addSublayer(page)
        let c = Self.corners(parent, "page")
        #expect(c.count == 4)
        #expect(abs(c[1].point.x - 794.394253) < 1e-6)
        #expect(abs(c[1].point.y - -118.318276) < 1e-6)
        // Pre-projection depth of that corner: 400·sin 45°.
        #expect(abs(c[1].depth - 400 * 0.5.squareRoot()) < 1e-9)
    }

    /// A child translated z = 100 inside a layer rotated 60° about y, in a perspective view.
    static func nestedScene(middleKind: Layer) throws -> Layer {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        root.position = Point(x: 200, y: 200)
        root.sublayerTransform.m34 = -1.0 / 500
        let middle = middleKind
        middle.name = "middle"
        middle.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        middle.position = Point(x: 200, y: 200)
        middle.transform = Transform3D(rotationDegrees: 60, x: 0, y: 1, z: 0)
        let child = Layer(name: "child")
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        child.position = Point(x: 100, y: 100)
        child.transform = Transform3D(translationX: 0, y: 0, z: 100)
        try middle.addSublayer(child)
        try root.addSublayer(middle)
        return root
    }

    @Test func plainLayersFlattenTheirSublayersAndTransformLayersDoNot() throws {
        let flat = Self.corners(try Self.nestedScene(middleKind: Layer()), "child")
        let deep = Self.corners(try Self.nestedScene(middleKind: TransformLayer()), "child")
        #expect(flat.count == 4 && deep.count == 4)

        // Flattened: the child's z offset is squashed into the middle layer's plane, so it
        // projects as if it sat at z = 0 in that plane, centred on the middle layer.
        let s = Angle.sinCos(degrees: 60)
        func project(_ lx: Double, _ ly: Double, _ lz: Double) -> Point {
            // In middle-local coordinates (anchor at 100,100), rotate about y then into root.
            let x = lx - 100, y = ly - 100
            let rx = x * s.cos + lz * s.sin, rz = -x * s.sin + lz * s.cos
            let w = 1 - rz / 500
            return Point(x: rx / w + 200, y: y / w + 200)
        }
        let expectedFlat = project(50, 50, 0)     // child's (0,0) at middle-local (50,50), z flattened away
        let expectedDeep = project(50, 50, 100)   // z = 100 kept in 3D
        #expect(flat[0].point.distance(to: expectedFlat) < 1e-9)
        #expect(deep[0].point.distance(to: expectedDeep) < 1e-9)
        #expect(flat[0].point.distance(to: deep[0].point) > 10)
    }

    @Test func transformLayersDrawNothingAndPassOpacityDown() throws {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let joint = TransformLayer(name: "joint")
        joint.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        joint.opacity = 0.5
        let leaf = Layer(name: "leaf")
        leaf.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        leaf.opacity = 0.5
        try joint.addSublayer(leaf)
        try root.addSublayer(joint)
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(e.quads.map(\.layer.name) == ["root", "leaf"])
        #expect(e.quads[1].opacity == 0.25)
    }

    @Test func topmostQuadPickReturnsTheTopmostLayerAndItsLocalPoint() throws {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        root.position = Point(x: 400, y: 300)
        root.sublayerTransform.m34 = -1.0 / 1000
        let page = Layer(name: "page")
        page.bounds = Rect(x: 0, y: 0, width: 400, height: 600)
        page.anchorPoint = Point(x: 0, y: 0.5)
        page.position = Point(x: 400, y: 300)
        page.transform = Transform3D(rotationDegrees: -45, x: 0, y: 1, z: 0)
        try root.addSublayer(page)
        let e = LayerEvaluator()
        e.evaluate(root)
        // The page's corner (400,0) projects to (794.394253, −118.318276); a point just inside
        // it along the diagonal maps back near that corner.
        let hit = e.topmostQuad(at: Point(x: 600, y: 300))
        #expect(hit?.layer === page)
        // Round trip: project a local point, hit-test it, get the same local point back.
        let m = page.localTransform.concatenating(root.pivotedSublayerTransform).concatenating(root.localTransform)
        let screen = Vector3(x: 123, y: 456, z: 0).applying(m).projected!
        let back = e.topmostQuad(at: screen)
        #expect(back?.layer === page)
        #expect((back?.localPoint.distance(to: Point(x: 123, y: 456)) ?? 1) < 1e-6)
        #expect(e.topmostQuad(at: Point(x: -5, y: 300))?.layer === nil)
        #expect(e.topmostQuad(at: Point(x: 100, y: 300))?.layer === root)
    }
}
