#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rotation as a unit quaternion `(x, y, z, w)`, the form `Transform3D`'s decomposition
/// interpolates rotations in (CSS Transforms Level 2).
///
/// The matrix of a quaternion (`rotationRows`) follows CSS Transforms Level 2's recomposition
/// formulas, with the extraction (`init(rotationRows:)`) chosen to be its exact inverse, so a
/// matrix → quaternion → matrix round trip returns the rotation. Under that convention Core
/// Animation's `CATransform3DMakeRotation(θ, 0, 0, 1)` is `(0, 0, −sin(θ/2), cos(θ/2))`.
@frozen
public struct Quaternion: Hashable, Sendable {
    /// The vector part's x.
    public var x: Double
    /// The vector part's y.
    public var y: Double
    /// The vector part's z.
    public var z: Double
    /// The scalar part.
    public var w: Double

    /// Creates a quaternion from its components (not normalised).
    @inlinable public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }

    /// No rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The 4-dimensional dot product.
    @inlinable public func dot(_ q: Quaternion) -> Double { x * q.x + y * q.y + z * q.z + w * q.w }

    /// The quaternion of the orthonormal rotation whose rows are `r0`, `r1`, `r2` (the upper
    /// 3×3 of a row-vector `Transform3D`), by Shepperd's method: the largest of the four
    /// squared components is taken from the diagonal and the others from off-diagonal sums,
    /// so no component is found by a square root of a value near 0 (rotations by 180° work).
    public init(rotationRows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        let trace = r0.x + r1.y + r2.z
        if trace > 0 {
            let s = 2 * (trace + 1).squareRoot()       // 4w
            self.init(x: (r2.y - r1.z) / s, y: (r0.z - r2.x) / s, z: (r1.x - r0.y) / s, w: s / 4)
        } else if r0.x >= r1.y && r0.x >= r2.z {
            let s = 2 * max(0, 1 + r0.x - r1.y - r2.z).squareRoot()     // 4x
            self.init(x: s / 4, y: (r0.y + r1.x) / s, z: (r0.z + r2.x) / s, w: (r2.y - r1.z) / s)
        } else if r1.y >= r2.z {
            let s = 2 * max(0, 1 - r0.x + r1.y - r2.z).squareRoot()     // 4y
            self.init(x: (r0.y + r1.x) / s, y: s / 4, z: (r1.z + r2.y) / s, w: (r0.z - r2.x) / s)
        } else {
            let s = 2 * max(0, 1 - r0.x - r1.y + r2.z).squareRoot()     // 4z
            self.init(x: (r0.z + r2.x) / s, y: (r1.z + r2.y) / s, z: s / 4, w: (r1.x - r0.y) / s)
        }
    }

    /// The rows of the rotation matrix (CSS Transforms Level 2's recomposition formulas).
    public var rotationRows: (Vector3, Vector3, Vector3) {
        (Vector3(x: 1 - 2 * (y * y + z * z), y: 2 * (x * y - z * w), z: 2 * (x * z + y * w)),
         Vector3(x: 2 * (x * y + z * w), y: 1 - 2 * (x * x + z * z), z: 2 * (y * z - x * w)),
         Vector3(x: 2 * (x * z - y * w), y: 2 * (y * z + x * w), z: 1 - 2 * (x * x + y * y)))
    }

    /// Spherical linear interpolation a fraction `t` of the way to `other`, as CSS Transforms
    /// Level 2 writes it: the arc between the two quaternions as given, not the shorter of the
    /// two arcs (`q` and `−q` are the same rotation; the spec, and so this, does not flip).
    /// Identical or opposite quaternions give `self`.
    public func slerp(to other: Quaternion, by t: Double) -> Quaternion {
        let product = min(1, max(-1, dot(other)))
        if abs(product) == 1 { return self }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        let a = cos(t * theta) - product * w
        return Quaternion(x: x * a + other.x * w, y: y * a + other.y * w,
                          z: z * a + other.z * w, w: self.w * a + other.w * w)
    }
}
