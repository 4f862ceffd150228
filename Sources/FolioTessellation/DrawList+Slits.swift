import FolioLayers

/// Two items' silhouettes facing each other across a slit under a pixel wide.
///
/// ## The fault
///
/// Each item's analytic coverage is its own: the product, over its silhouettes, of the part of
/// the pixel inside each. Where two items' silhouettes face each other across a gap narrower
/// than a pixel, a pixel over the gap holds a part of each, disjoint, and the stage between:
/// its exact coverage is the sum `a + b`. What it got:
///
/// - **At a crease's end** (a fold at progress 0.999: its two folded panels, nearly edge-on,
///   leave a notch under half a pixel wide between their far edges, tapering to the crease's
///   end): the footprints of the two panels meet on the crease's line, because a silhouette's
///   margin runs along a seam at an obtuse corner (`DrawList.cap`), so each pixel there is
///   drawn by one panel with its own part only: 0.42 drawn for 0.63, a crack.
/// - **Across a gap between two sheets** (a fold whose middle panel is an empty page: the
///   panels on either side leave a slit of stage where it would be): both margins reach over
///   the gap, and "over" composites the two parts as `a + b − ab`.
///
/// ## The fix
///
/// Each such item takes its neighbour's facing silhouette as an extra coverage edge — the
/// neighbour's line, the same numbers — marked for the shader (`EDGE_PARTNERS`) by how it
/// combines (`SlitPartners.Kind`): **joined** at a crease's end, where each pixel is drawn by
/// one of the two and adds the other's part; **under** across a gap, where the later item
/// divides the earlier one's part out (`c / (1 − b)` over `b` gives `b + c`; the earlier
/// item must be opaque, so that it left exactly `b`). Both are exact while the two lines do
/// not cross inside the pixel; near a notch's tip, where they do, the sum counts the thin wedge
/// between them twice (clamped at 1).
///
/// Border mode has no edges to add: the later item fills the slit instead (`fillSlits`). MSAA
/// resolves samples and needs none of this. The same shader variant also takes the two edges
/// of a flat item's nearly straight corner by their minimum (`markStraightCorners`).
extension DrawList {
    /// How many items before an item are searched for a facing silhouette.
    package static let slitSearch = 8
    /// The widest gap, in pixels, that two facing silhouettes may leave somewhere along their
    /// common stretch to be a slit.
    package static let slitWidth = 1.0
    /// How nearly antiparallel two silhouettes must be to face each other (the cosine of the
    /// angle between their normals, negated: 8°).
    package static let slitParallel = 0.99
    /// How nearly straight a flat item's corner must be for its two edges to be combined by
    /// their minimum (the cosine of the turn: 5°).
    package static let straightCosine = 0.9962

