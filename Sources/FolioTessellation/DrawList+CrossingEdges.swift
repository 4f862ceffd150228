import FolioLayers

/// An opaque sheet's outline crossing an earlier item's edge inside a pixel, or running inside
/// the earlier item's part of it: a curled leaf's turned part (its back sheet) over its own
/// flat part and the page at the spine, a roll's outline over the page's edge.
///
/// ## The fault
///
/// Each item's analytic coverage is its own exact part of the pixel, `b` for the earlier item
/// and `c` for the sheet drawn after it, and "over" composites them as `b + c − bc`. The exact
/// coverage is `b + c − o`, `o` the part of the pixel inside both: `bc` is right only if the
/// two parts were independent. Where two lines cross at a small angle the parts nest (`o` near
/// `min(b, c)`) for a stretch about `1 / sin θ` pixels long: up to `1/4` too much (the back
/// sheet of a curled leaf at 0.7 crossing its front's edge at the spine: 0.216 off).
///
/// ## Why the earlier item, not the later one
///
/// Once the earlier item has drawn `b` over the stage, the pixel holds its colour and the
/// stage's in the ratio `b : (1 − b)`. The exact picture holds them as `(b − o) : (1 − b − c + o)`
/// under the later sheet's `c`; whatever the later sheet draws, "over" keeps the ratio, and
/// the two agree only where `o = bc`. So a later sheet that divides the earlier part out
/// (`(U − b)/(1 − b)`, `U` the union) mends the coverage of same-coloured sheets only and relies
/// on exactly `b` lying beneath it. The earlier item can do it right: drawing
/// `β = (b − o) / (1 − c)`, its part of what the later sheet leaves uncovered over the area the
/// sheet leaves, and the sheet's own `c` over it gives `c·C_sheet + (b − o)·C_item +
/// (1 − b − c + o)·C_stage`, every colour its exact share. The later sheet's shader is unchanged.
///
/// ## The rule
///
/// For each surface's own patch and each opaque patch among the next `stackSearch` items that shares
/// no corner with it (a neighbour on the same sheet continues its outline), each of the patch's
/// silhouette edges (not a seam, nor a contour) that crosses one of the item's silhouette
/// edges (at any angle but parallel, `crossingSine`) gives the item its line over the stretch where it lies
/// within both lines' reach of the item's edge, unless something else (a detail, a shadow, a
/// flat layer) is drawn between the two there (a `SlitPartners.Kind.beneath` partner, scaled
/// by 16 for the shader). After the hand-over (`DrawList+StackedEdges.swift`), which finds its
/// stretches on the triangulation as it was, `markCrossingEdges` cuts the item's triangles
/// across its edge at each stretch's ends and gives the line to the pieces in it that carry
/// one of the item's own edges, lie a pixel box's reach inside every other silhouette of the
/// patch, and take no other such line (the same line, found along two of the item's edges,
/// counts once). The shader (`EDGE_PARTNERS`) clips the pixel's box by
/// the item's own edge that covers least and by the later line turned outward, and divides by
/// the part outside that line.
///
/// **Held edges.** The patch's seams and hard cuts (the nearer sheet cut back out of a
/// contour's band) end its footprint on their lines, pixel centres deciding, with no ramp: in a
/// pixel whose centre lies inside a seam, the patch's coverage is its own line's, whichever
/// neighbour shares the box. So where a stretch runs to the end of the patch's silhouette at a
/// held edge, the item's triangles are cut along that edge's line (not across the item's edge),
/// and a piece need only lie on the patch's side of it. A roll's patches are strips a few
/// pixels wide, and the old rule (a reach inside every edge, seams too) left out every pixel
/// near a seam: where the roll's front and back outlines meet on its bottom row, 0.236 off.
/// A back-facing patch near a contour is no longer left out either: its cut is a held edge, so
/// no piece in the band (where it draws nothing) takes its line.
///
/// **In a contour's band.** The band's owner, the farther sheet, covers the band by the
/// contour's coverage and its own other edges (`DrawList+Surface.swift`), as if it were the only
/// sheet there; the nearer sheet is cut back out of it. Where the two sheets' outlines meet at a
/// contour's end (the roll's bottom row) the nearer sheet's outline runs on into the band below
/// the farther one's, and its part of those pixels was drawn by no one (82 drawn for 137). So a
/// nearer patch with such a cut also gives its line as a `SlitPartners.Kind.band` partner
/// (scaled by 32), when it lies within `bandJoinCosine` of the item's edge: the pieces that
/// carry that edge, lie within both lines' reach, on the far side of the cut (where the patch
/// draws nothing) and inside its seams take it, and the shader covers the union of the box
/// inside the own edge most nearly parallel to it and the box inside the line, `a + u − o`,
/// times the other own edges (the contour bounds both sheets).
///
/// What stays: the page under a roll's outline keeps its ramp. The hand-over already takes
/// most of it (0.002 there); carried across the roll's seams to flat items, the line claimed
/// pixels the roll's draws do not cover, and page details lie between the two.
extension DrawList {
    /// The least sine of the angle between the item's edge and a later sheet's for the two to
    /// cross: none but exactly parallel lines are left out. Nested lines nearly parallel are the
    /// case the filter is for (`(b − o)/(1 − c)` holds at any angle): at 0.6°, the old limit,
    /// the roll's bottom outlines 0.2° apart at a contour's end kept both ramps (0.122 off).
    package static let crossingSine = 0.0
    /// How far past the two lines' reaches a crossing's stretch extends (pixels).
    package static let crossingSlack = 0.05
    /// The least cosine between an item's edge and a band's line (`SlitPartners.Kind.band`)
    /// for the item to cover their union there (30°): the shader joins the line to the own edge
    /// most nearly parallel to it.
    package static let bandJoinCosine = 0.87

