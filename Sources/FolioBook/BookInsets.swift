/// Distances from the four sides of a book's view, in points: how far what the book draws
/// reaches past each side (``Book/overhang(of:)``), or room to keep.
public struct BookInsets: Equatable, Sendable {
    /// Past the top side (smaller y), in points.
    public var top: Double
    /// Past the left side (smaller x), in points.
    public var left: Double
    /// Past the bottom side (larger y), in points.
    public var bottom: Double
    /// Past the right side (larger x), in points.
    public var right: Double

    /// Insets of the given sizes, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No room on any side.
    public static let zero = BookInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Left plus right, in points.
    public var horizontal: Double { left + right }
    /// Top plus bottom, in points.
    public var vertical: Double { top + bottom }
}
