import FolioGeometry

/// How light falls on paper: a diffuse term and a soft sheen from the surface normal,
/// calibrated so a page lying flat facing the viewer is unchanged.
///
/// With `N` the unit normal of the side the viewer sees (the front normal, negated where the
/// leaf is back-facing), `L` the unit direction toward the light, `V` toward the viewer and
/// `H = (L + V)/|L + V|`:
///
/// - diffuse `D(N) = a + (1 − a) · max(0, N·L) / L_z` (ambient share `a`), so `D(ẑ) = 1`;
/// - sheen `S(N) = k · max(0, max(0, N·H)^e − (ẑ·H)^e)`: only what a surface catches beyond
///   the flat page's share, so the flat page gets none.
///
/// A premultiplied colour `(rgb, α)` is lit as `(rgb · D + S · α, α)` and clamped to 0…1.
/// The same formulas serve flip panels, fold panels and curl vertices (their normals differ).
public struct PaperLight: Hashable, Sendable {
    /// The unit direction toward the light, in the leaf's 3D space (+z toward the viewer).
    public let direction: Vector3
    /// The ambient share `a` in 0…1 (1 = no diffuse shading at all).
    public let ambient: Double
    /// The sheen strength `k` (0 = matte).
    public let sheen: Double
    /// The sheen exponent `e` (≥ 1; small values give a broad, soft highlight).
    public let sheenExponent: Double

    /// Light from the upper left in front of the page, mostly ambient, with a faint broad sheen.
    public static let standard = try! PaperLight(direction: Vector3(x: -0.35, y: -0.5, z: 1))

    /// The least elevation of the light above the page: `z` of the unit direction, 0.05 (about
    /// 3°). Below it the diffuse term's `1/L_z` grows without bound (a grazing light would blow
    /// lit surfaces out to white, or divide by zero in the shader's 32-bit floats), and the
    /// cast shadow (`CastShadow`) would stretch as far.
    public static let minimumElevation = 0.05

    /// Creates a light; `direction` need not be unit length but must point in front of the
    /// page, at least ``minimumElevation`` above it (`z / |direction| ≥ 0.05`).
    ///
    /// - Throws: `.invalidLight` naming the parameter out of range.
    public init(direction: Vector3, ambient: Double = 0.55, sheen: Double = 0.12, sheenExponent: Double = 6) throws(SurfaceError) {
        // Scaled by its largest component first, so that the length of any finite direction
        // is computed without overflow (1e308 in each) or underflow (1e-200 in each).
        let largest = max(abs(direction.x), abs(direction.y), abs(direction.z))
        guard direction.isFinite, largest > 0 else { throw .invalidLight(name: "direction length", value: direction.length) }
        let scaled = Vector3(x: direction.x / largest, y: direction.y / largest, z: direction.z / largest)
        let length = scaled.length
        guard direction.z > 0 else { throw .invalidLight(name: "direction z (must be in front of the page)", value: direction.z) }
        guard scaled.z / length >= Self.minimumElevation else {
            throw .invalidLight(name: "direction z over its length (the light must be at least 3° above the page)", value: scaled.z / length)
        }
        guard ambient >= 0, ambient <= 1 else { throw .invalidLight(name: "ambient", value: ambient) }
        guard sheen >= 0, sheen <= 1 else { throw .invalidLight(name: "sheen", value: sheen) }
        guard sheenExponent >= 1, sheenExponent <= 1000 else { throw .invalidLight(name: "sheenExponent", value: sheenExponent) }
        self.direction = scaled * (1 / length)
        self.ambient = ambient
        self.sheen = sheen
        self.sheenExponent = sheenExponent
    }

    /// The diffuse factor `D(N)` for the visible side's unit normal `normal`.
    @inlinable
    public func diffuse(normal: Vector3) -> Double {
        ambient + (1 - ambient) * max(0, normal.dot(direction)) / direction.z
    }

    /// The additive sheen `S(N)` for the visible side's unit normal, seen from the unit
    /// direction `view` (default: straight on).
    @inlinable
    public func sheen(normal: Vector3, view: Vector3 = Vector3(x: 0, y: 0, z: 1)) -> Double {
        let sum = direction + view
        let length = sum.length
        guard length > 0, sheen > 0 else { return 0 }
        let half = sum * (1 / length)
        let rest = PaperLight.power(max(0, half.z), sheenExponent)
        return sheen * max(0, PaperLight.power(max(0, normal.dot(half)), sheenExponent) - rest)
    }

    /// The diffuse factor and sheen for a surface with front normal `frontNormal`, seen from
    /// its back when `backFacing` (the back's normal is the front's negation).
    @inlinable
    public func shade(frontNormal: Vector3, backFacing: Bool, view: Vector3 = Vector3(x: 0, y: 0, z: 1)) -> (diffuse: Double, sheen: Double) {
        let n = backFacing ? frontNormal * -1 : frontNormal
        return (diffuse(normal: n), sheen(normal: n, view: view))
    }

    /// `x^e` for `x ≥ 0` (0 at 0).
    @inlinable
    static func power(_ x: Double, _ e: Double) -> Double {
        x > 0 ? Double.exp(e * Double.log(x)) : 0
    }
}

extension Double {
    /// `e^x` (via the C library).
    @inlinable static func exp(_ x: Double) -> Double { libmExp(x) }
    /// The natural logarithm (via the C library).
    @inlinable static func log(_ x: Double) -> Double { libmLog(x) }
}