    /// Gives each item the lines of later opaque surface patches' silhouettes that cross its
    /// own silhouette edges within a pixel box's reach (see the extension's notes), as
    /// `.beneath` partners in `slits.partners`.
    package mutating func findCrossingEdges(_ frame: Frame, isOpaque: (Frame.Polygon) -> Bool) {
        func next(_ k: Int, _ r: Range<Int>) -> Int { k + 1 == r.upperBound ? r.lowerBound : k + 1 }
        for i in items.indices {
            let item = items[i]
            // A surface's own patch: the sheets whose outlines cross are the leaf's own (over the
            // page the hand-over leaves 0.002, and page details lie between the two).
            guard item.composite < 0, item.border < 0, item.raster < 0, frame.polygons[item.quadIndex].surfacePatch >= 0,
                  !frame.isSurfaceDetail(frame.polygons[item.quadIndex]) else { continue }
            let r = item.corners
            let boxR = bounds(r)
            let signR = winding(r)
            for j in (i + 1)..<min(items.count, i + 1 + Self.stackSearch) {
                let other = items[j]
                let quad = frame.polygons[other.quadIndex]
                guard other.composite < 0, other.border < 0, other.raster < 0, quad.surfacePatch >= 0, !frame.isSurfaceDetail(quad),
                      isOpaque(quad) else { continue }
                let s = other.corners
                let boxS = bounds(s)
                guard boxS.minX <= boxR.maxX + 2, boxR.minX <= boxS.maxX + 2,
                      boxS.minY <= boxR.maxY + 2, boxR.minY <= boxS.maxY + 2 else { continue }
                // A patch beside it on the same sheet (a shared corner) abuts it: its outline
                // continues the item's, and its line, extended, is not what covers the item.
                if shareCorner(r, s) { continue }
                let signS = winding(s)
                for k in r where corners[k].fades && !corners[k].shared {
                    guard let ne = inwardNormal(k, in: r, winding: signR) else { continue }
                    let a = corners[k], b = corners[next(k, r)]
                    let ce = -(ne.0 * a.x + ne.1 * a.y)
                    let (tx, ty) = (-ne.1, ne.0)
                    let (ta, tb) = (tx * a.x + ty * a.y, tx * b.x + ty * b.y)
                    for m in s where corners[m].fades && !corners[m].shared {
                        guard let nf = inwardNormal(m, in: s, winding: signS),
                              abs(ne.0 * nf.1 - ne.1 * nf.0) > Self.crossingSine else { continue }
                        let p = corners[m], q = corners[next(m, s)]
                        let reach = 0.5 * (abs(ne.0) + abs(ne.1) + abs(nf.0) + abs(nf.1)) + Self.crossingSlack
                        // The part of the patch's edge within both reaches of the item's line,
                        // alongside the item's edge (its ends give or take the same).
                        let across = Self.interval(ne.0 * p.x + ne.1 * p.y + ce, ne.0 * q.x + ne.1 * q.y + ce, -reach, reach)
                        let along = Self.interval(tx * p.x + ty * p.y, tx * q.x + ty * q.y, min(ta, tb) - reach, max(ta, tb) + reach)
                        let (u0, u1) = (max(0, across.0, along.0), min(1, across.1, along.1))
                        guard u1 - u0 > 1e-6 else { continue }
                        // The silhouette's own corners where the stretch runs to its ends (bit
                        // for bit: `heldEnds` finds its held edges there).
                        let (p0, p1) = (u0 <= 0 ? p : p.toward(q, u0), u1 >= 1 ? q : p.toward(q, u1))
                        // Whatever is drawn between the two in these pixels (a detail, a
                        // shadow, a flat layer) would have to be filtered the same way.
                        if drawsBetween(i, j, frame, near: p0, p1, within: reach + 1) { continue }
                        appendPartner(to: i, line: (nf.0, nf.1, -(nf.0 * p.x + nf.1 * p.y)), from: p0, to: p1,
                                      of: j, facing: (a, b), kind: .beneath)
                        // A patch cut back out of a contour's band draws nothing there; the
                        // band's owner covers what its line, continued, would have.
                        // Only along a nearly parallel own edge (within 30°), the one the shader
                        // joins it to; the contour, which bounds both sheets, stays a product.
                        if quad.localToView.showsBack && ne.0 * nf.0 + ne.1 * nf.1 > Self.bandJoinCosine && hasBandCut(j) {
                            appendPartner(to: i, line: (nf.0, nf.1, -(nf.0 * p.x + nf.1 * p.y)), from: p0, to: p1,
                                          of: j, facing: (a, b), kind: .band)
                        }
                    }
                }
            }
        }
    }

