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
/// For each surface's own patch (and each flat item, from the patches that carry a contour:
/// `carriesContour`) and each opaque patch among the next `stackSearch` items that shares
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
/// (scaled by 32; where its edge ends at the cut, the chord from there to the contour's end,
/// `bandLine`), when it lies within `bandJoinCosine` of the item's edge: the pieces that
/// carry that edge, lie within both lines' reach, on the far side of the cut (where the patch
/// draws nothing) and inside its seams take it, and the shader covers the union of the box
/// inside the own edge most nearly parallel to it and the box inside the line, `a + u − o`,
/// times the other own edges (the contour bounds both sheets).
///
/// **Pixel by pixel.** A steep crossing's stretch reaches the pixels either side of it
/// (`crossingStretch`); a piece whose corner, not its pixels, comes within reach of the later
/// patch's other silhouette still takes the line (`centresClear`); a line deeper than its reach
/// inside a piece is not given (it changes nothing and took a slot); and a piece within reach of
/// two adjacent silhouettes of the later patch takes both, filtered by the box inside both
/// (`wedgeLines`, the later sheet's corner). Where a roll's outline runs out over the page's
/// edge at a contour's end, the page's ramp lay under the last strip's corner (0.0765 off);
/// filtered, it is 0.025 off, the rest the strip's own corner drawn as a product.
///
/// **What the shader pays.** The later sheet's corner and the band's union clipped by the
/// contour take several more clipped boxes per pixel, and llvmpipe runs every one of them for
/// every pixel of a draw in that variant: in `EDGE_PARTNERS` they took a curl window frame
/// 184 → 211 M instructions. Only the pieces that carry two later lines or a band's line need
/// them, a few pixels a frame, so they are drawn apart, in `TriangleCoverage.clippedEdges`
/// (`EDGE_CLIPS`, decided in `writeTriangles` from the lines' kinds), and every other partner
/// piece keeps the plain `EDGE_PARTNERS` shader.
///
/// What stays: the page under the rest of a roll's outline keeps its ramp where the hand-over
/// does not take it (0.002 there): every strip's stretch would cut the whole page across, the
/// cuts crossing each other (the curl spread's page triangles ×14 for no pixel better).
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
            // A surface's own patch, or a flat item (the page under a roll's outline).
            guard item.composite < 0, item.border < 0, item.raster < 0,
                  !frame.isSurfaceDetail(frame.polygons[item.quadIndex]) else { continue }
            let isPatch = frame.polygons[item.quadIndex].surfacePatch >= 0
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
                // A flat item takes only the lines of a patch on a contour (see `carriesContour`).
                if !isPatch && !carriesContour(j) { continue }
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
                        if isPatch && quad.localToView.showsBack && ne.0 * nf.0 + ne.1 * nf.1 > Self.bandJoinCosine && hasBandCut(j) {
                            appendPartner(to: i, line: bandLine(nf, from: m, of: j, toward: a, b), from: p0, to: p1,
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
            // A later sheet's line or a band's; not a turning corner's (`DrawList+TurningCorners.swift`).
            guard let kind = edges[e].partnerKind, kind == .beneath || kind == .band else { continue }
            let (tx, ty, low, high) = Self.crossingStretch(p, widened: kind == .beneath)
            // An end where the later patch's silhouette meets one of its held edges (a seam, a
            // hard cut) is cut along that edge's line: past it the pixels are another patch's
            // (or none), decided by their centres, not by a ramp.
            let held = heldEnds(p)
            // Nothing of the item's ramp there (the hand-over dropped it, or the stretch lies past
            // its pieces): no cut and no line. The cuts cross the whole item, and the page under a
            // roll has a stretch at every strip its edge runs under.
            guard hasRamp(along: edges[e], ownBits, tx, ty, held.low == nil ? low : -.infinity, held.high == nil ? high : .infinity) else { continue }
            laterBits |= marked.bit
            if let line = held.low { splitTriangles { line.0 * $0.x + line.1 * $0.y + line.2 } } else { splitTriangles { tx * $0.x + ty * $0.y - low } }
            if let line = held.high { splitTriangles { line.0 * $0.x + line.1 * $0.y + line.2 } } else { splitTriangles { tx * $0.x + ty * $0.y - high } }
        }
        guard laterBits != 0 else { return }
        let tolerance = 0.02
        for marked in partnerLines(of: i, in: laterBits) {
            let (p, e, bit) = (marked.partner, marked.edge, marked.bit)
            let line = edges[e]
            let band = line.partnerKind == .band
            let (tx, ty, low, high) = Self.crossingStretch(p, widened: !band)
            let slack = 1e-9 * (1 + abs(low) + abs(high))
            // At an end on a held edge, that edge's line bounds the pieces (`liesInsideNeighbour`).
            let held = heldEnds(p)
            let (first, last) = (held.low == nil ? low - slack : -Double.infinity, held.high == nil ? high + slack : Double.infinity)
            // A band's line joins the own edge it was found along: only pieces that carry that
            // edge, within both lines' reach (deeper inside the line, the union is the own edge's
            // other neighbours' business, not this line's).
            let facing = band ? ownEdgeBit(along: p.own, of: i) : ownBits
            for t in triangles.indices where triangles[t].edges & facing != 0 && triangles[t].edges.nonzeroBitCount < TriangleCoverage.maximumEdges {
                let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
                guard max(line.distance(v.0), line.distance(v.1), line.distance(v.2)) > -(line.reach + tolerance) else { continue }
                // Deeper inside the line than its reach, the later sheet covers the pixel whole
                // and the filter draws nothing, as the item's own part under it would show: the
                // line changes nothing there, and would only take a slot.
                if min(line.distance(v.0), line.distance(v.1), line.distance(v.2)) > line.reach + tolerance { continue }
                let s = (tx * v.0.x + ty * v.0.y, tx * v.1.x + ty * v.1.y, tx * v.2.x + ty * v.2.y)
                guard min(s.0, s.1, s.2) >= first, max(s.0, s.1, s.2) <= last else { continue }
                triangles[t].edges |= bit
            }
        }
        for t in triangles.indices {
            var later = triangles[t].edges & laterBits
            guard later != 0 else { continue }
            let assigned = later
            // Each line only where its patch draws the pixel by it alone; then at most one.
            var bits = later
            while bits != 0 {
                let k = bits.trailingZeroBitCount
                bits &= bits - 1
                let inBand = edges[range.lowerBound + k].partnerKind == .band
                if !liesInsideNeighbour(t, edge: range.lowerBound + k, of: i, inBand: inBand) { later &= ~(UInt32(1) << UInt32(k)) }
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
            if later.nonzeroBitCount == 1 {
                triangles[t].edges |= later
            } else if let wedge = wedgeLines(t, among: assigned, of: i, from: range.lowerBound) {
                // Two lines of one later patch at its corner: the patch covers the box inside
                // both, and the shader filters by that wedge.
                triangles[t].edges |= wedge
                noteWedgePiece(t, wedge, of: i, from: range.lowerBound)
            }
        }
    }

    /// Whether item `j` has a silhouette on one of its surface's contours (the farther sheet's
    /// patch along it, `markContours`): bit for bit its ends.
    ///
    /// Flat items (the page under a roll) take only such patches' lines. Along the page's edge
    /// the roll's strips run on nearly parallel to it, and the hand-over already leaves their
    /// pixels to the strips (`DrawList+StackedEdges.swift`); where the hand-over cannot is where
    /// the roll's outline leaves the page's edge, at a contour's end. Every strip's stretch cuts
    /// the whole page across, and the cuts of its bottom and top edges and of the strips' seams
    /// cross each other: given every patch's lines, the curl spread's page triangles went from
    /// 5,973 to 82,755 over 76 frames.
    func carriesContour(_ j: Int) -> Bool {
        let s = items[j].corners
        for m in s where corners[m].fades {
            let (a, b) = (corners[m], corners[m + 1 == s.upperBound ? s.lowerBound : m + 1])
            for contour in surface.contours where (contour.a == (a.x, a.y) && contour.b == (b.x, b.y)) || (contour.a == (b.x, b.y) && contour.b == (a.x, a.y)) {
                return true
            }
        }
        return false
    }

    /// Whether a triangle of the item being cut that carries one of its own edges (`ownBits`)
    /// comes within `line`'s reach, not wholly inside it, and overlaps the stretch from `low` to
    /// `high` along the tangent `(tx, ty)`: a piece the line could be given.
    func hasRamp(along line: EdgeLine, _ ownBits: UInt32, _ tx: Double, _ ty: Double, _ low: Double, _ high: Double) -> Bool {
        let tolerance = 0.02
        for t in triangles where t.edges & ownBits != 0 {
            let v = (points[Int(t.a)], points[Int(t.b)], points[Int(t.c)])
            let d = (line.distance(v.0), line.distance(v.1), line.distance(v.2))
            guard max(d.0, d.1, d.2) > -(line.reach + tolerance), min(d.0, d.1, d.2) <= line.reach + tolerance else { continue }
            let s = (tx * v.0.x + ty * v.0.y, tx * v.1.x + ty * v.1.y, tx * v.2.x + ty * v.2.y)
            if max(s.0, s.1, s.2) >= low - 1e-9 && min(s.0, s.1, s.2) <= high + 1e-9 { return true }
        }
        return false
    }

    /// Two of the later lines `bits` (relative to edge `base`) that are one later patch's
    /// adjacent silhouettes, where triangle `t` of item `i` lies a pixel box's reach inside the
    /// patch's other silhouettes and on its side of its held edges: there the patch covers the
    /// box inside both lines (its corner), and the item draws its part outside that wedge over
    /// the part outside it (two `SlitPartners.Kind.beneath` lines in one piece, `EDGE_CLIPS`).
    ///
    /// Where a roll's outline runs out over the page's bottom edge at a contour's end, the
    /// page's pixels there lie within reach of the last strip's contour and of its bottom
    /// outline at once; with one line each, no piece took either, and the page's ramp lay
    /// under the strip's (0.077 off at zoom 1.37 and (0.1, 0.35), pixel (228, 178)).
    func wedgeLines(_ t: Int, among bits: UInt32, of i: Int, from base: Int) -> UInt32? {
        var first = bits
        while first != 0 {
            let k1 = first.trailingZeroBitCount
            first &= first - 1
            let (x1, y1, _) = edges[base + k1].shaderEdge
            guard x1 * x1 + y1 * y1 < 512, let j = partnerNeighbour(of: base + k1, in: i) else { continue }
            var second = first
            while second != 0 {
                let k2 = second.trailingZeroBitCount
                second &= second - 1
                let (x2, y2, _) = edges[base + k2].shaderEdge
                guard x2 * x2 + y2 * y2 < 512, edges[base + k2].shaderEdge != edges[base + k1].shaderEdge,
                      partnerNeighbour(of: base + k2, in: i) == j,
                      liesInsideCorner(t, of: j, between: edges[base + k1], edges[base + k2]) else { continue }
                return (UInt32(1) << UInt32(k1)) | (UInt32(1) << UInt32(k2))
            }
        }
        return nil
    }

    /// Notes triangle `t` of item `i`, which filters by the later patch's corner `wedge`
    /// (`wedgeLines`' bits, relative to edge `base`), in `surface.wedgePieces`: that patch's
    /// own turning corner there takes its second line over the piece's pixels, where it would
    /// keep the product beside another layer's outline (`DrawList+TurningCorners.swift`).
    mutating func noteWedgePiece(_ t: Int, _ wedge: UInt32, of i: Int, from base: Int) {
        guard clipsTurningCorners && clipsOwnTurningCorners else { return }
        let k1 = wedge.trailingZeroBitCount
        let k2 = (wedge & (wedge - 1)).trailingZeroBitCount
        guard k2 < 32, let j = partnerNeighbour(of: base + k1, in: i) else { return }
        let (e1, e2) = (edges[base + k1], edges[base + k2])
        let (a, b, c) = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
        surface.wedgePieces.append((item: i, neighbour: j, first: (e1.nx, e1.ny), second: (e2.nx, e2.ny),
                                    a: (a.x, a.y), b: (b.x, b.y), c: (c.x, c.y)))
    }

    /// The item whose line item `i`'s partner edge `edge` is (nil when it is none of them).
    func partnerNeighbour(of edge: Int, in i: Int) -> Int? {
        for marked in partnerLines(of: i) where marked.edge == edge { return marked.partner.neighbour }
        return nil
    }

    /// Whether lines `a` and `b` are two adjacent silhouettes of item `j` (their normals its
    /// edges' own, bit for bit) and triangle `t` lies a pixel box's reach inside its other
    /// silhouettes (or no pixel it draws comes within reach of them, `centresClear`) and on its
    /// side of its held edges.
    func liesInsideCorner(_ t: Int, of j: Int, between a: EdgeLine, _ b: EdgeLine) -> Bool {
        let s = items[j].corners
        let sign = winding(s)
        let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
        var (ia, ib) = (-1, -1)
        for m in s {
            guard let n = inwardNormal(m, in: s, winding: sign) else { continue }
            if corners[m].fades && n.0 == a.nx && n.1 == a.ny { ia = m; continue }
            if corners[m].fades && n.0 == b.nx && n.1 == b.ny { ib = m; continue }
            let c = -(n.0 * corners[m].x + n.1 * corners[m].y)
            func distance(_ p: PlanePoint) -> Double { n.0 * p.x + n.1 * p.y + c }
            let least = corners[m].fades ? 0.5 * (abs(n.0) + abs(n.1)) + 0.02 : -1e-7
            if min(distance(v.0), distance(v.1), distance(v.2)) < least {
                guard corners[m].fades, centresClear(of: v, distance, least) else { return false }
            }
        }
        guard ia >= 0, ib >= 0 else { return false }
        let count = s.count
        let gap = abs(ia - ib)
        return gap == 1 || gap == count - 1
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
    ///
    /// The partner's ends are the part of the later line within both reaches of the item's
    /// line; projected, that is `(r_e + r_f)·cot θ` either side of the crossing, θ the angle
    /// between the lines. The pixel centres whose box both lines cross reach further along the
    /// item's edge: a centre on the item's line is within the later line's reach `r_f / sin θ`
    /// from the crossing, and the parallelogram of such centres spans `(r_f + r_e·cos θ) / sin θ`
    /// either side. So a later sheet's line (`widened`) gets the difference, `r_f·(1 − cos θ) /
    /// sin θ` at each end, up to `r_f` where the lines are perpendicular: a crossing at 78°
    /// (a curl's turned part across its flat part's top edge and the spine) kept its stretch
    /// under half a pixel long, and the pixels either side of it composited the two sheets as
    /// independent (0.025 off at zoom 2 and (0.85, 0.6), pixel (237, 0)). An end on a held edge
    /// is cut along that edge's line instead (`heldEnds`), and `liesInsideNeighbour` keeps the
    /// line where the later sheet's coverage is that line's alone.
    static func crossingStretch(_ p: SlitPartners.Partner, widened: Bool = false) -> (Double, Double, Double, Double) {
        let (a, b) = p.own
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-12)
        let (tx, ty) = (dx / length, dy / length)
        let (ta, tb) = (tx * p.a.x + ty * p.a.y, tx * p.b.x + ty * p.b.y)
        // sin θ and cos θ between the item's line (normal ⟂ t) and the later line.
        let (sine, cosine) = (abs(tx * p.line.nx + ty * p.line.ny), abs(tx * p.line.ny - ty * p.line.nx))
        let widening = widened && sine > 1e-9 ? (p.line.reach + Self.crossingSlack) * (1 - cosine) / sine : 0
        return (tx, ty, min(ta, tb) - widening, max(ta, tb) + widening)
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
        guard let neighbour = partnerNeighbour(of: edge, in: i), neighbour >= 0 else { return false }
        let line = edges[edge]
        let s = items[neighbour].corners
        let sign = winding(s)
        let v = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
        var beyondCut = false
        for m in s {
            guard let n = inwardNormal(m, in: s, winding: sign), n.0 != line.nx || n.1 != line.ny else { continue }
            // The edge a band's chord replaces (`bandLine`): it ends at the cut, on the chord.
            let end = m + 1 == s.upperBound ? s.lowerBound : m + 1
            if inBand && isBandCut(end, of: neighbour) && abs(line.nx * corners[end].x + line.ny * corners[end].y + line.c) < 1e-9 { continue }
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
            if min(distance(v.0), distance(v.1), distance(v.2)) < least {
                // A silhouette within reach of a corner of the piece may still be out of reach
                // of every pixel the piece draws: those whose centres lie in it.
                guard corners[m].fades, centresClear(of: v, distance, least) else { return false }
            }
        }
        return !inBand || beyondCut
    }

    /// Whether every pixel centre inside the triangle `v` (the pixels it draws) lies at least
    /// `least` inside the line whose signed distance is `distance`; false when the triangle's
    /// box holds more than 64 pixel centres (not worth the count: the piece stays out).
    ///
    /// A piece a crossing's stretch gives a line is often wider than the pixels it draws: a
    /// stretch across the item's edge at a steep crossing spans up to `2·(r_f + r_e)`, and a
    /// corner of it comes within reach of the later sheet's next silhouette while no pixel it
    /// draws does (the roll's last strip over the page's top edge: a corner 0.69 px from the
    /// strip's top end, its pixel centre 0.91 px).
    func centresClear(of v: (PlanePoint, PlanePoint, PlanePoint), _ distance: (PlanePoint) -> Double, _ least: Double) -> Bool {
        // Pixel centres in the list's coordinates: framebuffer pixels' centres less the origin.
        let (ox, oy) = (origin.x - origin.x.rounded(.down), origin.y - origin.y.rounded(.down))
        let x0 = (min(v.0.x, v.1.x, v.2.x) + ox - 0.5).rounded(.up), x1 = (max(v.0.x, v.1.x, v.2.x) + ox - 0.5).rounded(.down)
        let y0 = (min(v.0.y, v.1.y, v.2.y) + oy - 0.5).rounded(.up), y1 = (max(v.0.y, v.1.y, v.2.y) + oy - 0.5).rounded(.down)
        guard x1 >= x0, y1 >= y0 else { return true }
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 64 else { return false }
        func side(_ a: PlanePoint, _ b: PlanePoint, _ x: Double, _ y: Double) -> Double { (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) }
        var y = y0
        while y <= y1 {
            var x = x0
            while x <= x1 {
                let (cx, cy) = (x + 0.5 - ox, y + 0.5 - oy)
                let s = (side(v.0, v.1, cx, cy), side(v.1, v.2, cx, cy), side(v.2, v.0, cx, cy))
                let inside = (s.0 >= 0 && s.1 >= 0 && s.2 >= 0) || (s.0 <= 0 && s.1 <= 0 && s.2 <= 0)
                if inside && distance(PlanePoint(x: cx, y: cy, w: 1, local: Point(x: 0, y: 0))) < least { return false }
                x += 1
            }
            y += 1
        }
        return true
    }

    /// The line a band's owner continues a cut patch's silhouette by (`SlitPartners.Kind.band`):
    /// item `j`'s silhouette edge from corner `m` (inward normal `nf`), or, where that edge ends
    /// at the patch's cut out of the band (`isBandCut`), the chord from the cut's corner to the
    /// end of the owner's edge `a`–`b` lying farthest past it: the contour's end, where the two
    /// sheets' outlines meet. The patches the cut removed turn the outline there: at a roll's
    /// contour end the farther sheet's edge, continued straight, ran 0.08 px below its true
    /// outline (the hidden patch's edge, nearly level), and the union took that sliver too.
    func bandLine(_ nf: (Double, Double), from m: Int, of j: Int, toward a: Corner, _ b: Corner) -> (Double, Double, Double) {
        let s = items[j].corners
        let k = m + 1 == s.upperBound ? s.lowerBound : m + 1
        let (p, q) = (corners[m], corners[k])
        let straight = (nf.0, nf.1, -(nf.0 * p.x + nf.1 * p.y))
        guard isBandCut(k, of: j) else { return straight }
        let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        guard length > 1e-9 else { return straight }
        let (ux, uy) = ((q.x - p.x) / length, (q.y - p.y) / length)
        let (pa, pb) = ((a.x - q.x) * ux + (a.y - q.y) * uy, (b.x - q.x) * ux + (b.y - q.y) * uy)
        let c = pa >= pb ? a : b
        // Past the cut by more than a tenth of a pixel, and within a pixel and a half of it.
        let (dx, dy) = (c.x - q.x, c.y - q.y)
        let chord = (dx * dx + dy * dy).squareRoot()
        guard max(pa, pb) > 0.1, chord < 1.5 else { return straight }
        var n = (-dy / chord, dx / chord)
        if n.0 * nf.0 + n.1 * nf.1 < 0 { n = (-n.0, -n.1) }
        // A turn sharper than the band's join (30°) is not the band's outline.
        guard n.0 * nf.0 + n.1 * nf.1 > Self.bandJoinCosine else { return straight }
        return (n.0, n.1, -(n.0 * q.x + n.1 * q.y))
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
