import FolioGeometry

/// A leaf rolled around a cylinder whose axis is a line across it, attached at its spine.
///
/// In the spine frame `(u, v)` (see `SpineEdge`) with curl direction `n = (cos α, sin α)`,
/// a flat point `p` lies `s = p·n − c` beyond the axis line `p·n = c`, where
/// `c = sp + e`, `sp = along · max(0, sin α)` (the spine's farthest point along `n`) and
/// `e = ε · across · cos α` (see `CurlPose`). The cylinder of radius `r` rests on the page
/// with its axis at height `r` above that line. The map from the flat point to 3D is
///
/// - flat, `s ≤ 0`: `P = (p, 0)`, front normal `N = (0, 0, 1)`;
/// - bend, `0 < s < πr`, `θ = s/r`: `P = (p + n·(r sin θ − s), r(1 − cos θ))`,
///   `N = (−sin θ · n, cos θ)`;
/// - turned, `s ≥ πr`: `P = (p − n·(2s − πr), 2r)`, `N = (0, 0, −1)`.
///
/// The front of the leaf faces the axis on the bend, so the leaf lifts toward the viewer
/// (`+z`) and past the half turn lies face down at height `2r`, mirrored across the line
/// `p·n = c + πr/2`. The map is an isometry of the leaf onto a developable surface: along
/// the axis nothing moves; across it, arc length `rθ` equals the flat distance `s`.
///
/// **Radius law.** `r = min(R, e/2)` for the rest radius `R`: the roll's diameter never
/// exceeds the axis's distance from the spine, so the spine never lifts (`c ≥ sp` keeps
/// every spine point on the flat part) and the radius shrinks to 0 as the axis reaches the
/// spine, where the leaf lies turned over, mirrored across the spine.
public struct PageCurl: Hashable, Sendable {
    /// The largest leaf side and rest radius accepted, in points.
    public static let maximumSide = 1e7
    /// The largest axis angle accepted, in degrees (at 90° the axis could never leave the
    /// spine's end; at 85° it travels `cos 85° ≈ 9%` of the leaf).
    public static let maximumAngle = 85.0

    /// The leaf's local size: it covers `(0, 0)…(width, height)`, in points.
    public let size: Size
    /// The attached edge.
    public let spine: SpineEdge
    /// The rest radius `R`, in points (the radius while the axis is at least `2R` from the spine).
    public let restRadius: Double
    /// The current pose.
    public private(set) var pose: CurlPose
    /// The current radius `r = min(R, e/2)`, in points.
    public private(set) var radius: Double = 0
    /// The axis's distance `e` beyond the spine's farthest point along `n`, in points.
    public private(set) var axisDistance: Double = 0
    /// `cos α` and `sin α` of the current angle (exact at 0°).
    @usableFromInline private(set) var cosAngle: Double = 1
    @usableFromInline private(set) var sinAngle: Double = 0
    /// The axis line's offset `c` along `n` in the spine frame, in points.
    @usableFromInline private(set) var axisOffset: Double = 0
    @usableFromInline let frame: SpineFrame

    /// A leaf of `size` points attached at `spine`, curling with rest radius `restRadius`.
    ///
    /// - Throws: `SurfaceError` naming a size, radius or pose out of range.
    public init(size: Size, spine: SpineEdge = .left, restRadius: Double, pose: CurlPose = .flat) throws(SurfaceError) {
        guard size.width > 0, size.height > 0, size.width <= Self.maximumSide, size.height <= Self.maximumSide else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        guard restRadius >= 0, restRadius <= Self.maximumSide else { throw .invalidRadius(restRadius) }
        self.size = size
        self.spine = spine
        self.restRadius = restRadius
        self.frame = SpineFrame(spine: spine, size: size)
        self.pose = .flat
        try setPose(pose)
    }

    /// The radius law: `min(R, e/2)` for axis distance `e` and rest radius `R` (points).
    @inlinable
    public static func radius(axisDistance e: Double, restRadius: Double) -> Double {
        min(restRadius, e / 2)
    }

    /// Moves the curl to `pose`.
    ///
    /// - Throws: `.invalidAngle` beyond ±`maximumAngle`, `.invalidAxisFraction` outside 0…1.
    public mutating func setPose(_ pose: CurlPose) throws(SurfaceError) {
        guard abs(pose.angle) <= Self.maximumAngle else { throw .invalidAngle(pose.angle) }
        guard pose.axisFraction >= 0, pose.axisFraction <= 1 else { throw .invalidAxisFraction(pose.axisFraction) }
        self.pose = pose
        let (s, c) = Angle.sinCos(degrees: pose.angle)
        sinAngle = s
        cosAngle = c
        axisDistance = pose.axisFraction * frame.across * c
        axisOffset = spineReach + axisDistance
        radius = Self.radius(axisDistance: axisDistance, restRadius: restRadius)
    }

    /// The spine's farthest point along `n`: `along · max(0, sin α)`, in points.
    @inlinable var spineReach: Double { frame.along * max(0, sinAngle) }

    /// The distance the axis travels from flat to the spine at the current angle,
    /// `E = across · cos α`, in points.
    @inlinable public var travel: Double { frame.across * cosAngle }

    /// The curl direction `n` (unit, in the page plane) in local coordinates: the direction
    /// in which the leaf rolls away from the spine.
    @inlinable public var direction: Vector3 {
        let d = frame.direction(du: cosAngle, dv: sinAngle)
        return Vector3(x: d.x, y: d.y, z: 0)
    }

    /// A point of the axis line on the page, in local coordinates (the cylinder's axis lies
    /// `r` above it); the line runs perpendicular to `direction`.
    @inlinable public var axisPoint: Point {
        frame.local(u: axisOffset * cosAngle, v: axisOffset * sinAngle)
    }

    /// How far `local` lies beyond the axis line along `n` (`s`; ≤ 0 on the flat part), in points.
    @inlinable
    public func distanceBeyondAxis(_ local: Point) -> Double {
        let (u, v) = frame.frame(local)
        return u * cosAngle + v * sinAngle - axisOffset
    }

    /// The 3D point and front normal of the flat leaf point `local` (see the type's formulas).
    @inlinable
    public func point(atLocal local: Point) -> SurfacePoint {
        let s = distanceBeyondAxis(local)
        let r = radius
        if s <= 0 {
            return SurfacePoint(position: Vector3(x: local.x, y: local.y, z: 0), normal: Vector3(x: 0, y: 0, z: 1), region: .flat, angle: 0)
        }
        let n = direction
        if s < .pi * r {
            let theta = s / r
            let sinT = Angle.sin(radians: theta), cosT = Angle.cos(radians: theta)
            let shift = r * sinT - s
            return SurfacePoint(position: Vector3(x: local.x + n.x * shift, y: local.y + n.y * shift, z: r * (1 - cosT)),
                                normal: Vector3(x: -sinT * n.x, y: -sinT * n.y, z: cosT), region: .bend, angle: theta)
        }
        let shift = -(2 * s - .pi * r)
        return SurfacePoint(position: Vector3(x: local.x + n.x * shift, y: local.y + n.y * shift, z: 2 * r),
                            normal: Vector3(x: 0, y: 0, z: -1), region: .turned, angle: .pi)
    }
}
