/// A rectangle of whole pixels in a page's raster: `x`, `y` from its top-left corner, rows
/// top down (a tile of a page rendered at some size).
public struct PixelRegion: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A region at (`x`, `y`) of `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the region has at least one pixel and lies inside a raster of
    /// `width` × `height` pixels.
    public func fits(width: Int, height: Int) -> Bool {
        x >= 0 && y >= 0 && self.width >= 1 && self.height >= 1 && x <= width - self.width && y <= height - self.height
    }

    /// "W×H at (X, Y)", for messages.
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
