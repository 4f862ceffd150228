import FolioGeometry
import FolioLayers
import FolioSurface

/// Surface layers in the draw list: their patches are items like any polygon; two things
/// differ.
///
/// **Contours.** Adjacent patches share their edges bit for bit, so `markSharedEdges` makes
/// every inner edge a seam: never faded, free. That is right between patches of the same
/// facing, but where the surface turns away from the viewer (a contour, `SurfaceMesh.contours`)
/// both sheets end on the same screen line and lie on the same side of it: the line is a true
/// silhouette. The nearer sheet — the back-facing one (docs/curl.md §7) — fades there with
/// exact coverage. The farther sheets are cut back from the contour by the nearer sheet's
/// width there (the margin at most) and fade along the cut, so they add nothing to the
/// pixels along the contour that the nearer sheet covers, and still cover the rest where the
/// nearer sheet is a sliver (as when the contour first appears).
///
/// **Normals.** With lighting on, each vertex carries the unit normal of the side the viewer
/// sees: a flat layer's `frontNormal`, a surface's exact normal at the vertex's local point,
/// negated where the polygon shows its back.
extension DrawList {
    /// Where the farther sheets of a surface are cut back from a contour: the cut line (from,
    /// to), the direction into the sheets, and the contour segment itself, in viewport pixels.
    struct ContourClip {
        var layer: ObjectIdentifier
        var from: (Double, Double), to: (Double, Double)
        var normal: (Double, Double)
        var contour: ((Double, Double), (Double, Double))
    }

    /// Turns shared edges of surface patches that lie on a contour back into silhouettes, and
    /// clears the farther sheets out of the nearer sheet's fading band.
    mutating func markContours(_ e: LayerEvaluator) {
        clipLines.removeAll(keepingCapacity: true)
        nearContours.removeAll(keepingCapacity: true)
        contourEdges.removeAll(keepingCapacity: true)
        // A contour is where the viewer's side of the surface changes: a shared edge between
        // two patches of one surface, one seen from the front and one from the back (their
        // quads' windings; near a contour a strip is nearly edge-on, so the windings on screen
        // decide, not the mesh's own classification).
        contourMarks.removeAll(keepingCapacity: true)
        for i in items.indices {
            let quad = e.quads[items[i].quadIndex]
            guard quad.surfacePatch >= 0, quad.layer.kind == .surface else { continue }
            let back = quad.localToView.showsBack
            let r = items[i].corners
            for k in r where corners[k].shared {
                let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
                if hasPartner(ofEdge: k, next, in: i, facingBack: !back, e) { contourMarks.append((i, k)) }
            }
        }
        for (i, k) in contourMarks {
            let quad = e.quads[items[i].quadIndex]
            let surface = quad.layer
            let nearer = quad.localToView.showsBack
            let r = items[i].corners
            let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
            corners[k].shared = false
            corners[k].fades = true
            if nearer {
                nearContours.append(ContourClip(layer: ObjectIdentifier(surface), from: (corners[k].x, corners[k].y),
                                                to: (corners[next].x, corners[next].y), normal: (0, 0),
                                                contour: ((corners[k].x, corners[k].y), (corners[next].x, corners[next].y))))
            } else if let n = inwardNormal(k, in: r, winding: winding(r)) {
                // How wide the nearer sheet is along this edge's inward normal, measured a
                // quarter of the way in from each end and extended to the ends: it narrows to
                // nothing where the contour first appears (a sliver), and the leaf's outline cuts
                // it short at the very ends, where a measurement would say nothing of the rest.
                let (p0, p1) = (corners[k], corners[next])
                func at(_ f: Double) -> (x: Double, y: Double) { (p0.x + (p1.x - p0.x) * f, p0.y + (p1.y - p0.y) * f) }
                let w1 = min(Self.margin, nearerWidth(at: at(0.25), along: n, of: i, e))
                let w3 = min(Self.margin, nearerWidth(at: at(0.75), along: n, of: i, e))
                let inset0 = min(Self.margin, max(0, w1 - (w3 - w1) / 2))
                let inset1 = min(Self.margin, max(0, w3 + (w3 - w1) / 2))
                clipLines.append(ContourClip(layer: ObjectIdentifier(surface),
                                             from: (p0.x + n.0 * inset0, p0.y + n.1 * inset0),
                                             to: (p1.x + n.0 * inset1, p1.y + n.1 * inset1),
                                             normal: n, contour: ((p0.x, p0.y), (p1.x, p1.y))))
            }
        }
        if !clipLines.isEmpty { clipFartherSheets(e) }
        if !nearContours.isEmpty { findContourEdges(e) }
    }

