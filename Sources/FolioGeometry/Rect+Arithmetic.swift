// A rectangle is the 4-vector (x, y, width, height): Core Animation interpolates `bounds`
// that way (origin and size each linearly), and so do springs and additive animations here.
// The arithmetic works on the stored `size`, so negative extents stay as they are.
extension Rect: VectorArithmetic {
    /// Origins and sizes added component-wise, in points.
    @inlinable public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    /// Origins and sizes subtracted component-wise, in points.
    @inlinable public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    /// Origin and size multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Rect { Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor)) }
    /// Origin and size divided by `divisor`.
    @inlinable public func divided(by divisor: Double) -> Rect { Rect(origin: origin.divided(by: divisor), size: size.divided(by: divisor)) }
    /// The inner product of the 4-vectors (x, y, width, height), in points squared.
    @inlinable public func dot(_ other: Rect) -> Double { origin.dot(other.origin) + size.dot(other.size) }
}
