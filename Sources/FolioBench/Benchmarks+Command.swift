import Foundation
import FolioCLISupport
import FolioRender

/// `folio bench` without `--reader`, `--window`, `--sharpness` or `--render-only`: the full
/// table (or `--quick`'s smoke run), and `--profile`'s one loop. `BenchCommand` parses and
/// checks the options; what is measured and how it is printed is decided here.
extension Benchmarks {
    /// Every `--profile` kind: the evaluator loops, then `floor` and each `EFFECT:MODE`, then
    /// the window benchmark's `window:floor` and `window:EFFECT`.
    package static var profileKinds: [String] {
        ProfileKind.allCases.map(\.rawValue) + ["floor"]
            + RenderBenchmarks.effects.flatMap { e in AntialiasingMode.allCases.map { "\(e):\($0.rawValue)" } }
            + WindowBenchmarks.profileKinds
    }

    /// Runs the benchmarks (`quick`: the smoke run; `render`: with the GL measurements) and
    /// prints them, as a table or as one line of JSON.
    ///
    /// - Throws: `CommandFailure` when a measurement fails, and with `quick` when the
    ///   allocation counter is not active or a steady-state evaluation frame allocates (the
    ///   smoke run's verdict).
    package static func command(quick: Bool, render: Bool, json: Bool) throws {
        let r = try Benchmarks(quick: quick, render: render).run()
        if json {
            print(try JSONOutput.string(r))
        } else {
            printTable(r)
        }
        if quick {
            guard r.allocationsPerFrame >= 0 else {
                throw CommandFailure(message: "bench --quick: the allocation counter is not active in this binary")
            }
            let allocating = r.allocations.filter { $0.key != "renderSubmission" && $0.value > 0 }
            guard allocating.isEmpty else {
                let list = allocating.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                throw CommandFailure(message: "bench --quick: steady-state evaluation allocates per frame: \(list)")
            }
        }
    }

    /// `--profile KIND`: runs one loop alone — an evaluator loop (`ProfileKind`, 1,000 frames
    /// unless `frames` says otherwise), or a render configuration (`floor` or `EFFECT:MODE`,
    /// 10 frames, timed and printed in ms per frame), or a window configuration
    /// (`window:floor` or `window:EFFECT`, 10 frames: `WindowBenchmarks+Profile.swift`). `kind`
    /// is one of `profileKinds`.
    package static func profileCommand(_ kind: String, frames: Int?) throws {
        if let loop = ProfileKind(rawValue: kind) {
            try profile(loop, frames: frames ?? 1000)
            return
        }
        if WindowBenchmarks.profileKinds.contains(kind) {
            try WindowBenchmarks.profileCommand(kind, frames: frames ?? 10)
            return
        }
        let frames = frames ?? 10
        let seconds = try MainActor.assumeIsolated { try RenderBenchmarks().timed(kind, frames: frames) }
        print("\(kind) 1280x800: \(String(format: "%.3f", seconds * 1e3)) ms/frame over \(frames) frames")
    }

    /// The curl geometry line: pose and adaptive mesh per frame.
    static func printCurl(_ r: Report) {
        let v = r.curlMesh["vertices"] ?? 0, t = r.curlMesh["triangles"] ?? 0
        print("curl geometry 1280x800 @2x   \(String(format: "%.1f", r.curlFrameNs / 1000)) µs/frame  (target ≤ 20; mesh \(String(format: "%.0f", v)) vertices, \(String(format: "%.0f", t)) triangles)")
    }

    /// The book's lines: frame cost with four leaves in flight, and the 1,000-page book's memory.
    static func printBook(_ r: Report) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("book frame, 4 leaves in flight \(f(r.bookFrameNs)) ns/frame   (\(f(r.bookFrameVsFlip, 2))× a flip frame)")
        if let m = r.book1000 {
            print("1,000-page book, 1280x800    resident \(f(m.peakMiB)) MiB peak (\(f(m.baselineMiB)) before; target ≤ 300)\(m.textures ? ", GL textures" : ", no GL")")
            print("                             cache ≤ \(m.budgetPages) pages / \(f(m.budgetMiB, 0)) MiB: held at most \(m.peakCachePages) / \(f(m.peakCacheMiB)) MiB; \(m.pagesLoaded) loads, \(m.placeholderFrames) of \(m.frames) frames showed a placeholder")
        }
    }

    /// The whole report as the bench's table, one figure a line with its units and target.
    static func printTable(_ r: Report) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("machine: \(r.machine) (\(r.build) build)")
        if let name = r.renderer { print("renderer: \(name)") }
        print("Transform3D concat           \(f(r.concatNs)) ns/op")
        print("point projection             \(f(r.projectNs)) ns/op")
        print("fold frame (set + evaluate)  \(f(r.foldFrameNs)) ns/frame")
        print("flip frame (set + evaluate)  \(f(r.flipFrameNs)) ns/frame")
        printCurl(r)
        for (count, ms) in r.tilesMs.sorted(by: { Int($0.key)! < Int($1.key)! }) {
            let name = "fold tiles \(count)".padding(toLength: 28, withPad: " ", startingAt: 0)
            print("\(name) \(f(ms, 3)) ms/frame  (\(f(ms * 1e6 / Double(Int(count)!), 0)) ns/tile)")
        }
        print("tile scaling (ns/tile, largest ÷ 100)  \(f(r.tilesScaling, 2))×   (1 = linear)")
        if let e = r.evaluator { for line in evaluatorLines(e) { print(line) } }
        print("10,000 springs               \(f(r.springs10kMs, 3)) ms/frame  (target ≤ 1)")
        if let p = r.presentation {
            print("\(p.layers) springing layers     \(f(p.springingMs, 3)) ms/frame against \(f(p.stillMs, 3)) still: \(f(p.ratio, 2))x (target ≤ 2\(p.met["ratio"] == true ? "" : ", not met"))")
            print("  staggered (no shared spring) \(f(p.staggeredMs, 3)) ms/frame: \(f(p.staggeredRatio, 2))x")
            print("1,000 animating layers add   \(f(p.thousandLayersAddMs, 3)) ms/frame  (target ≤ 1)")
        }
        for line in depthSortLines(r.depthSort) { print(line) }
        printBook(r)
        if r.allocationsPerFrame < 0 {
            print("allocations per frame        unavailable (counter not active)")
        } else {
            let detail = r.allocations.sorted { $0.key < $1.key }.map { "\($0.key) \(f($0.value, 2))" }.joined(separator: ", ")
            print("allocations per frame        \(f(r.allocationsPerFrame, 2))   (\(detail); target 0)")
        }
        if let render = r.render { RenderBenchmarks.printTable(render) }
        if let sharpness = r.sharpness { SharpnessBenchmarks.lines(sharpness).forEach { print($0) } }
        if let error = r.sharpnessError { print("sharpness: not measured: \(error)") }
    }
}
