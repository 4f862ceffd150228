import Foundation
import FolioGeometry
import FolioLayers
import FolioMotion

/// The presentation's cost (issue 40): a tree whose every layer runs a spring, evaluated at a
/// time, against the same tree without animations, measured alternately round by round so both
/// see the same load; and the allocations of an animated frame.
///
/// Self-contained (FolioGeometry, FolioMotion, FolioLayers and Foundation's clock only; the
/// allocation count comes in as a function) so that `folio bench` can report it wherever its
/// benchmarks live. Targets: 10,000 springing layers within 2× the tree without animations,
/// 0 allocations per frame, and 1,000 animating layers adding at most 1 ms to a frame.
struct PresentationBenchmark {
    /// The figures, as `folio bench --json` would print them under `presentation`.
    struct Figures: Encodable {
        /// Layers in the large tree.
        var layers: Int
        /// Milliseconds per frame of the large tree without animations (evaluate).
        var stillMs: Double
        /// Milliseconds per frame of the same tree with a running spring on every layer
        /// (presentation applied, evaluate, model restored).
        var springingMs: Double
        /// springing ÷ still: the median of the per-round ratios.
        var ratio: Double
        /// Milliseconds per frame of the same tree with every spring beginning at its own time
        /// (0.1 ms apart), so that no two layers share a spring response.
        var staggeredMs: Double
        /// staggered ÷ still: the median of the per-round ratios.
        var staggeredRatio: Double
        /// Milliseconds per frame spent applying and restoring the presentation alone.
        var presentationMs: Double
        /// Heap allocations per animated frame, in steady state (nil: no counter in this process).
        var allocationsPerFrame: Double?
        /// Milliseconds that 1,000 animating layers add to a frame (animated − still, 1,000 layers).
        var thousandLayersAddMs: Double
        /// What each figure should be at most.
        var targets: [String: Double]
        /// Whether each target was met in this run.
        var met: [String: Bool]
    }

    /// A root holding `count` 18-point squares on a grid, each with a running spring on
    /// `position.y` when `animated` (springs that have not settled within 10 s). The springs
    /// begin together at time 0 (as one transaction starts them), or, when `staggered`, each
    /// 0.1 ms before the previous one (all begun before time 0, so every frame at a time ≥ 0
    /// animates every layer, and no two share a local time).
    static func tree(_ count: Int, animated: Bool, staggered: Bool = false) throws -> Layer {
        var tiles: [Layer] = []
        tiles.reserveCapacity(count)
        let spring = try Spring(mass: 1, stiffness: 60, damping: 1)
        for i in 0..<count {
            let timing = try MediaTiming(beginTime: staggered ? -Double(i) * 1e-4 : 0, duration: 1_000)
            let tile = Layer(name: "", frame: Rect(x: Double(i % 100) * 20, y: Double(i / 100) * 20, width: 18, height: 18),
                             backgroundColor: .white)
            if animated {
                try tile.add(.spring(.positionY, by: .number(Double(i % 7) + 3), spring: spring, timing: timing), forKey: "spring")
            }
            tiles.append(tile)
        }
        return Layer(name: "root", frame: Rect(x: 0, y: 0, width: 2000, height: 2000), sublayers: tiles)
    }

    /// Median seconds per call over `rounds` rounds of `iterations` calls.
    static func seconds(iterations: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations)
    }

    /// Runs the benchmark: `layers` layers (10,000 in the full run), `rounds` alternating
    /// rounds of `frames` frames; `allocations` reads this thread's allocation count, if any.
    static func run(layers: Int = 10_000, rounds: Int = 5, frames: Int = 20, allocations: (() -> UInt64)?) throws -> Figures {
        func middle(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func measure(_ count: Int) throws -> (still: Double, animated: Double, ratio: Double, presentation: Double,
                                               staggered: Double, staggeredRatio: Double, allocations: Double?) {
            let still = try tree(count, animated: false), moving = try tree(count, animated: true)
            let apart = try tree(count, animated: true, staggered: true)
            let a = LayerEvaluator(), b = LayerEvaluator(), c = LayerEvaluator()
            var t = 0.0
            // Warm up: buffers reach their steady capacity.
            for _ in 0..<3 { a.evaluate(still); t += 1.0 / 60; b.evaluate(moving, at: t); c.evaluate(apart, at: t) }
            var stills: [Double] = [], movings: [Double] = [], ratios: [Double] = [], presents: [Double] = []
            var staggers: [Double] = [], staggerRatios: [Double] = []
            for _ in 0..<rounds {
                let s = seconds(iterations: frames) { a.evaluate(still) }
                let m = seconds(iterations: frames) { t += 1.0 / 60; b.evaluate(moving, at: t) }
                let p = seconds(iterations: frames) { t += 1.0 / 60; moving.withPresentation(at: t) {} }
                let g = seconds(iterations: frames) { t += 1.0 / 60; c.evaluate(apart, at: t) }
                stills.append(s); movings.append(m); ratios.append(m / s); presents.append(p)
                staggers.append(g); staggerRatios.append(g / s)
            }
            var perFrame: Double?
            if let allocations {
                let before = allocations()
                for _ in 0..<frames { t += 1.0 / 60; b.evaluate(moving, at: t) }
                perFrame = Double(allocations() - before) / Double(frames)
            }
            return (middle(stills), middle(movings), middle(ratios), middle(presents), middle(staggers), middle(staggerRatios), perFrame)
        }
        let large = try measure(layers)
        let thousand = try measure(1_000)
        let targets: [String: Double] = ["ratio": 2, "allocationsPerFrame": 0, "thousandLayersAddMs": 1]
        var met = ["ratio": large.ratio <= 2, "thousandLayersAddMs": (thousand.animated - thousand.still) * 1e3 <= 1]
        if let a = large.allocations { met["allocationsPerFrame"] = a == 0 }
        return Figures(layers: layers, stillMs: large.still * 1e3, springingMs: large.animated * 1e3, ratio: large.ratio,
                       staggeredMs: large.staggered * 1e3, staggeredRatio: large.staggeredRatio, presentationMs: large.presentation * 1e3, allocationsPerFrame: large.allocations,
                       thousandLayersAddMs: (thousand.animated - thousand.still) * 1e3, targets: targets, met: met)
    }
}
