import FolioLayers

/// Handing a flat item's edge over to the opaque items stacked on it: where a curled leaf's
/// roll runs out over the page's edge.
///
/// ## The fault
///
/// "Over" composites two coverages of one pixel as `a + b − ab`: right where the two parts
/// are independent, twice too much where they are the same part. Along the page's top and bottom
/// edges a curled leaf lies on the page: its flat part repeats the page's edge, and its roll,
/// magnified by the perspective, leaves the page's edge there at a small angle. Under both,
/// the page's own ramp `b` was drawn and the leaf's `c` over it: the pixel's part inside the
/// page lies inside the leaf too, so the exact coverage is the leaf's alone, `c ≥ b`, and
/// `b + c − bc` counted the page's part twice (0.65 drawn as 0.88 along the top row). The
/// occlusion cut hides the page under the flat part up to the page's edge
/// (`markCoincidentLines`), but an item is cut by one cover, and the cut stops `cutInset`
/// short of the flat part's seam with the roll: the strip beside the roll and everything under
/// the roll kept the page's ramp.
///
/// ## The rule
///
/// A pixel whose part inside an item's silhouette edge `e` lies wholly inside later opaque
/// items (**covers**, `DrawItem.cover`) needs nothing of the item: those covers draw its exact
/// coverage over whatever lies beneath, as they would over the stage. So along each silhouette
/// edge of a flat item, the stretches are found where the band `stackDepth` deep inside `e`
/// lies inside the union of the next `stackSearch` items' covers (each cover's polygon is
/// convex: the union is tested on three lines along the band, at depths 0, half and all of
/// it, each point in some cover, joined across their seams, so an interval per cover and
/// line); the item's triangles are split across `e` at each stretch's ends, pulled in by a
/// pixel box's reach, and those within `stackDepth` less a reach of `e` there are not drawn.
/// Every pixel whose centre they held has its box's part inside `e` in the covers, so no pixel
/// loses anything the covers do not draw; the item's band along `e` ends `reach + 0.03` inside
/// it (`starCut`), so the whole ramp goes, and pixels deeper, which the item covers fully, keep
/// it. The pieces the split leaves keep only the edges still within reach of them (`markEdges`'
/// rule), and each end's line is moved inward until no piece would lie between an edge's
/// reach and the interior's clearance (neither a band triangle nor interior).
///
/// What stays: where the roll's outline crosses the page's edge at a steeper angle (the page's
/// ramp and the roll's then cover parts of the pixel that overlap only in part, and the
/// product rule is the better guess), and a stretch whose end would cross one of the item's
/// seams (a T-junction with the item across it; a page detail's seam with the detail below):
/// such a stretch is left as it was.
extension DrawList {
    /// How many later items are tried as covers of an item's edge.
    package static let stackSearch = 32
    /// How deep inside an item's edge the covers must lie (pixels): deeper than the item's ramp
    /// (`reach + interiorClearance`) plus a pixel box's reach, with room.
    package static let stackDepth = 3.0
    /// How far outside a cover's edge a point may lie and still count as inside it (pixels):
    /// stacked edges lie on one line up to float rounding.
    package static let stackTolerance = 1e-4