    /// The nearer sheet can be thinner than a pixel next to its contour (it is seen nearly
    /// edge-on there), so the back-facing items beyond it reach the contour's pixels across
    /// seams that are never faded. Each such item takes the contour as one more coverage edge
    /// (`contourEdges`, added to its silhouettes by `findEdges`): a pixel centre lies in exactly
    /// one of them, which then covers the pixel by the contour's exact coverage.
    mutating func findContourEdges(_ e: LayerEvaluator) {
        for i in items.indices {
            let quad = e.quads[items[i].quadIndex]
            guard quad.surfacePatch >= 0, quad.localToView.showsBack else { continue }
            let id = ObjectIdentifier(quad.layer)
            let r = items[i].corners
            for contour in nearContours where contour.layer == id && near(corners[r], contour) {
                let (a, b) = contour.contour
                // The item's own contour edge is already a silhouette.
                var own = false
                for k in r {
                    let c = corners[k], d = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
                    if (c.x == a.0 && c.y == a.1 && d.x == b.0 && d.y == b.1) || (c.x == b.0 && c.y == b.1 && d.x == a.0 && d.y == a.1) { own = true; break }
                }
                if own { continue }
                // The line, its normal toward the item's centre.
                var (nx, ny) = (-(b.1 - a.1), b.0 - a.0)
                let length = (nx * nx + ny * ny).squareRoot()
                guard length > 0 else { continue }
                (nx, ny) = (nx / length, ny / length)
                let centre = self.centre(r)
                if nx * (centre.x - a.0) + ny * (centre.y - a.1) < 0 { (nx, ny) = (-nx, -ny) }
                contourEdges.append((item: i, nx: nx, ny: ny, c: -(nx * a.0 + ny * a.1)))
            }
        }
    }

    /// Adds to item `i`'s silhouette edges the contours its pixels must respect (`findContourEdges`).
    mutating func appendContourEdges(_ i: Int) {
        for extra in contourEdges where extra.item == i && edges.count - items[i].edges.lowerBound < Self.maximumItemEdges {
            let (nx, ny, c) = (extra.nx, extra.ny, extra.c)
            edges.append(EdgeLine(nx: nx, ny: ny, c: c,
                                  shaderEdge: (Float(nx), Float(ny), Float(c - nx * origin.x - ny * origin.y)),
                                  reach: 0.5 * (abs(nx) + abs(ny))))
        }
        items[i].edges = items[i].edges.lowerBound..<edges.count
    }

    /// Cuts every front-facing patch of a surface with a contour out of the band between the
    /// contour and its clip line (`clipLines`): what is left of them ends on the clip line
    /// with a faded edge, so where the nearer sheet fades across the contour nothing of the
    /// farther sheets is under it — not the strip next to the contour, nor the strips beyond
    /// it when that one is thinner than the band (it is nearly edge-on).
    mutating func clipFartherSheets(_ e: LayerEvaluator) {
        scratch.removeAll(keepingCapacity: true)
        var kept = 0
        for i in items.indices {
            let quad = e.quads[items[i].quadIndex]
            let r = items[i].corners
            let start = scratch.count
            scratch.append(contentsOf: corners[r])
            if quad.surfacePatch >= 0, !quad.localToView.showsBack {
                let id = ObjectIdentifier(quad.layer)
                for clip in clipLines where clip.layer == id && near(scratch[start...], clip) {
                    clipScratch(from: start, clip)
                    if scratch.count - start < 3 { break }
                }
            }
            if scratch.count - start >= 3 {
                items[kept] = items[i]
                items[kept].corners = start..<scratch.count
                kept += 1
            } else {
                scratch.removeSubrange(start...)
            }
        }
        items.removeSubrange(kept...)
        swap(&corners, &scratch)
    }

    /// Whether any corner of `polygon` lies within twice the margin of the clip's contour
    /// segment (only those polygons can reach into its band).
    func near(_ polygon: ArraySlice<Corner>, _ clip: ContourClip) -> Bool {
        let (a, b) = clip.contour
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length2 = dx * dx + dy * dy
        for c in polygon {
            let t = length2 > 0 ? max(0, min(1, ((c.x - a.0) * dx + (c.y - a.1) * dy) / length2)) : 0
            let (px, py) = (a.0 + dx * t - c.x, a.1 + dy * t - c.y)
            if px * px + py * py <= 4 * Self.margin * Self.margin { return true }
        }
        return false
    }

