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
}
