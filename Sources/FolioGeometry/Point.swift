/// A 2D point in points (origin top-left, +x right, +y down).
@frozen
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate, in points (+x to the right).
    public var x: Double
    /// The vertical coordinate, in points (+y down).
    public var y: Double

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The distance to `other`, in points.
    @inlinable public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
