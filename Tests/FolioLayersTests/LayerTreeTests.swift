import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// Tree editing rules: no cycles, a depth limit, CALayer's move-on-add.
@Suite struct LayerTreeTests {
    @Test func addingAnAncestorAsASublayerIsRefused() throws {
        let a = Layer(name: "a"), b = Layer(name: "b"), c = Layer(name: "c")
        try a.addSublayer(b)
        try b.addSublayer(c)
        #expect(throws: LayerError.cycle(layer: "a", into: "c")) { try c.addSublayer(a) }
        #expect(throws: LayerError.cycle(layer: "b", into: "b")) { try b.addSublayer(b) }
    }

    @Test func treesDeeperThanTheLimitAreRefused() throws {
        var top = Layer(name: "0")
        let root = top
        for i in 1..<Layer.maximumDepth {
            let next = Layer(name: "\(i)")
            try top.addSublayer(next)
            top = next
        }
        #expect(throws: LayerError.tooDeep(depth: Layer.maximumDepth + 1, limit: Layer.maximumDepth)) {
            try top.addSublayer(Layer(name: "one too many"))
        }
        #expect(root.subtreeHeight == Layer.maximumDepth)
    }

    @Test func addingMovesALayerFromItsOldSuperlayer() throws {
        let a = Layer(name: "a"), b = Layer(name: "b"), c = Layer(name: "c")
        try a.addSublayer(c)
        try b.addSublayer(c)
        #expect(a.sublayers.isEmpty)
        #expect(b.sublayers.first === c && c.superlayer === b)
        #expect(throws: LayerError.indexOutOfRange(index: 5, count: 1)) { try b.insertSublayer(Layer(), at: 5) }
    }

    /// The evaluator walks sublayers through links `Layer` keeps beside `sublayers`: after any
    /// sequence of inserts, removals, moves and replacements, it must draw exactly `sublayers`,
    /// in order, in every parent.
    @Test func theEvaluatorDrawsEverySublayerInOrderAfterAnyEdits() throws {
        var g = SeededGenerator(seed: 0x51B1)
        let parents = (0..<3).map { i in
            Layer(name: "p\(i)", bounds: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white)
        }
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: parents)
        let leaves = (0..<12).map { Layer(name: "l\($0)", bounds: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .white) }
        let evaluator = LayerEvaluator()
        func expected(_ layer: Layer) -> [String] { [layer.name] + layer.sublayers.flatMap(expected) }
        for step in 0..<400 {
            let leaf = leaves[Int.random(in: 0..<leaves.count, using: &g)]
            let parent = parents[Int.random(in: 0..<parents.count, using: &g)]
            switch Int.random(in: 0..<5, using: &g) {
            case 0: try parent.addSublayer(leaf)
            case 1: try parent.insertSublayer(leaf, at: Int.random(in: 0...parent.sublayers.count - (leaf.superlayer === parent ? 1 : 0), using: &g))
            case 2: leaf.removeFromSuperlayer()
            case 3: try parent.setSublayers(Array(leaves.shuffled(using: &g).prefix(Int.random(in: 0...4, using: &g))))
            default: try parent.insertSublayer(leaf, at: 0)
            }
            evaluator.evaluate(root)
            #expect(evaluator.quads.map(\.layer.name) == expected(root), "after step \(step)")
        }
    }

    @Test func evaluatingAgainAllocatesNoNewStorage() throws {
        let root = DepthOrderTests.root()
        let context = TransformLayer(name: "context")
        context.bounds = root.bounds
        context.position = Point(x: 200, y: 200)
        try root.addSublayer(context)
        for i in 0..<6 {
            try context.addSublayer(DepthOrderTests.plane("p\(i)") {
                $0.transform = Transform3D(rotationDegrees: Double(i) * 30, x: 0, y: 1, z: 0)
            })
        }
        let e = LayerEvaluator()
        e.evaluate(root)
        let capacities = (e.quads.capacity, e.vertices.capacity, e.state.store.locals.capacity, e.state.store.polys.capacity, e.state.sorter.nodes.capacity)
        for _ in 0..<10 { e.evaluate(root) }
        #expect(capacities == (e.quads.capacity, e.vertices.capacity, e.state.store.locals.capacity, e.state.store.polys.capacity, e.state.sorter.nodes.capacity))
    }

    @Test func droppingASuperlayerClearsItsSublayersBackReference() throws {
        let child = Layer(name: "child")
        do {
            let parent = Layer(name: "parent")
            try parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        // The back reference is not weak (for speed); the parent clears it as it goes.
        #expect(child.superlayer == nil)
        #expect(child.depth == 1)
    }

    @Test func aReusedEvaluatorMatchesAFreshOne() throws {
        // The evaluator rewrites its quads in place and keeps layer references between calls;
        // alternating different trees must give exactly what a new evaluator gives.
        let a = DepthOrderTests.root()
        let b = Layer(name: "b")
        b.bounds = Rect(x: 0, y: 0, width: 50, height: 30)
        for i in 0..<3 {
            try a.addSublayer(DepthOrderTests.plane("a\(i)") {
                $0.transform = Transform3D(rotationDegrees: Double(i) * 40 - 40, x: 1, y: 1, z: 0)
            })
        }
        let reused = LayerEvaluator()
        for root in [a, b, a, b, b, a] {
            reused.evaluate(root)
            let fresh = LayerEvaluator()
            fresh.evaluate(root)
            #expect(reused.quads.count == fresh.quads.count)
            for (q, f) in zip(reused.quads, fresh.quads) {
                #expect(q.layer === f.layer && q.isVisible == f.isVisible && q.opacity == f.opacity)
                #expect(reused.corners(of: q).map(\.point) == fresh.corners(of: f).map(\.point))
            }
        }
    }
}
