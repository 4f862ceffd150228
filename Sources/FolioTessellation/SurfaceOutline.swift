/// What a frame's surfaces add to their outlines (`DrawList+Surface.swift`,
/// `DrawList+SeamCorners.swift`): contours, where they lie, the coverage edges they give the
/// farther sheet, and the seam corners where an outline runs on across a seam.
package struct SurfaceOutline {
    /// The contours found this frame.
    package var contours: [DrawList.ContourLine] = []
    /// The shared edges the contours lie on: (item, corner).
    package var contourMarks: [(Int, Int)] = []
    /// The extra coverage edges the contours give the farther sheet's patches.
    package var contourEdges: [(item: Int, nx: Double, ny: Double, c: Double)] = []
    /// Where a surface's outline runs on from one patch's silhouette edge into a neighbour's
    /// across a seam, nearly straight (`findSeamCorners`).
    package var seamCorners: [DrawList.SeamCorner] = []
    /// Other layers' silhouettes within reach of a patch's own turning corner
    /// (`DrawList+TurningCorners.swift`): the corner's partner (in `SlitPartners.partners`),
    /// the inward normal of the corner's first edge (its second is the partner's line), the
    /// other layer's item, the line in viewport pixels (positive inside), its segment, and a
    /// pixel box's reach across it (and a margin).
    package var turnClearances: [(partner: Int, first: (Double, Double), item: Int, nx: Double, ny: Double, c: Double,
                                  a: (x: Double, y: Double), b: (x: Double, y: Double), reach: Double)] = []
    /// The pieces that filter their part by a later patch's corner (`wedgeLines`,
    /// `DrawList+CrossingEdges.swift`), this frame: the piece's item, the later patch's item,
    /// the two lines' inward normals (bit for bit the patch's own edges') and the piece's
    /// corners in viewport pixels. Their pixels are exact only where the later patch draws the
    /// box inside both lines, so its own turning corner takes its second line over them
    /// (`reachesTurnClearance`). Kept only while own turning corners are clipped.
    package var wedgePieces: [(item: Int, neighbour: Int, first: (Double, Double), second: (Double, Double),
                               a: (x: Double, y: Double), b: (x: Double, y: Double), c: (x: Double, y: Double))] = []
    /// Whether the item being triangulated is a surface's patch: only those take the thin-strip
    /// rules of `DrawList+Triangles.swift` (margin rings, one edge per side of a straight corner,
    /// tips, straight steps across open edges); flat polygons keep their triangulation exactly.
    package var rules = false
    /// `cutNearerSheets`' working storage: the items as cut, and the part of a nearer patch
    /// beyond the spine.
    package var items: [DrawItem] = []
    package var beyond: [Corner] = []

    package init() {}
}
