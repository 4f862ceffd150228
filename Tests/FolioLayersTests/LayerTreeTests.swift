import Testing
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
        let capacities = (e.quads.capacity, e.vertices.capacity, e.state.locals.capacity, e.state.polys.capacity, e.state.nodes.capacity)
        for _ in 0..<10 { e.evaluate(root) }
        #expect(capacities == (e.quads.capacity, e.vertices.capacity, e.state.locals.capacity, e.state.polys.capacity, e.state.nodes.capacity))
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
