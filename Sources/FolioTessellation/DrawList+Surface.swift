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
/// silhouette of the surface, and near it the surface is seen edge-on, so the strips on both
/// sides can be far thinner than a pixel.
///
/// A pixel across the contour must be covered once, by the contour's exact coverage. Two
/// sheets each fading there would cover it twice (`1 − (1 − α)²`), and cutting one sheet back
/// by the other's width leaves gaps and overlaps wherever that width is not a straight line
/// (the nearer sheet ending in the leaf's free edge, or past the contour's end). So one sheet
/// owns the whole band along the contour: the **farther sheet** (seen from its front), which
/// near a contour is continuous and covers everything on the contour's inner side, whatever
/// the nearer sheet does. Its patch on the contour fades there (pushed out by the margin like
/// any silhouette), and every other front-facing patch that comes within reach of the contour
/// takes the contour as one more coverage edge, so whichever patch holds a pixel's centre
/// covers the pixel by the contour's exact coverage. The **nearer sheet** (seen from its back)
/// is cut back from the contour by the band's depth, `contourBand`, along a hard edge: past
/// the band the farther sheet beneath covers every pixel fully, so the nearer sheet's pixels
/// there are whole, and within it nothing of the nearer sheet is drawn.
///
/// The price: within `contourBand` (1 px) of a contour the farther sheet's colour shows where
/// the nearer sheet's would (the same point of the paper, its other side).
///
/// **Normals.** With lighting on, each vertex carries the unit normal of the side the viewer
/// sees: a flat layer's `frontNormal`, a surface's exact normal at the vertex's local point,
/// negated where the polygon shows its back.
extension DrawList {
    /// A contour of a surface this frame, in viewport pixels: its two ends, and the unit normal
    /// pointing from it into both sheets.
    package struct ContourLine {
        package var layer: Int32
        package var a: (Double, Double), b: (Double, Double)
        package var normal: (Double, Double)

        /// The signed distance of `(x, y)` from the contour's line, positive inside.
        package func distance(_ x: Double, _ y: Double) -> Double { normal.0 * (x - a.0) + normal.1 * (y - a.1) }
    }

    /// How deep the band along a contour is (pixels): the nearer sheet is cut back this far.
    /// Past the band every pixel lies wholly inside the contour (a pixel box reaches at most
    /// 0.71 px across a line), so the farther sheet covers it fully and the nearer sheet may be
    /// drawn over it with a hard edge.
    package static let contourBand = 1.0

