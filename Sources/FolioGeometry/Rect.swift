/// An axis-aligned rectangle in points: `origin` is the top-left corner for positive sizes.
@frozen
public struct Rect: Hashable, Sendable {
    /// The corner the size extends from (the top-left one for a positive size), in points.
    public var origin: Point
    /// The extents; a negative one extends to the left or up from `origin`.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// Creates a rectangle from its origin coordinates and extents, in points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x inside, in points.
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x inside, in points.
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y inside (the top edge), in points.
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y inside (the bottom edge), in points.
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x of the centre, in points.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre, in points.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width, in points (never negative).
    @inlinable public var width: Double { abs(size.width) }
    /// The height, in points (never negative).
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
