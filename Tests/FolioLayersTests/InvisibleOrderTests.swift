import Testing
import FolioGeometry
@testable import FolioLayers

/// Quads that draw nothing follow the visible ones, and each run keeps its order: the visible
/// ones in painter's order, the invisible ones in tree order, whichever step moved them (the
/// flat-leaf walk, a context with at most one visible member, the depth sort, or a context
/// enclosing one that already moved its own).
@Suite struct InvisibleOrderTests {
    static func root(perspective: Bool) -> Layer {
        let r = Layer(name: "root")
        r.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        r.position = Point(x: 200, y: 200)
        if perspective { r.sublayerTransform.m34 = -1.0 / 800 }
        return r
    }

    static func plane(_ name: String, z: Double = 0, hidden: Bool = false) -> Layer {
        let l = Layer(name: name)
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        l.position = Point(x: 200, y: 200)
        l.zPosition = z
        l.isHidden = hidden
        return l
    }

    func names(_ e: LayerEvaluator) -> [String] { e.quads.map(\.layer.name) }
    func visibility(_ e: LayerEvaluator) -> [Bool] { e.quads.map(\.isVisible) }

    @Test func hiddenFlatLeavesMoveBehindTheVisibleOnesInTreeOrder() throws {
        let r = Self.root(perspective: false)
        for (name, hidden) in [("a", false), ("b", true), ("c", false), ("d", true), ("e", false)] {
            try r.addSublayer(Self.plane(name, hidden: hidden))
        }
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(names(e) == ["root", "a", "c", "e", "b", "d"])
        #expect(visibility(e) == [true, true, true, true, false, false])
    }

    @Test func hiddenMembersOfASortedContextFollowInTreeOrder() throws {
        let r = Self.root(perspective: true)
        let context = TransformLayer(name: "context")
        context.bounds = r.bounds
        context.position = Point(x: 200, y: 200)
        context.transform = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0)
        try r.addSublayer(context)
        let planes: [(String, Double, Bool)] = [("p1", 30, false), ("p2", 0, true), ("p3", -30, false),
                                                ("p4", 20, true), ("p5", 10, false)]
        for (name, z, hidden) in planes { try context.addSublayer(Self.plane(name, z: z, hidden: hidden)) }
        let e = LayerEvaluator()
        e.evaluate(r)
        // Parallel planes, far to near: p3 (z −30), p5 (10), p1 (30); then the hidden ones.
        #expect(names(e) == ["root", "p3", "p5", "p1", "p2", "p4"])
        #expect(visibility(e) == [true, true, true, true, false, false])
        #expect(e.depthSortReport.sortedContexts == 1)
    }

    @Test func anEnclosingContextKeepsTheInnerContextsMoveAndAddsItsOwn() throws {
        // The root's context holds a hidden leaf before a group whose own context has already
        // put its hidden member last: both end up after every visible quad, in tree order.
        let r = Self.root(perspective: false)
        r.sublayerTransform = .identity
        try r.addSublayer(Self.plane("first", hidden: true))
        let group = Self.plane("group")
        group.sublayerTransform.m34 = -1.0 / 800
        let inner = TransformLayer(name: "inner")
        inner.bounds = group.bounds
        inner.position = Point(x: 50, y: 50)
        inner.transform = Transform3D(rotationDegrees: 30, x: 1, y: 0, z: 0)
        try group.addSublayer(inner)
        try inner.addSublayer(Self.plane("near", z: 10))
        try inner.addSublayer(Self.plane("gone", z: 5, hidden: true))
        try inner.addSublayer(Self.plane("far", z: -10))
        try r.addSublayer(group)
        try r.addSublayer(Self.plane("last"))
        let e = LayerEvaluator()
        e.evaluate(r)
        #expect(names(e) == ["root", "group", "far", "near", "last", "first", "gone"])
        #expect(visibility(e) == [true, true, true, true, true, false, false])
    }
}
