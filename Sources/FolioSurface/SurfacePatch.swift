/// A convex planar piece of the mesh: the flat part, one strip of the bend between two
/// rulings, or the turned part. A renderer can draw it like a flat layer's polygon (its local
/// coordinates map to the view by one homography) and a depth sort can use its plane.
public struct SurfacePatch: Hashable, Sendable {
    /// Which part of the leaf it is.
    public var region: SurfaceRegion
    /// Its corners: a range of `SurfaceMesh.patchCorners` (vertex indices, a convex loop wound
    /// like the leaf's local rectangle); `SurfaceMesh.patchEdges` has the same range, the kind
    /// of the edge from each corner to the next.
    public var corners: Range<Int>
    /// Its triangles: a range of `SurfaceMesh.triangles` (a fan from the first corner).
    public var triangles: Range<Int>
    /// The turning angles it spans, in radians (0…0 flat, π…π turned).
    public var angles: ClosedRange<Double>
    /// Its plane in the leaf's own 3D space.
    public var plane: SurfacePlane
    /// Whether the viewer sees the leaf's back here (its projected winding is reversed).
    public var isBackFacing: Bool

    /// Creates a patch.
    public init(region: SurfaceRegion, corners: Range<Int>, triangles: Range<Int>, angles: ClosedRange<Double>,
                plane: SurfacePlane, isBackFacing: Bool) {
        self.region = region; self.corners = corners; self.triangles = triangles; self.angles = angles
        self.plane = plane; self.isBackFacing = isBackFacing
    }
}
