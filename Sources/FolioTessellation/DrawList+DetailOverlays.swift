import FolioGeometry
import FolioLayers

/// A face's shadow merged into the page details drawn over the face, as well as into the face.
///
/// ## The fault
///
/// A shadow sublayer that exactly covers its face is merged into the face's item as an
/// overlay (`isOverlay`): the face is drawn once, its colour `tex` with the shadow `o` over it,
/// and under the paper light (`LIGHT`) lit as one, `clamp((o + tex·(1 − oₐ))·D + S)`. A face
/// that carries page details (`PageDetailLayers`: the details are its sublayers, drawn after it
/// and before its shadow, so that they lie under it) had its shadow drawn as an item of its
/// own, after the details: the face lit alone, `clamp(tex·D + S)`, then the shadow lit and
/// composited over it. Without the clamp the two agree; with it they do not where a channel
/// of the lit face passes 1 (a panel turned toward the light, `D > 1`, on light paper): the
/// face's excess is clipped before the shadow darkens it. So wherever a detail's ramp lets the
/// face show through — along every tile's edge — the face came out darker than the detail
/// beside it, which had no such clip between: up to 12/255 along the tiles of a top-to-bottom
/// fold unfolding at 0.6 (`FoldPageDetailRenderTests`), 40/255 at 0.25; the same frame
/// without the light, or without the shadows, is exact.
///
/// ## The rule
///
/// A shadow that would be merged into a face but for the face's details drawn between them
/// (opaque everywhere) is merged into the face and into each of those details, and not drawn
/// itself. Each detail
/// then draws `lit(tile over shadow)` exactly as the face draws `lit(page over shadow)`. A
/// detail lies in its face's plane, inside it (it is cut to the part of the page the face
/// shows), so the shadow's gradient reaches it whole: its axis, given in the shadow's unit
/// coordinates, is carried into the detail's own (`overlayAxis`), an affine change of
/// coordinates found from the two polygons' maps. A detail whose map to the shadow is not
/// affine (not in the face's plane) keeps the old way: the shadow drawn on its own.
extension DrawList {
    /// Whether item `i` may take an overlay: a plain flat item (no group picture, border or
    /// raster, no overlay yet).
    func takesOverlay(_ i: Int, _ frame: Frame) -> Bool {
        let item = items[i]
        return item.overlayQuadIndex == nil && item.composite < 0 && item.border < 0 && item.raster < 0
            && frame.polygons[item.quadIndex].surfacePatch < 0
    }

    /// The first item that the shadow polygon `quad` merges into, all items from there to the
    /// last taking it: the last item when `quad` is its shadow (`isOverlay`), or a face
    /// followed only by its page details — sublayers of the face, opaque everywhere
    /// (`isOpaque`), with no sublayers of their own, whose points map affinely into the
    /// shadow's — when `quad` is the face's shadow. Nil when it merges into none. A detail must
    /// be opaque: the overlay is composited over the item's own colour, so a detail's
    /// transparent part would carry the shadow over the face's shadow, darkening it twice.
    func overlayBase(for quad: Frame.Polygon, _ frame: Frame, isOpaque: (Frame.Polygon) -> Bool) -> Int? {
        let shadow = frame.record(of: quad)
        // `isOverlay`'s own terms first: most polygons are no shadow.
        guard !items.isEmpty, shadow.paint.contents == nil, !shadow.hasSublayers,
              shadow.kind == .gradient || shadow.paint.backgroundColor != nil else { return nil }
        var j = items.count - 1
        while mergesDetailOverlays && j > 0 && takesOverlay(j, frame) {
            let polygon = frame.polygons[items[j].quadIndex]
            let record = frame.record(of: polygon)
            guard record.superRecord == shadow.superRecord, !record.hasSublayers, isOpaque(polygon),
                  Self.overlayAxis(of: quad, frame, on: polygon) != nil else { break }
            j -= 1
        }
        guard takesOverlay(j, frame), Self.isOverlay(quad, of: frame.polygons[items[j].quadIndex], frame) else { return nil }
        return j
    }

