import ArgumentParser
import Foundation
import FolioRender

/// `folio bench`: measured speed, scale and allocations, printed with units and the machine.
public struct BenchCommand: ParsableCommand {
    /// The command's name, summary and help.
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure transforms, frame evaluation, tiling, springs, allocations, rendering and sharpness (build with -c release).",
        discussion: """
            Rendering needs an X display; headless: 'xvfb-run -a'. Times are medians of repeated \
            runs on one thread. --quick is a smoke run of a few seconds that exits 1 if a \
            steady-state evaluation frame allocates.
            """
    )

    @Flag(help: "Print the figures as JSON.")
    var json = false

    @Flag(help: "Smoke run: fewer repetitions, no rendering; fails if evaluation allocates per frame.")
    var quick = false

    @Flag(help: "Skip the GL rendering measurements.")
    var noRender = false

    @Flag(help: "Only the rendering measurements (fold and flip in every AA mode against the floor).")
    var renderOnly = false

    @Flag(help: "Only the sharpness figures: a page of fine text in mid-turn against its 4x4 supersampled rendering, per texture sampling option.")
    var sharpness = false

    @Flag(help: "Only the window benchmark: a book spread turning in a real window at 1280x800, 1920x1200 and 2560x1600 against a floor (with --quick: one small smoke configuration). Skipped with a message when there is no display.")
    var window = false

    @Option(help: ArgumentHelp("With --window: only these leaf counts in flight (1 or 4, repeatable; default both).", valueName: "n"))
    var windowLeaves: [Int] = []

    @Flag(help: "With --window: instead of timing frames, time each draw of one full frame in mid-turn on its own (between two glFinish calls), per configuration and size, grouped by what it draws.")
    var windowDraws = false

    @OptionGroup var reader: ReaderBenchOptions

    @Option(help: ArgumentHelp("Run one loop alone for a profiler such as callgrind: an evaluator loop (\(Benchmarks.ProfileKind.allCases.map(\.rawValue).joined(separator: ", "))), or a render configuration: floor, or EFFECT:MODE with EFFECT fold or flip and MODE an --aa mode.",
                               valueName: "kind"))
    var profile: String?

    @Option(help: "With --profile: frames the loop runs after its warm-up (default 1000 for evaluator loops, 10 for rendering).")
    var frames: Int?

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// Every `--profile` kind: the evaluator loops, then `floor` and each `EFFECT:MODE`.
    static var profileKinds: [String] {
        Benchmarks.ProfileKind.allCases.map(\.rawValue) + ["floor"]
            + RenderBenchmarks.effects.flatMap { e in AntialiasingMode.allCases.map { "\(e):\($0.rawValue)" } }
    }

    /// Refuses combinations that cannot run together, and checks `--profile` and `--frames`
    /// here, as usage errors (64), rather than after GL has started: an unknown kind, a loop of
    /// no frames (which would report a time "over 0 frames"), or `--frames` without the one
    /// loop it counts (which the full benchmark would ignore).
    public func validate() throws {
        if window && (profile != nil || renderOnly || noRender) {
            throw ValidationError("--window cannot be combined with --profile, --render-only or --no-render")
        }
        if !windowLeaves.isEmpty && (!window || quick) {
            throw ValidationError("--window-leaves applies to --window without --quick")
        }
        if windowDraws && !window {
            throw ValidationError("--window-draws applies to --window")
        }
        if let bad = windowLeaves.first(where: { $0 != 1 && $0 != 4 }) {
            throw ValidationError("--window-leaves \(bad) must be 1 or 4")
        }
        if (profile != nil || renderOnly || sharpness) && (quick || noRender) {
            throw ValidationError("--profile, --render-only and --sharpness cannot be combined with --quick or --no-render")
        }
        if sharpness && (profile != nil || renderOnly || window) {
            throw ValidationError("--sharpness cannot be combined with --profile, --render-only or --window")
        }
        guard let profile else {
            if let frames { throw ValidationError("--frames applies to --profile (the frames of its one loop); --frames \(frames) was given without it") }
            return
        }
        guard Self.profileKinds.contains(profile) else {
            throw ValidationError("--profile '\(profile)' must be one of: \(Self.profileKinds.joined(separator: ", "))")
        }
        if let frames, frames < 1 { throw ValidationError("--frames \(frames) must be at least 1 with --profile") }
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        if reader.reader { return try ReaderBenchmarks.command(pages: reader.pages, json: json, alone: !quick && !renderOnly && profile == nil && !window) }
        if window { return try WindowBenchmarks.command(quick: quick, leaves: windowLeaves, draws: windowDraws, json: json) }
        if let profile {
            if let kind = Benchmarks.ProfileKind(rawValue: profile) {
                try Benchmarks.profile(kind, frames: self.frames ?? 1000)
                return
            }
            let frames = self.frames ?? 10
            let seconds = try MainActor.assumeIsolated { try RenderBenchmarks().timed(profile, frames: frames) }
            print("\(profile) 1280x800: \(String(format: "%.3f", seconds * 1e3)) ms/frame over \(frames) frames")
            return
        }
        if sharpness {
            let report = try MainActor.assumeIsolated { try SharpnessBenchmarks().run() }
            if json { print(try JSONOutput.string(report)) } else { SharpnessBenchmarks.lines(report).forEach { print($0) } }
            return
        }
        if renderOnly {
            let report = try MainActor.assumeIsolated { try RenderBenchmarks().run(rounds: 5) }
            if json { print(try JSONOutput.string(report)) } else { printRender(report) }
            return
        }
        let r = try Benchmarks(quick: quick, render: !noRender).run()
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

    /// The curl geometry line: pose and adaptive mesh per frame.
    func printCurl(_ r: Benchmarks.Report) {
        let v = r.curlMesh["vertices"] ?? 0, t = r.curlMesh["triangles"] ?? 0
        print("curl geometry 1280x800 @2x   \(String(format: "%.1f", r.curlFrameNs / 1000)) µs/frame  (target ≤ 20; mesh \(String(format: "%.0f", v)) vertices, \(String(format: "%.0f", t)) triangles)")
    }

    /// The book's lines: frame cost with four leaves in flight, and the 1,000-page book's memory.
    func printBook(_ r: Benchmarks.Report) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("book frame, 4 leaves in flight \(f(r.bookFrameNs)) ns/frame   (\(f(r.bookFrameVsFlip, 2))× a flip frame)")
        if let m = r.book1000 {
            print("1,000-page book, 1280x800    resident \(f(m.peakMiB)) MiB peak (\(f(m.baselineMiB)) before; target ≤ 300)\(m.textures ? ", GL textures" : ", no GL")")
            print("                             cache ≤ \(m.budgetPages) pages / \(f(m.budgetMiB, 0)) MiB: held at most \(m.peakCachePages) / \(f(m.peakCacheMiB)) MiB; \(m.pagesLoaded) loads, \(m.placeholderFrames) of \(m.frames) frames showed a placeholder")
        }
    }

    func printTable(_ r: Benchmarks.Report) {
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
        if let e = r.evaluator { for line in Benchmarks.evaluatorLines(e) { print(line) } }
        print("10,000 springs               \(f(r.springs10kMs, 3)) ms/frame  (target ≤ 1)")
        for line in Benchmarks.depthSortLines(r.depthSort) { print(line) }
        printBook(r)
        if r.allocationsPerFrame < 0 {
            print("allocations per frame        unavailable (counter not active)")
        } else {
            let detail = r.allocations.sorted { $0.key < $1.key }.map { "\($0.key) \(f($0.value, 2))" }.joined(separator: ", ")
            print("allocations per frame        \(f(r.allocationsPerFrame, 2))   (\(detail); target 0)")
        }
        if let render = r.render { printRender(render) }
        if let sharpness = r.sharpness { SharpnessBenchmarks.lines(sharpness).forEach { print($0) } }
        if let error = r.sharpnessError { print("sharpness: not measured: \(error)") }
    }

    /// The render table: each effect and mode in ms per frame and as a multiple of the floor.
    func printRender(_ r: RenderBenchmarks.Report) {
        func f(_ v: Double?, _ digits: Int = 2) -> String { v.map { String(format: "%.\(digits)f", $0) } ?? "-" }
        print("render \(r.size[0])x\(r.size[1]), medians of \(r.rounds) rounds; floor (bare textured quad) \(f(r.floorMs)) ms/frame")
        print("  --aa        fold ms   ×floor   flip ms   ×floor   curl ms   ×floor   lit curl ms ×floor  lit flip ms ×floor (target for fold and flip ×floor ≤ \(f(r.targets["overFloor"], 1)))")
        for mode in AntialiasingMode.allCases.map(\.rawValue) {
            let cells = RenderBenchmarks.effects.map { e in
                f(r.frameMs[e]?[mode]).leftPadded(8) + " " + (f(r.overFloor[e]?[mode]) + "×").leftPadded(8)
            }
            print("  \(mode.padding(toLength: 9, withPad: " ", startingAt: 0))" + cells.map { " " + $0 }.joined())
        }
        let aa = RenderBenchmarks.effects.map { "\($0) \(f(r.analyticOverNone[$0]))×" }.joined(separator: ", ")
        print("  analytic ÷ none: \(aa)   (target ≤ \(f(r.targets["analyticOverNone"], 1)))")
        let overdraw = RenderBenchmarks.effects.map { e in
            "\(e) \(f(r.overdraw[e]?["analytic"])) (at 0.1: \(f(r.overdraw[e]?["at0.1"])), at 0.9: \(f(r.overdraw[e]?["at0.9"])))"
        }.joined(separator: "; ")
        print("  overdraw, analytic: \(overdraw)")
        let curl = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.curlOverFold[$0.rawValue]))×" }.joined(separator: ", ")
        print("  curl ÷ fold: \(curl)   (target ≤ \(f(r.targets["curlOverFold"], 1)))")
        let lit = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.litCurlOverFold[$0.rawValue]))×" }.joined(separator: ", ")
        print("  lit curl with its cast shadow ÷ unlit fold: \(lit)   (the light's price; no target)")
        let litFlip = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.litFlipOverFlip[$0.rawValue]))×" }.joined(separator: ", ")
        print("  lit flip with its cast shadow ÷ unlit flip: \(litFlip)   (the light's price; no target)")
        let missed = r.met.filter { !$0.value }.keys.sorted()
        print("  targets: " + (missed.isEmpty ? "all met" : "not met: " + missed.joined(separator: ", ")))
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
