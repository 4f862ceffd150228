/// Variations of the page flip; combine freely.
public struct FlipStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Turn the other way: left → right (horizontal) or top → bottom (vertical).
    public static let backward = FlipStyle(rawValue: 1 << 0)
    /// A horizontal spine: pages turn bottom → top (forward).
    public static let vertical = FlipStyle(rawValue: 1 << 1)
    /// Reverse perspective (positive m34); covered pages get no shadow.
    public static let reverse = FlipStyle(rawValue: 1 << 2)

    /// The command-line names, in order.
    public static let names: [(String, FlipStyle)] = [("backward", .backward), ("vertical", .vertical), ("reverse", .reverse)]
}
