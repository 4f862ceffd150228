import FolioGeometry

extension LayerEvaluator {
    /// The topmost quad drawn under `point` (view points) in the last evaluation — the polygon
    /// whose pixel would show there, by depth and draw order — with the point mapped back into
    /// its layer's coordinates through the exact projective inverse; nil over nothing.
    ///
    /// This is a pick by what is drawn on top, which is what a pointer over a 3D scene usually
    /// wants. Core Animation's `hitTest` goes by the layer tree instead (sublayer order,
    /// whatever the depth): that is `Layer.hitTest(_:)`.
    public func topmostQuad(at point: Point) -> QuadPick? {
        let all = quads
        var index = all.count
        while index > 0 {
            index -= 1
            let quad = all[index]
            guard quad.isVisible, quad.vertexRange.count >= 3 else { continue }
            if let local = localPoint(point, in: quad) {
                return QuadPick(quadIndex: index, layer: quad.layer, localPoint: local)
            }
        }
        return nil
    }

    /// The topmost visible layer under `point`; renamed `topmostQuad(at:)`, which says what it
    /// picks (Core Animation's tree-order hit test is `Layer.hitTest(_:)`).
    @available(*, deprecated, renamed: "topmostQuad(at:)")
    public func hitTest(_ point: Point) -> QuadPick? { topmostQuad(at: point) }

    /// The local point under `point` if `quad` contains it: the triangle fan around the first
    /// corner, barycentric weights in screen space, then perspective-correct (divide by w).
    func localPoint(_ point: Point, in quad: Quad) -> Point? {
        let corners = self.corners(of: quad)
        let a = corners[corners.startIndex]
        for i in (corners.startIndex + 1)..<(corners.endIndex - 1) {
            let b = corners[i], c = corners[i + 1]
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
