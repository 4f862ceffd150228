#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// From a drag to a pose and back.
///
/// A drag holds a point `G` of the leaf (a corner, a point on an edge, or any point of it)
/// under a pointer `P`, both in the leaf's local coordinates on the page plane. The curl only
/// moves points along `n`, so `n` is the direction of `G − P` (clamped to ±`maximumAngle`);
/// the axis distance is then the one that moves `G`'s *footprint* (its 3D point dropped onto
/// the page) exactly onto `P`. That displacement,
///
/// - `0` for `s ≤ 0`, `s − r sin(s/r)` on the bend, `2s − πr` past the half turn
///   (`s = G·n − c`, `r = min(R, e/2)`),
///
/// never decreases as the axis moves toward the spine, so one value of `e` fits; it is found
/// by bisection to the last bit. Where `P` lies beyond what the leaf can reach (the fold
/// would have to cross the spine), the axis stops on the spine (`ε = 0`).
///
/// The footprint is exact on the page plane, hence on screen for an orthographic view and
/// under the effects' perspective for every point of the page plane; a lifted grab point is
/// seen displaced by its parallax (`(point − pivot)·(1/w − 1)`, `w = 1 + m34·z`).
extension PageCurl {
    /// The pose that brings the footprint of the leaf point `grab` onto `pointer` (local points).
    ///
    /// A pointer that is not nearer the spine than the grab point along `n` gives the flat pose.
    ///
    /// - Throws: `.grabOutsideLeaf` for a grab point off the leaf, `.invalidPointer` for a
    ///   non-finite pointer.
    public func pose(grabbing grab: Point, pointer: Point) throws(SurfaceError) -> CurlPose {
        let slack = 1e-9 * (size.width + size.height)
        guard grab.x >= -slack, grab.y >= -slack, grab.x <= size.width + slack, grab.y <= size.height + slack else {
            throw .grabOutsideLeaf(x: grab.x, y: grab.y)
        }
        guard pointer.isFinite else { throw .invalidPointer(x: pointer.x, y: pointer.y) }
        let g = frame.frame(grab), p = frame.frame(pointer)
        let du = g.u - p.u, dv = g.v - p.v
        guard du != 0 || dv != 0 else { return CurlPose(angle: pose.angle, axisFraction: 1) }
        let angle = min(Self.maximumAngle, max(-Self.maximumAngle, atan2(dv, du) * 180 / .pi))
        let (sinA, cosA) = Angle.sinCos(degrees: angle)
        let pull = du * cosA + dv * sinA
        let reach = frame.along * max(0, sinA)
        let travel = frame.across * cosA
        // How far the grab point lies beyond the spine's farthest point along n.
        let beyond = g.u * cosA + g.v * sinA - reach
        guard pull > 0, beyond > 0, travel > 0 else { return CurlPose(angle: angle, axisFraction: 1) }
        let R = restRadius
        /// The grab point's footprint displacement with the axis `e` beyond the spine.
        func displacement(_ e: Double) -> Double {
            let s = beyond - e
            let r = Self.radius(axisDistance: e, restRadius: R)
            if s <= 0 { return 0 }
            if s < .pi * r { return s - r * Angle.sin(radians: s / r) }
            return 2 * s - .pi * r
        }
        if displacement(0) <= pull { return CurlPose(angle: angle, axisFraction: 0) }
        // displacement(lo) > pull ≥ displacement(hi); it falls as e grows.
        var lo = 0.0, hi = min(travel, beyond)
        if displacement(hi) > pull { return CurlPose(angle: angle, axisFraction: min(1, hi / travel)) }
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            guard mid > lo, mid < hi else { break }
            if displacement(mid) > pull { lo = mid } else { hi = mid }
        }
        return CurlPose(angle: angle, axisFraction: min(1, max(0, (lo + hi) / 2 / travel)))
    }

    /// Where the leaf point `local` lies now, dropped onto the page plane (local points):
    /// the inverse direction of `pose(grabbing:pointer:)`.
    @inlinable
    public func footprint(ofLocal local: Point) -> Point {
        let p = point(atLocal: local).position
        return Point(x: p.x, y: p.y)
    }
}