    /// Drops item `i`'s triangles along its silhouette edges wherever later opaque items cover
    /// the edge's band (see the extension's notes). Only in analytic mode, for flat items.
    package mutating func dropStackedEdgeBands(_ i: Int, _ frame: Frame) {
        // Nothing drawn (left out whole, or hidden by a cover), or no cover near it: nothing to do.
        guard !triangles.isEmpty else { return }
        let r = items[i].corners
        let own = items[i].edges
        findStackCovers(i, frame)
        guard !occlusion.stackCovers.isEmpty else { return }
        for k in r where corners[k].fades && own.contains(Int(corners[k].edge)) {
            let line = edges[Int(corners[k].edge)]
            let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            findStackedSpans(line: line, from: a, to: b)
            let reach = line.reach + 0.01
            let (tx, ty) = (-line.ny, line.nx)
            let deepest = Self.stackDepth - reach
            for s in occlusion.spans.indices {
                // Each end moves inward (dropping less is always right) until its line leaves
                // no piece between an edge's reach and the interior's clearance.
                let (first, last) = (occlusion.spans[s].low + reach, occlusion.spans[s].high - reach)
                guard last - first > 1e-3, !crossesSeam(r, tx, ty, first, last),
                      let low = cleanLine(own, tx, ty, from: first, inward: 1), low < last else { continue }
                splitTriangles { tx * $0.x + ty * $0.y - low }
                // The second end after the first split: its line crosses the pieces it made.
                guard let high = cleanLine(own, tx, ty, from: last, inward: -1), high - low > 1e-3 else { continue }
                splitTriangles { tx * $0.x + ty * $0.y - high }
                let slack = 1e-9 * (1 + abs(low) + abs(high))
                func within(_ p: PlanePoint) -> Bool {
                    let t = tx * p.x + ty * p.y
                    return t >= low - slack && t <= high + slack
                }
                // A triangle of the stretch that reaches from the band past `deepest` (at a
                // corner where a cut chord leaves the edge at an acute angle, the star cut's
                // triangle beside the chord runs from the edge far inside) is split there too,
                // so that its part along the edge goes with the rest of the ramp.
                var depth = deepest
                if straddles(low: low, high: high, slack: slack, line, depth: deepest),
                   let clean = cleanLine(own, line.nx, line.ny, from: deepest - line.c, inward: -1) {
                    depth = clean + line.c
                    splitTriangles { line.distance($0) - depth }
                }
                let depthSlack = 1e-9 * (1 + abs(depth) + abs(line.c))
                func dropped(_ p: PlanePoint) -> Bool { within(p) && line.distance(p) <= depth + depthSlack }
                var kept = 0
                for t in triangles.indices {
                    let tri = triangles[t]
                    if dropped(points[Int(tri.a)]) && dropped(points[Int(tri.b)]) && dropped(points[Int(tri.c)]) { continue }
                    triangles[kept] = tri
                    kept += 1
                }
                triangles.removeSubrange(kept...)
            }
            if !occlusion.spans.isEmpty { unmarkEdgesOutOfReach(own) }
        }
    }

    /// How far a split line's crossings must stay from the band between an edge's reach (plus
    /// `markEdges`' tolerance) and the interior's clearance, where a piece would be neither a
    /// band triangle nor interior (pixels).
    static let cleanStep = 0.1

    /// The position of a line across the edge (`t = tx·x + ty·y`), starting at `t` and moving
    /// `inward` (+1 or −1) by `cleanStep` up to ten times, where every crossing of the item's
    /// triangles lies, from each of the item's own edges `own`, either within reach of it (a
    /// band piece) or past the interior's clearance: so the pieces either carry the edge or
    /// keep clear of it as the star cut's interior does. Nil when none is found.
    func cleanLine(_ own: Range<Int>, _ tx: Double, _ ty: Double, from t: Double, inward: Double) -> Double? {
        let magnitude = max(pixelSize.width, pixelSize.height) + abs(origin.x) + abs(origin.y)
        let tolerance = 0.02 + 1e-6 * magnitude
        // Between an edge's reach and the interior's clearance, from any own edge.
        func between(_ p: PlanePoint) -> Bool {
            for e in own {
                let d = edges[e].distance(p)
                if d >= edges[e].reach + tolerance - 1e-3 && d < edges[e].reach + Self.interiorClearance - 1e-4 { return true }
            }
            return false
        }
        var line = t
        for _ in 0..<10 {
            var clean = true
            check: for tri in triangles {
                for k in 0..<3 {
                    let p = points[Int(k == 0 ? tri.a : k == 1 ? tri.b : tri.c)]
                    let q = points[Int(k == 0 ? tri.b : k == 1 ? tri.c : tri.a)]
                    let (vp, vq) = (tx * p.x + ty * p.y - line, tx * q.x + ty * q.y - line)
                    guard (vp < 0) != (vq < 0) else { continue }
                    // The crossing, and the ends that a piece may keep without their band.
                    if between(p.toward(q, vp / (vp - vq))) || between(p) || between(q) { clean = false; break check }
                }
            }
            if clean { return line }
            line += inward * Self.cleanStep
        }
        return nil
    }