    /// The axis of `overlay`'s gradient (start and end, unit coordinates of `overlay`'s
    /// bounds) in the unit coordinates of the bounds of `polygon`, a layer in the same plane
    /// (the shader places a gradient by the item's own unit point): the same ramp position at
    /// every point. The axis as it is when `polygon` is the layer `overlay` covers; nil when
    /// the map from `polygon`'s points to `overlay`'s is not affine (another plane), `polygon`'s
    /// bounds reach outside `overlay`'s, or either is degenerate.
    package static func overlayAxis(of overlay: Frame.Polygon, _ frame: Frame, on polygon: Frame.Polygon) -> (start: Point, end: Point)? {
        let o = frame.record(of: overlay), p = frame.record(of: polygon)
        let axis = o.paint.gradient.map { ($0.startPoint, $0.endPoint) } ?? (Point(x: 0, y: 0), Point(x: 0, y: 1))
        if o.superRecord == polygon.record { return axis }
        let (ob, pb) = (o.bounds, p.bounds)
        guard ob.width > 0, ob.height > 0, pb.width > 0, pb.height > 0 else { return nil }
        // Three corners of the polygon's bounds, through the screen, into the overlay's points.
        func toOverlay(_ local: Point) -> Point? {
            let h = polygon.localToView.apply(local)
            guard h.w > 0 else { return nil }
            return overlay.localToView.inverse(Point(x: h.x / h.w, y: h.y / h.w))
        }
        guard let a = toOverlay(Point(x: pb.minX, y: pb.minY)), let bx = toOverlay(Point(x: pb.maxX, y: pb.minY)),
              let by = toOverlay(Point(x: pb.minX, y: pb.maxY)), let d = toOverlay(Point(x: pb.maxX, y: pb.maxY)) else { return nil }
        // Affine: the fourth corner where the other three put it (a millionth of the bounds);
        // and inside the overlay, which would not reach a part outside it.
        let tolerance = 1e-6 * max(ob.width, ob.height, 1)
        guard abs(bx.x + by.x - a.x - d.x) <= tolerance, abs(bx.y + by.y - a.y - d.y) <= tolerance else { return nil }
        func inside(_ q: Point) -> Bool {
            q.x >= ob.minX - tolerance && q.x <= ob.maxX + tolerance && q.y >= ob.minY - tolerance && q.y <= ob.maxY + tolerance
        }
        guard inside(a), inside(bx), inside(by), inside(d) else { return nil }
        // The polygon's unit point u maps to the overlay's unit point M·u + c.
        let m00 = (bx.x - a.x) / ob.width, m10 = (bx.y - a.y) / ob.height
        let m01 = (by.x - a.x) / ob.width, m11 = (by.y - a.y) / ob.height
        let c = Point(x: (a.x - ob.minX) / ob.width, y: (a.y - ob.minY) / ob.height)
        // Ramp position t = (M·u + c − s)·e / |e|², e = end − start: in u, the axis whose
        // direction v = Mᵀe / |e|² has length 1/|axis| and whose start s' has s'·v = (s − c)·e / |e|².
        let e = Point(x: axis.1.x - axis.0.x, y: axis.1.y - axis.0.y)
        let e2 = e.x * e.x + e.y * e.y
        guard e2 > 0 else { return axis }
        let v = Point(x: (m00 * e.x + m10 * e.y) / e2, y: (m01 * e.x + m11 * e.y) / e2)
        let v2 = v.x * v.x + v.y * v.y
        guard v2 > 0, v2.isFinite else { return nil }
        let offset = ((axis.0.x - c.x) * e.x + (axis.0.y - c.y) * e.y) / e2
        let start = Point(x: v.x * offset / v2, y: v.y * offset / v2)
        return (start, Point(x: start.x + v.x / v2, y: start.y + v.y / v2))
    }
}
