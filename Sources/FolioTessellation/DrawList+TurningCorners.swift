import FolioLayers

/// A surface's own outline turning at a seam's end: the pixels round the vertex take both lines.
///
/// ## The fault
///
/// Where a surface's outline passes from patch B into patch A across the seam between them, it
/// turns at the seam's end `V` (on the roll's bottom row, where the strips grow thin toward a
/// contour, by 13°). A pixel is drawn by the patch that holds its centre, and a patch keeps one
/// edge line per side (`DrawList+SeamCorners.swift` hands the neighbour's line to the pieces past
/// `V`): so a pixel whose box holds `V` is covered by one of the two lines, carried on past the
/// vertex, where the outline's exact area needs both. At a convex vertex the line carried on
/// covers the wedge between itself and the other line too much (0.191 drawn as 0.224 at zoom
/// 1.37 and (0.85, 0.6), pixel (228, 179)), at a reflex one too little.
///
/// ## The rule
///
/// The outline near `V` is the two edges meeting there, and its inside is the intersection of
/// their half-planes at a convex vertex, their union at a reflex one: exact for any box that
/// reaches no other vertex, whichever patch draws it. So each seam corner's item takes the
/// neighbour's edge line as a `SlitPartners.Kind.corner` (convex, scaled by 64 for the shader)
/// or `.notch` partner (reflex, by 128), and its pieces within `turnReach` of `V` that carry the
/// outline's line (its own edge, or the neighbour's handed over past `V`) carry its own edge
/// and the partner instead. The shader (`EDGE_PARTNERS`) pairs the partner with the own edge
/// most nearly parallel to it and clips the pixel's box by both, `o`, at a convex vertex, or
/// covers `a + u − o` at a reflex one, times the other own edges: the clipped box the crossing
/// and band kinds use.
///
/// **A patch's own corner.** A corner of one patch between two of its own silhouette edges is
/// the same fault in another form: the product of the two coverages is the box inside both only
/// where both lines are axis-aligned (the last strip of the roll turns 66° up its side, and the
/// pixel holding that vertex drew 14 for 18 at zoom 2 and (0.85, 0.6)). So such a corner turning
/// by more than `turnSine` gives its item the second edge's line as a `.corner` partner
/// (`findOwnTurningCorners`; `neighbour` −1), and the pieces round it carry the first edge and
/// that line, as at a seam's end. A tile's piece cut from the patch (`SurfaceDetailLayers`,
/// `LayerEvaluator+Surface`) has the same corner between the same two lines wherever the tile
/// holds it, and takes the same partner by the same rule: a tiled leaf covers those pixels as
/// the untiled one does. A corner whose two edges are both axis-aligned takes nothing (the
/// product is exact there), and that matters beyond the cost: two own corners of a leaf's flat
/// part seen square, at the two ends of its top edge, cut its triangles halfway between them
/// (as any two turning vertices at the ends of one edge are), a line across the whole patch
/// that put a vertex on its seam with the bend, and a tiled page beneath drew a pixel 80/255 off
/// there (`PageDetailRenderTests`).
///
/// Where another layer's silhouette (the page's edge beneath, the other sheet of the same
/// surface) comes within a pixel box's reach of the corner's pixels, two or three layers share
/// them and "over" composites them: a truer part of one sheet is no truer a composite there
/// (four front × back pixels at the roll's contour corner over the page's bottom edge, 0.39 px
/// from it, went 0.005–0.008 → 0.027–0.048 when they took the line). So the item's triangles
/// are cut a box's reach either side of each such line (`surface.turnClearances`), and the
/// pieces that reach it keep the product.
///
/// Both rules ask whether two layers share the pixels, and a layer whose line comes within
/// reach may still draw none of them: the back sheet's last patches at the roll's contour corner
/// over the page's bottom edge are cut back out of the contour's band, and their tips come 0.67
/// px from a pixel centre whose box they do not cover. So a pixel centre the other layer leaves
/// undrawn (`drawsNothing`: wholly outside one of its silhouettes' reach, or past its cut) does
/// not count as shared, and where every pixel centre of the piece within reach is such, the
/// piece takes the corner's line (pixel (228, 178) at zoom 1.37 and (0.1, 0.35), 193 → 199
/// drawn for 199).
///
/// Left as they were: a piece that takes a later sheet's line or a band's, or comes within reach
/// of such a line's stretch where that sheet draws its pixels (two sheets share those pixels and
/// are composited by "over"; a truer part of one of them took the front × back worst 0.0765 →
/// 0.0922), a piece that
/// carries a contour's line (the band's rules cover it), and vertices turning by less than
/// `turnSine`. A piece near two such vertices takes the nearer one's.
extension DrawList {
    /// How near a seam corner's vertex a piece must come to take both of the outline's lines
    /// there (pixels): a pixel box reaching the vertex has its centre within 0.71 of it, and a
    /// box beside it can still be crossed by both lines; past that the other line lies wholly
    /// outside the box (convex) or the box wholly inside it (reflex), and changes nothing.
    package static let turnReach = 1.5
    /// The least sine of the angle an outline turns by at a vertex for its pixels to take both
    /// lines (2.5°): past a gentler turn one line carried on is off by a few thousandths (the
    /// worst pixel where the roll runs out over the page's edge 0.0048 with it, 0.0022 at 1°),
    /// and the roll's outline turns gently at most of its seams, each vertex a line and its cuts
    /// (the curl spread's triangles +11% and batches +18% at 2.5°; at 1°, with patches' own
    /// corners as well, +28% and +30%).
    package static let turnSine = 0.0436
    /// How near two turning vertices of one item are for its triangles to be cut halfway
    /// between them (pixels): twice `turnReach` and a pixel.
    package static let turnSplit = 4.0

