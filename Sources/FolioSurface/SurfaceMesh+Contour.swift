#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// Where the bend turns away from the eye, and the rulings placed around it.
///
/// **The contour.** On the cylinder every point of a ruling has the same normal, and the
/// axis point `C = P + r·N` is the same for every turning angle of a line across the leaf, so
/// the eye side of the surface, the sign of `(E − P)·N`, depends on the angle alone. With the
/// eye as a homogeneous point `(ê, e₄)` (the null vector of the view's X, Y and W columns;
/// `e₄ = 0` for an orthographic view), `g(θ) = (ê − e₄P)·N = (ê − e₄C)·N + e₄r`, and with
/// `D = ê − e₄C` split along `n` and `z`, `g(θ) = D_z cos θ − D_n sin θ + e₄r`: the contour
/// rulings are the angles in `(0, π)` where that vanishes, `θ = φ ± acos(−e₄r/ρ)` with
/// `(D_z, −D_n) = ρ(cos φ, sin φ)`.
///
/// **The rulings around it.** A strip of the bend is planar, so one that contains the contour
/// is seen nearly edge-on: with fixed rulings it could be any fraction of a pixel wide, and
/// its outline (the contour's line and the leaf's edges, all within that fraction of a pixel
/// of each other on screen) is more than a pixel's analytic coverage can resolve. So the
/// contour is a cut of its own, and the rulings next to it stand a full step `Δθ = π/N` away:
/// a strip ending on the contour is seen from its side, about `r(1 − cos Δθ)` (four sagittas,
/// near a pixel) wide on screen. Farther away the fixed rulings `kπ/N` stay where they are
/// (they do not swim as the curl moves); one closer than half a step to a ruling placed
/// around the contour is left out, and a gap wider than a step is split evenly, so every strip
/// spans between half a step and a step (at most a step keeps the chord bound).
extension SurfaceMesh {
    /// The turning angles in `(0, π)` (radians, ascending) at which the bend of `curl` is seen
    /// edge-on through `toView`, written to `contourScratch`.
    func findContourAngles(_ curl: PageCurl, toView m: Transform3D) {
        contourScratch.removeAll(keepingCapacity: true)
        let r = curl.radius
        guard r > 0 else { return }
        // The eye: the null vector of the 3 × 4 matrix whose rows are the X, Y and W columns
        // of the view (point coefficients x, y, z, then the constant), by cofactors.
        let rows = ((m.m11, m.m21, m.m31, m.m41), (m.m12, m.m22, m.m32, m.m42), (m.m14, m.m24, m.m34, m.m44))
        func minor(_ skip: Int) -> Double {
            func pick(_ row: (Double, Double, Double, Double)) -> (Double, Double, Double) {
                switch skip {
                case 0: return (row.1, row.2, row.3)
                case 1: return (row.0, row.2, row.3)
                case 2: return (row.0, row.1, row.3)
                default: return (row.0, row.1, row.2)
                }
            }
            let (a, b, c) = (pick(rows.0), pick(rows.1), pick(rows.2))
            return a.0 * (b.1 * c.2 - b.2 * c.1) - a.1 * (b.0 * c.2 - b.2 * c.0) + a.2 * (b.0 * c.1 - b.1 * c.0)
        }
        let eye = Vector3(x: -minor(0), y: minor(1), z: -minor(2)), e4 = minor(3)
        // The axis line on the page: p·n − s is the same for every leaf point p.
        let n = curl.direction
        let p0 = curl.frame.local(u: 0, v: 0)
        let (u0, v0) = curl.frame.frame(p0)
        let s0 = u0 * curl.cosAngle + v0 * curl.sinAngle - curl.axisOffset
        let k = p0.x * n.x + p0.y * n.y - s0
        let dn = eye.x * n.x + eye.y * n.y - e4 * k
        let dz = eye.z - e4 * r
        let rho = (dn * dn + dz * dz).squareRoot()
        guard rho > 0, rho.isFinite else { return }
        let q = -e4 * r / rho
        guard abs(q) < 1 else { return }
        let phi = atan2(-dn, dz), spread = acos(q)
        /// The angle in `(0, π)` equal to `raw` modulo 2π, if any.
        func inside(_ raw: Double) -> Double? {
            var theta = raw.truncatingRemainder(dividingBy: 2 * Double.pi)
            if theta < 0 { theta += 2 * Double.pi }
            return theta > 1e-9 && theta < Double.pi - 1e-9 ? theta : nil
        }
        let (first, second) = (inside(phi - spread), inside(phi + spread))
        if let first { contourScratch.append(first) }
        if let second {
            if let first, second < first { contourScratch.insert(second, at: 0) } else { contourScratch.append(second) }
        }
    }

