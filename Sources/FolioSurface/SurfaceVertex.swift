import FolioGeometry

/// One mesh vertex: a point of the exact surface, computed once and shared by every
/// triangle and patch that uses it.
public struct SurfaceVertex: Hashable, Sendable {
    /// The flat leaf point it comes from, in local points (the texture coordinate).
    public var local: Point
    /// The 3D point in the leaf's own space (local `x, y`; `z` toward the viewer), in points.
    public var position: Vector3
    /// The unit normal of the leaf's front side at the vertex.
    public var normal: Vector3
    /// The position through the view transform: homogeneous view coordinates (send to the
    /// GPU undivided for perspective-correct texturing).
    public var clip: Vector4
    /// The projected view point `(x/w, y/w)`, in points.
    public var point: Point

    /// Creates a vertex.
    public init(local: Point, position: Vector3, normal: Vector3, clip: Vector4, point: Point) {
        self.local = local; self.position = position; self.normal = normal; self.clip = clip; self.point = point
    }
}
