/// How a view's extent `L` (points) splits into two parts of whole pixels: the leading
/// (top or left) part takes the extra pixel, e.g. 99 px → 50 + 49.
public struct PixelSplit: Hashable, Sendable {
    /// The leading part, `round_half_up(L·scale/2)/scale`, in points.
    public let leading: Double
    /// The trailing part, `L − leading`, in points.
    public let trailing: Double

    /// Splits `extent` points at `scale` pixels per point.
    public init(extent: Double, scale: Double) {
        let pixels = extent * scale
        leading = (pixels / 2 + 0.5).rounded(.down) / scale
        trailing = extent - leading
    }
}
