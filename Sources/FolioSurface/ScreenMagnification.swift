import FolioGeometry

/// A bound on how much a view transform can stretch 3D distances on screen, used to choose
/// how finely a curved surface is cut.
///
/// For a homogeneous map `(X, Y, Z, W) = (p, 1)·M` the screen point is `q = (X/W, Y/W)`, with
/// Jacobian `J(p) = [g_X − q_x·g_W ; g_Y − q_y·g_W] / W` where `g_X, g_Y, g_W` are the linear
/// parts of the X, Y and W columns. Over a convex region where `W > 0`, `‖J‖ ≤ max_q ‖[g_X −
/// q_x g_W; g_Y − q_y g_W]‖ / min W`; the numerator is convex in `q`, so its maximum over the
/// region's screen image (convex, the hull of the projected corners) is at a projected corner.
/// Any segment inside the region then moves on screen by at most that bound times its length.
public enum ScreenMagnification {
    /// An upper bound on `|q(a) − q(b)| / |a − b|` (view points per point) for any two points
    /// of the parallelepiped `origin + i·edges.0 + j·edges.1 + k·edges.2`, `i, j, k ∈ [0, 1]`;
    /// nil when some corner reaches `w ≤ Projection.minimumW` or the result is not finite.
    public static func bound(origin: Vector3, edges: (Vector3, Vector3, Vector3), through m: Transform3D) -> Double? {
        let gX = Vector3(x: m.m11, y: m.m21, z: m.m31)
        let gY = Vector3(x: m.m12, y: m.m22, z: m.m32)
        let gW = Vector3(x: m.m14, y: m.m24, z: m.m34)
        var minimumW = Double.infinity, largestNorm = 0.0
        for corner in 0..<8 {
            var p = origin
            if corner & 1 != 0 { p = p + edges.0 }
            if corner & 2 != 0 { p = p + edges.1 }
            if corner & 4 != 0 { p = p + edges.2 }
            let h = p.applying(m)
            guard h.w > Projection.minimumW else { return nil }
            minimumW = min(minimumW, h.w)
            let rowX = gX - gW * (h.x / h.w), rowY = gY - gW * (h.y / h.w)
            largestNorm = max(largestNorm, spectralNorm(rowX, rowY))
        }
        let bound = largestNorm / minimumW
        return bound.isFinite ? bound : nil
    }

    /// The largest singular value of the 2×3 matrix with rows `a` and `b`.
    @inlinable
    static func spectralNorm(_ a: Vector3, _ b: Vector3) -> Double {
        let aa = a.dot(a), bb = b.dot(b), ab = a.dot(b)
        let half = (aa - bb) / 2
        return ((aa + bb) / 2 + (half * half + ab * ab).squareRoot()).squareRoot()
    }
}
