/// A 2D affine transform with `CGAffineTransform`'s layout: `(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)`.
@frozen
public struct AffineTransform: Hashable, Sendable {
    /// How x contributes to the new x.
    public var a: Double
    /// How x contributes to the new y.
    public var b: Double
    /// How y contributes to the new x.
    public var c: Double
    /// How y contributes to the new y.
    public var d: Double
    /// Translation along x, in points.
    public var tx: Double
    /// Translation along y, in points.
    public var ty: Double

    /// Creates an affine transform from its six entries.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity affine transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Applies the transform to a point (points).
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

extension Transform3D {
    /// The 3D transform that acts like `affine` in the plane (`CATransform3DMakeAffineTransform`).
    @inlinable
    public init(_ affine: AffineTransform) {
        self = .identity
        m11 = affine.a; m12 = affine.b
        m21 = affine.c; m22 = affine.d
        m41 = affine.tx; m42 = affine.ty
    }

    /// Whether the transform is exactly a 2D affine one (`CATransform3DIsAffine`):
    /// no z coupling, no perspective, `m33 = m44 = 1`.
    @inlinable
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The affine part (`CATransform3DGetAffineTransform`); meaningful when `isAffine`.
    @inlinable
    public var affine: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