    /// Whether an item drawn after item `i` and before item `j` that is not a surface's own
    /// patch comes within `distance` of the stretch from `a` to `b` (its box, and the stretch's).
    func drawsBetween(_ i: Int, _ j: Int, _ frame: Frame, near a: Corner, _ b: Corner, within distance: Double) -> Bool {
        let box = (minX: min(a.x, b.x) - distance, maxX: max(a.x, b.x) + distance, minY: min(a.y, b.y) - distance, maxY: max(a.y, b.y) + distance)
        for k in (i + 1)..<j {
            let quad = frame.polygons[items[k].quadIndex]
            if quad.surfacePatch >= 0 && !frame.isSurfaceDetail(quad) && items[k].composite < 0 && items[k].border < 0 && items[k].raster < 0 { continue }
            let other = bounds(items[k].corners)
            if other.minX <= box.maxX && other.maxX >= box.minX && other.minY <= box.maxY && other.maxY >= box.minY { return true }
        }
        return false
    }

    /// Whether the polygons of corners `r` and `s` have a corner at the same position.
    func shareCorner(_ r: Range<Int>, _ s: Range<Int>) -> Bool {
        for k in r {
            for m in s where corners[k].x == corners[m].x && corners[k].y == corners[m].y { return true }
        }
        return false
    }