    /// The turning angles of the bend's rulings strictly inside `(0, π)`, ascending, for
    /// `count` segments per half turn and the contour angles in `contourScratch`, written to
    /// `rulingScratch` (each with its index `k` on the fixed grid `kπ/count`, or −1).
    func planRulings(count: Int) {
        rulingScratch.removeAll(keepingCapacity: true)
        let step = Double.pi / Double(count)
        func fixed(_ k: Int) -> Double { Double.pi * Double(k) / Double(count) }
        guard !contourScratch.isEmpty else {
            for k in 1..<max(1, count) { rulingScratch.append(Ruling(angle: fixed(k), grid: k)) }
            return
        }
        // Intervals between the ends of the bend and the contours; in each, the rulings next
        // to a contour end stand a step from it, the fixed grid fills the middle.
        var lo = 0.0, loIsContour = false
        for i in 0...contourScratch.count {
            let hi = i < contourScratch.count ? contourScratch[i] : Double.pi
            let hiIsContour = i < contourScratch.count
            let length = hi - lo
            let anchors = (loIsContour ? 1 : 0) + (hiIsContour ? 1 : 0)
            if length > step * (1 + 1e-12) {
                if length < step * (Double(anchors) + 0.5) {
                    // Too short for a full step from each contour: equal pieces.
                    let pieces = (length / step).rounded(.up)
                    for j in 1..<Int(pieces) { rulingScratch.append(Ruling(angle: lo + length * Double(j) / pieces, grid: -1)) }
                } else {
                    let x0 = loIsContour ? lo + step : lo, x1 = hiIsContour ? hi - step : hi
                    if loIsContour { rulingScratch.append(Ruling(angle: x0, grid: -1)) }
                    // The fixed rulings at least half a step inside the middle part (or anywhere
                    // inside it where it ends at 0 or π, which are fixed angles themselves).
                    let margin0 = loIsContour ? 0.5 * step : 1e-12, margin1 = hiIsContour ? 0.5 * step : 1e-12
                    var previous = x0
                    var k = Int((x0 / step).rounded(.down))
                    while true {
                        k += 1
                        let angle = fixed(k)
                        if angle >= x1 - margin1 { break }
                        if angle <= x0 + margin0 { continue }
                        split(from: previous, to: angle, step: step)
                        rulingScratch.append(Ruling(angle: angle, grid: k))
                        previous = angle
                    }
                    split(from: previous, to: x1, step: step)
                    if hiIsContour { rulingScratch.append(Ruling(angle: x1, grid: -1)) }
                }
            }
            if hiIsContour { rulingScratch.append(Ruling(angle: hi, grid: -1)) }
            lo = hi
            loIsContour = hiIsContour
        }
    }

    /// Appends the rulings that split `from…to` into equal pieces of at most `step`.
    private func split(from a: Double, to b: Double, step: Double) {
        let length = b - a
        guard length > step * (1 + 1e-12) else { return }
        let pieces = (length / step).rounded(.up)
        for j in 1..<Int(pieces) { rulingScratch.append(Ruling(angle: a + length * Double(j) / pieces, grid: -1)) }
    }
}

/// A ruling of the bend where the mesh is cut: its turning angle (radians) and its index `k`
/// on the fixed grid `kπ/N` (−1 for one placed around a contour).
struct Ruling {
    var angle: Double
    var grid: Int
}
