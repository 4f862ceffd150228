import Testing
import FolioGeometry
@testable import FolioLayers

/// `Layer.hitTest` as Core Animation's: the tree decides, not depth. Every expected point is
/// computed by hand in the comments.
@Suite struct HitTestingTests {
    /// A 400 × 400 root whose coordinates are the view's (anchor at its centre, on its position).
    static func root(_ sublayers: [Layer], m34: Double = 0) -> Layer {
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400), sublayers: sublayers)
        root.sublayerTransform.m34 = m34
        return root
    }

    static func square(_ name: String, _ x: Double, _ y: Double, side: Double = 100) -> Layer {
        Layer(name: name, frame: Rect(x: x, y: y, width: side, height: side), backgroundColor: .white)
    }

    @Test func sublayerOrderDecidesWhereDepthOrderDisagrees() throws {
        // a is the first sublayer but 10 points nearer the viewer, so it is drawn on top;
        // Core Animation's hit test still tries the last sublayer, b, first.
        let a = Self.square("a", 100, 100), b = Self.square("b", 150, 150)
        a.zPosition = 10
        let root = Self.root([a, b])
        #expect(root.hitTest(Point(x: 175, y: 175)) === b)
        #expect(root.hitTest(Point(x: 120, y: 120)) === a)
        #expect(root.hitTest(Point(x: 10, y: 10)) === root)
        #expect(root.hitTest(Point(x: 400, y: 10)) == nil, "outside the root's half-open bounds")
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(e.topmostQuad(at: Point(x: 175, y: 175))?.layer === a)
    }

    @Test func transformLayersAreLookedThroughToTheirSublayers() throws {
        // Inside a transform layer c1 sits 20 points in front of c2 but comes first.
        let c1 = Self.square("c1", 0, 0), c2 = Self.square("c2", 50, 50)
        c1.zPosition = 20
        let joint = TransformLayer(name: "joint", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(x: 200, y: 200),
                                   sublayers: [c1, c2])
        let root = Self.root([joint])
        #expect(root.hitTest(Point(x: 180, y: 180)) === c2) // joint's (80, 80): in both
        #expect(root.hitTest(Point(x: 110, y: 110)) === c1) // joint's (10, 10): c1 only
        // Inside the joint's bounds but on no sublayer: the joint is never the answer.
        #expect(root.hitTest(Point(x: 290, y: 110)) === root)
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(e.topmostQuad(at: Point(x: 180, y: 180))?.layer === c1)
    }

    @Test func pointsFollowATurnedTransformLayerIntoItsSublayers() throws {
        // joint (100 × 100, anchor at its centre (50, 50), at (200, 200)) turned 180° about y:
        // its point (x, y) is drawn at (250 − x, 150 + y). child fills its left half, so it is
        // drawn over x 200…250; (240, 160) is the joint's (10, 10), the child's (10, 10).
        let child = Layer(name: "child", frame: Rect(x: 0, y: 0, width: 50, height: 100), backgroundColor: .white)
        let joint = TransformLayer(name: "joint", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 200, y: 200),
                                   transform: Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0), sublayers: [child])
        let root = Self.root([joint])
        #expect(root.hitTest(Point(x: 240, y: 160)) === child)
        #expect(root.hitTest(Point(x: 160, y: 160)) === root)
        let local = try #require(child.convert(Point(x: 240, y: 160), from: root))
        #expect(local.distance(to: Point(x: 10, y: 10)) < 1e-12)
        // A point given in the transform layer's own plane, as to a sublayer of it.
        #expect(child.hitTest(Point(x: 10, y: 10)) === child)
        #expect(child.hitTest(Point(x: 60, y: 10)) == nil)
        // Single-sided, the child shows its back and is culled: not hit.
        child.isDoubleSided = false
        #expect(root.hitTest(Point(x: 240, y: 160)) === root)
    }

    @Test func aPageTurnedInPerspectiveIsHitThroughTheExactInverse() throws {
        // page: 200 × 100, anchored on its left edge at (200, 200), turned 60° about y; the
        // root's perspective has its eye 1000 points in front of (200, 200). The page's point
        // (100, 50) is 100 points from the hinge: x = 100·cos 60° = 50, z = −100·sin 60°, so
        // w = 1 + 100·sin 60°/1000 and it is drawn at (200 + 50/w, 200).
        let page = Layer(name: "page", bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: Point(x: 200, y: 200),
                         anchorPoint: Point(x: 0, y: 0.5), transform: Transform3D(rotationDegrees: 60, x: 0, y: 1, z: 0),
                         backgroundColor: .white)
        let root = Self.root([page], m34: -1.0 / 1000)
        let w = 1 + 100 * (3.0).squareRoot() / 2 / 1000
        let drawn = Point(x: 200 + 50 / w, y: 200)
        #expect(root.hitTest(drawn) === page)
        let local = try #require(page.convert(drawn, from: root))
        #expect(local.distance(to: Point(x: 100, y: 50)) < 1e-9)
        let back = try #require(page.convert(Point(x: 100, y: 50), to: nil))
        #expect(back.distance(to: drawn) < 1e-9)
        // Beyond the plane's vanishing line, x = 200 + cos 60°/(sin 60°/1000) ≈ 777.35, no point
        // of the page is drawn: its preimage lies behind the eye.
        #expect(page.convert(Point(x: 700, y: 200), from: nil) != nil)
        #expect(page.convert(Point(x: 800, y: 200), from: nil) == nil)
        // The far edge: the page's (199, 50) is hit, and just past its drawn edge nothing is.
        let edge = try #require(page.convert(Point(x: 199.9, y: 50), to: root))
        #expect(root.hitTest(edge) === page)
        let past = try #require(page.convert(Point(x: 200.1, y: 50), to: root))
        #expect(root.hitTest(past) === root)
        // Edge-on (turned 90°), the page is hit nowhere and converts nothing.
        page.transform = Transform3D(rotationDegrees: 90, x: 0, y: 1, z: 0)
        #expect(page.convert(Point(x: 200, y: 200), from: root) == nil)
        #expect(root.hitTest(Point(x: 200.5, y: 200)) === root)
    }

    @Test func hiddenAndTransparentLayersAreSkipped() {
        let below = Self.square("below", 100, 100), above = Self.square("above", 100, 100)
        let root = Self.root([below, above])
        #expect(root.hitTest(Point(x: 150, y: 150)) === above)
        let hiders: [(Layer) -> Void] = [{ $0.isHidden = true }, { $0.opacity = 0 }, { $0.opacity = .nan }, { $0.opacity = -1 }]
        for hide in hiders {
            above.isHidden = false
            above.opacity = 1
            hide(above)
            #expect(root.hitTest(Point(x: 150, y: 150)) === below)
        }
        // A hidden layer hides its subtree too.
        above.opacity = 1
        above.isHidden = true
        let inner = Self.square("inner", 0, 0, side: 50)
        try! above.addSublayer(inner)
        #expect(root.hitTest(Point(x: 110, y: 110)) === below)
        // Nearly transparent is still there.
        above.isHidden = false
        above.opacity = 0.001
        #expect(root.hitTest(Point(x: 110, y: 110)) === inner)
    }

    @Test func aMaskHidesItsSublayersOutsideItsBounds() {
        // clip covers view x 100…200; its child reaches to x 250.
        let child = Layer(name: "child", frame: Rect(x: 50, y: 0, width: 100, height: 50), backgroundColor: .white)
        let clip = Layer(name: "clip", frame: Rect(x: 100, y: 100, width: 100, height: 100), sublayers: [child])
        let root = Self.root([clip])
        #expect(root.hitTest(Point(x: 220, y: 120)) === child)
        clip.masksToBounds = true
        #expect(root.hitTest(Point(x: 220, y: 120)) === root)
        #expect(root.hitTest(Point(x: 180, y: 120)) === child)
        // A mask without area: nothing inside it is hit anywhere.
        clip.bounds = Rect(x: 0, y: 0, width: 0, height: 100)
        #expect(root.hitTest(Point(x: 120, y: 120)) === root)
    }

    @Test func containsIsHalfOpenLikeCGRectContainsPoint() {
        let l = Layer(name: "l", bounds: Rect(x: -5, y: 0, width: 10, height: 10))
        #expect(l.contains(Point(x: -5, y: 0)) && l.contains(Point(x: 4.999, y: 9.999)))
        #expect(!l.contains(Point(x: 5, y: 5)) && !l.contains(Point(x: 0, y: 10)) && !l.contains(Point(x: -5.001, y: 5)))
        #expect(!Layer(name: "empty", bounds: Rect(x: 0, y: 0, width: 0, height: 10)).contains(.zero))
        l.cornerRadius = 5
        #expect(l.contains(Point(x: -5, y: 0)), "rounded corners do not change it")
    }

    @Test func convertMovesPointsBetweenSiblingsThroughTheirCommonPlane() throws {
        // a at (100, 100) scaled 2×; b at (150, 150): a's (30, 40) is drawn at
        // (100 + 50 + (30 − 50)·2, 100 + 50 + (40 − 50)·2) = (110, 130), which is b's (−40, −20).
        let a = Self.square("a", 100, 100), b = Self.square("b", 150, 150)
        a.transform = Transform3D(scaleX: 2, y: 2)
        let root = Self.root([a, b])
        let p = try #require(b.convert(Point(x: 30, y: 40), from: a))
        #expect(p.distance(to: Point(x: -40, y: -20)) < 1e-12)
        let q = try #require(a.convert(p, from: b))
        #expect(q.distance(to: Point(x: 30, y: 40)) < 1e-12)
        #expect(a.convert(Point(x: 30, y: 40), to: root) == Point(x: 110, y: 130))
        #expect(a.convert(Point(x: 1, y: 2), from: a) == Point(x: 1, y: 2))
        // Layers of different trees have no common plane.
        #expect(a.convert(.zero, from: Self.square("elsewhere", 0, 0)) == nil)
        #expect(a.convert(Point(x: .nan, y: 0), from: b) == nil)
    }
}
