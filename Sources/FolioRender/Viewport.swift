/// A rectangle of a framebuffer in pixels, as `glViewport` takes it: origin at the
/// framebuffer's **bottom-left** corner, +y up.
///
/// The view (points, origin top-left, +y down) maps onto it at `scale` pixels per point: view
/// point `(0, 0)` lands on the viewport's top-left pixel corner, `(x, y)` on
/// `(viewport.x + x·scale, viewport.y + viewport.height − y·scale)` in framebuffer pixels.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in pixels from the framebuffer's left edge.
    public var x: Int
    /// The bottom edge, in pixels from the framebuffer's bottom edge.
    public var y: Int
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int

    /// Creates a viewport from its bottom-left corner and size, in framebuffer pixels.
    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether the viewport covers at least one pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// `x,y widthxheight`, for messages.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
