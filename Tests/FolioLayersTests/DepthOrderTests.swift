import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// Back-to-front order inside a 3D rendering context, by plane tests (never centroid z).
@Suite struct DepthOrderTests {
    static func root() -> Layer {
        let r = Layer(name: "root")
        r.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        r.position = Point(x: 200, y: 200)
        r.sublayerTransform.m34 = -1.0 / 800
        return r
    }

    static func plane(_ name: String, _ configure: (Layer) -> Void) -> Layer {
        let l = Layer(name: name)
        l.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        l.position = Point(x: 200, y: 200)
        configure(l)
        return l
    }

    @Test func nearerPlanesDrawLastWhateverTheTreeOrder() throws {
        let r = Self.root()
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        try r.addSublayer(context)
        try context.addSublayer(Self.plane("near") { $0.zPosition = 50 })
        try context.addSublayer(Self.plane("far") { $0.zPosition = -50 })
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(e.quads.map(\.layer.name) == ["root", "far", "near"])
    }

    @Test func centroidDepthWouldMisorderButThePlaneTestDoesNot() throws {
        // A long plane tilted steeply toward the viewer (centroid z ≈ 170) and a small plane at
        // z = 20 over the tilted plane's far end, where the tilted plane is at z < 18: sorting by
        // centroid would draw the small plane first and hide it.
        let r = Self.root()
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        try r.addSublayer(context)
        let tilted = Self.plane("tilted") {
            $0.bounds = Rect(x: 0, y: 0, width: 400, height: 40)
            $0.anchorPoint = Point(x: 0, y: 0.5)
            $0.position = Point(x: 100, y: 200)
            $0.transform = Transform3D(rotationDegrees: -60, x: 0, y: 1, z: 0) // right end toward viewer
        }
        let small = Self.plane("small") {
            $0.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            $0.position = Point(x: 105, y: 200)
            $0.zPosition = 20
        }
        try context.addSublayer(small)
        try context.addSublayer(tilted)
        let e = LayerEvaluator()
        e.evaluate(r)
        let names = e.quads.filter(\.isVisible).map(\.layer.name)
        #expect(names.last(where: { $0 != "tilted" }) == "small")
        #expect(names.firstIndex(of: "tilted")! < names.firstIndex(of: "small")!)
        #expect(PaintersOrderOracle.violations(e) == 0)
    }

    @Test func randomContextsDrawInPaintersOrder() throws {
        var g = SeededGenerator(seed: 0xB5B)
        for _ in 0..<150 {
            let r = Self.root()
            let context = TransformLayer(name: "context")
            context.bounds = r.bounds
            context.position = Point(x: 200, y: 200)
            try r.addSublayer(context)
            for i in 0..<Int.random(in: 2...6, using: &g) {
                try context.addSublayer(Self.plane("p\(i)") {
                    $0.bounds = Rect(x: 0, y: 0, width: .random(in: 40...250, using: &g), height: .random(in: 40...250, using: &g))
                    $0.position = Point(x: .random(in: 120...280, using: &g), y: .random(in: 120...280, using: &g))
                    $0.zPosition = .random(in: -150...150, using: &g)
                    $0.transform = Transform3D(rotationDegrees: .random(in: -80...80, using: &g),
                                               x: .random(in: -1...1, using: &g), y: .random(in: -1...1, using: &g), z: 0)
                })
            }
            let e = LayerEvaluator()
            e.evaluate(r)
            #expect(PaintersOrderOracle.violations(e, samples: 24) == 0)
        }
    }

    @Test func intersectingPlanesAreSplit() throws {
        let r = Self.root()
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        try r.addSublayer(context)
        try context.addSublayer(Self.plane("a") { $0.transform = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0) })
        try context.addSublayer(Self.plane("b") { $0.transform = Transform3D(rotationDegrees: -30, x: 0, y: 1, z: 0) })
        let e = LayerEvaluator()
        e.evaluate(r)
        let visible = e.quads.filter(\.isVisible)
        #expect(visible.count == 4, "one of the two crossing planes is cut in two")
        #expect(PaintersOrderOracle.violations(e) == 0)
        // Split pieces share their cut edge exactly where the planes meet (x = 200 on screen).
        for q in visible where q.layer.name != "root" {
            #expect(e.corners(of: q).allSatisfy { $0.point.isFinite })
        }
    }

    @Test func coplanarLayersKeepTreeOrder() throws {
        let r = Self.root()
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        context.transform = Transform3D(rotationDegrees: 40, x: 1, y: 1, z: 0)
        try r.addSublayer(context)
        for name in ["first", "second", "third"] { try context.addSublayer(Self.plane(name) { _ in }) }
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(e.quads.map(\.layer.name) == ["root", "first", "second", "third"])
    }

    @Test func singleSidedLayersFacingAwayAreNotVisible() throws {
        let r = Self.root()
        let page = Self.plane("page") {
            $0.isDoubleSided = false
            $0.transform = Transform3D(rotationDegrees: 120, x: 0, y: 1, z: 0)
        }
        try r.addSublayer(page)
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(e.quads.map(\.layer.name) == ["root", "page"])
        #expect(e.quads[1].isVisible == false)
        page.transform = Transform3D(rotationDegrees: 60, x: 0, y: 1, z: 0)
        e.evaluate(r)
        #expect(e.quads[1].isVisible)
    }

    @Test func quadsCrossingTheEyePlaneAreClippedNotDivided() throws {
        let r = Self.root()
        let page = Self.plane("page") {
            $0.bounds = Rect(x: 0, y: 0, width: 2000, height: 200)
            $0.anchorPoint = Point(x: 0, y: 0.5)
            $0.transform = Transform3D(rotationDegrees: -80, x: 0, y: 1, z: 0) // far end passes the eye at z = 800
        }
        try r.addSublayer(page)
        let e = LayerEvaluator()
        e.evaluate(r)
        let q = try #require(e.quads.first { $0.layer.name == "page" })
        #expect(q.isVisible)
        for v in e.corners(of: q) {
            #expect(v.clip.w >= Projection.minimumW * (1 - 1e-9))
            #expect(v.point.isFinite)
        }
    }

    @Test func hiddenSubtreesAreReportedNotVisible() throws {
        let r = Self.root()
        let parent = Self.plane("parent") { $0.isHidden = true }
        try parent.addSublayer(Self.plane("child") { _ in })
        try r.addSublayer(parent)
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(e.quads.map(\.layer.name) == ["root", "parent", "child"])
        #expect(e.quads.map(\.isVisible) == [true, false, false])
    }

    @Test func masksToBoundsClipsSublayersToTheLayer() throws {
        let r = Self.root()
        r.sublayerTransform = .identity
        r.masksToBounds = true
        try r.addSublayer(Self.plane("wide") { $0.bounds = Rect(x: 0, y: 0, width: 1000, height: 100) })
        let e = LayerEvaluator()
        e.evaluate(r)
        let q = try #require(e.quads.first { $0.layer.name == "wide" })
        let xs = e.corners(of: q).map(\.point.x)
        #expect(xs.min() == 0 && xs.max() == 400)
    }
}
