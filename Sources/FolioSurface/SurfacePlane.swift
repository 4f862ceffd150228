import FolioGeometry

/// A plane `normal · p = offset` in the leaf's own 3D space; `normal` is the unit normal of
/// the leaf's front side.
public struct SurfacePlane: Hashable, Sendable {
    /// The front side's unit normal.
    public var normal: Vector3
    /// The plane's offset along `normal`, in points.
    public var offset: Double

    /// Creates a plane.
    public init(normal: Vector3, offset: Double) { self.normal = normal; self.offset = offset }

    /// The signed distance of `p` from the plane, positive on the front side, in points.
    @inlinable public func distance(to p: Vector3) -> Double { normal.dot(p) - offset }
}
