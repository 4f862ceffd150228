import FolioGeometry

/// The exact coverage of a pixel by a curl's projected mesh, the oracle of the antialiasing
/// tests and of `curl-aa-sweep`: the area of the pixel square inside the union of the mesh's
/// triangles, by clipping.
///
/// Triangles of one facing never overlap on screen (docs/curl.md §7: the mesh lies on the
/// boundary of a convex prism, and a fan of a convex patch does not overlap itself), so the
/// union is the front-facing triangles' areas plus the back-facing ones' less the area of each
/// front–back pair's intersection. (Stratified samples line up with edges of some slopes: 16 ×
/// 16 of them miscount an edge of slope near 1/16 by up to 0.03.)
public enum MeshCoverage {
    /// `polygon` clipped to the half-plane `a·x + b·y + c ≥ 0`.
    public static func clip(_ polygon: [Point], _ a: Double, _ b: Double, _ c: Double) -> [Point] {
        var out: [Point] = []
        guard let last = polygon.last else { return out }
        var p = last, vp = a * p.x + b * p.y + c
        for q in polygon {
            let vq = a * q.x + b * q.y + c
            if (vp >= 0) != (vq >= 0) {
                let t = vp / (vp - vq)
                out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
            if vq >= 0 { out.append(q) }
            (p, vp) = (q, vq)
        }
        return out
    }

    /// `polygon` clipped to the triangle `(a, b, c)` (either winding; empty for a triangle of
    /// no area).
    public static func clip(_ polygon: [Point], toTriangle a: Point, _ b: Point, _ c: Point) -> [Point] {
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard area != 0 else { return [] }
        let sign = area > 0 ? 1.0 : -1.0
        var result = polygon
        for (u, v) in [(a, b), (b, c), (c, a)] where !result.isEmpty {
            // Inside is to the left of u → v for a positively wound triangle.
            let (nx, ny) = (-(v.y - u.y) * sign, (v.x - u.x) * sign)
            result = clip(result, nx, ny, -(nx * u.x + ny * u.y))
        }
        return result
    }

    /// The area of a simple polygon.
    public static func area(_ polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0, previous = polygon[polygon.count - 1]
        for p in polygon { sum += previous.x * p.y - p.x * previous.y; previous = p }
        return abs(sum) / 2
    }

    /// The area (0…1) of the unit pixel square at `(x, y)` inside the union of the triangles
    /// `near`, each `(a, b, c, isBack)`: its corners (in the pixels' units) and whether it is
    /// seen from its back.
    public static func coverage(pixelX x: Double, y: Double, near: [(Point, Point, Point, Bool)]) -> Double {
        let square = [Point(x: x, y: y), Point(x: x + 1, y: y), Point(x: x + 1, y: y + 1), Point(x: x, y: y + 1)]
        var total = 0.0
        var front: [[Point]] = [], back: [(Point, Point, Point)] = []
        for t in near {
            let piece = clip(square, toTriangle: t.0, t.1, t.2)
            let a = area(piece)
            guard a > 0 else { continue }
            total += a
            if t.3 { back.append((t.0, t.1, t.2)) } else { front.append(piece) }
        }
        for piece in front { for t in back { total -= area(clip(piece, toTriangle: t.0, t.1, t.2)) } }
        return min(1, max(0, total))
    }
}