    /// Turns shared edges of surface patches that lie on a contour back into silhouettes of
    /// the farther sheet, cuts the nearer sheet out of the band along each contour, and notes
    /// the contour as a coverage edge of the farther sheet's patches within reach of it.
    package mutating func markContours(_ frame: Frame) {
        hardenStubEdges(frame)
        surface.contours.removeAll(keepingCapacity: true)
        surface.contourEdges.removeAll(keepingCapacity: true)
        // A contour is where the viewer's side of the surface changes: a shared edge between
        // two patches of one surface, one seen from the front and one from the back (their
        // quads' windings; near a contour a strip is nearly edge-on, so the windings on screen
        // decide, not the mesh's own classification). An edge that also has a partner of its
        // own facing is a seam of two sheets lying exactly on top of each other (a curl seen
        // without perspective stacks its turned part straight above the roll, rulings on
        // rulings, and the seam hash snaps them to one line): it stays a seam of each sheet.
        surface.contourMarks.removeAll(keepingCapacity: true)
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            guard quad.surfacePatch >= 0, frame.record(of: quad).kind == .surface else { continue }
            let back = quad.localToView.showsBack
            let r = items[i].corners
            for k in r where corners[k].shared {
                let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
                let partners = partnerFacings(ofEdge: k, next, in: i, frame)
                if (back ? partners.front : partners.back) && !(back ? partners.back : partners.front) {
                    surface.contourMarks.append((i, k))
                }
            }
        }
        guard !surface.contourMarks.isEmpty else { return }
        for (i, k) in surface.contourMarks {
            let quad = frame.polygons[items[i].quadIndex]
            let r = items[i].corners
            let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
            if quad.localToView.showsBack {
                // The nearer sheet's side: cut away below, so it neither fades nor stays a seam.
                corners[k].shared = false
                corners[k].fades = false
            } else {
                corners[k].shared = false
                corners[k].fades = true
                guard let n = inwardNormal(k, in: r, winding: winding(r)) else { continue }
                surface.contours.append(ContourLine(layer: quad.record, a: (corners[k].x, corners[k].y),
                                            b: (corners[next].x, corners[next].y), normal: n))
            }
        }
        guard !surface.contours.isEmpty else { return }
        cutNearerSheets(frame)
        findContourEdges(frame)
    }

    /// Stops fading the stubs of surface patches: a silhouette edge shorter than the margin
    /// that runs on from a seam within 30° (a strip seen edge-on ends in such stubs where it
    /// meets the leaf's outline). Pushed out, a stub would step across its seam's line into the
    /// neighbour, and the next corner turns back sharply: the footprint would fold over itself
    /// and its fan cover the neighbour's pixels a second time, all along the strip. Drawn as it
    /// is, a stub costs at most the antialiasing of a pixel or two at the leaf's outline.
    package mutating func hardenStubEdges(_ frame: Frame) {
        let limit = Self.straightCornerCosine
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            guard quad.surfacePatch >= 0, frame.record(of: quad).kind == .surface else { continue }
            let r = items[i].corners
            for k in r where corners[k].fades {
                let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
                let previous = k == r.lowerBound ? r.upperBound - 1 : k - 1
                let after = next + 1 == r.upperBound ? r.lowerBound : next + 1
                let (dx, dy) = (corners[next].x - corners[k].x, corners[next].y - corners[k].y)
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 0, length < Self.margin else { continue }
                func runsOn(_ from: Int, _ to: Int) -> Bool {
                    let (ex, ey) = (corners[to].x - corners[from].x, corners[to].y - corners[from].y)
                    let l = (ex * ex + ey * ey).squareRoot()
                    return l > 0 && (dx * ex + dy * ey) / (length * l) > limit
                }
                if (corners[previous].shared && runsOn(previous, k)) || (corners[next].shared && runsOn(next, after)) {
                    // Held like the seam it runs on: its neighbours' margins step along it, not
                    // across it.
                    corners[k].fades = false
                    corners[k].shared = true
                }
            }
        }
    }

    /// Cuts every back-facing patch of a surface with a contour out of the band along it: what
    /// is left of each ends `contourBand` inside the contour on a hard edge (neither faded nor
    /// moved), over the farther sheet, which covers the band by the contour's coverage alone.
    ///
    /// **At the spine.** The farther sheet begins at the leaf's spine: where a contour comes
    /// within the band's depth of it (the last instants of a turn, the roll closing on the
    /// spine), the band reaches past the spine, where no farther sheet lies — cut there, the
    /// nearer sheet would leave a column of background beside the spine (144 px at progress
    /// 0.999 over an empty left side). So a nearer patch whose band crosses the spine's line is
    /// first split along that line: the part beyond the spine is kept whole (it is the only
    /// sheet there, its hard edge on the spine's line abutting the farther sheet's spine edge,
    /// which is a seam or the page's edge), and only the part over the farther sheet is cut
    /// back from the contour.
    package mutating func cutNearerSheets(_ frame: Frame) {
        scratch.removeAll(keepingCapacity: true)
        surface.items.removeAll(keepingCapacity: true)
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            let r = items[i].corners
            let start = scratch.count
            scratch.append(contentsOf: corners[r])
            surface.beyond.removeAll(keepingCapacity: true)
            if quad.surfacePatch >= 0, quad.localToView.showsBack, let id = frame.surfaceRecordIndex(of: quad) {
                // A back detail's piece is cut as the patch under it (its surface's contours).
                var spine = spineLine(of: id, frame)
                for contour in surface.contours where contour.layer == id
                    && reaches(scratch[start...], contour, within: Self.contourBand + Self.margin) {
                    if let line = spine, bandCrosses(scratch[start...], contour, line) {
                        // The part beyond the spine, kept whole; the rest is cut as usual.
                        spine = nil
                        let end = scratch.count
                        // Element by element: a slice of `scratch` appended to itself would copy it.
                        for k in start..<end { scratch.append(scratch[k]) }
                        cutScratch(from: end, keeping: { -line.distance($0.x, $0.y) })
                        surface.beyond.append(contentsOf: scratch[end...])
                        scratch.removeSubrange(end...)
                        cutScratch(from: start, keeping: { line.distance($0.x, $0.y) })
                        if scratch.count - start < 3 { break }
                    }
                    cutScratch(from: start, outside: contour)
                    if scratch.count - start < 3 { break }
                }
            }
            if scratch.count - start >= 3 {
                surface.items.append(items[i])
                surface.items[surface.items.count - 1].corners = start..<scratch.count
            } else {
                scratch.removeSubrange(start...)
            }
            if surface.beyond.count >= 3 {
                let first = scratch.count
                scratch.append(contentsOf: surface.beyond)
                var piece = items[i]
                piece.corners = first..<scratch.count
                piece.beyondSpine = true
                surface.items.append(piece)
            }
        }
        swap(&items, &surface.items)
        swap(&corners, &scratch)
    }

    /// The line of surface layer `record`'s spine in viewport pixels, positive on the leaf's
    /// side (where its flat part lies), mapped by a flat patch's plane (the spine lies on the
    /// page); nil when the layer has no curl or no flat patch drawn.
    package func spineLine(of record: Int32, _ frame: Frame) -> ContourLine? {
        for item in items {
            let quad = frame.polygons[item.quadIndex]
            guard quad.record == record, quad.surfacePatch >= 0, !quad.localToView.showsBack,
                  let surfaceRecord = frame.records[Int(record)].surface, let curl = surfaceRecord.curl,
                  quad.surfacePatch < surfaceRecord.mesh.patches.count,
                  surfaceRecord.mesh.patches[quad.surfacePatch].region == .flat else { continue }
            let (w, h) = (curl.size.width, curl.size.height)
            // The spine's ends, and a point half way across the leaf.
            let (a, b): (Point, Point)
            switch curl.spine {
            case .left: (a, b) = (Point(x: 0, y: 0), Point(x: 0, y: h))
            case .right: (a, b) = (Point(x: w, y: 0), Point(x: w, y: h))
            case .top: (a, b) = (Point(x: 0, y: 0), Point(x: w, y: 0))
            case .bottom: (a, b) = (Point(x: 0, y: h), Point(x: w, y: h))
            }
            let inside = Point(x: w / 2, y: h / 2)
            func viewport(_ p: Point) -> (Double, Double)? {
                let v = quad.localToView.apply(p)
                guard v.w > 0, v.w.isFinite else { return nil }
                return (v.x / v.w * scale, pixelSize.height - v.y / v.w * scale)
            }
            guard let pa = viewport(a), let pb = viewport(b), let pi = viewport(inside) else { return nil }
            let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1)
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return nil }
            var n = (-dy / length, dx / length)
            if n.0 * (pi.0 - pa.0) + n.1 * (pi.1 - pa.1) < 0 { n = (-n.0, -n.1) }
            return ContourLine(layer: record, a: pa, b: pb, normal: n)
        }
        return nil
    }

    /// Whether the band along `contour` (its first `contourBand` pixels) reaches, inside the
    /// convex `polygon`, past `spine` (a point of the band on the spine's far side).
    package func bandCrosses(_ polygon: ArraySlice<Corner>, _ contour: ContourLine, _ spine: ContourLine) -> Bool {
        let band = Self.contourBand
        let tolerance = 1e-6
        var previous = polygon[polygon.index(before: polygon.endIndex)]
        for c in polygon {
            let (dp, dc) = (contour.distance(previous.x, previous.y) - band, contour.distance(c.x, c.y) - band)
            if dc < 0 && spine.distance(c.x, c.y) < -tolerance { return true }
            if (dp < 0) != (dc < 0) {
                let t = dp / (dp - dc)
                let (x, y) = (previous.x + (c.x - previous.x) * t, previous.y + (c.y - previous.y) * t)
                if spine.distance(x, y) < -tolerance { return true }
            }
            previous = c
        }
        return false
    }

    /// Clips the triangles of item `i` (a back-facing patch of a surface with contours) to the
    /// part at least `contourBand` inside each contour it comes near. The polygon was cut so
    /// already (`cutNearerSheets`), but its footprint may still step back across the cut where a
    /// silhouette meets it (a cap runs on along a seam or the viewport's edge), and a fan over
    /// that footprint would sweep through the band: the triangles are what is drawn, so they are
    /// what is cut. Crossings are computed from each edge's ends in one fixed order, so the
    /// triangles sharing an edge share the point.
    package mutating func clipToContourBands(_ i: Int, _ quad: Frame.Polygon, surface owner: Int32) {
        guard quad.surfacePatch >= 0, quad.localToView.showsBack, !items[i].beyondSpine, !triangles.isEmpty else { return }
        let id = owner
        for contour in surface.contours where contour.layer == id && reaches(corners[items[i].corners], contour, within: Self.contourBand + 2 * Self.margin) {
            let band = Self.contourBand
            func value(_ p: PlanePoint) -> Double { contour.distance(p.x, p.y) - band }
            func crossing(_ a: Int32, _ b: Int32) -> Int32 {
                let (p, q) = (points[Int(a)], points[Int(b)])
                let (first, second) = (p.x, p.y) < (q.x, q.y) ? (p, q) : (q, p)
                let (vf, vs) = (value(first), value(second))
                points.append(first.toward(second, vf / (vf - vs)))
                return Int32(points.count - 1)
            }
            let count = triangles.count
            var kept = 0
            for t in 0..<count {
                let tri = triangles[t]
                func vertex(_ k: Int) -> Int32 { k == 0 ? tri.a : k == 1 ? tri.b : tri.c }
                let inside = (value(points[Int(tri.a)]) >= 0, value(points[Int(tri.b)]) >= 0, value(points[Int(tri.c)]) >= 0)
                let n = (inside.0 ? 1 : 0) + (inside.1 ? 1 : 0) + (inside.2 ? 1 : 0)
                if n == 3 { triangles[kept] = tri; kept += 1; continue }
                if n == 0 { continue }
                // Rotate so that the odd vertex (the lone inside or lone outside one) is first.
                let odd = n == 1 ? (inside.0 ? 0 : inside.1 ? 1 : 2) : (!inside.0 ? 0 : !inside.1 ? 1 : 2)
                let (a, b, c) = (vertex(odd), vertex((odd + 1) % 3), vertex((odd + 2) % 3))
                let (ab, ac) = (crossing(a, b), crossing(a, c))
                if n == 1 {
                    triangles.append(Triangle(a: a, b: ab, c: ac, edges: tri.edges))
                } else {
                    triangles.append(Triangle(a: ab, b: b, c: c, edges: tri.edges))
                    triangles.append(Triangle(a: ab, b: c, c: ac, edges: tri.edges))
                }
            }
            // Move the new triangles down after the kept ones.
            var write = kept
            for t in count..<triangles.count { triangles[write] = triangles[t]; write += 1 }
            triangles.removeSubrange(write...)
        }
    }

    /// Notes, for every front-facing patch of a surface that comes within reach of one of its
    /// contours (other than the patch whose own edge it is), the contour as one more coverage
    /// edge (`contourEdges`, added to its silhouettes by `findEdges`). The farther sheet's strips
    /// beside a contour can be thinner than a pixel, and their seams are never faded: a pixel
    /// centre lies in exactly one of them, which then covers the pixel by the contour's
    /// coverage.
    package mutating func findContourEdges(_ frame: Frame) {
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            guard quad.surfacePatch >= 0, !quad.localToView.showsBack, let id = frame.surfaceRecordIndex(of: quad) else { continue }
            let r = items[i].corners
            for contour in surface.contours where contour.layer == id && reaches(corners[r], contour, within: Self.margin) {
                let (a, b) = (contour.a, contour.b)
                // The item's own contour edge is already a silhouette.
                var own = false
                for k in r {
                    let c = corners[k], d = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
                    if (c.x == a.0 && c.y == a.1 && d.x == b.0 && d.y == b.1) || (c.x == b.0 && c.y == b.1 && d.x == a.0 && d.y == a.1) { own = true; break }
                }
                if own { continue }
                let (nx, ny) = contour.normal
                surface.contourEdges.append((item: i, nx: nx, ny: ny, c: -(nx * a.0 + ny * a.1)))
            }
        }
    }

    /// Adds to item `i`'s silhouette edges the contours its pixels must respect (`findContourEdges`).
    package mutating func appendContourEdges(_ i: Int) {
        for extra in surface.contourEdges where extra.item == i && edges.count - items[i].edges.lowerBound < Self.maximumItemEdges {
            let (nx, ny, c) = (extra.nx, extra.ny, extra.c)
            edges.append(EdgeLine(nx: nx, ny: ny, c: c,
                                  shaderEdge: (Float(nx), Float(ny), Float(c - nx * origin.x - ny * origin.y)),
                                  reach: 0.5 * (abs(nx) + abs(ny))))
        }
        items[i].edges = items[i].edges.lowerBound..<edges.count
    }

    /// Whether the convex polygon comes within `distance` pixels of the contour segment: one of
    /// its corners near the segment, one of the segment's ends near one of its edges, or the
    /// two crossing.
    package func reaches(_ polygon: ArraySlice<Corner>, _ contour: ContourLine, within distance: Double) -> Bool {
        let (a, b) = (contour.a, contour.b)
        let limit = distance * distance
        func squared(_ p: (Double, Double), _ u: (Double, Double), _ v: (Double, Double)) -> Double {
            let dx = v.0 - u.0, dy = v.1 - u.1
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((p.0 - u.0) * dx + (p.1 - u.1) * dy) / length2)) : 0
            let (px, py) = (u.0 + dx * t - p.0, u.1 + dy * t - p.1)
            return px * px + py * py
        }
        func side(_ p: (Double, Double), _ u: (Double, Double), _ v: (Double, Double)) -> Double {
            (v.0 - u.0) * (p.1 - u.1) - (v.1 - u.1) * (p.0 - u.0)
        }
        var previous = polygon[polygon.index(before: polygon.endIndex)]
        for c in polygon {
            let (u, v) = ((previous.x, previous.y), (c.x, c.y))
            if squared(v, a, b) <= limit || squared(a, u, v) <= limit || squared(b, u, v) <= limit { return true }
            if (side(u, a, b) > 0) != (side(v, a, b) > 0) && (side(a, u, v) > 0) != (side(b, u, v) > 0) { return true }
            previous = c
        }
        return false
    }

    /// Cuts the polygon at `scratch[start...]` to the part at least `contourBand` inside the
    /// contour's line; the edge the cut makes is hard (neither faded nor moved). Each crossing
    /// is computed from its edge's ends in one fixed order, so two patches sharing that edge
    /// get the same point, bit for bit: their cut edges meet without a crack.
    package mutating func cutScratch(from start: Int, outside contour: ContourLine) {
        let band = Self.contourBand
        cutScratch(from: start, keeping: { contour.distance($0.x, $0.y) - band })
    }

    /// Cuts the polygon at `scratch[start...]` to where `value` is at least 0 (`value` affine
    /// on screen); the edge the cut makes is hard, and crossings are computed as in
    /// `cutScratch(from:outside:)`.
    package mutating func cutScratch(from start: Int, keeping value: (Corner) -> Double) {
        let n = scratch.count - start
        var allInside = true
        for k in start..<scratch.count where value(scratch[k]) < 0 { allInside = false; break }
        if allInside { return }
        var out: [Corner] = []
        swap(&out, &occlusion.pieceCorners)
        out.removeAll(keepingCapacity: true)
        ConvexPolygonClipper.clip(
            count: n, closingEdge: .last, corner: { scratch[start + $0] }, side: { value($0) >= 0 ? 1 : -1 }, value: value,
            keep: { out.append($0) },
            cross: { a, b, _ in
                // The crossing from the lexicographically first end: both polygons that share
                // the edge compute the same point.
                let (p, q) = (a.x, a.y) < (b.x, b.y) ? (a, b) : (b, a)
                let (vp, vq) = (value(p), value(q))
                var m = p.toward(q, vp / (vp - vq))
                (m.fades, m.shared) = (a.fades, a.shared)
                // Leaving the kept side: the next edge runs along the cut, hard.
                if value(a) >= 0 { m.fades = false; m.shared = false }
                out.append(m)
            })
        scratch.removeSubrange(start...)
        scratch.append(contentsOf: out)
        swap(&out, &occlusion.pieceCorners)
    }

    /// Which facings the other items of item `i`'s layer that have the edge from corner `k` to
    /// corner `next` show: `front` when one is seen from its front, `back` when one is seen
    /// from its back (shared edges are snapped bit-identical, so the ends compare exactly).
    package func partnerFacings(ofEdge k: Int, _ next: Int, in i: Int, _ frame: Frame) -> (front: Bool, back: Bool) {
        let layer = frame.polygons[items[i].quadIndex].record
        let (ax, ay, bx, by) = (corners[k].x, corners[k].y, corners[next].x, corners[next].y)
        var found = (front: false, back: false)
        for j in items.indices where j != i {
            let quad = frame.polygons[items[j].quadIndex]
            guard quad.record == layer, quad.surfacePatch >= 0 else { continue }
            let facesBack = quad.localToView.showsBack
            if facesBack ? found.back : found.front { continue }
            let r = items[j].corners
            for m in r {
                let o = corners[m], p = corners[m + 1 == r.upperBound ? r.lowerBound : m + 1]
                if (o.x == bx && o.y == by && p.x == ax && p.y == ay) || (o.x == ax && o.y == ay && p.x == bx && p.y == by) {
                    if facesBack { found.back = true } else { found.front = true }
                    break
                }
            }
            if found.front && found.back { break }
        }
        return found
    }
}
