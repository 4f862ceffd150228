extension Size: VectorArithmetic {
    /// The component-wise sum, in points.
    @inlinable public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    /// The component-wise difference, in points.
    @inlinable public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
    /// Both extents multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    /// Both extents divided by `divisor`.
    @inlinable public func divided(by divisor: Double) -> Size { Size(width: width / divisor, height: height / divisor) }
    /// `width·other.width + height·other.height`, in points squared.
    @inlinable public func dot(_ other: Size) -> Double { width * other.width + height * other.height }
}
