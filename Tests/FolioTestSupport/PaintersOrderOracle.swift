import FolioGeometry
import FolioLayers

/// An independent check of a draw order: at sampled screen points, every polygon drawn later
/// is at least as near the viewer as every polygon drawn earlier that also covers the point.
///
/// Nearness is post-projective depth `depth / w`, which is affine across a planar polygon on
/// screen; valid while the root's own transform is affine (true in these tests).
public enum PaintersOrderOracle {
    /// The number of sample points where a later polygon lies behind an earlier one.
    /// Only members of one context are comparable: the root's own quad is its sublayers'
    /// backdrop whatever their depth, so it is left out, as are quads `skipping` names (say,
    /// layers flattened into another's plane, whose depth is measured there).
    public static func violations(_ e: LayerEvaluator, samples: Int = 40, tolerance: Double = 1e-6,
                                  excluding excluded: Set<String> = ["root"], skipping: (Quad) -> Bool = { _ in false }) -> Int {
        let visible = e.quads.filter { $0.isVisible && $0.vertexRange.count >= 3 && !excluded.contains($0.layer.name) && !skipping($0) }
        let points = visible.flatMap { e.corners(of: $0).map(\.point) }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return 0 }
        var bad = 0
        for i in 0..<samples {
            for j in 0..<samples {
                let p = Point(x: minX + (maxX - minX) * (Double(i) + 0.37) / Double(samples),
                              y: minY + (maxY - minY) * (Double(j) + 0.61) / Double(samples))
                var nearest = -Double.infinity
                for q in visible {
                    guard let z = depth(at: p, in: Array(e.corners(of: q))) else { continue }
                    if z < nearest - tolerance * max(1, abs(nearest)) { bad += 1 }
                    nearest = max(nearest, z)
                }
            }
        }
        return bad
    }

    /// Post-projective depth at `p` if the convex polygon covers it (strictly inside).
    public static func depth(at p: Point, in c: [QuadVertex]) -> Double? {
        let a = c[0]
        for i in 1..<(c.count - 1) {
            let b = c[i], d = c[i + 1]
            let area = (b.point.x - a.point.x) * (d.point.y - a.point.y) - (d.point.x - a.point.x) * (b.point.y - a.point.y)
            guard abs(area) > 1e-9 else { continue }
            let wb = ((p.x - a.point.x) * (d.point.y - a.point.y) - (d.point.x - a.point.x) * (p.y - a.point.y)) / area
            let wd = ((b.point.x - a.point.x) * (p.y - a.point.y) - (p.x - a.point.x) * (b.point.y - a.point.y)) / area
            let wa = 1 - wb - wd
            let inside = 1e-6
            guard wa > inside, wb > inside, wd > inside else { continue }
            return wa * a.depth / a.clip.w + wb * b.depth / b.clip.w + wd * d.depth / d.clip.w
        }
        return nil
    }
}
