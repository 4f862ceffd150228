import FolioGeometry

/// The result of a hit test: the topmost layer under a view point and that point in the
/// layer's own coordinates.
public struct HitTestResult {
    /// The topmost visible layer whose evaluated polygon contains the point.
    public let layer: Layer
    /// The point in `layer`'s coordinates (points, within `bounds`).
    public let localPoint: Point
}

extension LayerEvaluator {
    /// The topmost visible layer under `point` (view points) in the last evaluation, with the
    /// point mapped back into the layer's coordinates through the exact projective inverse.
    public func hitTest(_ point: Point) -> HitTestResult? {
        for quad in quads.reversed() where quad.isVisible && quad.vertexRange.count >= 3 {
            if let local = localPoint(point, in: quad) {
                return HitTestResult(layer: quad.layer, localPoint: local)
            }
        }
        return nil
    }

    /// The local point under `point` if `quad` contains it: the triangle fan around the first
    /// corner, barycentric weights in screen space, then perspective-correct (divide by w).
    func localPoint(_ point: Point, in quad: Quad) -> Point? {
        let r = quad.vertexRange
        let vertices = state.vertices
        let a = vertices[r.lowerBound]
        for i in (r.lowerBound + 1)..<(r.upperBound - 1) {
            let b = vertices[i], c = vertices[i + 1]
            let area = (b.point.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (b.point.y - a.point.y)
            guard area != 0 else { continue }
            let wb = ((point.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (point.y - a.point.y)) / area
            let wc = ((b.point.x - a.point.x) * (point.y - a.point.y) - (point.x - a.point.x) * (b.point.y - a.point.y)) / area
            let wa = 1 - wb - wc
            let slack = -1e-12
            guard wa >= slack, wb >= slack, wc >= slack else { continue }
            // Screen-space weights become object-space ones after dividing by each w.
            let ia = wa / a.clip.w, ib = wb / b.clip.w, ic = wc / c.clip.w
            let sum = ia + ib + ic
            guard sum > 0 else { continue }
            return Point(x: (ia * a.local.x + ib * b.local.x + ic * c.local.x) / sum,
                         y: (ia * a.local.y + ib * b.local.y + ic * c.local.y) / sum)
        }
        return nil
    }
}