    /// Whether a triangle whose corners all lie in the stretch `low…high` along `line`'s edge
    /// (`t = tx·x + ty·y`, give or take `slack`) reaches into the edge's ramp (a corner within
    /// its reach) and past `depth`: dropping only whole triangles would keep it, and its ramp
    /// along the edge. The star cut's own band triangles end at the reach plus a clearance, and
    /// the fan's interior triangles start there: neither counts, so most stretches split nothing.
    func straddles(low: Double, high: Double, slack: Double, _ line: EdgeLine, depth: Double) -> Bool {
        let (tx, ty) = (-line.ny, line.nx)
        for tri in triangles {
            let (a, b, c) = (points[Int(tri.a)], points[Int(tri.b)], points[Int(tri.c)])
            func inStretch(_ p: PlanePoint) -> Bool {
                let t = tx * p.x + ty * p.y
                return t >= low - slack && t <= high + slack
            }
            guard inStretch(a) && inStretch(b) && inStretch(c) else { continue }
            let (da, db, dc) = (line.distance(a), line.distance(b), line.distance(c))
            if min(da, db, dc) < line.reach && max(da, db, dc) > depth { return true }
        }
        return false
    }

    /// Clears on every triangle the own edges (`own`) that no longer come within reach of it
    /// (`markEdges`' rule): a piece split off a band triangle away from its edge needs none.
    mutating func unmarkEdgesOutOfReach(_ own: Range<Int>) {
        let magnitude = max(pixelSize.width, pixelSize.height) + abs(origin.x) + abs(origin.y)
        let tolerance = 0.02 + 1e-6 * magnitude
        for t in triangles.indices where triangles[t].edges != 0 {
            let (a, b, c) = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
            for e in own where triangles[t].edges & (1 << UInt32(e - own.lowerBound)) != 0 {
                let edge = edges[e]
                if min(edge.distance(a), edge.distance(b), edge.distance(c)) >= edge.reach + tolerance {
                    triangles[t].edges &= ~(1 << UInt32(e - own.lowerBound))
                }
            }
        }
    }

    /// Fills `occlusion.stackCovers` (their edges' inward lines, and their boxes) with the covers
    /// among the `stackSearch` items after item `i` whose boxes meet its own, grown by the band's
    /// depth.
    mutating func findStackCovers(_ i: Int, _ frame: Frame) {
        occlusion.stackCovers.removeAll(keepingCapacity: true)
        occlusion.stackCoverBoxes.removeAll(keepingCapacity: true)
        occlusion.stackCoverLines.removeAll(keepingCapacity: true)
        let box = bounds(items[i].corners)
        let grow = Self.stackDepth + 2
        for j in (i + 1)..<min(items.count, i + 1 + Self.stackSearch) where !items[j].cover.isEmpty {
            // A back-facing patch near a contour is drawn clipped to the contour's band.
            let quad = frame.polygons[items[j].quadIndex]
            if !surface.contours.isEmpty && quad.surfacePatch >= 0 && quad.localToView.showsBack { continue }
            let other = bounds(items[j].corners)
            guard other.minX <= box.maxX + grow, other.maxX >= box.minX - grow,
                  other.minY <= box.maxY + grow, other.maxY >= box.minY - grow else { continue }
            // Its edges' inward lines, once for every edge of the item that tests it.
            let s = items[j].corners
            let sign = winding(s)
            let start = occlusion.stackCoverLines.count
            for m in s {
                guard let (nx, ny) = inwardNormal(m, in: s, winding: sign) else { continue }
                occlusion.stackCoverLines.append(CoverLine(nx: nx, ny: ny, c: -(nx * corners[m].x + ny * corners[m].y)))
            }
            occlusion.stackCovers.append(start..<occlusion.stackCoverLines.count)
            occlusion.stackCoverBoxes.append(other)
        }
    }

    /// Whether a line across the edge at `t = low` or `t = high` (`t = tx·x + ty·y`) would cross
    /// one of the seams of the polygon of corners `r`: splitting its triangles there would put a
    /// vertex on the seam that the item across it lacks.
    func crossesSeam(_ r: Range<Int>, _ tx: Double, _ ty: Double, _ low: Double, _ high: Double) -> Bool {
        for k in r where corners[k].shared {
            let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            let (ta, tb) = (tx * a.x + ty * a.y, tx * b.x + ty * b.y)
            let (lo, hi) = (min(ta, tb), max(ta, tb))
            if (lo < low && low < hi) || (lo < high && high < hi) { return true }
        }
        return false
    }

