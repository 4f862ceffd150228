import Foundation
@_spi(Benchmarks) import FolioRender

/// `folio bench --window --window-draws`: where a frame's pixel work goes, draw by draw (issue
/// 29, item 3). Each configuration of the plan is drawn in full, as a person sees it in mid-turn,
/// with every draw timed on its own between two `glFinish` calls; the draws are grouped by what
/// they draw (the layer's name without its number, and the shader variant).
extension WindowBenchmarks {
    /// The draws of one configuration at one size.
    struct DrawProfileRow: Encodable {
        var size: [Int]
        var configuration: String
        /// The frame's progress: the leaf's, or the first leaf's base with four.
        var progress: Double
        /// Microseconds of the frame's fastest draw: what a draw timed alone costs whatever its
        /// pixels (the flush, the rasterizer's threads woken and the scene set up), which a real
        /// frame pays once, not per draw. Subtracted from each draw for `nanosecondsPerPixel`.
        var fixedMicroseconds: Double
        var groups: [DrawGroup]
    }

    /// Draws of one kind in one frame: medians over the profiled frames, summed over the group.
    struct DrawGroup: Encodable {
        /// The layer's name with its number left out (`page`, `leaf.front`, `cast shadow`).
        var layer: String
        var features: String
        var opaque: Bool
        var draws: Int
        var triangles: Int
        var pixels: Double
        var microseconds: Double
        /// (microseconds − draws × the fixed cost) per pixel, in nanoseconds; nil under 10,000
        /// pixels, where the fixed cost is most of the time.
        var nanosecondsPerPixel: Double?
    }

    /// `{"window": {"draws": [...]}}`.
    struct DrawsOutput: Encodable {
        struct Draws: Encodable { var draws: [DrawProfileRow] }
        var window: Draws
    }

    /// Profiles every full-redraw configuration of the plan at every size: an untimed frame,
    /// then `samples` frames with their draws timed; each draw's median time.
    func profileDraws(samples: Int = 5) throws -> [DrawProfileRow] {
        var rows: [DrawProfileRow] = []
        for stage in stages {
            stage.window.setShown(true)
            defer { stage.window.setShown(false) }
            for configuration in plan.configurations where !configuration.damage {
                prepare(stage, configuration)
                // Mid-turn: the leaf at 0.35 (with four, the first leaf's base as the full plan's
                // fourth frame has it, the others 0.1 further on).
                let base = configuration.leaves == 1 ? 0.35 : 0.35 * (1 - 0.1 * Double(configuration.leaves))
                let book = stage.books[configuration.effect]!
                try book.setLeaves(Self.leaves(configuration.leaves, base: base))
                func draw() {
                    stage.window.draw(book.root, background: Self.background)
                    stage.window.present()
                    stage.window.finish()
                }
                draw()
                let renderer = stage.window.renderer
                renderer.timesDraws = true
                defer { renderer.timesDraws = false }
                var frames: [[DrawTiming]] = []
                for _ in 0..<samples {
                    draw()
                    frames.append(renderer.drawTimings)
                }
                // Each draw's median over the frames (every frame draws the same list).
                let draws = frames.first ?? []
                let times = draws.indices.map { i in Self.median(frames.compactMap { $0.indices.contains(i) ? $0[i].microseconds : nil }) }
                let fixed = times.min() ?? 0
                rows.append(DrawProfileRow(size: [stage.size.width, stage.size.height], configuration: configuration.name,
                                           progress: base, fixedMicroseconds: fixed, groups: Self.groups(draws, times: times, fixed: fixed)))
            }
        }
        return rows
    }

    /// The draws grouped by kind, in the order each kind is first drawn, `times[i]` being draw
    /// `i`'s time.
    static func groups(_ draws: [DrawTiming], times: [Double], fixed: Double) -> [DrawGroup] {
        var groups: [DrawGroup] = []
        for (draw, time) in zip(draws, times) {
            let layer = String(draw.layer.filter { !$0.isNumber })
            if let k = groups.firstIndex(where: { $0.layer == layer && $0.features == draw.features && $0.opaque == draw.opaque }) {
                groups[k].draws += 1
                groups[k].triangles += draw.triangles
                groups[k].pixels += draw.pixels
                groups[k].microseconds += time
            } else {
                groups.append(DrawGroup(layer: layer, features: draw.features, opaque: draw.opaque, draws: 1, triangles: draw.triangles,
                                        pixels: draw.pixels, microseconds: time))
            }
        }
        for k in groups.indices where groups[k].pixels >= 10_000 {
            groups[k].nanosecondsPerPixel = max(0, groups[k].microseconds - Double(groups[k].draws) * fixed) * 1e3 / groups[k].pixels
        }
        return groups
    }

    nonisolated static func printDraws(_ rows: [DrawProfileRow]) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("draws of one full frame in mid-turn, each timed alone between two glFinish calls (medians of 5 frames):")
        for row in rows {
            print("\(row.size[0])x\(row.size[1]) \(row.configuration), progress \(f(row.progress, 2)); fastest draw \(f(row.fixedMicroseconds)) µs")
            print("  draws  triangles   kpixels        ms   ns/pixel  layer, features")
            for g in row.groups {
                let perPixel = g.nanosecondsPerPixel.map { f($0, 2) } ?? "—"
                print("  \(String(g.draws).leftPadded(5)) \(String(g.triangles).leftPadded(10)) \(f(g.pixels / 1000).leftPadded(9)) \(f(g.microseconds / 1000, 2).leftPadded(9)) \(perPixel.leftPadded(10))  \(g.layer)\(g.opaque ? " (opaque)" : ""), \(g.features)")
            }
        }
    }
}
