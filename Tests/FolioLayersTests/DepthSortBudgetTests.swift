import Foundation
import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// The depth sort's cost: `n log n` plane tests for layers that do not intersect, a hard budget
/// for layers that do, and a documented approximate order beyond it.
@Suite struct DepthSortBudgetTests {
    /// A root with perspective holding one transform layer (one 3D context) with `layers`.
    static func context(_ layers: [Layer]) throws -> Layer {
        let root = DepthOrderTests.root()
        let context = TransformLayer(name: "context")
        context.bounds = root.bounds
        context.position = Point(x: 200, y: 200)
        try root.addSublayer(context)
        for l in layers { try context.addSublayer(l) }
        return root
    }

    /// `n` small parallel layers at distinct depths, scattered over the view, in random tree order.
    static func parallel(_ n: Int, seed: UInt64 = 0xDE97) -> [Layer] {
        var g = SeededGenerator(seed: seed)
        var depths = (0..<n).map { -150 + 300 * Double($0) / Double(n) }
        depths.shuffle(using: &g)
        return depths.enumerated().map { i, z in
            DepthOrderTests.plane("p\(i)") {
                $0.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
                $0.position = Point(x: .random(in: 60...340, using: &g), y: .random(in: 60...340, using: &g))
                $0.zPosition = z
            }
        }
    }

