import Foundation
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioTransitions

/// The evaluator's speed targets, each against a floor measured in the same run.
///
/// The floor for a fold frame is `FoldReference`: the same nine quads computed in closed form.
/// Its frames and the evaluator's alternate round by round, so both see the same load on a
/// shared machine, and the ratio reported is the median of the rounds' ratios.
extension Benchmarks {
    /// The figures, as printed with `--json` under `evaluator`.
    struct EvaluatorFigures: Encodable {
        /// Nanoseconds per closed-form fold frame (`FoldReference`): the floor.
        var foldReferenceNs: Double
        /// Nanoseconds per fold frame (set progress + evaluate), measured beside the floor.
        var foldFrameNs: Double
        /// Fold frame ÷ closed-form floor: the median of the per-round ratios.
        var foldVsReference: Double
        /// The largest difference between the floor's output and the evaluator's (points), over
        /// 1,001 progress values: the two compute the same quads.
        var referenceDifference: Double
        /// Nanoseconds per flip frame (set progress + evaluate).
        var flipFrameNs: Double
        /// Nanoseconds per fold tile per frame, by tile count.
        var tileNs: [String: Double]
        /// Milliseconds per frame for 10,000 fold tiles (absent in the quick run).
        var tiles10kMs: Double?
        /// Largest ÷ smallest per-tile cost from 100 tiles up (1 = perfectly linear).
        var tileSpread: Double
        /// Nanoseconds per tile, by tile count, to store one fold tile's output alone (its 36
        /// `QuadVertex` and 9 `Quad`, as many bytes as the evaluator writes): the floor that the
        /// output format sets on any evaluator, measured beside the tiles.
        var tileOutputStoreNs: [String: Double]
        /// The output stores of 10,000 tiles, in milliseconds (absent in the quick run).
        var tiles10kOutputStoreMs: Double?
        /// What each figure should be at most.
        var targets: [String: Double]
        /// Whether each target was met in this run.
        var met: [String: Bool]
    }

    /// The targets of the evaluator's figures.
    static let evaluatorTargets: [String: Double] = [
        "foldVsReference": 8, "flipFrameNs": 500, "tiles10kMs": 8, "tileSpread": 1.2,
    ]

