/// A 2D extent in points.
@frozen
public struct Size: Hashable, Sendable {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite.
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
}
