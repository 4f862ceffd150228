import FolioTessellation

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

extension AntialiasingMode {
    /// The triangles this mode draws (`DrawList.build`): multisampling and none need the same.
    var triangulation: TriangulationMode {
        switch self {
        case .analytic: .inflated
        case .border: .bordered
        case .msaa, .none: .plain
        }
    }
}
