/// A `Transform3D` taken apart as CSS Transforms Level 2 ("Decomposing a 3D matrix")
/// describes: perspective, translation, rotation, skew and scale.
///
/// In `Transform3D`'s row-vector convention the parts recompose as
/// `M = Scale · Skew · Rotation · Translation · Perspective`: a point is scaled first and put
/// in perspective last. With the rows of the upper 3×3 written `a₀, a₁, a₂` and the rotation's
/// rows `r₀, r₁, r₂`: `a₀ = sx·r₀`, `a₁ = sy·(r₁ + xy·r₀)`, `a₂ = sz·(r₂ + yz·r₁ + xz·r₀)`
/// (a Gram–Schmidt orthogonalisation of the rows); the translation is row 4; the perspective
/// `p` is the column that `M`'s fourth column equals once multiplied by the affine part.
/// Interpolating two decompositions (`interpolated(to:by:)`) is how a whole-matrix transform
/// animation moves: translation, scale, skew and perspective linearly, rotation by slerp.
@frozen
public struct DecomposedTransform3D: Hashable, Sendable {
    /// Scale along the layer's own x, y and z axes (negative when the matrix flips).
    public var scale: Vector3
    /// Shears: `xy` (the x component added per unit of y), `xz` and `yz`, as tangents.
    public var skewXY: Double, skewXZ: Double, skewYZ: Double
    /// The rotation (see `Quaternion` for its sign convention).
    public var rotation: Quaternion
    /// Translation, in points.
    public var translation: Vector3
    /// The perspective column `(p₁, p₂, p₃, p₄)`: `(0, 0, 0, 1)` for an affine matrix;
    /// `(0, 0, −1/d, 1)` for Core Animation's usual `m34 = −1/d`.
    public var perspective: Vector4

    /// Creates a decomposition from its parts.
    @inlinable
    public init(scale: Vector3, skewXY: Double = 0, skewXZ: Double = 0, skewYZ: Double = 0,
                rotation: Quaternion = .identity, translation: Vector3 = .zero,
                perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1)) {
        self.scale = scale; self.skewXY = skewXY; self.skewXZ = skewXZ; self.skewYZ = skewYZ
        self.rotation = rotation; self.translation = translation; self.perspective = perspective
    }

    /// The decomposition of the identity.
    public static let identity = DecomposedTransform3D(scale: Vector3(x: 1, y: 1, z: 1))

    /// The parts a fraction `t` of the way to `other` (CSS Transforms Level 2,
    /// "Interpolation of decomposed 3D matrix values"): every part linearly but the rotation,
    /// which is slerped.
    public func interpolated(to other: DecomposedTransform3D, by t: Double) -> DecomposedTransform3D {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return DecomposedTransform3D(
            scale: scale + (other.scale - scale) * t,
            skewXY: mix(skewXY, other.skewXY), skewXZ: mix(skewXZ, other.skewXZ), skewYZ: mix(skewYZ, other.skewYZ),
            rotation: rotation.slerp(to: other.rotation, by: t),
            translation: translation + (other.translation - translation) * t,
            perspective: perspective.interpolated(to: other.perspective, by: t))
    }

    /// The matrix these parts make (CSS Transforms Level 2, "Recomposing to a 3D matrix").
    public var recomposed: Transform3D {
        let (r0, r1, r2) = rotation.rotationRows
        let a0 = r0 * scale.x
        let a1 = (r1 + r0 * skewXY) * scale.y
        let a2 = (r2 + r1 * skewYZ + r0 * skewXZ) * scale.z
        let t = translation, p = perspective
        let pxyz = Vector3(x: p.x, y: p.y, z: p.z)
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: a0.dot(pxyz),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: a1.dot(pxyz),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: a2.dot(pxyz),
            m41: t.x, m42: t.y, m43: t.z, m44: t.dot(pxyz) + p.w)
    }
}
