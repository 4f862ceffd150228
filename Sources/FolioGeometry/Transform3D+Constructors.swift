extension Transform3D {
    /// A translation by `(tx, ty, tz)` points (`CATransform3DMakeTranslation`).
    @inlinable
    public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// A scale by `(sx, sy, sz)` about the origin (`CATransform3DMakeScale`).
    @inlinable
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// A right-handed rotation by `angle` radians about the axis `(x, y, z)`
    /// (`CATransform3DMakeRotation`): +90° about y sends +x to −z; a zero axis gives the identity.
    @inlinable
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self.init(rotationSine: Angle.sin(radians: angle), cosine: Angle.cos(radians: angle), x: x, y: y, z: z)
    }

    /// A right-handed rotation by `degrees` about `(x, y, z)`, exact at multiples of 90°
    /// (`cos 90° == 0` exactly, so an edge-on page is exactly edge-on).
    @inlinable
    public init(rotationDegrees degrees: Double, x: Double, y: Double, z: Double) {
        let (s, c) = Angle.sinCos(degrees: degrees)
        self.init(rotationSine: s, cosine: c, x: x, y: y, z: z)
    }

    /// A rotation given by the sine and cosine of its angle about `(x, y, z)`.
    @inlinable
    public init(rotationSine s: Double, cosine c: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let t = 1 - c
        self.init(
            m11: c + t * ux * ux, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: c + t * uy * uy, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: c + t * uz * uz, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1
        )
        // About a coordinate axis the diagonal entry on that axis is exactly 1 (c + (1 − c) can
        // round away from 1), so axis rotations keep that axis exact.
        if uy == 0 && uz == 0 { m11 = 1 }
        if ux == 0 && uz == 0 { m22 = 1 }
        if ux == 0 && uy == 0 { m33 = 1 }
    }

    /// A pure perspective transform with the eye at `z = distance` (`m34 = −1/distance`).
    @inlinable
    public init(perspectiveDistance distance: Double) {
        self = .identity
        m34 = -1 / distance
    }

    /// The product `self · other`: `self` acts first, then `other` (`CATransform3DConcat(self, other)`).
    @inlinable @inline(__always)
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
        )
    }

    /// `T(tx, ty, tz) · self`: the translation acts first, locally (`CATransform3DTranslate`).
    @inlinable @inline(__always)
    public func translated(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
        // Only the last row changes: row4' = tx·row1 + ty·row2 + tz·row3 + row4.
        var r = self
        r.m41 = tx * m11 + ty * m21 + tz * m31 + m41
        r.m42 = tx * m12 + ty * m22 + tz * m32 + m42
        r.m43 = tx * m13 + ty * m23 + tz * m33 + m43
        r.m44 = tx * m14 + ty * m24 + tz * m34 + m44
        return r
    }

    /// `S(sx, sy, sz) · self`: the scale acts first, locally (`CATransform3DScale`).
    @inlinable
    public func scaled(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
        var r = self
        r.m11 *= sx; r.m12 *= sx; r.m13 *= sx; r.m14 *= sx
        r.m21 *= sy; r.m22 *= sy; r.m23 *= sy; r.m24 *= sy
        r.m31 *= sz; r.m32 *= sz; r.m33 *= sz; r.m34 *= sz
        return r
    }

    /// `R(angle, axis) · self`: the rotation acts first, locally (`CATransform3DRotate`); radians.
    @inlinable
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// `R(degrees, axis) · self`, exact at multiples of 90°.
    @inlinable
    public func rotated(degrees: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationDegrees: degrees, x: x, y: y, z: z).concatenating(self)
    }
}

extension Transform3D {
    /// `self · T(x, y, z)`: the translation acts last, in the outer space.
    @inlinable @inline(__always)
    public func appendingTranslation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var r = self
        r.m11 += m14 * x; r.m12 += m14 * y; r.m13 += m14 * z
        r.m21 += m24 * x; r.m22 += m24 * y; r.m23 += m24 * z
        r.m31 += m34 * x; r.m32 += m34 * y; r.m33 += m34 * z
        r.m41 += m44 * x; r.m42 += m44 * y; r.m43 += m44 * z
        return r
    }
}