    /// The parameters `u` where `v0 + u·(v1 − v0)` lies in `low…high` (empty: low > high).
    static func interval(_ v0: Double, _ v1: Double, _ low: Double, _ high: Double) -> (Double, Double) {
        let dv = v1 - v0
        guard abs(dv) > 1e-12 else { return v0 >= low && v0 <= high ? (-.infinity, .infinity) : (1, 0) }
        let (ua, ub) = ((low - v0) / dv, (high - v0) / dv)
        return (min(ua, ub), max(ua, ub))
    }

    /// Cuts item `i`'s triangles across its own edge where each later sheet's crossing stretch
    /// begins and ends (lines across the band, as the hand-over's), and gives the line to the
    /// pieces in the stretch that carry one of the item's own edges (elsewhere the item covers
    /// the pixel whole, and the line changes nothing but the cost), come within its reach, lie
    /// inside the sheet's other edges (`liesInsideNeighbour`), and take no other such line (two
    /// are not one half-plane's coverage).
    package mutating func markCrossingEdges(_ i: Int) {
        let own = items[i].edges
        let range = own.lowerBound..<max(own.upperBound, items[i].slitEdges.upperBound)
        var ownBits: UInt32 = 0, laterBits: UInt32 = 0
        for e in own { ownBits |= 1 << UInt32(e - range.lowerBound) }
        for marked in partnerLines(of: i) {
            let (p, e) = (marked.partner, marked.edge)
            let (x, y, _) = edges[e].shaderEdge
            // A later sheet's line (16, squared 256) or a band's (32, squared 1024); not a
            // turning corner's (64 and 128, `DrawList+TurningCorners.swift`).
            guard x * x + y * y > 128, x * x + y * y < 2048 else { continue }
            laterBits |= marked.bit
            let (tx, ty, low, high) = Self.crossingStretch(p)
            // An end where the later patch's silhouette meets one of its held edges (a seam, a
            // hard cut) is cut along that edge's line: past it the pixels are another patch's
            // (or none), decided by their centres, not by a ramp.
            let held = heldEnds(p)
            if let line = held.low { splitTriangles { line.0 * $0.x + line.1 * $0.y + line.2 } } else { splitTriangles { tx * $0.x + ty * $0.y - low } }
            if let line = held.high { splitTriangles { line.0 * $0.x + line.1 * $0.y + line.2 } } else { splitTriangles { tx * $0.x + ty * $0.y - high } }
        }
        guard laterBits != 0 else { return }
        let tolerance = 0.02
        for marked in partnerLines(of: i, in: laterBits) {
            let (p, e, bit) = (marked.partner, marked.edge, marked.bit)
            let line = edges[e]
            let (tx, ty, low, high) = Self.crossingStretch(p)
            let slack = 1e-9 * (1 + abs(low) + abs(high))
            // At an end on a held edge, that edge's line bounds the pieces (`liesInsideNeighbour`).
            let held = heldEnds(p)
            let (first, last) = (held.low == nil ? low - slack : -Double.infinity, held.high == nil ? high + slack : Double.infinity)
            // A band's line joins the own edge it was found along: only pieces that carry that
            // edge, within both lines' reach (deeper inside the line, the union is the own edge's
            // other neighbours' business, not this line's).
            let (x, y, _) = edges[e].shaderEdge
            let band = x * x + y * y > 512
            let facing = band ? ownEdgeBit(along: p.own, of: i) : ownBits
            for t in triangles.indices where triangles[t].edges & facing != 0 && triangles[t].edges.nonzeroBitCount < TriangleCoverage.maximumEdges {
                let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
                guard max(line.distance(v.0), line.distance(v.1), line.distance(v.2)) > -(line.reach + tolerance) else { continue }
                if band && min(line.distance(v.0), line.distance(v.1), line.distance(v.2)) > line.reach + tolerance { continue }
                let s = (tx * v.0.x + ty * v.0.y, tx * v.1.x + ty * v.1.y, tx * v.2.x + ty * v.2.y)
                guard min(s.0, s.1, s.2) >= first, max(s.0, s.1, s.2) <= last else { continue }
                triangles[t].edges |= bit
            }
        }
        for t in triangles.indices {
            var later = triangles[t].edges & laterBits
            guard later != 0 else { continue }
            // Each line only where its patch draws the pixel by it alone; then at most one.
            var bits = later
            while bits != 0 {
                let k = bits.trailingZeroBitCount
                bits &= bits - 1
                let (x, y, _) = edges[range.lowerBound + k].shaderEdge
                if !liesInsideNeighbour(t, edge: range.lowerBound + k, of: i, inBand: x * x + y * y > 512) { later &= ~(UInt32(1) << UInt32(k)) }
            }
            // The same sheet's line found along two of the item's edges (its bottom edge and the
            // contour, at a contour's end) is one line: kept once.
            let lowest = later & (~later &+ 1)
            let first = later == 0 ? (0, 0, 0) : edges[range.lowerBound + lowest.trailingZeroBitCount].shaderEdge
            bits = later & ~lowest
            while bits != 0 {
                let k = bits.trailingZeroBitCount
                bits &= bits - 1
                let other = edges[range.lowerBound + k].shaderEdge
                if other == first { later &= ~(UInt32(1) << UInt32(k)) }
            }
            triangles[t].edges &= ~laterBits
            if later.nonzeroBitCount == 1 { triangles[t].edges |= later }
        }
    }