    /// Finds pairs of silhouettes of nearby items that face each other across a slit and
    /// gives each item its partners (`slits.partners`); `findEdges` appends their lines after
    /// the item's own edges.
    package mutating func findSlits(_ frame: Frame, bordered: Bool, isOpaque: (Frame.Polygon) -> Bool) {
        slits.partners.removeAll(keepingCapacity: true)
        func plain(_ i: Int) -> Bool {
            let item = items[i]
            return item.composite < 0 && item.border < 0 && item.raster < 0 && frame.polygons[item.quadIndex].surfacePatch < 0
        }
        func next(_ k: Int, _ r: Range<Int>) -> Int { k + 1 == r.upperBound ? r.lowerBound : k + 1 }
        let reach = 0.71
        for j in items.indices where plain(j) {
            let s = items[j].corners
            let boxS = bounds(s)
            let signS = winding(s)
            for i in max(0, j - Self.slitSearch)..<j where plain(i) {
                let r = items[i].corners
                let boxR = bounds(r)
                guard boxR.minX <= boxS.maxX + 2 * reach, boxS.minX <= boxR.maxX + 2 * reach,
                      boxR.minY <= boxS.maxY + 2 * reach, boxS.minY <= boxR.maxY + 2 * reach else { continue }
                let signR = winding(r)
                for k in r where corners[k].fades {
                    guard let ne = inwardNormal(k, in: r, winding: signR) else { continue }
                    let a = corners[k], b = corners[next(k, r)]
                    let ce = -(ne.0 * a.x + ne.1 * a.y)
                    for m in s where corners[m].fades {
                        guard let nf = inwardNormal(m, in: s, winding: signS), ne.0 * nf.0 + ne.1 * nf.1 < -Self.slitParallel else { continue }
                        let p = corners[m], q = corners[next(m, s)]
                        let cf = -(nf.0 * p.x + nf.1 * p.y)
                        // Their common stretch along the edge, and the gap at its two ends:
                        // facing, the other edge lies outside this one's line (or ends on it)
                        // all along it, less than a pixel away somewhere.
                        let (tx, ty) = (-ne.1, ne.0)
                        func along(_ c: Corner) -> Double { tx * c.x + ty * c.y }
                        let (ta, tb, tp, tq) = (along(a), along(b), along(p), along(q))
                        let low = max(min(ta, tb), min(tp, tq)), high = min(max(ta, tb), max(tp, tq))
                        guard high - low > 1e-3, tq != tp else { continue }
                        func gap(at t: Double) -> Double {
                            let u = (t - tp) / (tq - tp)
                            let x = p.x + (q.x - p.x) * u, y = p.y + (q.y - p.y) * u
                            return -(ne.0 * x + ne.1 * y + ce)
                        }
                        let gaps = (gap(at: low), gap(at: high))
                        guard min(gaps.0, gaps.1) >= -1e-6, min(gaps.0, gaps.1) < Self.slitWidth else { continue }
                        // A notch at a seam's end: the two edges meet where the seam between
                        // the two items ends, and their footprints meet on its line.
                        let meets = Self.samePosition(b, p) && corners[next(k, r)].shared || Self.samePosition(a, q) && corners[next(m, s)].shared
                        if meets {
                            appendPartner(to: i, line: (nf.0, nf.1, cf), from: p, to: q, of: j, facing: (a, b), kind: .joined)
                            appendPartner(to: j, line: (ne.0, ne.1, ce), from: a, to: b, of: i, facing: (p, q), kind: .joined)
                        } else if bordered || isOpaque(frame.polygons[items[i].quadIndex]) {
                            appendPartner(to: j, line: (ne.0, ne.1, ce), from: a, to: b, of: i, facing: (p, q), kind: .under)
                        }
                    }
                }
            }
        }
    }

    /// Gives item `item` the silhouette line `nx·x + ny·y + c` (inside toward its own item)
    /// from `a` to `b`, combined as `kind`.
    mutating func appendPartner(to item: Int, line: (Double, Double, Double), from a: Corner, to b: Corner, of neighbour: Int,
                                facing own: (Corner, Corner), kind: SlitPartners.Kind) {
        let (nx, ny, c) = line
        let (ox, oy) = (origin.x, origin.y)
        let k = kind.scale
        let edge = EdgeLine(nx: nx, ny: ny, c: c,
                            shaderEdge: (k * Float(nx), k * Float(ny), k * Float(-(nx * ox + ny * oy) + c)),
                            reach: 0.5 * (abs(nx) + abs(ny)), isCombined: true)
        slits.partners.append(SlitPartners.Partner(item: item, line: edge, a: (a.x, a.y), b: (b.x, b.y), neighbour: neighbour, own: own))
    }

    /// Appends item `i`'s slit partners' lines after its own edges (`DrawItem.slitEdges`),
    /// within `maximumItemEdges` in all.
    package mutating func appendSlitEdges(_ i: Int) {
        let start = edges.count
        for partner in slits.partners where partner.item == i && edges.count - items[i].edges.lowerBound < Self.maximumItemEdges {
            edges.append(partner.line)
        }
        items[i].slitEdges = start..<edges.count
    }

