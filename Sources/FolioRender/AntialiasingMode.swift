/// How polygon edges are antialiased.
public enum AntialiasingMode: String, CaseIterable, Sendable {
    /// Exact per-pixel coverage from screen-space edge distances; seams shared between
    /// polygons are left sharp so they never show. The default.
    case analytic
    /// 4× multisampling, resolved by a blit.
    case msaa
    /// A one-texel transparent border sampled bilinearly (the classic technique for textured quads).
    case border
    /// No antialiasing.
    case none
}
