import Foundation
import FolioGeometry
import FolioLayers

/// `folio bench`'s depth-sort figures: the cost of ordering many layers in one 3D context.
extension Benchmarks {
    /// The figures, as printed with `--json` under `depthSort`.
    struct DepthSortFigures: Encodable {
        /// Milliseconds to evaluate n parallel layers at shuffled depths in one transform layer, by n.
        var parallelMs: [String: Double]
        /// Plane tests per layer ÷ log₂ n, by n: flat when the sort is `n log n`.
        var parallelTestsPerLayerLog: [String: Double]
        /// Nanoseconds per layer at the largest n ÷ at 1,000 (log₂ ratio for `n log n`: 1.67 at 100k).
        var parallelScaling: Double
        /// Milliseconds to evaluate 1,000 mutually intersecting layers (the budget stops it).
        var intersecting1000Ms: Double
        /// Whether that evaluation was exact (false: approximate order, as designed).
        var intersecting1000Exact: Bool
        /// Split pieces that evaluation made before the budget stopped it.
        var intersecting1000Pieces: Int
        /// Milliseconds per frame for 30 mutually intersecting layers, sorted exactly.
        var intersecting30Ms: Double
        /// Split pieces per frame of the 30-layer scene.
        var intersecting30Pieces: Int
    }

    /// A root with perspective holding one transform layer with `layers`.
    static func depthSortScene(_ layers: [Layer]) throws -> Layer {
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        root.position = Point(x: 200, y: 200)
        root.sublayerTransform.m34 = -1.0 / 800
        let context = TransformLayer(name: "context")
        context.bounds = root.bounds
        context.position = root.position
        try root.addSublayer(context)
        for l in layers { try context.addSublayer(l) }
        return root
    }

    /// A fixed pseudo-random sequence in 0..<1 (the benchmark scenes are the same every run).
    struct Sequence {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// `n` small parallel layers at distinct depths in shuffled order.
    static func parallelLayers(_ n: Int) -> [Layer] {
        var random = Sequence(state: 0xDE97)
        var depths = (0..<n).map { -150 + 300 * Double($0) / Double(n) }
        for i in stride(from: n - 1, to: 0, by: -1) { depths.swapAt(i, Int(random.next() * Double(i + 1))) }
        return depths.map { z in
            let l = Layer()
            l.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            l.position = Point(x: 50 + 300 * random.next(), y: 50 + 300 * random.next())
            l.zPosition = z
            return l
        }
    }

    /// `n` large layers through the middle of the view at random rotations: every pair crosses.
    static func intersectingLayers(_ n: Int) -> [Layer] {
        var random = Sequence(state: 0x1A7E)
        return (0..<n).map { _ in
            let l = Layer()
            l.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
            l.position = Point(x: 180 + 40 * random.next(), y: 180 + 40 * random.next())
            l.transform = Transform3D(rotationDegrees: -80 + 160 * random.next(), x: 2 * random.next() - 1,
                                      y: 2 * random.next() - 1, z: 0.4 * random.next() - 0.2)
            return l
        }
    }

    /// Measures the depth sort; with `counting`, adds the 30-layer frame's allocations.
    func depthSortFigures(rounds: Int, counting: Bool, allocations: inout [String: Double]) throws -> DepthSortFigures {
        var parallelMs: [String: Double] = [:], testsPerLayerLog: [String: Double] = [:]
        let counts = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
        for n in counts {
            let root = try Self.depthSortScene(Self.parallelLayers(n))
            let evaluator = LayerEvaluator()
            let seconds = Self.median(rounds: n >= 100_000 ? 3 : rounds, iterations: max(1, 10_000 / n)) { evaluator.evaluate(root) }
            parallelMs[String(n)] = seconds * 1e3
            testsPerLayerLog[String(n)] = Double(evaluator.depthSortReport.planeTests) / (Double(n) * log2(Double(n)))
        }
        let perLayer = { (n: Int) in (parallelMs[String(n)] ?? .nan) / Double(n) }

        let crowd = try Self.depthSortScene(Self.intersectingLayers(1_000))
        let crowdEvaluator = LayerEvaluator()
        let crowdSeconds = Self.median(rounds: 3, iterations: 1) { crowdEvaluator.evaluate(crowd) }

        let thirty = try Self.depthSortScene(Self.intersectingLayers(30))
        let thirtyEvaluator = LayerEvaluator()
        let thirtyFrame = { thirtyEvaluator.evaluate(thirty) }
        let thirtySeconds = Self.median(rounds: rounds, iterations: quick ? 5 : 20, thirtyFrame)
        if counting { allocations["depthSort30Frame"] = AllocationCounter.perCall(warmUp: 5, iterations: 20, thirtyFrame) }

        return DepthSortFigures(
            parallelMs: parallelMs, parallelTestsPerLayerLog: testsPerLayerLog,
            parallelScaling: perLayer(counts.last!) / perLayer(1_000),
            intersecting1000Ms: crowdSeconds * 1e3, intersecting1000Exact: crowdEvaluator.depthSortReport.isExact,
            intersecting1000Pieces: crowdEvaluator.depthSortReport.pieces,
            intersecting30Ms: thirtySeconds * 1e3, intersecting30Pieces: thirtyEvaluator.depthSortReport.pieces)
    }

    /// The table lines for `folio bench`.
    static func depthSortLines(_ d: DepthSortFigures) -> [String] {
        func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
        var lines: [String] = []
        for (n, ms) in d.parallelMs.sorted(by: { Int($0.key)! < Int($1.key)! }) {
            let name = "depth sort \(n) parallel".padding(toLength: 28, withPad: " ", startingAt: 0)
            let ratio = d.parallelTestsPerLayerLog[n] ?? .nan
            lines.append("\(name) \(f(ms, 2)) ms  (\(f(ms * 1e6 / Double(Int(n)!), 0)) ns/layer, \(f(ratio, 2))·log₂n plane tests per layer)")
        }
        lines.append("depth sort scaling (ns/layer, largest ÷ 1000)  \(f(d.parallelScaling, 2))×   (n log n: log₂ ratio)")
        lines.append("depth sort 30 crossing        \(f(d.intersecting30Ms, 3)) ms/frame  (\(d.intersecting30Pieces) pieces, exact)")
        lines.append("depth sort 1000 crossing      \(f(d.intersecting1000Ms, 1)) ms  (\(d.intersecting1000Pieces) pieces, "
                     + "\(d.intersecting1000Exact ? "exact" : "budget reached: approximate order"))")
        return lines
    }
}
