import FolioGeometry

/// A triangle mesh of a curved leaf whose vertices lie exactly on the surface, organised as
/// convex planar patches in a proven painter's order, with its silhouettes classified.
///
/// Keep one mesh and rebuild it every frame (`tessellate(_:toView:scale:tolerance:spineIsSeam:)`):
/// its buffers keep their capacity, so a steady animation allocates nothing.
public final class SurfaceMesh {
    /// Every vertex, each computed once and shared by the triangles and patches that use it.
    @exclusivity(unchecked) public internal(set) var vertices: [SurfaceVertex] = []
    /// The triangles, grouped by patch (fans), wound like the leaf's local rectangle.
    @exclusivity(unchecked) public internal(set) var triangles: [SurfaceTriangle] = []
    /// The convex planar patches in surface order: flat part, bend strips by angle, turned part.
    @exclusivity(unchecked) public internal(set) var patches: [SurfacePatch] = []
    /// The patches' corner loops (vertex indices); see `SurfacePatch.corners`.
    @exclusivity(unchecked) public internal(set) var patchCorners: [Int] = []
    /// The kind of each patch edge, parallel to `patchCorners` (the edge to the next corner).
    @exclusivity(unchecked) public internal(set) var patchEdges: [SurfaceEdgeKind] = []
    /// The leaf's outline: a closed polyline around the leaf in its local winding; each
    /// segment a free edge (`.boundary`) or on the spine (`.seam` when the spine is a seam).
    @exclusivity(unchecked) public internal(set) var outline: [SilhouetteSegment] = []
    /// Where the surface turns away from the viewer: the rulings between a front- and a
    /// back-facing patch, each a one-segment polyline of kind `.contour` (usually one).
    @exclusivity(unchecked) public internal(set) var contours: [SilhouetteSegment] = []
    /// Patch indices back to front: every front-facing patch, then every back-facing one
    /// (see `docs/curl.md` for the proof).
    @exclusivity(unchecked) public internal(set) var paintersOrder: [Int] = []
    /// Segments per half turn of the bend chosen for the chord tolerance (0 without a bend).
    @exclusivity(unchecked) public internal(set) var segmentsPerHalfTurn = 0
    /// The screen magnification bound used to choose them (view points per point).
    @exclusivity(unchecked) public internal(set) var magnification = 0.0
    /// The cast shadow of each vertex on the page beneath, parallel to `vertices`, after
    /// `castShadow(_:)`.
    @exclusivity(unchecked) public internal(set) var shadow: [ShadowVertex] = []
    /// The edges whose shadows bound the cast shadow, after `castShadow(_:)`.
    @exclusivity(unchecked) public internal(set) var shadowEdges: [SilhouetteSegment] = []
    /// What the mesh was last built from (nil before the first `tessellate`).
    public internal(set) var source: MeshSource?

    // Scratch reused between frames. The buffers skip the runtime's exclusivity checks (they
    // were nearly half of a frame): the mesh is used from one thread and never re-entered.
    @exclusivity(unchecked) var cuts: [Cut] = []
    @exclusivity(unchecked) var chainA: [ChainVertex] = [], chainB: [ChainVertex] = []
    @exclusivity(unchecked) var cutPositionA: [Int] = [], cutPositionB: [Int] = []
    @exclusivity(unchecked) var cutIsContour: [Bool] = []
    @exclusivity(unchecked) var regionPatch: [Int] = []
    @exclusivity(unchecked) var patchEdgeCut: [Int] = []
    @exclusivity(unchecked) var cornerS = [Double](repeating: 0, count: 4)
    @exclusivity(unchecked) var cornerVertex = [Int](repeating: -1, count: 4)
    @exclusivity(unchecked) var contourScratch: [Double] = []
    @exclusivity(unchecked) var rulingScratch: [Ruling] = []

    /// An empty mesh.
    public init() {}

    /// The corner loop (vertex indices) of `patch`.
    @inlinable
    public func corners(of patch: SurfacePatch) -> ArraySlice<Int> { patchCorners[patch.corners] }

    /// Empties every buffer, keeping its capacity.
    func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        patches.removeAll(keepingCapacity: true)
        patchCorners.removeAll(keepingCapacity: true)
        patchEdges.removeAll(keepingCapacity: true)
        patchEdgeCut.removeAll(keepingCapacity: true)
        outline.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        paintersOrder.removeAll(keepingCapacity: true)
        shadow.removeAll(keepingCapacity: true)
        shadowEdges.removeAll(keepingCapacity: true)
        cuts.removeAll(keepingCapacity: true)
        chainA.removeAll(keepingCapacity: true)
        chainB.removeAll(keepingCapacity: true)
        segmentsPerHalfTurn = 0
        magnification = 0
    }
}

/// A line `s = sigma` across the leaf where the mesh is cut (a ruling of the bend, the axis
/// line, the half-turn line, or a corner's line), with its turning angle's sine and cosine.
struct Cut {
    var sigma: Double
    var sin: Double
    var cos: Double
}

/// A vertex on one of the two boundary chains of the leaf (from the corner nearest the axis
/// to the farthest), with the cut it lies on (−1 for none) and the leaf edge leading into it.
struct ChainVertex {
    var vertex: Int
    var cut: Int
    var edge: Int
}
