import Testing
import FolioGeometry
@testable import FolioLayers

/// The output pass keeps a corner only if it projects (`w > 0`, and `w`, `z`, the screen point
/// and the depth all finite), and a polygon with its layer's exact geometry takes the corners
/// already computed for it. These pin down the cases its shortcuts must get right.
@Suite struct OutputCornerTests {
    /// Finite values whose sum overflows: the quick test (one sum of all the values) is not
    /// finite, yet every value is, so the corner projects.
    @Test func aCornerWhoseCoordinatesSumPastTheLargestDoubleStillProjects() throws {
        let big = 1.5e308
        let root = Layer(name: "huge")
        root.bounds = Rect(x: 0, y: 0, width: big, height: big)
        root.anchorPoint = .zero
        root.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let e = LayerEvaluator()
        e.evaluate(root)
        let quad = try #require(e.quads.first { $0.layer === root })
        #expect(quad.isVisible)
        let corners = Array(e.corners(of: quad))
        try #require(corners.count == 4)
        let far = corners[2]
        #expect(far.local == Point(x: big, y: big))
        #expect(far.clip.x == big && far.clip.y == big && far.clip.z == 0 && far.clip.w == 1)
        #expect((far.clip.x + far.clip.y).isInfinite, "the sum overflows: the term-by-term test decides")
        #expect(far.point == Point(x: big, y: big))
    }

    /// Sublayers that exactly cover a tilted layer under perspective (a shadow and a tint over
    /// it) have the layer's corners bit for bit: the same clip position and local
    /// point. Their depth is their own context's, the layer's plane: 0 for both.
    @Test func sublayersCoveringATiltedLayerHaveItsCornersBitForBit() throws {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        root.position = Point(x: 200, y: 150)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 600
        root.sublayerTransform = perspective
        let panel = Layer(name: "panel")
        panel.bounds = Rect(x: 0, y: 0, width: 180, height: 120)
        panel.position = Point(x: 210, y: 140)
        panel.zPosition = 12
        panel.transform = Transform3D(rotationDegrees: 41, x: 1, y: 0.2, z: 0)
        panel.backgroundColor = Color(red: 1, green: 1, blue: 1)
        let shadow = Layer(name: "shadow")
        shadow.bounds = panel.bounds
        shadow.position = Point(x: 90, y: 60)
        shadow.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
        let tint = Layer(name: "tint")
        tint.bounds = panel.bounds
        tint.position = Point(x: 90, y: 60)
        tint.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.1)
        try panel.addSublayer(tint)
        try panel.addSublayer(shadow)
        try root.addSublayer(panel)
        let e = LayerEvaluator()
        for _ in 0..<2 {  // a fresh evaluator, then the same one again
            e.evaluate(root)
            let a = try #require(e.quads.first { $0.layer === panel })
            let b = try #require(e.quads.first { $0.layer === shadow })
            let c = try #require(e.quads.first { $0.layer === tint })
            #expect(a.isVisible && b.isVisible && c.isVisible)
            let ca = Array(e.corners(of: a)), cb = Array(e.corners(of: b)), cc = Array(e.corners(of: c))
            try #require(ca.count == 4 && cb.count == 4 && cc.count == 4)
            #expect(a.vertexRange != b.vertexRange && b.vertexRange != c.vertexRange, "each quad has corners of its own")
            for i in 0..<4 {
                let p = ca[i]
                #expect(p.clip.w != 1, "a perspective corner")
                #expect(p.depth != 0, "the tilted layer's depth in the root's context")
                for q in [cb[i], cc[i]] {
                    #expect(p.clip.x.bitPattern == q.clip.x.bitPattern && p.clip.y.bitPattern == q.clip.y.bitPattern)
                    #expect(p.clip.z.bitPattern == q.clip.z.bitPattern && p.clip.w.bitPattern == q.clip.w.bitPattern)
                    #expect(p.local.x.bitPattern == q.local.x.bitPattern && p.local.y.bitPattern == q.local.y.bitPattern)
                    #expect(q.depth.bitPattern == 0.0.bitPattern)
                }
            }
        }
    }

    /// A layer whose corners do not project (its view position overflows to infinity) draws
    /// nothing, and neither do sublayers covering it exactly, which share its corners: each is
    /// invisible with no corners, and a layer after them still projects its own.
    @Test func sublayersCoveringALayerThatDoesNotProjectAreInvisibleToo() throws {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        root.anchorPoint = .zero
        let panel = Layer(name: "panel")
        panel.bounds = Rect(x: 0, y: 0, width: 1.7e308, height: 100)
        panel.anchorPoint = .zero
        panel.position = Point(x: 1e308, y: 20)
        panel.backgroundColor = Color(red: 1, green: 1, blue: 1)
        var overlays: [Layer] = []
        for name in ["shadow", "tint"] {
            let overlay = Layer(name: name)
            overlay.bounds = panel.bounds
            overlay.anchorPoint = .zero
            overlay.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
            try panel.addSublayer(overlay)
            overlays.append(overlay)
        }
        let card = Layer(name: "card")
        card.bounds = Rect(x: 0, y: 0, width: 50, height: 40)
        card.anchorPoint = .zero
        card.position = Point(x: 10, y: 30)
        card.backgroundColor = Color(red: 0, green: 1, blue: 0)
        try root.addSublayer(panel)
        try root.addSublayer(card)
        let e = LayerEvaluator()
        for _ in 0..<2 {  // a fresh evaluator, then the same one again
            e.evaluate(root)
            for layer in [panel] + overlays {
                let quad = try #require(e.quads.first { $0.layer === layer })
                #expect(!quad.isVisible, "\(layer.name) does not project")
                #expect(quad.vertexRange.isEmpty)
            }
            let quad = try #require(e.quads.first { $0.layer === card })
            #expect(quad.isVisible)
            let corners = Array(e.corners(of: quad))
            try #require(corners.count == 4)
            #expect(corners.map(\.point) == [Point(x: 10, y: 30), Point(x: 60, y: 30), Point(x: 60, y: 70), Point(x: 10, y: 70)])
        }
    }
}