    /// Gives each item with a seam corner (`surface.seamCorners`, found by `findSeamCorners`)
    /// turning by more than `turnSine` the neighbour's edge line there, as a `.corner` or
    /// `.notch` partner: convex when the neighbour's edge ends inside the item's own line.
    package mutating func findTurningCorners(_ frame: Frame) {
        findOwnTurningCorners(frame)
        for s in surface.seamCorners.indices {
            let corner = surface.seamCorners[s]
            let i = corner.item
            let r = items[i].corners
            let own = corner.ownCorner
            let next = own + 1 == r.upperBound ? r.lowerBound : own + 1
            let (a, b) = (corners[own], corners[next])
            guard let n = inwardNormal(own, in: r, winding: winding(r)), abs(n.0 * corner.ny - n.1 * corner.nx) > Self.turnSine else { continue }
            // The neighbour's edge leaves V along `along` (or arrives along it): its far end is
            // a step on (or back); inside the own line when the vertex is convex. `along` is
            // the mean of the two directions, and the own edge's part of it adds nothing to
            // the distance from the own line.
            let step = corner.ownIsBefore ? 1.0 : -1.0
            let far = (corner.x + step * corner.along.0, corner.y + step * corner.along.1)
            let convex = n.0 * far.0 + n.1 * far.1 - (n.0 * a.x + n.1 * a.y) > 0
            let v = corner.ownIsBefore ? b : a
            appendPartner(to: i, line: (corner.nx, corner.ny, corner.c), from: v, to: v, of: i, facing: (a, b),
                          kind: convex ? .corner : .notch)
        }
    }

