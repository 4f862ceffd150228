/// A vertex that can be clipped in homogeneous space: a position plus attributes that
/// interpolate linearly along with it (texture coordinates, depth, …).
public protocol ClipVertex {
    /// The homogeneous position.
    var position: Vector4 { get }
    /// The vertex a fraction `t` of the way to `other` (positions and attributes alike).
    func interpolated(to other: Self, by t: Double) -> Self
}

extension Vector4: ClipVertex {
    @inlinable public var position: Vector4 { self }
}

/// A half-space `a·x + b·y + c·z + d·w + e ≥ 0` over homogeneous points.
///
/// Linear in the homogeneous components, so clipping against it commutes with any later 4×4
/// transform and keeps perspective-correct attributes.
@frozen
public struct ClipPlane: Hashable, Sendable {
    /// The coefficient of x.
    public var a: Double
    /// The coefficient of y.
    public var b: Double
    /// The coefficient of z.
    public var c: Double
    /// The coefficient of w.
    public var d: Double
    /// The constant term.
    public var e: Double

    /// Creates the half-space `a·x + b·y + c·z + d·w + e ≥ 0`.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, e: Double = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e
    }

    /// The signed value at `p`; a point is kept when it is ≥ 0.
    @inlinable
    public func value(_ p: Vector4) -> Double { a * p.x + b * p.y + c * p.z + d * p.w + e }

    /// `w ≥ Projection.minimumW`: everything in front of the eye plane, with a margin.
    public static let inFrontOfEye = ClipPlane(a: 0, b: 0, c: 0, d: 1, e: -Projection.minimumW)
}

/// Homogeneous projection and polygon clipping.
public enum Projection {
    /// Points with `w` at or below this are clipped before dividing (the eye plane is `w = 0`).
    public static let minimumW: Double = 1e-6

    /// Clips the convex polygon `pool[range]` against `plane` (Sutherland–Hodgman), appending the
    /// result to the end of `pool` and returning its range (empty when nothing is left).
    ///
    /// Appends only, so a caller that reuses `pool` with kept capacity allocates nothing.
    @inlinable
    public static func clip<V: ClipVertex>(_ pool: inout [V], _ range: Range<Int>, against plane: ClipPlane) -> Range<Int> {
        let start = pool.count
        guard range.count >= 3 else { return start..<start }
        var previous = pool[range.upperBound - 1]
        var previousValue = plane.value(previous.position)
        for i in range {
            let current = pool[i]
            let currentValue = plane.value(current.position)
            let currentInside = currentValue >= 0
            if currentInside != (previousValue >= 0) {
                // The crossing point: the fraction where the plane value reaches zero.
                let t = previousValue / (previousValue - currentValue)
                pool.append(previous.interpolated(to: current, by: t))
            }
            if currentInside { pool.append(current) }
            previous = current
            previousValue = currentValue
        }
        if pool.count - start < 3 {
            pool.removeSubrange(start...)
        }
        return start..<pool.count
    }

    /// Whether every vertex of `pool[range]` is already inside `plane` (no clipping needed).
    @inlinable
    public static func isInside<V: ClipVertex>(_ pool: [V], _ range: Range<Int>, _ plane: ClipPlane) -> Bool {
        for i in range where !(plane.value(pool[i].position) >= 0) { return false }
        return true
    }

    /// Twice the signed area of the polygon `points` (shoelace); positive when it winds
    /// clockwise on screen (+y down), as an unrotated layer's corners do.
    @inlinable
    public static func signedDoubleArea(_ points: some BidirectionalCollection<Point>) -> Double {
        var sum = 0.0
        guard var previous = points.last else { return 0 }
        for p in points {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }
}
