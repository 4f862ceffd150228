import FolioGeometry

/// How far a transition's drawing reaches past each side of its view, in points (never
/// negative): what ``Transition/overhang()`` reports and ``TransitionFraming`` leaves room for.
public struct TransitionInsets: Equatable, Sendable {
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

    /// No reach past any side.
    public static let zero = TransitionInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Left plus right, in points.
    public var horizontal: Double { left + right }
    /// Top plus bottom, in points.
    public var vertical: Double { top + bottom }

    /// The insets of the box from `low` to `high` (view points) around a view of `size`: how
    /// far the box sticks out on each side, 0 where it does not, plus `pad` on the sides it
    /// does (reaches under 1e-9 points count as none: rounding, not reach).
    init(reachOf low: Point, _ high: Point, view size: Size, pad: Double) {
        func reach(_ d: Double) -> Double { d > 1e-9 ? d + pad : 0 }
        self.init(top: reach(-low.y), left: reach(-low.x), bottom: reach(high.y - size.height), right: reach(high.x - size.width))
    }
}