    /// `n` large layers through the middle of the view at random rotations: every pair crosses.
    static func intersecting(_ n: Int, seed: UInt64 = 0x1A7E) -> [Layer] {
        var g = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            DepthOrderTests.plane("x\(i)") {
                $0.position = Point(x: 200 + .random(in: -20...20, using: &g), y: 200 + .random(in: -20...20, using: &g))
                $0.transform = Transform3D(rotationDegrees: .random(in: -80...80, using: &g),
                                           x: .random(in: -1...1, using: &g), y: .random(in: -1...1, using: &g),
                                           z: .random(in: -0.2...0.2, using: &g))
            }
        }
    }

    @Test func layersThatDoNotIntersectCostNLogNPlaneTests() throws {
        // Layers in random depth order; the next test lists them by depth, where insertion in
        // tree order would cost n²/2 plane tests. 99,998 is the most a scene file may hold
        // beside its root and its context layer.
        for n in [1_000, 20_000, 99_998] {
            let e = LayerEvaluator()
            e.evaluate(try Self.context(Self.parallel(n)))
            let r = e.depthSortReport
            let bound = 4 * Double(n) * log2(Double(n))
            #expect(r.isExact && r.pieces == 0, "\(r)")
            #expect(Double(r.planeTests) <= bound, "n = \(n): \(r.planeTests) plane tests, bound 4·n·log₂n = \(bound)")
        }
    }

    @Test func sortedTreeOrderIsNotQuadratic() throws {
        // Layers listed far to near: the worst order for insertion in tree order (a list, n²/2 tests).
        let n = 10_000
        let layers = (0..<n).map { i in
            DepthOrderTests.plane("p\(i)") {
                $0.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                $0.zPosition = -150 + 300 * Double(i) / Double(n)
            }
        }
        let e = LayerEvaluator()
        e.evaluate(try Self.context(layers))
        let r = e.depthSortReport
        #expect(r.isExact)
        #expect(Double(r.planeTests) <= 4 * Double(n) * log2(Double(n)), "\(r.planeTests) plane tests for \(n) layers")
        // And the result is back to front: depth rises along the draw order.
        let z = e.quads.filter { $0.isVisible && $0.layer.name != "root" }.map { e.corners(of: $0).first!.depth }
        #expect(z.count == n)
        #expect(zip(z, z.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func largeContextsWithCandidateSplittersDrawInPaintersOrder() throws {
        // More layers than `smallSubtree`, so the seeded candidate choice is exercised.
        var g = SeededGenerator(seed: 0xCA9D)
        for _ in 0..<40 {
            var layers: [Layer] = []
            for i in 0..<Int.random(in: 9...24, using: &g) {
                layers.append(DepthOrderTests.plane("p\(i)") {
                    $0.bounds = Rect(x: 0, y: 0, width: .random(in: 30...200, using: &g), height: .random(in: 30...200, using: &g))
                    $0.position = Point(x: .random(in: 100...300, using: &g), y: .random(in: 100...300, using: &g))
                    $0.zPosition = .random(in: -150...150, using: &g)
                    $0.transform = Transform3D(rotationDegrees: .random(in: -70...70, using: &g),
                                               x: .random(in: -1...1, using: &g), y: .random(in: -1...1, using: &g), z: 0)
                })
            }
            let e = LayerEvaluator()
            e.evaluate(try Self.context(layers))
            #expect(e.depthSortReport.isExact)
            #expect(PaintersOrderOracle.violations(e, samples: 24) == 0)
        }
    }

    @Test func mutuallyIntersectingLayersStopAtTheBudgetWithAnApproximateOrder() throws {
        let n = 1_000
        let root = try Self.context(Self.intersecting(n))
        let e = LayerEvaluator()
        let clock = ContinuousClock()
        let elapsed = clock.measure { e.evaluate(root) }
        let r = e.depthSortReport
        let budget = DepthSortBudget.standard
        #expect(!r.isExact && r.approximateContexts == 1 && r.largestApproximateContext == n, "\(r)")
        // One partition step may finish the two pieces it was cutting when the count runs out.
        #expect(r.pieces <= budget.maximumPieces + 2 && r.planeTests <= budget.maximumPlaneTests + 2 * n, "\(r)")
        // Approximate means whole layers: one quad per layer, no pieces.
        #expect(e.quads.count == n + 1)
        #expect(elapsed < .seconds(10), "debug build: \(elapsed)")
        #expect(throws: LayerError.depthSortBudgetExceeded(layers: n, pieces: r.pieces, planeTests: r.planeTests, budget: budget)) {
            try e.requireExactDepthOrder()
        }
        let message = "\(LayerError.depthSortBudgetExceeded(layers: n, pieces: r.pieces, planeTests: r.planeTests, budget: budget))"
        #expect(message.contains("1000 layers") && message.contains("65536"), "\(message)")
        // The same evaluator sorts an ordinary scene exactly again afterwards.
        e.evaluate(try Self.context(Self.intersecting(6)))
        #expect(e.depthSortReport.isExact)
        #expect(PaintersOrderOracle.violations(e, samples: 24) == 0)
    }

    @Test func theApproximateOrderIsFarToNearByMeanDepth() throws {
        // Parallel layers never overlap in depth, so the approximate order is exactly right for them.
        let e = LayerEvaluator()
        e.depthSortBudget = DepthSortBudget(maximumPieces: 0, maximumPlaneTests: 10)
        e.evaluate(try Self.context(Self.parallel(300)))
        #expect(!e.depthSortReport.isExact)
        #expect(PaintersOrderOracle.violations(e, samples: 40) == 0)
        let z = e.quads.filter { $0.isVisible && $0.layer.name != "root" }.map { e.corners(of: $0).first!.depth }
        #expect(zip(z, z.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func anUnlimitedBudgetSortsExactly() throws {
        let e = LayerEvaluator()
        e.depthSortBudget = .unlimited
        e.evaluate(try Self.context(Self.intersecting(12)))
        #expect(e.depthSortReport.isExact && e.depthSortReport.pieces > 0)
        #expect(PaintersOrderOracle.violations(e, samples: 24) == 0)
        #expect(throws: Never.self) { try e.requireExactDepthOrder() }
    }

    @Test func oneSceneAlwaysGivesOneOrder() throws {
        // The candidate choice is seeded: two evaluators, and one evaluator twice, agree exactly.
        let root = try Self.context(Self.intersecting(20) + Self.parallel(30))
        let a = LayerEvaluator(), b = LayerEvaluator()
        a.evaluate(root)
        b.evaluate(try Self.context([]))
        b.evaluate(root)
        func summary(_ e: LayerEvaluator) -> [String] {
            e.quads.map { q in "\(q.layer.name) \(e.corners(of: q).map { "\($0.point.x),\($0.point.y)" })" }
        }
        #expect(summary(a) == summary(b))
        a.evaluate(root)
        #expect(summary(a) == summary(b))
    }
}
