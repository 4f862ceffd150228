import ArgumentParser
import FolioBench

/// `folio bench`: measured speed, scale and allocations, printed with units and the machine.
///
/// The command owns the command line: its options, their help and which combinations are
/// usage errors (64). FolioBench owns the measurements: what each run measures, its table and
/// its JSON (`Benchmarks.command` and its siblings), so `folio bench`'s output is the module's.
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

    @Option(help: ArgumentHelp("Run one loop alone for a profiler such as callgrind: an evaluator loop (\(Benchmarks.ProfileKind.allCases.map(\.rawValue).joined(separator: ", "))), or a render configuration: floor, or EFFECT:MODE with EFFECT fold or flip and MODE an --aa mode, or a window configuration (needs a display): window:floor, or window:EFFECT with EFFECT flip, fold or curl (1280x800, one leaf, unlit, drawn in full).",
                               valueName: "kind"))
    var profile: String?

    @Option(help: "With --profile: frames the loop runs after its warm-up (default 1000 for evaluator loops, 10 for rendering).")
    var frames: Int?

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

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
        guard Benchmarks.profileKinds.contains(profile) else {
            throw ValidationError("--profile '\(profile)' must be one of: \(Benchmarks.profileKinds.joined(separator: ", "))")
        }
        if let frames, frames < 1 { throw ValidationError("--frames \(frames) must be at least 1 with --profile") }
    }

    /// Runs the measurements the options ask for (FolioBench measures and prints them);
    /// errors print one line on stderr.
    public func run() throws {
        if reader.reader {
            guard !quick && !renderOnly && profile == nil && !window else {
                throw ValidationError("--reader runs alone: it cannot be combined with --quick, --render-only, --profile or --window")
            }
            return try ReaderBenchmarks.command(pages: reader.pages, json: json)
        }
        if window { return try WindowBenchmarks.command(quick: quick, leaves: windowLeaves, draws: windowDraws, json: json) }
        if let profile { return try Benchmarks.profileCommand(profile, frames: frames) }
        if sharpness { return try SharpnessBenchmarks.command(json: json) }
        if renderOnly { return try RenderBenchmarks.command(json: json) }
        try Benchmarks.command(quick: quick, render: !noRender, json: json)
    }
}
