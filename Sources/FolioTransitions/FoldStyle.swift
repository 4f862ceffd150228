/// Variations of the fold; combine freely (all 16 combinations are valid).
public struct FoldStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Unfold: the destination unfolds from the crease (θ = 90°·(1 − p)).
    public static let unfold = FoldStyle(rawValue: 1 << 0)
    /// Cubic: the sleeves stay at 90° to their neighbours, like a turning block.
    public static let cubic = FoldStyle(rawValue: 1 << 1)
    /// Horizontal: panels run left to right and fold about vertical hinges.
    public static let horizontal = FoldStyle(rawValue: 1 << 2)
    /// Solid shadows (the pre-gradient look): C's shadow peaks at 90% of B's.
    public static let solidShadows = FoldStyle(rawValue: 1 << 3)

    /// The command-line names, in order.
    public static let names: [(String, FoldStyle)] = [
        ("unfold", .unfold), ("cubic", .cubic), ("horizontal", .horizontal), ("solid-shadows", .solidShadows),
    ]
}
