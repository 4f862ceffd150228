#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry
import FolioSurface

/// Recovers a surface point's unrolled coordinates from its 3D position and normal alone,
/// using only the curl's public axis (point, direction) and radius: `sigma` across the axis
/// (arc length on the bend), `t` along it. Independent of how the mesh was built.
struct Unrolling {
    let curl: PageCurl
    var foot: Vector3 { Vector3(x: curl.axisPoint.x, y: curl.axisPoint.y, z: 0) }
    var n: Vector3 { curl.direction }
    var a: Vector3 { Vector3(x: -curl.direction.y, y: curl.direction.x, z: 0) }

    /// `(sigma, t, angle)` and how far the position lies off the surface it claims (points).
    func unroll(_ position: Vector3, normal: Vector3) -> (sigma: Double, t: Double, angle: Double, offSurface: Double) {
        let r = curl.radius
        let d = position - foot
        let across = d.dot(n), t = d.dot(a)
        if normal.z == 1 { return (across, t, 0, abs(position.z) + max(0, across)) }
        if normal.z == -1 { return (.pi * r - across, t, .pi, abs(position.z - 2 * r) + max(0, across)) }
        let angle = atan2(across, r - position.z)
        let expected = Vector3(x: -sin(angle) * n.x, y: -sin(angle) * n.y, z: cos(angle))
        let radial = ((across * across + (position.z - r) * (position.z - r)).squareRoot() - r)
        return (r * angle, t, angle, abs(radial) + (normal - expected).length * r)
    }
}