    /// Gives each surface patch, and each piece of a surface's detail (a tile) cut from one,
    /// whose outline turns by more than `turnSine` at a corner between two of its own
    /// silhouette edges the second edge's line there as a `.corner` partner (`neighbour` −1:
    /// its own outline), unless both edges are axis-aligned (their product is the box inside
    /// both already: the flat part of a leaf seen square); and notes the other layers'
    /// silhouettes within reach of the corner's pixels (`noteTurnClearances`).
    mutating func findOwnTurningCorners(_ frame: Frame) {
        surface.turnClearances.removeAll(keepingCapacity: true)
        surface.wedgePieces.removeAll(keepingCapacity: true)
        guard clipsOwnTurningCorners else { return }
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            guard quad.surfacePatch >= 0, let id = frame.surfaceRecordIndex(of: quad) else { continue }
            let r = items[i].corners
            let sign = winding(r)
            for k in r {
                let previous = k == r.lowerBound ? r.upperBound - 1 : k - 1
                guard corners[previous].fades, corners[k].fades,
                      let m = inwardNormal(previous, in: r, winding: sign), let n = inwardNormal(k, in: r, winding: sign),
                      abs(m.0 * n.1 - m.1 * n.0) > Self.turnSine,
                      abs(m.0 * m.1) > 1e-12 || abs(n.0 * n.1) > 1e-12 else { continue }
                let v = corners[k]
                let next = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
                // A patch and its pieces are convex: the second edge runs on inside the first
                // one's line (a reflex corner, were there one, takes the union).
                let convex = m.0 * (next.x - v.x) + m.1 * (next.y - v.y) > 0
                let partner = slits.partners.count
                appendPartner(to: i, line: (n.0, n.1, -(n.0 * v.x + n.1 * v.y)), from: v, to: v, of: -1, facing: (corners[previous], v),
                              kind: convex ? .corner : .notch)
                noteTurnClearances(partner, at: (v.x, v.y), first: m, of: id, back: quad.localToView.showsBack, frame)
            }
        }
    }

    /// Notes the silhouette edges of other layers (and of the other side of surface `id`) that
    /// come within `turnReach` and a pixel box's reach of `v`, for own turning corner `partner`
    /// whose first edge's inward normal is `first` (`surface.turnClearances`). The patches of
    /// the same side of the same surface, and their tiles' pieces, draw the same outline and
    /// are not noted.
    mutating func noteTurnClearances(_ partner: Int, at v: (x: Double, y: Double), first: (Double, Double), of id: Int32, back: Bool, _ frame: Frame) {
        for j in items.indices {
            let quad = frame.polygons[items[j].quadIndex]
            if frame.surfaceRecordIndex(of: quad) == id && quad.localToView.showsBack == back { continue }
            let r = items[j].corners
            let sign = winding(r)
            for k in r where corners[k].fades {
                let b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
                guard let n = inwardNormal(k, in: r, winding: sign) else { continue }
                let reach = 0.5 * (abs(n.0) + abs(n.1)) + 0.02
                let limit = Self.turnReach + reach
                guard Self.squaredDistance(from: v, toSegment: (corners[k].x, corners[k].y), (b.x, b.y)) < limit * limit else { continue }
                surface.turnClearances.append((partner: partner, first: first, item: j, nx: n.0, ny: n.1, c: -(n.0 * corners[k].x + n.1 * corners[k].y),
                                               a: (corners[k].x, corners[k].y), b: (b.x, b.y), reach: reach))
            }
        }
    }

    /// Whether the triangle `a b c` comes within a pixel box's reach of one of the other
    /// layers' silhouettes noted for own turning corner `partner`, and that layer does not
    /// filter the pixels the triangle draws there by the corner's two lines
    /// (`filtersByCorner`).
    func reachesTurnClearance(_ partner: Int, _ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Bool {
        for s in surface.turnClearances.indices where surface.turnClearances[s].partner == partner {
            let clearance = surface.turnClearances[s]
            let limit = clearance.reach * clearance.reach
            let reaches = Self.squaredDistance(from: clearance.a, to: a, b, c) < limit || Self.squaredDistance(from: clearance.b, to: a, b, c) < limit
                || Self.squaredDistance(from: (a.x, a.y), toSegment: clearance.a, clearance.b) < limit
                || Self.squaredDistance(from: (b.x, b.y), toSegment: clearance.a, clearance.b) < limit
                || Self.squaredDistance(from: (c.x, c.y), toSegment: clearance.a, clearance.b) < limit
            if reaches && !filtersByCorner(s, a, b, c) { return true }
        }
        return false
    }

    /// Whether every pixel centre inside the triangle `a b c` whose box may reach the other
    /// layer's silhouette of clearance `s` lies in a piece of that layer that filters its part
    /// by the own corner's two lines (`surface.wedgePieces`), or that the layer leaves undrawn
    /// (`drawsNothing`): the piece draws `(b − o)/(1 − w)`
    /// with `w` the box inside both lines, exact when the corner's patch draws `w`, which its
    /// second line gives it. Where the layer's piece draws its own ramp unfiltered, "over"
    /// counts the two parts as independent, and the product of the corner's two coverages
    /// (smaller than `w` at the roll's contour corner) happens to come nearer the union: those
    /// pixels keep it. False when the triangle holds more than 64 pixel centres.
    func filtersByCorner(_ s: Int, _ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Bool {
        let clearance = surface.turnClearances[s]
        let owner = slits.partners[clearance.partner].item
        let second = (slits.partners[clearance.partner].line.nx, slits.partners[clearance.partner].line.ny)
        // A box reaches the silhouette within its half-diagonal (and a margin) of the segment.
        let shared = 0.75 * 0.75
        return centresClear(of: (a, b, c), { p in
            guard Self.squaredDistance(from: (p.x, p.y), toSegment: clearance.a, clearance.b) < shared else { return 1 }
            // A pixel the other layer leaves undrawn is this sheet's and what lies beneath.
            if drawsNothing(clearance.item, at: p) { return 1 }
            for w in surface.wedgePieces where w.item == clearance.item && w.neighbour == owner
                && ((w.first == clearance.first && w.second == second) || (w.first == second && w.second == clearance.first)) {
                if Self.contains((p.x, p.y), w.a, w.b, w.c) { return 1 }
            }
            return -1
        }, 0)
    }

    /// Whether the triangle `a b c` holds `v` (its sides included).
    static func contains(_ v: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double)) -> Bool {
        func side(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double { (q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x) }
        let (s0, s1, s2) = (side(a, b), side(b, c), side(c, a))
        return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0)
    }

    /// Gives item `i`'s pieces within `turnReach` of each of its turning vertices that carry the
    /// outline's line there its own edge and the vertex's partner (see the notes).
    package mutating func markTurningCorners(_ i: Int) {
        let own = items[i].edges
        let range = own.lowerBound..<max(own.upperBound, items[i].slitEdges.upperBound)
        // Every partner bit, and the later sheets' and bands' (a piece with one keeps it).
        var turnBits: UInt32 = 0, heldBits: UInt32 = 0
        for e in items[i].slitEdges {
            switch edges[e].partnerKind {
            case .corner?, .notch?: turnBits |= 1 << UInt32(e - range.lowerBound)
            case .beneath?, .band?: heldBits |= 1 << UInt32(e - range.lowerBound)
            default: break
            }
        }
        guard turnBits != 0 else { return }
        // The contour's lines the item takes (`appendContourEdges`): the band's rules cover
        // the pieces that carry one.
        var contourBits: UInt32 = 0
        for e in own {
            for extra in surface.contourEdges where extra.item == i && extra.nx == edges[e].nx && extra.ny == edges[e].ny && extra.c == edges[e].c {
                contourBits |= 1 << UInt32(e - range.lowerBound)
            }
        }
        // Two turning vertices of the item within `turnSplit`, or at the two ends of one of its
        // silhouette edges (whose band triangles run from one to the other): its triangles are
        // cut along the line halfway between them, so that each piece takes the partner of the
        // vertex nearer its pixels (a band triangle 12 px long took the far vertex's, and a
        // mirrored curl drew a pixel 8/255 from its mirror image). Cutting between every two
        // vertices of every item doubled the frame's triangles; a piece still within reach of
        // two vertices farther apart takes neither.
        for first in partnerLines(of: i, in: turnBits) {
            let p = first.partner.a
            for second in partnerLines(of: i, in: turnBits) where second.edge > first.edge {
                let q = second.partner.a
                let (dx, dy) = (q.x - p.x, q.y - p.y)
                guard dx * dx + dy * dy > 1e-12,
                      dx * dx + dy * dy < Self.turnSplit * Self.turnSplit || joinedByEdge(p, q, of: i) else { continue }
                let (mx, my) = (0.5 * (p.x + q.x), 0.5 * (p.y + q.y))
                splitTriangles { dx * ($0.x - mx) + dy * ($0.y - my) }
            }
        }
        // Another layer's silhouette near an own turning corner: the item's triangles are cut
        // along the two lines a pixel box's reach either side of it, so that a piece either
        // reaches it (two layers share those pixels, composited by "over": left as they were)
        // or lies clear of it.
        for s in surface.turnClearances.indices where slits.partners[surface.turnClearances[s].partner].item == i {
            let clearance = surface.turnClearances[s]
            splitTriangles { clearance.nx * $0.x + clearance.ny * $0.y + clearance.c - clearance.reach }
            splitTriangles { clearance.nx * $0.x + clearance.ny * $0.y + clearance.c + clearance.reach }
        }
        // Each piece takes the nearest vertex's partner (no storage: partners are few).
        for t in triangles.indices where triangles[t].edges & (heldBits | contourBits) == 0 {
            let (a, b, c) = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
            // Not where a later sheet's outline or a band's shares the pixels (the pieces there
            // that do not take its line composite two sheets by "over", and a truer part of
            // this one's outline is no truer a composite).
            if reachesHeldStretch(heldBits, of: i, a, b, c) { continue }
            var best = (distance: Self.turnReach * Self.turnReach, bits: UInt32(0), found: false)
            var vertex = (x: 0.0, y: 0.0), ambiguous = false
            for turn in partnerLines(of: i, in: turnBits) {
                let p = turn.partner
                let d = Self.squaredDistance(from: (p.a.x, p.a.y), to: a, b, c)
                guard d <= Self.turnReach * Self.turnReach else { continue }
                // An own corner's pixels that another layer's outline reaches keep the product.
                if p.neighbour < 0 && !surface.turnClearances.isEmpty && reachesTurnClearance(turn.index, a, b, c) { continue }
                if best.found {
                    let (dx, dy) = (p.a.x - vertex.x, p.a.y - vertex.y)
                    if dx * dx + dy * dy >= Self.turnSplit * Self.turnSplit { ambiguous = true }
                }
                guard d <= best.distance, !best.found || d < best.distance else { continue }
                let ownBit = ownEdgeBit(along: p.own, of: i)
                // The neighbour's line handed over past V (`splitAtSeamCorners`): the same numbers.
                let line = edges[turn.edge]
                var handedBit: UInt32 = 0
                for f in own where edges[f].nx == line.nx && edges[f].ny == line.ny && edges[f].c == line.c {
                    handedBit |= 1 << UInt32(f - range.lowerBound)
                }
                // Only a piece of the outline there: one that carries its line.
                guard ownBit != 0, triangles[t].edges & (ownBit | handedBit) != 0 else { continue }
                let bits = (triangles[t].edges & ~(handedBit | turnBits)) | ownBit | turn.bit
                guard bits.nonzeroBitCount <= TriangleCoverage.maximumEdges else { continue }
                best = (d, bits, true)
                vertex = (p.a.x, p.a.y)
            }
            if best.found && !ambiguous { triangles[t].edges = best.bits }
        }
    }

    /// Whether the triangle `a b c` of item `i` comes within a pixel box's reach of the stretch
    /// of a later sheet's outline or a band's that item `i` takes as a partner (`bits`, relative
    /// to the item's first edge): the segment's ends and middle against the triangle, its
    /// corners against the segment; and, when it does, whether the later sheet draws one of the
    /// triangle's pixels within that reach (`drawsNothing`; a triangle holding more than 64
    /// pixel centres counts as reaching).
    func reachesHeldStretch(_ bits: UInt32, of i: Int, _ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Bool {
        for held in partnerLines(of: i, in: bits) {
            let p = held.partner
            let reach = edges[held.edge].reach + 0.02
            let limit = reach * reach
            let middle = (x: 0.5 * (p.a.x + p.b.x), y: 0.5 * (p.a.y + p.b.y))
            let reaches = Self.squaredDistance(from: p.a, to: a, b, c) < limit || Self.squaredDistance(from: p.b, to: a, b, c) < limit
                || Self.squaredDistance(from: middle, to: a, b, c) < limit
                || Self.squaredDistance(from: (a.x, a.y), toSegment: p.a, p.b) < limit || Self.squaredDistance(from: (b.x, b.y), toSegment: p.a, p.b) < limit
                || Self.squaredDistance(from: (c.x, c.y), toSegment: p.a, p.b) < limit
            guard reaches else { continue }
            // Only where the later sheet draws a pixel the triangle draws: a pixel centre within
            // reach of the stretch that the later patch leaves undrawn is composited from this
            // sheet and what lies beneath alone (false when the triangle holds more than 64).
            let neighbour = p.neighbour
            let undrawn = neighbour >= 0 && centresClear(of: (a, b, c), { q in
                Self.squaredDistance(from: (q.x, q.y), toSegment: p.a, p.b) >= limit || drawsNothing(neighbour, at: q) ? 1 : -1
            }, 0)
            if !undrawn { return true }
        }
        return false
    }

    /// Whether item `j` draws nothing at the pixel centre `p`: the pixel's box lies wholly
    /// outside one of its silhouettes (its coverage there is 0), or `p` lies past one of its hard
    /// edges (a cut out of a contour's band; pixel centres decide there). Past a seam the
    /// neighbour patch of the same sheet draws: not counted. The item's outline is convex.
    func drawsNothing(_ j: Int, at p: PlanePoint) -> Bool {
        let s = items[j].corners
        let sign = winding(s)
        for m in s where !corners[m].shared {
            guard let n = inwardNormal(m, in: s, winding: sign) else { continue }
            let d = n.0 * (p.x - corners[m].x) + n.1 * (p.y - corners[m].y)
            if corners[m].fades ? d <= -0.5 * (abs(n.0) + abs(n.1)) : d < 0 { return true }
        }
        return false
    }

    /// The squared distance from `v` to the segment from `p` to `q`.
    static func squaredDistance(from v: (x: Double, y: Double), toSegment p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double {
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        let length = dx * dx + dy * dy
        let u = length > 0 ? min(max(((v.x - p.x) * dx + (v.y - p.y) * dy) / length, 0), 1) : 0
        let (ex, ey) = (p.x + u * dx - v.x, p.y + u * dy - v.y)
        return ex * ex + ey * ey
    }

    /// Whether `p` and `q` are the two ends of one of item `i`'s silhouette edges.
    func joinedByEdge(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), of i: Int) -> Bool {
        let r = items[i].corners
        for k in r where corners[k].fades {
            let next = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            let (a, b) = ((corners[k].x, corners[k].y), (next.x, next.y))
            if (a == (p.x, p.y) && b == (q.x, q.y)) || (a == (q.x, q.y) && b == (p.x, p.y)) { return true }
        }
        return false
    }

    /// The squared distance from `v` to the triangle `a b c` (0 inside it).
    static func squaredDistance(from v: (x: Double, y: Double), to a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Double {
        func side(_ p: PlanePoint, _ q: PlanePoint) -> Double { (q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x) }
        let (s0, s1, s2) = (side(a, b), side(b, c), side(c, a))
        if (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0) { return 0 }
        func segment(_ p: PlanePoint, _ q: PlanePoint) -> Double { squaredDistance(from: v, toSegment: (p.x, p.y), (q.x, q.y)) }
        return min(segment(a, b), segment(b, c), segment(c, a))
    }
}
