/// A mesh triangle: three vertex indices, wound like the leaf's local rectangle
/// `(0,0), (w,0), (w,h), (0,h)` (clockwise on screen when front-facing), and its patch.
public struct SurfaceTriangle: Hashable, Sendable {
    /// Index of the first vertex in `SurfaceMesh.vertices`.
    public var a: Int
    /// Index of the second vertex.
    public var b: Int
    /// Index of the third vertex.
    public var c: Int
    /// Index of the patch in `SurfaceMesh.patches` that the triangle belongs to.
    public var patch: Int

    /// Creates a triangle.
    public init(a: Int, b: Int, c: Int, patch: Int) { self.a = a; self.b = b; self.c = c; self.patch = patch }
}