    /// Adds to each of item `i`'s triangles the slit partners that come within a pixel box's
    /// reach of it, along their own stretch, while the triangle has a slot free.
    ///
    /// The shader's line has no ends. A joined partner's line, past its edge, runs into pixels
    /// that the two items cover whole anyway (beyond the crease's end), where adding only
    /// saturates. An under partner's does not: the far sheet's other edges run on across the
    /// near sheet's band (a fold's panel seen edge-on has three edges within a pixel of the
    /// slit, and the one along its bottom, continued up the spine, covers the slit's pixels
    /// whole). So the item's triangles are first cut across each under partner's edge at its
    /// two ends, and each piece takes only the partners whose stretch it lies in.
    package mutating func markSlitEdges(_ i: Int) {
        let own = items[i].edges
        let tolerance = 0.02
        var partner = 0
        for p in slits.partners where p.item == i {
            defer { partner += 1 }
            let e = items[i].slitEdges.lowerBound + partner
            guard e < items[i].slitEdges.upperBound else { break }
            let line = edges[e]
            let (tx, ty) = (-line.ny, line.nx)
            let ta = tx * p.a.x + ty * p.a.y, tb = tx * p.b.x + ty * p.b.y
            let k = line.shaderEdge.0 * line.shaderEdge.0 + line.shaderEdge.1 * line.shaderEdge.1
            // A later sheet's crossing line is marked on its own (`markCrossingEdges`).
            if k > 8 && k < 128 {
                splitTriangles { tx * $0.x + ty * $0.y - ta }
                splitTriangles { tx * $0.x + ty * $0.y - tb }
            }
        }
        partner = 0
        for p in slits.partners where p.item == i {
            defer { partner += 1 }
            let e = items[i].slitEdges.lowerBound + partner
            guard e < items[i].slitEdges.upperBound else { break }
            let line = edges[e]
            let k = line.shaderEdge.0 * line.shaderEdge.0 + line.shaderEdge.1 * line.shaderEdge.1
            guard k < 128 else { continue }
            let under = k > 8
            let bit = UInt32(1) << UInt32(e - own.lowerBound)
            let (tx, ty) = (-line.ny, line.nx)
            let ta = tx * p.a.x + ty * p.a.y, tb = tx * p.b.x + ty * p.b.y
            // An under partner's pieces lie wholly on one side of each end; a joined one reaches
            // as far as a pixel box does.
            let slack = under ? 1e-9 * (1 + abs(ta) + abs(tb)) : line.reach + tolerance
            let (low, high) = (min(ta, tb) - slack, max(ta, tb) + slack)
            for t in triangles.indices where triangles[t].edges.nonzeroBitCount < TriangleCoverage.maximumEdges {
                let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
                let nearest = max(line.distance(v.0), line.distance(v.1), line.distance(v.2))
                guard nearest > -(line.reach + tolerance) else { continue }
                let s = (tx * v.0.x + ty * v.0.y, tx * v.1.x + ty * v.1.y, tx * v.2.x + ty * v.2.y)
                if under {
                    guard min(s.0, s.1, s.2) >= low, max(s.0, s.1, s.2) <= high else { continue }
                } else {
                    guard max(s.0, s.1, s.2) >= low, min(s.0, s.1, s.2) <= high else { continue }
                }
                triangles[t].edges |= bit
            }
        }
    }

    /// Cuts every triangle that the line `value = 0` crosses into pieces on either side, each
    /// keeping the triangle's edges. Crossings are computed from each edge's ends in one fixed
    /// order, so triangles sharing an edge share the point: the item's mesh stays conforming.
    package mutating func splitTriangles(_ value: (PlanePoint) -> Double) {
        func crossing(_ a: Int32, _ b: Int32) -> Int32 {
            let (p, q) = (points[Int(a)], points[Int(b)])
            let (first, second) = (p.x, p.y) < (q.x, q.y) ? (p, q) : (q, p)
            let (vf, vs) = (value(first), value(second))
            points.append(first.toward(second, vf / (vf - vs)))
            return Int32(points.count - 1)
        }
        let count = triangles.count
        for t in 0..<count {
            let tri = triangles[t]
            let values = (value(points[Int(tri.a)]), value(points[Int(tri.b)]), value(points[Int(tri.c)]))
            let above = (values.0 > 0 ? 1 : 0) + (values.1 > 0 ? 1 : 0) + (values.2 > 0 ? 1 : 0)
            let below = (values.0 < 0 ? 1 : 0) + (values.1 < 0 ? 1 : 0) + (values.2 < 0 ? 1 : 0)
            guard above > 0, below > 0 else { continue }
            func vertex(_ k: Int) -> Int32 { k == 0 ? tri.a : k == 1 ? tri.b : tri.c }
            func sign(_ k: Int) -> Int { let v = k == 0 ? values.0 : k == 1 ? values.1 : values.2; return v > 0 ? 1 : v < 0 ? -1 : 0 }
            // One vertex on the line: the triangle splits in two through it.
            if above + below == 2 {
                let on = sign(0) == 0 ? 0 : sign(1) == 0 ? 1 : 2
                let (a, b, c) = (vertex(on), vertex((on + 1) % 3), vertex((on + 2) % 3))
                let bc = crossing(b, c)
                triangles[t] = Triangle(a: a, b: b, c: bc, edges: tri.edges)
                triangles.append(Triangle(a: a, b: bc, c: c, edges: tri.edges))
                continue
            }
            // The lone vertex on its side first.
            let odd = above == 1 ? (sign(0) > 0 ? 0 : sign(1) > 0 ? 1 : 2) : (sign(0) < 0 ? 0 : sign(1) < 0 ? 1 : 2)
            let (a, b, c) = (vertex(odd), vertex((odd + 1) % 3), vertex((odd + 2) % 3))
            let (ab, ac) = (crossing(a, b), crossing(a, c))
            triangles[t] = Triangle(a: a, b: ab, c: ac, edges: tri.edges)
            triangles.append(Triangle(a: ab, b: b, c: c, edges: tri.edges))
            triangles.append(Triangle(a: ab, b: c, c: ac, edges: tri.edges))
        }
    }