    /// Fills `occlusion.spans` with the stretches (in `t = tx·x + ty·y` along the edge, its
    /// tangent `(−ny, nx)`) where the band `stackDepth` deep inside `line`, the edge from `a` to
    /// `b`, lies in the covers `findStackCovers` found: the points of its lines at depths 0,
    /// half and all of it each in some cover's polygon. Within two pixels of the edge's ends.
    mutating func findStackedSpans(line: EdgeLine, from a: Corner, to b: Corner) {
        occlusion.spans.removeAll(keepingCapacity: true)
        let (tx, ty) = (-line.ny, line.nx)
        let (ta, tb) = (tx * a.x + ty * a.y, tx * b.x + ty * b.y)
        let range = (low: min(ta, tb) - 2, high: max(ta, tb) + 2)
        // The band's box, to pass over covers far from it.
        let depth = Self.stackDepth
        let xs = (a.x, b.x, a.x + line.nx * depth, b.x + line.nx * depth)
        let ys = (a.y, b.y, a.y + line.ny * depth, b.y + line.ny * depth)
        let box = (minX: min(xs.0, xs.1, xs.2, xs.3) - 2, maxX: max(xs.0, xs.1, xs.2, xs.3) + 2,
                   minY: min(ys.0, ys.1, ys.2, ys.3) - 2, maxY: max(ys.0, ys.1, ys.2, ys.3) + 2)
        // The point at `t` along the line at depth `d`: o + t·(tx, ty) + d·(nx, ny), where o is
        // the line's foot from the origin.
        let o = (x: -line.c * line.nx, y: -line.c * line.ny)
        for pass in 0..<3 {
            let d = Double(pass) * depth / 2
            occlusion.spansNext.removeAll(keepingCapacity: true)
            for c in occlusion.stackCovers.indices {
                let other = occlusion.stackCoverBoxes[c]
                guard other.minX <= box.maxX, other.maxX >= box.minX, other.minY <= box.maxY, other.maxY >= box.minY else { continue }
                var (low, high) = range
                let base = (x: o.x + d * line.nx, y: o.y + d * line.ny)
                for l in occlusion.stackCovers[c] {
                    let g = occlusion.stackCoverLines[l]
                    // Inside where v0 + t·dv ≥ −tolerance.
                    let v0 = g.distance(base.x, base.y) + Self.stackTolerance
                    let dv = g.nx * tx + g.ny * ty
                    if abs(dv) < 1e-12 {
                        if v0 < 0 { high = -.infinity }
                    } else if dv > 0 {
                        low = max(low, -v0 / dv)
                    } else {
                        high = min(high, -v0 / dv)
                    }
                    if high <= low { break }
                }
                if high > low { Self.insertSpan(low, high, into: &occlusion.spansNext) }
            }
            Self.mergeSpans(&occlusion.spansNext)
            if pass == 0 {
                swap(&occlusion.spans, &occlusion.spansNext)
            } else {
                intersectSpans(with: occlusion.spansNext)
            }
            if occlusion.spans.isEmpty { return }
        }
    }

    /// Inserts a stretch into `spans`, kept sorted by its start (a few per edge: no sort that
    /// would allocate).
    static func insertSpan(_ low: Double, _ high: Double, into spans: inout [OcclusionCuts.Span]) {
        spans.append(OcclusionCuts.Span(low: low, high: high))
        var k = spans.count - 1
        while k > 0 && spans[k - 1].low > spans[k].low {
            spans.swapAt(k - 1, k)
            k -= 1
        }
    }

    /// Joins sorted stretches that overlap or touch (covers meeting on a seam).
    static func mergeSpans(_ spans: inout [OcclusionCuts.Span]) {
        guard !spans.isEmpty else { return }
        var kept = 0
        for k in 1..<spans.count {
            if spans[k].low <= spans[kept].high + 1e-9 {
                spans[kept].high = max(spans[kept].high, spans[k].high)
            } else {
                kept += 1
                spans[kept] = spans[k]
            }
        }
        spans.removeSubrange((kept + 1)...)
    }

    /// Keeps of `occlusion.spans` (sorted, disjoint) only what also lies in `other` (the same).
    mutating func intersectSpans(with other: [OcclusionCuts.Span]) {
        occlusion.spansCommon.removeAll(keepingCapacity: true)
        var (p, q) = (0, 0)
        while p < occlusion.spans.count && q < other.count {
            let low = max(occlusion.spans[p].low, other[q].low), high = min(occlusion.spans[p].high, other[q].high)
            if high > low { occlusion.spansCommon.append(OcclusionCuts.Span(low: low, high: high)) }
            if occlusion.spans[p].high < other[q].high { p += 1 } else { q += 1 }
        }
        swap(&occlusion.spans, &occlusion.spansCommon)
    }
}
