/// What a batch of triangles needs to multiply its colour by at the end: the edge coverage.
///
/// The tessellation sorts each item's triangles by it (`DrawList+Triangles.swift`); a GL
/// backend compiles one shader variant per case (FolioRender's `ShaderVariant.coverage`).
package enum TriangleCoverage: Hashable, Sendable {
    /// Nothing: interiors, `--aa none` and `--aa msaa`.
    case full
    /// Analytic coverage of up to this many silhouette edges per triangle (4 or 8).
    case edges(Int)
    /// Analytic coverage over `maximumEdges` slots, some of them a neighbour's silhouette
    /// facing this item's across a slit narrower than a pixel (`DrawList+Slits.swift`): its
    /// coverage is added to the item's, or divided out, instead of multiplied in.
    case slitEdges
    /// `slitEdges` with the clipped boxes that only a few pieces need (`EDGE_CLIPS`): a piece
    /// that carries a contour band's line (its union clipped by another own edge, area by
    /// area) or two lines of one later sheet (that sheet's corner, the box inside both;
    /// `DrawList+CrossingEdges.swift`). The clipping costs several times `slitEdges`' per
    /// pixel, and a software rasterizer pays it for every pixel of the draw, so the pieces
    /// that need it are drawn apart.
    case clippedEdges
    /// The one-texel transparent border ramp (`--aa border`).
    case border

    /// The number of edge slots each vertex carries (`DrawList.floatsPerVertex`).
    package static let maximumEdges = 8

    /// The smallest coverage that handles `count` edges per triangle (at most `maximumEdges`).
    package static func edges(for count: Int) -> TriangleCoverage {
        count == 0 ? .full : .edges(count <= 4 ? 4 : maximumEdges)
    }

    /// The edge slots the vertex shader passes on.
    package var edgeSlots: Int {
        switch self {
        case let .edges(n): n
        case .slitEdges, .clippedEdges: Self.maximumEdges
        case .full, .border: 0
        }
    }
}