    /// Border mode: fills the slits between item `i`'s edges and earlier neighbours' facing ones
    /// with triangles of `i`'s own, at its edge's texel pulled half a texel inside its bounds
    /// (`bounds`, `texels` per point), so that the ramp there is 1. Border mode's coverage is a
    /// ramp in texture space, one texel wide: across a panel seen nearly edge-on that is a
    /// hundredth of a pixel, and a slit's pixels were drawn by neither side (a column of stage
    /// the height of a fold's spine). Filled, they are covered whole where an exact renderer
    /// covers them by 1 − the slit's share: border mode trades that for no crack.
    package mutating func fillSlits(_ i: Int, bounds b: Rect, texels: (Double, Double)) {
        guard texels.0 > 0, texels.1 > 0 else { return }
        let inset = (x: min(0.52 / texels.0, b.width / 2), y: min(0.52 / texels.1, b.height / 2))
        func inside(_ p: Point) -> Point {
            Point(x: min(max(p.x, b.minX + inset.x), b.maxX - inset.x), y: min(max(p.y, b.minY + inset.y), b.maxY - inset.y))
        }
        for partner in slits.partners where partner.item == i && partner.neighbour < i {
            let (p, q) = partner.own
            let (tx, ty) = (-partner.line.ny, partner.line.nx)
            let ta = tx * partner.a.x + ty * partner.a.y, tb = tx * partner.b.x + ty * partner.b.y
            let tp = tx * p.x + ty * p.y, tq = tx * q.x + ty * q.y
            let low = max(min(ta, tb), min(tp, tq)), high = min(max(ta, tb), max(tp, tq))
            guard high > low, tq != tp, tb != ta else { continue }
            // At `t` along the common stretch: the point of the own edge (with its attributes)
            // and the point of the neighbour's across the slit, with the same attributes.
            func pair(_ t: Double) -> (PlanePoint, PlanePoint) {
                let own = Self.point(p.toward(q, (t - tp) / (tq - tp)))
                let u = (t - ta) / (tb - ta)
                let far = PlanePoint(x: partner.a.x + (partner.b.x - partner.a.x) * u, y: partner.a.y + (partner.b.y - partner.a.y) * u,
                                     w: own.w, local: inside(own.local))
                return (PlanePoint(x: own.x, y: own.y, w: own.w, local: inside(own.local)), far)
            }
            let (n0, f0) = pair(low), (n1, f1) = pair(high)
            let first = Int32(points.count)
            points.append(n0); points.append(n1); points.append(f1); points.append(f0)
            triangles.append(Triangle(a: first, b: first + 1, c: first + 2, edges: 0))
            triangles.append(Triangle(a: first, b: first + 2, c: first + 3, edges: 0))
        }
    }

    /// Marks the two edges of every nearly straight corner (turning less than 30°) of each
    /// flat item's outline to be combined by their minimum rather than their product (the
    /// shader's copy scaled by 8). Both lines cross the same pixels for a long way, and the
    /// product counts a pixel's part twice (`α²` for `α`): a fold's panel seen nearly edge-on,
    /// whose crease and outer edge meet at 179°, drew 0.39 for 0.51 along its end. The minimum is
    /// the intersection's coverage but for the corner's thin wedge; a triangle with one of the
    /// two takes it as before. Surfaces' patches keep one edge per side instead
    /// (`keepOneEdgeAtStraightCorners`).
    package mutating func markStraightCorners(_ frame: Frame) {
        for i in items.indices where frame.polygons[items[i].quadIndex].surfacePatch < 0 && items[i].edges.count >= 2 {
            let r = items[i].corners
            for k in r {
                guard let corner = straightCorner(after: k, in: r, items[i].edges),
                      edges[corner.first].nx * edges[corner.second].nx + edges[corner.first].ny * edges[corner.second].ny > Self.straightCosine else { continue }
                for e in min(corner.first, corner.second)...max(corner.first, corner.second) where (e == corner.first || e == corner.second) && !edges[e].isCombined {
                    edges[e].isCombined = true
                    let (x, y, z) = edges[e].shaderEdge
                    edges[e].shaderEdge = (8 * x, 8 * y, 8 * z)
                }
            }
        }
    }
}
