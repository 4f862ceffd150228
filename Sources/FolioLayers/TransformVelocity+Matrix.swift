import FolioGeometry

// A whole matrix's velocity between the space its blend moves in (`TransformVelocity`, the
// rates of a `DecomposedTransform3D`'s parts) and the matrix's own entries: what composing a
// velocity through a concatenation needs. Additive and cumulative `transform` animations
// concatenate (`a ⊕ b = b·a`), so their presented matrix moves by the product rule in matrix
// space, `(W·B)′ = W′·B + W·B′`; the velocity handed to the next blend is then the derivative
// of the presented matrix's decomposition, which the next blend starts from.

extension TransformVelocity {
    /// The rate of `parts.recomposed`, entries per second, when the parts move at this
    /// velocity: the derivative of CSS's recomposition (`DecomposedTransform3D.recomposed`),
    /// with the rotation turning as `q′ = ½ (ω, 0) ⊗ q`.
    func matrixRate(of parts: DecomposedTransform3D) -> Transform3D {
        let q = parts.rotation
        let dq = Quaternion(x: angular.x, y: angular.y, z: angular.z, w: 0).multiplied(by: q).scaled(by: 0.5)
        let (r0, r1, r2) = q.rotationRows
        let (d0, d1, d2) = Self.rotationRowRates(q, dq)
        let s = parts.scale, ds = scale
        let (xy, xz, yz) = (parts.skewXY, parts.skewXZ, parts.skewYZ), (dxy, dxz, dyz) = (skew.x, skew.y, skew.z)
        let a0 = r0 * s.x, da0 = d0 * s.x + r0 * ds.x
        let k1 = r1 + r0 * xy, dk1 = d1 + d0 * xy + r0 * dxy
        let a1 = k1 * s.y, da1 = dk1 * s.y + k1 * ds.y
        let k2 = r2 + r1 * yz + r0 * xz, dk2 = d2 + d1 * yz + r1 * dyz + d0 * xz + r0 * dxz
        let a2 = k2 * s.z, da2 = dk2 * s.z + k2 * ds.z
        let t = parts.translation, dt = translation
        let p = Vector3(x: parts.perspective.x, y: parts.perspective.y, z: parts.perspective.z)
        let dp = Vector3(x: perspective.x, y: perspective.y, z: perspective.z)
        return Transform3D(
            m11: da0.x, m12: da0.y, m13: da0.z, m14: da0.dot(p) + a0.dot(dp),
            m21: da1.x, m22: da1.y, m23: da1.z, m24: da1.dot(p) + a1.dot(dp),
            m31: da2.x, m32: da2.y, m33: da2.z, m34: da2.dot(p) + a2.dot(dp),
            m41: dt.x, m42: dt.y, m43: dt.z, m44: dt.dot(p) + t.dot(dp) + perspective.w)
    }

