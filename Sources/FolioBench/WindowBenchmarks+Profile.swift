import Foundation
import FolioCLISupport
@_spi(Benchmarks) import FolioRender

/// `folio bench --profile window:EFFECT`: the window benchmark's frames of one configuration,
/// run alone for an instruction counter (issue 41).
///
/// Wall time on a machine shared with other builds moves by ±20% and more between runs, and the
/// cost of a finer raster is a few per cent of a frame; an instruction count does not move with
/// the load. This runs `bench --window`'s frames exactly as it draws them — the same window,
/// the same books with the same uploads (pages in flight at `Book.rasterScale(ofPage:)`, or at
/// their resting size under `FOLIO_WINDOW_RESTING_RASTERS`), posed, evaluated, drawn in full,
/// presented and finished — for one effect with one leaf, unlit, in a 1280×800 window, the leaf
/// stepping through the plan's ten poses (progress 0.05 to 0.95). `window:floor` runs the
/// floor's frames (a bare textured quad over the window).
///
/// Every pose is drawn once untimed first (the driver compiles every shader variant, every
/// texture is resident); then `frames` frames run inside `profiledWindowFrames`, so that
/// `valgrind --tool=callgrind --toggle-collect='*WindowBenchmarks*profiled*Frames*'` counts
/// only them (the mangled name spells its second "Window" as a back-reference to the type's,
/// so `*profiledWindowFrames*` matches nothing). With `LP_NUM_THREADS=0` llvmpipe rasterises
/// on the calling thread, inside that call, so the count holds the pixel work too
/// (docs/performance.md gives the whole recipe).
extension WindowBenchmarks {
    /// What `window:KIND` may name: the floor, or an effect of the window benchmark.
    package nonisolated static let profileEffects = ["floor", "flip", "fold", "curl"]

    /// The `--profile` kinds this runs: `window:floor`, `window:flip`, `window:fold`, `window:curl`.
    package nonisolated static var profileKinds: [String] { profileEffects.map { "window:\($0)" } }

    /// The window's size for `--profile window:…`: the smallest of the plan's sizes.
    nonisolated static let profileSize = (width: 1280, height: 800)

    /// The poses a profiled configuration steps through, as the full plan's one-leaf frames.
    nonisolated static let profilePoses = 10

    /// Runs `frames` frames of `kind` (one of `profileKinds`) after an untimed pass over its
    /// poses and prints the wall and process CPU time per frame (figures for a person, and for
    /// A/B runs without a profiler: with `LP_NUM_THREADS=0` the CPU time is this process's
    /// whole frame, pixel work included, and does not count the time other processes take the
    /// core from it; the instruction count is the profiler's).
    ///
    /// - Throws: `CommandFailure` for a kind that is not one of `profileKinds`, or when there
    ///   is no display (the window needs one: `xvfb-run`); render and book errors as they come.
    package nonisolated static func profileCommand(_ kind: String, frames: Int) throws {
        guard kind.hasPrefix("window:"), case let effect = String(kind.dropFirst("window:".count)), profileEffects.contains(effect) else {
            throw CommandFailure(message: "bench --profile '\(kind)': expected one of \(profileKinds.joined(separator: ", "))")
        }
        let fineScale = try fineRasterScaleOverride()
        let seconds: (wall: Double, cpu: Double, allocations: Double)
        do {
            seconds = try MainActor.assumeIsolated { try profile(effect: effect, frames: frames) }
        } catch let RenderError.noDisplay(reason) {
            throw CommandFailure(message: "bench --profile \(kind): no display (\(reason)); run it under xvfb-run -a -s \"-screen 0 1940x1220x24\"")
        }
        let rasters = ProcessInfo.processInfo.environment["FOLIO_WINDOW_RESTING_RASTERS"] != nil ? "resting rasters"
            : (fineScale.map { String(format: "pages in flight at %g × %g", $0, $0) } ?? "rasters for the turn")
                + (ProcessInfo.processInfo.environment["FOLIO_WINDOW_FINE_ONLY"] != nil ? ", finer rasters alone" : "")
        print("\(kind) \(profileSize.width)x\(profileSize.height), one leaf, unlit, full redraw, \(rasters): \(String(format: "%.3f", seconds.wall * 1e3)) ms/frame, \(String(format: "%.3f", seconds.cpu * 1e3)) ms CPU/frame over \(frames) frames, \(String(format: "%.1f", seconds.allocations)) heap allocations/frame on this thread (GL driver included)")
    }

    /// The frames of `effect` (or the floor): wall and process CPU seconds and heap allocations (this thread) per frame over
    /// `frames` frames.
    @MainActor
    static func profile(effect: String, frames: Int) throws -> (wall: Double, cpu: Double, allocations: Double) {
        // The floor's stage still needs a book to build; the flip's is the cheapest to upload.
        let configuration = Configuration(effect: effect == "floor" ? "flip" : effect, leaves: 1, lit: false)
        let plan = Plan(sizes: [profileSize], configurations: [configuration], rounds: 1, frames: profilePoses)
        let bench = try WindowBenchmarks(plan: plan)
        let stage = bench.stages[0]
        stage.window.setShown(true)
        defer { stage.window.setShown(false) }
        let frame: (Int) throws -> Void
        if effect == "floor" {
            frame = { _ in try bench.floorFrame(stage) }
        } else {
            bench.prepare(stage, configuration)
            var leaves = Self.leaves(1, step: 0, of: plan.frames)
            frame = { step in try bench.frame(stage, configuration, step: step, leaves: &leaves) }
        }
        for step in 0..<plan.frames { try frame(step) }
        let start = DispatchTime.now().uptimeNanoseconds, cpu = FrameMeter.processCPUSeconds(), allocations = AllocationCounter.count
        try profiledWindowFrames(frames, frame)
        let n = Double(max(frames, 1))
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / n, (FrameMeter.processCPUSeconds() - cpu) / n,
                Double(AllocationCounter.count - allocations) / n)
    }

    /// The measured frames, a function of their own so that callgrind can count them alone:
    /// frame `k` shows pose `k` modulo the plan's poses.
    @inline(never)
    static func profiledWindowFrames(_ frames: Int, _ frame: (Int) throws -> Void) rethrows {
        for step in 0..<frames { try frame(step) }
    }
}