    /// Clips the polygon at `scratch[start...]` to the inner side of `clip`'s line; the edge the
    /// cut makes is a silhouette (faded).
    mutating func clipScratch(from start: Int, _ clip: ContourClip) {
        var (nx, ny) = (-(clip.to.1 - clip.from.1), clip.to.0 - clip.from.0)
        let length = (nx * nx + ny * ny).squareRoot()
        guard length > 0 else { return }
        (nx, ny) = (nx / length, ny / length)
        if nx * clip.normal.0 + ny * clip.normal.1 < 0 { (nx, ny) = (-nx, -ny) }
        let c = -(nx * clip.from.0 + ny * clip.from.1)
        func value(_ p: Corner) -> Double { nx * p.x + ny * p.y + c }
        let n = scratch.count - start
        var allInside = true
        for k in start..<scratch.count where value(scratch[k]) < 0 { allInside = false; break }
        if allInside { return }
        var out: [Corner] = []
        swap(&out, &pieceCorners)
        out.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let a = scratch[start + k], b = scratch[start + (k + 1) % n]
            let va = value(a), vb = value(b)
            if va >= 0 { out.append(a) }
            if (va >= 0) != (vb >= 0) {
                let t = va / (va - vb)
                let iw = (1 / a.w) + ((1 / b.w) - (1 / a.w)) * t
                let lx = (a.local.x / a.w + (b.local.x / b.w - a.local.x / a.w) * t) / iw
                let ly = (a.local.y / a.w + (b.local.y / b.w - a.local.y / a.w) * t) / iw
                var m = Corner(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: 1 / iw, local: Point(x: lx, y: ly), fades: a.fades)
                m.shared = a.shared
                // Leaving the kept side: the next edge runs along the clip line.
                if va >= 0 { m.fades = true; m.shared = false }
                out.append(m)
            }
        }
        scratch.removeSubrange(start...)
        scratch.append(contentsOf: out)
        swap(&out, &pieceCorners)
    }

    /// How far a ray from `start` along `n` runs inside the sheets of item `i`'s layer seen
    /// from their back, continuously from `start`, up to the margin.
    ///
    /// Near a contour the surface is seen edge-on, so the strip next to it is thin on screen:
    /// the ray is followed through every back-facing item it meets, one after the other.
    func nearerWidth(at start: (x: Double, y: Double), along n: (Double, Double), of i: Int, _ e: LayerEvaluator) -> Double {
        let layer = e.quads[items[i].quadIndex].layer
        var reach = 0.0
        var extended = true
        while extended && reach < Self.margin {
            extended = false
            for j in items.indices where j != i {
                let quad = e.quads[items[j].quadIndex]
                guard quad.layer === layer, quad.localToView.showsBack else { continue }
                let r = items[j].corners
                let sign = winding(r)
                var enter = -Double.infinity, exit = Double.infinity
                for m in r {
                    guard let (ix, iy) = inwardNormal(m, in: r, winding: sign) else { continue }
                    let toward = n.0 * ix + n.1 * iy
                    let d = ix * (start.x - corners[m].x) + iy * (start.y - corners[m].y)
                    if toward > 1e-12 { enter = max(enter, -d / toward) }
                    else if toward < -1e-12 { exit = min(exit, d / -toward) }
                    else if d < -1e-9 { exit = -.infinity }
                }
                if enter <= reach + 1e-6 && exit > reach + 1e-9 {
                    reach = exit
                    extended = true
                }
            }
        }
        return reach.isFinite ? reach : Self.margin
    }

    /// Whether another item of item `i`'s layer, seen from its back when `facingBack` (from its
    /// front otherwise), has the edge from corner `k` to corner `next` (shared edges are
    /// snapped bit-identical, so the ends compare exactly).
    func hasPartner(ofEdge k: Int, _ next: Int, in i: Int, facingBack: Bool, _ e: LayerEvaluator) -> Bool {
        let layer = e.quads[items[i].quadIndex].layer
        let (ax, ay, bx, by) = (corners[k].x, corners[k].y, corners[next].x, corners[next].y)
        for j in items.indices where j != i {
            let quad = e.quads[items[j].quadIndex]
            guard quad.layer === layer, quad.surfacePatch >= 0, quad.localToView.showsBack == facingBack else { continue }
            let r = items[j].corners
            for m in r {
                let o = corners[m], p = corners[m + 1 == r.upperBound ? r.lowerBound : m + 1]
                if (o.x == bx && o.y == by && p.x == ax && p.y == ay) || (o.x == ax && o.y == ay && p.x == bx && p.y == by) { return true }
            }
        }
        return false
    }

    /// Chooses where the next item's vertex normals come from.
    mutating func setNormals(for quad: Quad) {
        normalSurface = nil
        flatNormal = Vector3(x: 0, y: 0, z: 1)
        normalSign = 1
        guard lighting else { return }
        normalSign = quad.localToView.showsBack ? -1 : 1
        if quad.surfacePatch >= 0, quad.layer.kind == .surface {
            normalSurface = unsafeDowncast(quad.layer, to: SurfaceLayer.self)
            normalPatch = quad.surfacePatch
        } else {
            flatNormal = quad.layer.frontNormal
        }
    }

    /// The visible side's unit normal at the current item's local point `local`.
    func normal(at local: Point) -> Vector3 {
        if let surface = normalSurface { return surface.normal(atLocal: local, patch: normalPatch) * normalSign }
        return flatNormal * normalSign
    }
}
