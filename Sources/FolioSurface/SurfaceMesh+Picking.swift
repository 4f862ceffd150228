import FolioGeometry

/// Which leaf point is seen under a pointer.
extension SurfaceMesh {
    /// The leaf point (local points) drawn on top at projected point `point` (the space of the
    /// vertices' `point`), or nil when the mesh does not cover it: the last triangle there in
    /// painter's order, interpolated perspective-correctly (screen weights over `w` are affine
    /// in the triangle's plane).
    public func localPoint(under point: Point) -> Point? {
        guard point.isFinite else { return nil }
        for patch in paintersOrder.reversed() {
            for t in patches[patch].triangles {
                let tri = triangles[t]
                let a = vertices[tri.a], b = vertices[tri.b], c = vertices[tri.c]
                let area = (b.point.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (b.point.y - a.point.y)
                guard area != 0 else { continue }
                let wb = ((point.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (point.y - a.point.y)) / area
                let wc = ((b.point.x - a.point.x) * (point.y - a.point.y) - (point.x - a.point.x) * (b.point.y - a.point.y)) / area
                let wa = 1 - wb - wc
                guard wa >= 0, wb >= 0, wc >= 0 else { continue }
                let (pa, pb, pc) = (wa / a.clip.w, wb / b.clip.w, wc / c.clip.w)
                let sum = pa + pb + pc
                return Point(x: (a.local.x * pa + b.local.x * pb + c.local.x * pc) / sum,
                             y: (a.local.y * pa + b.local.y * pb + c.local.y * pc) / sum)
            }
        }
        return nil
    }
}