    /// The lines (inward normal and offset, `nx·x + ny·y + c ≥ 0` inside) of the later patch's
    /// held edges (seams and hard cuts, not faded) that meet its crossing silhouette at the
    /// stretch's low and high ends (as `crossingStretch` orders them), where the stretch runs
    /// to the end of that silhouette; nil at an end inside it.
    func heldEnds(_ p: SlitPartners.Partner) -> (low: (Double, Double, Double)?, high: (Double, Double, Double)?) {
        let s = items[p.neighbour].corners
        let sign = winding(s)
        func held(at end: (x: Double, y: Double)) -> (Double, Double, Double)? {
            for k in s where corners[k].x == end.x && corners[k].y == end.y {
                let previous = k == s.lowerBound ? s.upperBound - 1 : k - 1
                // One of the two edges at the corner is the crossing silhouette; the other held.
                for step in 0..<2 {
                    let m = step == 0 ? previous : k
                    guard !corners[m].fades, let n = inwardNormal(m, in: s, winding: sign) else { continue }
                    return (n.0, n.1, -(n.0 * corners[m].x + n.1 * corners[m].y))
                }
            }
            return nil
        }
        let (dx, dy) = (p.own.1.x - p.own.0.x, p.own.1.y - p.own.0.y)
        let (atA, atB) = (held(at: p.a), held(at: p.b))
        return dx * (p.a.x - p.b.x) + dy * (p.a.y - p.b.y) <= 0 ? (atA, atB) : (atB, atA)
    }

    /// The bit (relative to item `i`'s first edge) of its own silhouette edge through the
    /// corners `own`, 0 when none is (its line lies past the item's limit).
    func ownEdgeBit(along own: (Corner, Corner), of i: Int) -> UInt32 {
        let (a, b) = own
        let length = max(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot(), 1e-12)
        for e in items[i].edges {
            let line = edges[e]
            let tolerance = 1e-6 * (1 + abs(line.c))
            guard abs(line.nx * (b.x - a.x) + line.ny * (b.y - a.y)) <= 1e-9 * length,
                  abs(line.nx * a.x + line.ny * a.y + line.c) <= tolerance else { continue }
            return 1 << UInt32(e - items[i].edges.lowerBound)
        }
        return 0
    }