    /// The rates of `q.rotationRows` when `q` moves at `dq` (the formulas are quadratic in q).
    static func rotationRowRates(_ q: Quaternion, _ dq: Quaternion) -> (Vector3, Vector3, Vector3) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w), (dx, dy, dz, dw) = (dq.x, dq.y, dq.z, dq.w)
        return (Vector3(x: -4 * (y * dy + z * dz), y: 2 * (dx * y + x * dy - dz * w - z * dw), z: 2 * (dx * z + x * dz + dy * w + y * dw)),
                Vector3(x: 2 * (dx * y + x * dy + dz * w + z * dw), y: -4 * (x * dx + z * dz), z: 2 * (dy * z + y * dz - dx * w - x * dw)),
                Vector3(x: 2 * (dx * z + x * dz - dy * w - y * dw), y: 2 * (dy * z + y * dz + dx * w + x * dw), z: -4 * (x * dx + y * dy)))
    }

    /// The velocity of `m.decomposed()` when `m` moves at `dm` (entries per second): every step
    /// of the decomposition (`Transform3D.decomposed()`: the normalisation by m44, the
    /// perspective by Cramer's rule, Gram–Schmidt on the rows, the flip of a left-handed frame)
    /// differentiated, and the rotation's rows turned into the angular velocity through the
    /// derivative of the quaternion extraction. Nil where `m` cannot be decomposed.
    static func ofDecomposition(of m: Transform3D, rate dm: Transform3D) -> TransformVelocity? {
        guard m.decomposed() != nil, dm.isFinite else { return nil }
        let n = 1 / m.m44, dn = -dm.m44 / (m.m44 * m.m44)
        func row(_ a: Double, _ b: Double, _ c: Double, _ da: Double, _ db: Double, _ dc: Double) -> (Vector3, Vector3) {
            let v = Vector3(x: a, y: b, z: c)
            return (v * n, Vector3(x: da, y: db, z: dc) * n + v * dn)
        }
        let (a0, da0) = row(m.m11, m.m12, m.m13, dm.m11, dm.m12, dm.m13)
        let (a1, da1) = row(m.m21, m.m22, m.m23, dm.m21, dm.m22, dm.m23)
        let (a2, da2) = row(m.m31, m.m32, m.m33, dm.m31, dm.m32, dm.m33)
        let (t, dt) = row(m.m41, m.m42, m.m43, dm.m41, dm.m42, dm.m43)
        let (c, dc) = row(m.m14, m.m24, m.m34, dm.m14, dm.m24, dm.m34)

        // Perspective: p = A⁻¹c (the inverse's columns are the rows' cross products over the
        // determinant), p₄ = 1 − t·p. Where c = 0 this is the 0 the decomposition takes.
        let i0 = a1.cross(a2), i1 = a2.cross(a0), i2 = a0.cross(a1)
        let di0 = da1.cross(a2) + a1.cross(da2), di1 = da2.cross(a0) + a2.cross(da0), di2 = da0.cross(a1) + a0.cross(da1)
        let det = a0.dot(i0), dDet = da0.dot(i0) + a0.dot(di0)
        let num = i0 * c.x + i1 * c.y + i2 * c.z
        let dNum = di0 * c.x + i0 * dc.x + di1 * c.y + i1 * dc.y + di2 * c.z + i2 * dc.z
        let p = num * (1 / det), dp = (dNum - p * dDet) * (1 / det)
        let dp4 = -(dt.dot(p) + t.dot(dp))

        // Gram–Schmidt on the rows, step by step.
        func unit(_ v: Vector3, _ dv: Vector3) -> (Vector3, Vector3, Double, Double) {
            let length = v.length, dLength = v.dot(dv) / length
            let u = v * (1 / length)
            return (u, (dv - u * dLength) * (1 / length), length, dLength)
        }
        var (r0, dr0, sx, dsx) = unit(a0, da0)
        let xy0 = r0.dot(a1), dxy0 = dr0.dot(a1) + r0.dot(da1)
        var (r1, dr1, sy, dsy) = unit(a1 - r0 * xy0, da1 - dr0 * xy0 - r0 * dxy0)
        let dxy = (dxy0 - (xy0 / sy) * dsy) / sy
        let xz0 = r0.dot(a2), dxz0 = dr0.dot(a2) + r0.dot(da2)
        let c2 = a2 - r0 * xz0, dc2 = da2 - dr0 * xz0 - r0 * dxz0
        let yz0 = r1.dot(c2), dyz0 = dr1.dot(c2) + r1.dot(dc2)
        var (r2, dr2, sz, dsz) = unit(c2 - r1 * yz0, dc2 - dr1 * yz0 - r1 * dyz0)
        let dxz = (dxz0 - (xz0 / sz) * dsz) / sz, dyz = (dyz0 - (yz0 / sz) * dsz) / sz
        if r0.dot(r1.cross(r2)) < 0 {
            (sx, sy, sz, dsx, dsy, dsz) = (-sx, -sy, -sz, -dsx, -dsy, -dsz)
            (r0, r1, r2, dr0, dr1, dr2) = (r0 * -1, r1 * -1, r2 * -1, dr0 * -1, dr1 * -1, dr2 * -1)
        }
        _ = (sx, sy, sz)
        let angular = TransformPartRates.angularVelocity(rows: r0, r1, r2, rates: dr0, dr1, dr2)
        return TransformVelocity(translation: dt, scale: Vector3(x: dsx, y: dsy, z: dsz), skew: Vector3(x: dxy, y: dxz, z: dyz),
                                 angular: angular, perspective: Vector4(x: dp.x, y: dp.y, z: dp.z, w: dp4))
    }
}

extension Transform3D {
    /// The entry-wise sum (for rates of matrices).
    func adding(_ o: Transform3D) -> Transform3D {
        Transform3D(m11: m11 + o.m11, m12: m12 + o.m12, m13: m13 + o.m13, m14: m14 + o.m14,
                    m21: m21 + o.m21, m22: m22 + o.m22, m23: m23 + o.m23, m24: m24 + o.m24,
                    m31: m31 + o.m31, m32: m32 + o.m32, m33: m33 + o.m33, m34: m34 + o.m34,
                    m41: m41 + o.m41, m42: m42 + o.m42, m43: m43 + o.m43, m44: m44 + o.m44)
    }

    /// All sixteen entries 0: a matrix at rest.
    static let zeroRate = Transform3D(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                                      m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
}
