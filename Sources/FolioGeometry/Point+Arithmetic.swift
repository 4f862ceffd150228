extension Point: VectorArithmetic {
    /// The component-wise sum, in points.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference, in points.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    /// Both coordinates divided by `divisor` (a division, rounding as each coordinate's own).
    @inlinable public func divided(by divisor: Double) -> Point { Point(x: x / divisor, y: y / divisor) }
    /// `x·other.x + y·other.y`, in points squared.
    @inlinable public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
}