    /// A crossing partner's stretch along the item's own edge it crosses: the edge's tangent
    /// `(tx, ty)` and the stretch's ends projected onto it (`t = tx·x + ty·y`, low ≤ high).
    static func crossingStretch(_ p: SlitPartners.Partner) -> (Double, Double, Double, Double) {
        let (a, b) = p.own
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-12)
        let (tx, ty) = (dx / length, dy / length)
        let (ta, tb) = (tx * p.a.x + ty * p.a.y, tx * p.b.x + ty * p.b.y)
        return (tx, ty, min(ta, tb), max(ta, tb))
    }

    /// Whether triangle `t` of item `i` lies where the later sheet whose line `edge` is covers
    /// the pixel by that line alone: a pixel box's reach and more inside each of the sheet's
    /// other silhouettes, and on the sheet's side of each of its held edges (seams, hard cuts),
    /// whose lines end its footprint with pixel centres deciding. Past a seam the neighbour's
    /// line takes over, and past one of its other silhouettes the line, extended, covers what the
    /// sheet does not draw. `inBand`: the line is a band's (`SlitPartners.Kind.band`), and the
    /// triangle must lie instead on the far side of the sheet's cut out of a contour's band,
    /// where the sheet draws nothing and its line, continued, bounds what it would cover.
    func liesInsideNeighbour(_ t: Int, edge: Int, of i: Int, inBand: Bool = false) -> Bool {
        var neighbour = -1
        for marked in partnerLines(of: i) where marked.edge == edge { neighbour = marked.partner.neighbour; break }
        guard neighbour >= 0 else { return false }
        let line = edges[edge]
        let s = items[neighbour].corners
        let sign = winding(s)
        let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
        var beyondCut = false
        for m in s {
            guard let n = inwardNormal(m, in: s, winding: sign), n.0 != line.nx || n.1 != line.ny else { continue }
            let c = -(n.0 * corners[m].x + n.1 * corners[m].y)
            func distance(_ p: PlanePoint) -> Double { n.0 * p.x + n.1 * p.y + c }
            if inBand && isBandCut(m, of: neighbour) {
                // In the band: on the cut's far side, where the sheet draws nothing.
                if max(distance(v.0), distance(v.1), distance(v.2)) > 1e-7 { return false }
                beyondCut = true
                continue
            }
            // A silhouette multiplies its own ramp in a reach inside it; a held edge (a seam, a
            // hard cut) ends the patch's footprint on its line, pixel centres deciding, so its
            // inner side is enough (the pieces were cut along it, `heldEnds`).
            let least = corners[m].fades ? 0.5 * (abs(n.0) + abs(n.1)) + 0.02 : -1e-7
            if min(distance(v.0), distance(v.1), distance(v.2)) < least { return false }
        }
        return !inBand || beyondCut
    }

    /// Whether later patch `j` (a nearer sheet's) was cut back out of a contour's band
    /// (`cutNearerSheets`): one of its edges is such a cut.
    func hasBandCut(_ j: Int) -> Bool {
        for m in items[j].corners where isBandCut(m, of: j) { return true }
        return false
    }

    /// Whether the edge of item `j` from corner `m` is its cut out of a contour's band: hard
    /// (neither faded nor a seam), both ends `contourBand` inside a contour of its surface.
    func isBandCut(_ m: Int, of j: Int) -> Bool {
        let r = items[j].corners
        let (a, b) = (corners[m], corners[m + 1 == r.upperBound ? r.lowerBound : m + 1])
        guard !a.fades, !a.shared else { return false }
        for contour in surface.contours {
            if abs(contour.distance(a.x, a.y) - Self.contourBand) < 1e-6, abs(contour.distance(b.x, b.y) - Self.contourBand) < 1e-6 { return true }
        }
        return false
    }
}
