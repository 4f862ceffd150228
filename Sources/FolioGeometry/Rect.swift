/// An axis-aligned rectangle in points: `origin` is the top-left corner for positive sizes.
@frozen
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// Creates a rectangle from its origin coordinates and extents, in points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { abs(size.width) }
    @inlinable public var height: Double { abs(size.height) }

    /// Whether the rectangle encloses no area (a zero or non-finite extent).
    @inlinable public var isEmpty: Bool {
        !(size.width != 0 && size.height != 0 && isFinite)
    }

    /// Whether origin and size are finite.
    @inlinable public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// Whether `p` lies inside or on the edge.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
}
