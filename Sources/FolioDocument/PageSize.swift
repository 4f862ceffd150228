/// The size of a page as the document gives it, in points (1/72 inch) for PDFs and in pixels
/// for images (one pixel counts as one point). Rotation is already applied: a PDF page with
/// `/Rotate 90` reports its width and height swapped, as it is shown.
public struct PageSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// Whether both sides are finite and positive: only such a size can be divided by.
    /// poppler reports 0 × 0 for a page it cannot find, and a hostile file can claim anything.
    public var isUsable: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }

    /// Width over height (1 when the size is not usable, so callers never divide by zero).
    public var aspect: Double { isUsable ? width / height : 1 }

    /// Whether the page is wider than it is tall.
    public var isLandscape: Bool { isUsable && width > height }

    /// The size as "612 × 792 pt".
    public var description: String { "\(Self.format(width)) × \(Self.format(height)) pt" }

    /// A side as messages show it: whole points without a fraction, and never `nan` or `inf`
    /// (a MediaBox written with 400 digits overflows to infinity).
    static func format(_ v: Double) -> String {
        if v.isNaN { return "not-a-number" }
        if v.isInfinite { return v > 0 ? "infinity" : "-infinity" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