    /// Measures the fold against its closed-form floor and gathers the flip and tile figures
    /// measured earlier in the run into the targets' report.
    static func evaluatorFigures(rounds: Int, frames: Int, flipNs: Double, tilesMs: [String: Double]) throws -> EvaluatorFigures {
        let size = Size(width: 320, height: 480)
        let fold = try FoldTransition(size: size, scale: 2)
        let evaluator = LayerEvaluator()
        let reference = try FoldReference(size: size, scale: 2)
        var difference = 0.0
        for i in 0...1000 {
            let p = Double(i) / 1000
            try fold.setProgress(p)
            evaluator.evaluate(fold.root)
            reference.evaluate(progress: p)
            difference = max(difference, reference.difference(from: evaluator, of: fold))
        }
        var failures = 0
        var p = 0.0, q = 0.0
        let foldFrame = {
            p += 0.013; if p > 1 { p -= 1 }
            do { try fold.setProgress(p) } catch { failures += 1 }
            evaluator.evaluate(fold.root)
        }
        let referenceFrame = { q += 0.013; if q > 1 { q -= 1 }; reference.evaluate(progress: q) }
        var foldTimes: [Double] = [], referenceTimes: [Double] = [], ratios: [Double] = []
        for _ in 0..<(2 * rounds + 1) {
            let f = median(rounds: 1, iterations: frames, foldFrame)
            let r = median(rounds: 1, iterations: frames, referenceFrame)
            foldTimes.append(f); referenceTimes.append(r); ratios.append(f / r)
        }
        if failures > 0 { throw CommandFailure(message: "\(failures) benchmark steps were refused: a bug in the benchmark") }
        func middle(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

        var tileNs: [String: Double] = [:], storeNs: [String: Double] = [:]
        for (count, ms) in tilesMs {
            let n = Int(count) ?? 1
            tileNs[count] = ms * 1e6 / Double(n)
            storeNs[count] = outputStoreSeconds(tiles: n) * 1e9 / Double(n)
        }
        let fromHundred = tileNs.filter { (Int($0.key) ?? 0) >= 100 }.map(\.value)
        let spread = (fromHundred.max() ?? .nan) / (fromHundred.min() ?? .nan)
        var figures = EvaluatorFigures(
            foldReferenceNs: middle(referenceTimes) * 1e9, foldFrameNs: middle(foldTimes) * 1e9,
            foldVsReference: middle(ratios), referenceDifference: difference, flipFrameNs: flipNs,
            tileNs: tileNs, tiles10kMs: tilesMs["10000"], tileSpread: spread, tileOutputStoreNs: storeNs,
            tiles10kOutputStoreMs: storeNs["10000"].map { $0 * 10_000 / 1e6 }, targets: evaluatorTargets, met: [:])
        figures.met["foldVsReference"] = figures.foldVsReference <= evaluatorTargets["foldVsReference"]!
        figures.met["flipFrameNs"] = figures.flipFrameNs <= evaluatorTargets["flipFrameNs"]!
        if let ms = figures.tiles10kMs { figures.met["tiles10kMs"] = ms <= evaluatorTargets["tiles10kMs"]! }
        figures.met["tileSpread"] = spread <= evaluatorTargets["tileSpread"]!
        return figures
    }

    /// Seconds per frame to store the output of `tiles` fold tiles, and nothing else: every
    /// 8-byte word of 36 `QuadVertex` and 9 `Quad` per tile written once, in order, as the
    /// evaluator's output pass writes them. Past the caches this is memory bandwidth, which
    /// no change inside the evaluator can lower while the output keeps its public layout.
    static func outputStoreSeconds(tiles: Int) -> Double {
        let bytes = tiles * (36 * MemoryLayout<QuadVertex>.stride + 9 * MemoryLayout<Quad>.stride)
        let words = bytes / 8
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: words)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: words)
        var value = 0.0
        let frame = {
            value += 1
            for i in 0..<words { buffer[i] = value }
        }
        let seconds = median(rounds: tiles >= 100_000 ? 3 : 5, iterations: max(1, 2000 / tiles), frame)
        // Read one word back so the stores cannot be optimised away.
        if buffer[words / 2] < 0 { print("") }
        return seconds
    }

    /// The table lines for `folio bench`.
    static func evaluatorLines(_ e: EvaluatorFigures) -> [String] {
        func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
        func met(_ key: String) -> String { e.met[key].map { $0 ? "met" : "not met" } ?? "not measured" }
        var lines = [
            "fold closed form (floor)     \(f(e.foldReferenceNs, 1)) ns/frame   (same quads as the evaluator to \(String(format: "%.0e", e.referenceDifference)) pt)",
            "fold frame ÷ closed form     \(f(e.foldVsReference, 2))×   (target ≤ \(f(e.targets["foldVsReference"]!, 0))×: \(met("foldVsReference")))",
            "flip frame                   \(f(e.flipFrameNs, 1)) ns/frame   (target ≤ \(f(e.targets["flipFrameNs"]!, 0)): \(met("flipFrameNs")))",
        ]
        if let ms = e.tiles10kMs {
            lines.append("10,000 fold tiles            \(f(ms, 2)) ms/frame   (target ≤ \(f(e.targets["tiles10kMs"]!, 0)): \(met("tiles10kMs")))")
        }
        if let ms = e.tiles10kOutputStoreMs {
            lines.append("  their output stores alone  \(f(ms, 2)) ms/frame   (the floor the \(MemoryLayout<QuadVertex>.stride)-byte corners and \(MemoryLayout<Quad>.stride)-byte quads set)")
        }
        lines.append("per-tile spread from 100     \(f(e.tileSpread, 2))×   (target ≤ \(f(e.targets["tileSpread"]!, 1))×: \(met("tileSpread")))")
        return lines
    }
}
