extension Transform3D {
    /// The matrix taken apart into perspective, translation, rotation, skew and scale (CSS
    /// Transforms Level 2, "Decomposing a 3D matrix"; see `DecomposedTransform3D`), or nil
    /// when it cannot be: `m44 = 0`, a singular affine part, or an entry that is not finite.
    ///
    /// `decomposed()?.recomposed` gives the matrix back to rounding (divided by `m44`, which
    /// describes the same map).
    public func decomposed() -> DecomposedTransform3D? {
        guard isFinite, m44 != 0 else { return nil }
        // Normalise so that m44 = 1 (the same projective map).
        let n = 1 / m44
        let a0 = Vector3(x: m11 * n, y: m12 * n, z: m13 * n)
        let a1 = Vector3(x: m21 * n, y: m22 * n, z: m23 * n)
        let a2 = Vector3(x: m31 * n, y: m32 * n, z: m33 * n)
        let translation = Vector3(x: m41 * n, y: m42 * n, z: m43 * n)
        // The affine part X (this matrix with its fourth column set to (0, 0, 0, 1)); its
        // determinant is that of the upper 3×3, which must not vanish.
        let det3 = a0.dot(a1.cross(a2))
        let norms = a0.length * a1.length * a2.length
        guard det3.isFinite, abs(det3) > 1e-12 * norms, norms > 0 else { return nil }

        // Perspective: solve X · p = c for the column c = (m14, m24, m34, m44)·n. For the
        // affine X, the first three rows give A · (p₁, p₂, p₃) = (c₁, c₂, c₃) and the fourth
        // t · (p₁, p₂, p₃) + p₄ = c₄.
        var perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
        let c = Vector4(x: m14 * n, y: m24 * n, z: m34 * n, w: 1)
        if c.x != 0 || c.y != 0 || c.z != 0 {
            // Cramer's rule on the rows: p = A⁻¹ c, where A⁻¹'s columns are the cross
            // products of the rows over the determinant.
            let i0 = a1.cross(a2), i1 = a2.cross(a0), i2 = a0.cross(a1)
            let pxyz = (i0 * c.x + i1 * c.y + i2 * c.z) * (1 / det3)
            perspective = Vector4(x: pxyz.x, y: pxyz.y, z: pxyz.z, w: c.w - translation.dot(pxyz))
        }

        // Scale and skew by Gram–Schmidt on the rows.
        var sx = a0.length
        var r0 = a0 * (1 / sx)
        var xy = r0.dot(a1)
        let b1 = a1 - r0 * xy
        var sy = b1.length
        var r1 = b1 * (1 / sy)
        xy /= sy
        var xz = r0.dot(a2)
        var b2 = a2 - r0 * xz
        var yz = r1.dot(b2)
        b2 = b2 - r1 * yz
        var sz = b2.length
        var r2 = b2 * (1 / sz)
        xz /= sz
        yz /= sz
        // A left-handed frame: flip every axis and scale, so the rows are a rotation.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = r0 * -1; r1 = r1 * -1; r2 = r2 * -1
        }
        return DecomposedTransform3D(scale: Vector3(x: sx, y: sy, z: sz), skewXY: xy, skewXZ: xz, skewYZ: yz,
                                     rotation: Quaternion(rotationRows: r0, r1, r2),
                                     translation: translation, perspective: perspective)
    }

    /// The matrix a fraction `t` of the way to `other` by decomposition (CSS Transforms
    /// Level 2's matrix interpolation, as WebKit's `TransformationMatrix::blend`): both are
    /// decomposed, their parts interpolated (rotation by slerp) and the result recomposed.
    ///
    /// Exactly `self` at `t = 0` and `other` at `t = 1`. When either matrix cannot be
    /// decomposed (singular, `m44 = 0`, not finite), the blend is discrete as CSS specifies:
    /// `self` below `t = 0.5`, `other` from there on.
    public func blended(to other: Transform3D, by t: Double) -> Transform3D {
        if t == 0 { return self }
        if t == 1 { return other }
        guard let a = decomposed(), let b = other.decomposed() else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, by: t).recomposed
    }
}
