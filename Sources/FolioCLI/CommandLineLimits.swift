/// Limits on the command line itself, checked before ArgumentParser reads it.
///
/// ArgumentParser's time grows with the square of the number of arguments (each option it
/// takes is removed from the front of the rest): 24,000 arguments (12,000 `--leaf` options)
/// took 31 s to parse before any check of ours ran, and 10,000 leaves in flight drew 20,000
/// pages (126 s, 8.9 GB) for one 320 × 480 frame. These limits are counted on the raw
/// arguments, so a refusal costs nothing.
public enum CommandLineLimits {
    /// The most arguments `folio` reads (after the program name): room for every option and
    /// `maximumLeaves` leaves, parsed in well under a second.
    public static let maximumArguments = 2_100

    /// The most leaves in flight a book takes on the command line (`--leaf`, each a leaf or
    /// a bundle). A book shows every leaf in flight with its two pages, so the pages drawn and
    /// held grow with them.
    public static let maximumLeaves = 1_000

    /// Why `arguments` (without the program name) are refused, as one line; nil when they are
    /// within the limits.
    public static func violation(in arguments: [String]) -> String? {
        // The leaves first: the more telling message when there are too many of them.
        var leaves = 0
        for a in arguments where a == "--leaf" || a.hasPrefix("--leaf=") { leaves += 1 }
        if let problem = leafViolation(count: leaves) { return problem }
        if arguments.count > maximumArguments {
            return "the command line has \(arguments.count) arguments; folio reads at most \(maximumArguments)"
        }
        return nil
    }

    /// Why `count` leaves in flight are refused, as one line; nil within `maximumLeaves`.
    static func leafViolation(count: Int) -> String? {
        count > maximumLeaves ? "--leaf is given \(count) times; a book takes at most \(maximumLeaves) leaves in flight" : nil
    }
}
