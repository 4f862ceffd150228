/// A homogeneous point `(x, y, z, w)`; its projection is `(x/w, y/w)` when `w > 0`.
@frozen
public struct Vector4: Hashable, Sendable {
    /// The homogeneous x, in points times `w`.
    public var x: Double
    /// The homogeneous y, in points times `w`.
    public var y: Double
    /// The homogeneous z, in points times `w` (+z toward the viewer).
    public var z: Double
    /// The homogeneous weight; the point projects to `(x/w, y/w)` when it is positive.
    public var w: Double

    /// Creates a homogeneous vector from its components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }

    /// The row vector times `m`: `self · m`.
    @inlinable
    public func applying(_ m: Transform3D) -> Vector4 {
        Vector4(
            x: x * m.m11 + y * m.m21 + z * m.m31 + w * m.m41,
            y: x * m.m12 + y * m.m22 + z * m.m32 + w * m.m42,
            z: x * m.m13 + y * m.m23 + z * m.m33 + w * m.m43,
            w: x * m.m14 + y * m.m24 + z * m.m34 + w * m.m44
        )
    }

    /// Linear interpolation in homogeneous space (straight lines stay straight in 3D).
    @inlinable
    public func interpolated(to b: Vector4, by t: Double) -> Vector4 {
        Vector4(x: x + (b.x - x) * t, y: y + (b.y - y) * t, z: z + (b.z - z) * t, w: w + (b.w - w) * t)
    }

    /// Whether every component is finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }

    /// The projected 2D point `(x/w, y/w)`, or nil when `w ≤ 0` or the result is not finite.
    /// (Clip polygons at `w ≥ Projection.minimumW` first; clipped corners sit exactly there.)
    @inlinable
    public var projected: Point? {
        guard w > 0 else { return nil }
        let p = Point(x: x / w, y: y / w)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// The post-projective 3D point `(x/w, y/w, z/w)`; only meaningful for `w > 0`.
    @inlinable
    public var divided: Vector3 { Vector3(x: x / w, y: y / w, z: z / w) }
}
