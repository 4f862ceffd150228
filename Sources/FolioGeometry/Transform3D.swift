/// A 4×4 homogeneous transform with Core Animation's `CATransform3D` layout and conventions.
///
/// Points are **row vectors** (`p' = p · M`): translation lives in `m41 m42 m43`, perspective in
/// `m34` (`m34 = −1/d` puts the eye at `z = +d`, so `w = 1 − z/d`). Equality is exact.
/// For OpenGL, upload the 16 values in `m11…m44` order as a column-major `mat4` (no transpose).
@frozen
public struct Transform3D: Hashable, Sendable {
    /// Row 1, column 1: the x component of the image of the x axis (rotation, scale, shear).
    public var m11: Double
    /// Row 1, column 2: the y component of the image of the x axis (rotation, scale, shear).
    public var m12: Double
    /// Row 1, column 3: the z component of the image of the x axis (rotation, scale, shear).
    public var m13: Double
    /// Row 1, column 4: how the x axis contributes to `w` (perspective; 0 for affine maps).
    public var m14: Double
    /// Row 2, column 1: the x component of the image of the y axis (rotation, scale, shear).
    public var m21: Double
    /// Row 2, column 2: the y component of the image of the y axis (rotation, scale, shear).
    public var m22: Double
    /// Row 2, column 3: the z component of the image of the y axis (rotation, scale, shear).
    public var m23: Double
    /// Row 2, column 4: how the y axis contributes to `w` (perspective; 0 for affine maps).
    public var m24: Double
    /// Row 3, column 1: the x component of the image of the z axis (rotation, scale, shear).
    public var m31: Double
    /// Row 3, column 2: the y component of the image of the z axis (rotation, scale, shear).
    public var m32: Double
    /// Row 3, column 3: the z component of the image of the z axis (rotation, scale, shear).
    public var m33: Double
    /// Row 3, column 4: perspective along z; `−1/d` puts the eye at `z = +d` (`w = 1 − z/d`).
    public var m34: Double
    /// Row 4, column 1: translation along x, in points.
    public var m41: Double
    /// Row 4, column 2: translation along y, in points.
    public var m42: Double
    /// Row 4, column 3: translation along z, in points.
    public var m43: Double
    /// Row 4, column 4: the origin's `w` (1 for affine maps).
    public var m44: Double

    /// Creates a transform from its sixteen entries, row by row (`m11…m14`, …, `m41…m44`).
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )

    /// Whether this is exactly the identity (no tolerance).
    @inlinable @inline(__always)
    public var isIdentity: Bool {
        // Off-diagonal entries first: a rotation or translation fails at once.
        m12 == 0 && m21 == 0 && m13 == 0 && m31 == 0 && m23 == 0 && m32 == 0
            && m41 == 0 && m42 == 0 && m43 == 0 && m14 == 0 && m24 == 0 && m34 == 0
            && m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1
    }

    /// Whether every entry is finite (no NaN, no ±∞).
    @inlinable @inline(__always)
    public var isFinite: Bool {
        // `x − x` is +0 for every finite x and NaN for ±∞ and NaN; a sum of +0s is +0 and a
        // sum with a NaN is NaN. One test without sixteen branches, with the same answer as
        // testing each entry.
        let r1 = ((m11 - m11) + (m12 - m12)) + ((m13 - m13) + (m14 - m14))
        let r2 = ((m21 - m21) + (m22 - m22)) + ((m23 - m23) + (m24 - m24))
        let r3 = ((m31 - m31) + (m32 - m32)) + ((m33 - m33) + (m34 - m34))
        let r4 = ((m41 - m41) + (m42 - m42)) + ((m43 - m43) + (m44 - m44))
        return (r1 + r2) + (r3 + r4) == 0
    }

    /// The sixteen entries in `m11…m44` order (row by row); also the column-major GL layout.
    @inlinable
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Creates a transform from sixteen entries in `m11…m44` order; nil unless there are 16.
    @inlinable
    public init?(entries e: [Double]) {
        guard e.count == 16 else { return nil }
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }
}
