import FolioGeometry
import FolioLayers

/// From classified polygons to triangles: each item's footprint (its outline, pushed out by the
/// antialiasing margin where it fades), cut into an interior that no silhouette edge reaches
/// and a band along the silhouette, written as vertices that carry the edges their triangle
/// needs.
///
/// ## Why per-vertex edges
///
/// The coverage of a pixel is the product, over the silhouette edges, of the exact box-filter
/// coverage of the half-plane inside each (`halfPlaneCoverage` in `Shaders/quad.frag`). An edge
/// more than its reach `b = (|nx| + |ny|) / 2 ≤ 0.71` px inside contributes exactly 1, so a
/// triangle only needs the edges that come within reach of it — none for the interior, one to
/// three for a band triangle of a quad. The edges travel with the triangle's vertices (flat
/// attributes), so the fragment cost is bounded by the slots of its variant (4 or 8, unrolled,
/// no branches), draws of many polygons need no per-draw uniform arrays, and a surface made of
/// many planar patches antialiases its outline exactly while its inner edges (shared, never
/// faded) cost nothing.
///
/// ## The star cut
///
/// The footprint is a fan around the centre `C`. On each ray from `C` to an outline vertex `O`
/// the cut point is `P = C + t·(O − C)` with the largest `t ≤ 1` that keeps `P` at least
/// `reach + 0.03` px inside every silhouette edge. The triangles `C P_k P_k+1` are the interior;
/// the quads `P_k O_k O_k+1 P_k+1` the band. Adjacent pieces share their vertices exactly (each
/// `P` is computed once), so the mesh has no T-junction and covers each pixel once; nothing is
/// ever placed on a seam (`P = O` exactly where no silhouette is near, `t < 1` is strictly
/// inside).
extension DrawList {
    /// A silhouette edge as a line in viewport pixels: `distance = nx·x + ny·y + c`, positive
    /// inside, with the unit normal `(nx, ny)`.
    package struct EdgeLine {
        package var nx: Double, ny: Double, c: Double
        /// The same line in framebuffer pixels, as the shader receives it (`gl_FragCoord`).
        package var shaderEdge: (Float, Float, Float)
        /// How far inside the edge a pixel box still reaches across it: `(|nx| + |ny|) / 2`.
        package var reach: Double
        /// Whether the shader combines it otherwise than by the product (`shaderEdge` is then
        /// scaled by 2, 4 or 8; `DrawList+Slits.swift`): triangles with such an edge are drawn
        /// with the `.slitEdges` variant (`.clippedEdges` for a band's line or two later lines).
        package var isCombined = false

        package func distance(_ p: PlanePoint) -> Double { nx * p.x + ny * p.y + c }

        /// The partner this line is to the shader (`SlitPartners.Kind`, from the length of
        /// `shaderEdge`'s normal); nil for an item's own edge.
        package var partnerKind: SlitPartners.Kind? {
            SlitPartners.Kind(normalLengthSquared: shaderEdge.0 * shaderEdge.0 + shaderEdge.1 * shaderEdge.1)
        }
    }

    /// A point of a layer's plane in viewport pixels, with its clip `w` and layer-local point.
    package struct PlanePoint {
        package var x: Double, y: Double, w: Double
        package var local: Point

        /// The point a fraction `t` of the way to `b` on screen, its `w` and local point
        /// recovered perspective-correctly (`1/w` and `local/w` are affine on screen).
        package func toward(_ b: PlanePoint, _ t: Double) -> PlanePoint {
            let iw = (1 / w) + ((1 / b.w) - (1 / w)) * t
            let lx = (local.x / w + (b.local.x / b.w - local.x / w) * t) / iw
            let ly = (local.y / w + (b.local.y / b.w - local.y / w) * t) / iw
            return PlanePoint(x: x + (b.x - x) * t, y: y + (b.y - y) * t, w: 1 / iw, local: Point(x: lx, y: ly))
        }
    }

    /// Three indices into `points` and the item's edges the triangle needs (bit k: its k-th
    /// silhouette edge).
    package struct Triangle {
        package var a: Int32, b: Int32, c: Int32
        package var edges: UInt32
    }

    /// Interleaved floats per vertex: clip (x, y, z, w), local (x, y), then
    /// `TriangleCoverage.maximumEdges` edges as (nx, ny, c) in framebuffer pixels.
    package static let floatsPerVertex = 6 + 3 * TriangleCoverage.maximumEdges + 3
    /// Where the normal `(x, y, z)` sits in a vertex: after the edge slots (`LIGHT` reads it).
    package static let normalOffset = 6 + 3 * TriangleCoverage.maximumEdges
    /// How far inside an edge, past its reach, the interior starts (pixels): room for the
    /// rounding of vertex positions and of the shader's distance.
    package static let interiorClearance = 0.03
    /// The most silhouette edges one item keeps (bits of `Triangle.edges`).
    package static let maximumItemEdges = 32

    // MARK: Edges

    /// Finds item `i`'s silhouette edges: inward unit normals of its outline (counter-clockwise
    /// or not), in outline order.
    package mutating func findEdges(_ i: Int) {
        let r = items[i].corners
        let sign = winding(r)
        let start = edges.count
        for k in r where corners[k].fades && edges.count - start < Self.maximumItemEdges {
            guard let (nx, ny) = inwardNormal(k, in: r, winding: sign) else { continue }
            corners[k].edge = Int32(edges.count)
            let a = corners[k]
            let (ax, ay) = (a.x + origin.x, a.y + origin.y)
            edges.append(EdgeLine(nx: nx, ny: ny, c: -(nx * a.x + ny * a.y),
                                  shaderEdge: (Float(nx), Float(ny), Float(-(nx * ax + ny * ay))),
                                  reach: 0.5 * (abs(nx) + abs(ny))))
        }
        items[i].edges = start..<edges.count
        // Surface hook (DrawList+Surface.swift): surface.contours that reach this item's pixels.
        if !surface.contourEdges.isEmpty { appendContourEdges(i) }
        if !surface.seamCorners.isEmpty { appendSeamCornerEdges(i) }
        if !slits.partners.isEmpty { appendSlitEdges(i) }
    }

    /// 1 when the polygon of corners `r` turns counter-clockwise (y up), −1 otherwise.
    package func winding(_ r: Range<Int>) -> Double {
        var area = 0.0
        for k in r {
            let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            area += a.x * b.y - b.x * a.y
        }
        return area > 0 ? 1 : -1
    }

    /// The unit normal of the edge from corner `k` to the next one in `r`, pointing into the
    /// polygon (of `winding`); nil for an edge of no length.
    package func inwardNormal(_ k: Int, in r: Range<Int>, winding sign: Double) -> (Double, Double)? {
        let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        // Inward normal of a counter-clockwise outline is (−dy, dx).
        return (-sign * dy / length, sign * dx / length)
    }

    // MARK: Footprints

    /// The fan centre of the corners in `r`: their average, with its attributes recovered
    /// perspective-correctly.
    package func centre(_ r: Range<Int>) -> PlanePoint {
        var x = 0.0, y = 0.0, iw = 0.0, lx = 0.0, ly = 0.0
        for i in r {
            let c = corners[i]
            x += c.x; y += c.y; iw += 1 / c.w; lx += c.local.x / c.w; ly += c.local.y / c.w
        }
        let n = Double(r.count)
        return PlanePoint(x: x / n, y: y / n, w: n / iw, local: Point(x: lx / iw, y: ly / iw))
    }

    package static func point(_ c: Corner) -> PlanePoint { PlanePoint(x: c.x, y: c.y, w: c.w, local: c.local) }

    /// No antialiasing geometry: the corners as a fan around their centre.
    package mutating func triangulatePlain(_ r: Range<Int>) {
        let centre = points.count
        points.append(self.centre(r))
        for k in r { points.append(Self.point(corners[k])) }
        fan(around: centre, outline: (centre + 1)..<points.count)
    }

    /// Triangles from `centre` to each outline edge of `outline` (indices into `points`, closed).
    package mutating func fan(around centre: Int, outline: Range<Int>) {
        for k in outline {
            let next = k + 1 == outline.upperBound ? outline.lowerBound : k + 1
            triangles.append(Triangle(a: Int32(centre), b: Int32(k), c: Int32(next), edges: 0))
        }
    }

    /// Analytic antialiasing: the outline of item `i` (or of `piece`, a part of it after an
    /// occlusion cut) with silhouette edges pushed out by `margin` pixels, cut into interior
    /// and band (see the extension's notes).
    package mutating func triangulateInflated(_ i: Int, _ quad: Frame.Polygon, scale: Double, piece: Range<Int>? = nil) {
        let polygon = piece ?? items[i].corners
        let outline = appendFootprint(polygon, quad, scale: scale)
        starCut(centre: outline.lowerBound - 1, outline: outline, edges: items[i].edges, polygon: polygon)
    }

    /// Appends to `points` the centre of the polygon of corners `r`, then its footprint: the
    /// outline with silhouette edges pushed out by `margin` pixels. Returns the outline's range.
    ///
    /// A corner between two silhouette edges moves to the offset lines' intersection (bevelled
    /// if sharp); a corner next to a non-silhouette edge stays and gains a short cap (see `cap`),
    /// so shared edges keep their corners. New points get exact attributes from the layer's
    /// plane (`Quad.localToView`). Silhouette normals come from the item's edge lines, so the
    /// pieces of a cut polygon push their parts of an edge out identically.
    ///
    /// A silhouette edge with a cap at both ends is pushed out to the segment between its two
    /// caps, which `untangle` keeps from running backwards (see there).
    package mutating func appendFootprint(_ r: Range<Int>, _ quad: Frame.Polygon, scale: Double) -> Range<Int> {
        let n = r.count
        let sign = winding(r)
        // Outward unit normals: a silhouette's from the item's line (the same in every piece).
        func normal(_ k: Int) -> (Double, Double) {
            let a = corners[r.lowerBound + k % n]
            if a.edge >= 0 { let e = edges[Int(a.edge)]; return (-e.nx, -e.ny) }
            guard let (nx, ny) = inwardNormal(r.lowerBound + k % n, in: r, winding: sign) else { return (0, 0) }
            return (-nx, -ny)
        }
        points.append(centre(r))
        let first = points.count
        let m = Self.margin
        // The cap that starts the silhouette edge from the corner just written (−1: none), and
        // corner 0's cap ending the edge into it, matched once the last corner is written.
        var startCap = -1, wrapCap = -1
        for k in 0..<n {
            let c = corners[r.lowerBound + k]
            let previous = corners[r.lowerBound + (k + n - 1) % n]
            let next = corners[r.lowerBound + (k + 1) % n]
            let (n0, n1) = (normal(k + n - 1), normal(k))
            let edgeStart = startCap
            startCap = -1
            switch (previous.fades, c.fades) {
            case (false, false):
                points.append(Self.point(c))
            case (false, true):
                let cap = surface.rules && Self.isOpenEdge(previous) ? (x: c.x + n1.0 * m, y: c.y + n1.1 * m)
                    : Self.cap(at: c, from: previous, seamNormal: n0, fadedNormal: n1, margin: m, along: cutDirection(previous.cut))
                points.append(Self.point(c))
                let tip = surface.rules ? Self.tip(at: c, from: previous, seam: previous, seamNormal: n0, fadedNormal: n1, margin: m) : nil
                if let tip { points.append(onPlane(quad, tip.x, tip.y, fallback: c, scale: scale)) }
                points.append(onPlane(quad, cap.x, cap.y, fallback: c, scale: scale))
                if tip == nil { startCap = points.count - 1 }
            case (true, false):
                let cap = surface.rules && Self.isOpenEdge(c) ? (x: c.x + n0.0 * m, y: c.y + n0.1 * m)
                    : Self.cap(at: c, from: next, seamNormal: n1, fadedNormal: n0, margin: m, along: cutDirection(c.cut))
                let endCap = points.count
                points.append(onPlane(quad, cap.x, cap.y, fallback: c, scale: scale))
                let tip = surface.rules ? Self.tip(at: c, from: next, seam: c, seamNormal: n1, fadedNormal: n0, margin: m) : nil
                if let tip { points.append(onPlane(quad, tip.x, tip.y, fallback: c, scale: scale)) }
                points.append(Self.point(c))
                if tip == nil {
                    if k == 0 { wrapCap = endCap }
                    else if edgeStart >= 0 { untangle(edgeStart, endCap, from: previous, to: c, quad, scale: scale) }
                }
            case (true, true):
                let bx = n0.0 + n1.0, by = n0.1 + n1.1
                let dot = 1 + n0.0 * n1.0 + n0.1 * n1.1 // 1 + cos(turn)
                if dot > 0.25 {
                    // Miter: the offset lines meet at c + (n0 + n1)·m/(1 + n0·n1).
                    points.append(onPlane(quad, c.x + bx * m / dot, c.y + by * m / dot, fallback: c, scale: scale))
                } else {
                    points.append(onPlane(quad, c.x + n0.0 * m, c.y + n0.1 * m, fallback: c, scale: scale))
                    points.append(onPlane(quad, c.x + n1.0 * m, c.y + n1.1 * m, fallback: c, scale: scale))
                }
            }
        }
        if wrapCap >= 0 && startCap >= 0 {
            untangle(startCap, wrapCap, from: corners[r.upperBound - 1], to: corners[r.lowerBound], quad, scale: scale)
        }
        return first..<points.count
    }

    /// Keeps the pushed-out segment of a silhouette edge from `s` to `e` that has a cap at both
    /// ends (footprint points `startCap` and `endCap`) from running backwards.
    ///
    /// A cap at an obtuse corner runs on along the line of the edge that stays, leaning toward
    /// the silhouette's other end (see `cap`). Where the silhouette is short — a crease that
    /// ends in the viewport's pad a fraction of a pixel before the window cuts the panel (or,
    /// by the same geometry, a sliver's end between two creases) — the two caps pass each
    /// other: the footprint crosses itself there, the cap at the window's edge lies beyond the
    /// crease, over the neighbour, and the fan from the centre sweeps an aliased wedge of this
    /// polygon over the neighbour's pixels, tens of pixels into the view. The two runs cross
    /// between the silhouette and its pushed-out line (they start on one and end on the other
    /// in the opposite order), at a point on both lines that stay: both caps move there, and
    /// the footprint ends at the corner those lines make. The short silhouette keeps no margin
    /// of its own; what it would cover lies within a margin of that corner.
    package mutating func untangle(_ startCap: Int, _ endCap: Int, from s: Corner, to e: Corner, _ quad: Frame.Polygon, scale: Double) {
        let a = points[startCap], b = points[endCap]
        let (dx, dy) = (e.x - s.x, e.y - s.y)
        guard (b.x - a.x) * dx + (b.y - a.y) * dy < 0 else { return }
        // s + t·(a − s) = e + u·(b − e).
        let (ux, uy) = (a.x - s.x, a.y - s.y), (vx, vy) = (b.x - e.x, b.y - e.y)
        let den = ux * vy - uy * vx
        // Parallel runs move both ends alike and cannot pass each other.
        guard abs(den) > 1e-12 else { return }
        let t = (dx * vy - dy * vx) / den
        guard t.isFinite else { return }
        let meet = onPlane(quad, s.x + ux * t, s.y + uy * t, fallback: s, scale: scale)
        points[startCap] = meet
        points[endCap] = meet
    }

    /// Where a polygon ends in a sharp tip between a seam and a silhouette (the silhouette's
    /// margin steps straight out there, see `cap`), the point one margin on along the seam's
    /// line past the tip, which the footprint takes between the two: it covers the wedge past
    /// the tip on this polygon's side of that line, which the neighbour across the seam leaves
    /// to it (its own margin stops at the line). Nil where the corner is not such a tip (or
    /// the edge from `seam` is not a seam).
    package static func tip(at c: Corner, from other: Corner, seam: Corner, seamNormal: (Double, Double),
                    fadedNormal: (Double, Double), margin m: Double) -> (x: Double, y: Double)? {
        guard seam.shared, seam.cut < 0, seamNormal.0 * fadedNormal.0 + seamNormal.1 * fadedNormal.1 <= 0 else { return nil }
        let dx = c.x - other.x, dy = c.y - other.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        return (c.x + dx / length * m, c.y + dy / length * m)
    }

    /// Whether the edge from `c` is drawn as it is but borders nothing: not a seam, not an
    /// occlusion cut (the viewport's edge, 4 px off screen, or a nearer sheet's cut along a
    /// contour, whose triangles are clipped to it afterwards). A silhouette's margin may step
    /// straight across such an edge's line: running on along it, as a cap does along a seam,
    /// can reach 16 margins and make a spike that a fan from the centre sweeps across the
    /// pixels of the polygon's neighbours.
    package static func isOpenEdge(_ c: Corner) -> Bool { !c.fades && !c.shared && c.cut < 0 }

    /// The direction of occlusion cut line `cut` (nil when the edge is not a cut): every piece
    /// along the line steps out along the same direction, whatever its own corners.
    package func cutDirection(_ cut: Int32) -> (Double, Double)? {
        guard cut >= 0 else { return nil }
        let line = occlusion.coverLines[Int(cut)]
        return (-line.ny, line.nx)
    }

    /// The point of the layer's plane under viewport pixel (x, y) (or `fallback`'s attributes
    /// where the plane does not reach it).
    package func onPlane(_ quad: Frame.Polygon, _ x: Double, _ y: Double, fallback: Corner, scale: Double) -> PlanePoint {
        let view = Point(x: x / scale, y: (pixelSize.height - y) / scale)
        if let local = quad.localToView.inverse(view) {
            let h = quad.localToView.apply(local)
            if h.w > 0, h.w.isFinite { return PlanePoint(x: x, y: y, w: h.w, local: local) }
        }
        return PlanePoint(x: x, y: y, w: fallback.w, local: fallback.local)
    }

    /// Splits the fan from `centre` over `outline` into interior and band triangles against
    /// `edgeRange` (the item's silhouette edges), and finds the edges each band triangle needs.
    /// `polygon` is the corners the footprint was made from: a polygon under a pixel thick
    /// around its centre is left whole (its cut points would crowd its edges).
    package mutating func starCut(centre: Int, outline: Range<Int>, edges edgeRange: Range<Int>, polygon: Range<Int>) {
        let firstTriangle = triangles.count
        let c = points[centre]
        var interior = !edgeRange.isEmpty
        for e in edgeRange where edges[e].distance(c) < edges[e].reach + Self.interiorClearance { interior = false }
        if interior && distanceToOutline(c, polygon) < Self.margin { interior = false }
        guard interior else {
            // No edge-free interior (a sliver, or no silhouette at all): the polygon and its
            // margin ring, every triangle with the edges that reach it.
            if edgeRange.isEmpty || !surface.rules { fan(around: centre, outline: outline) } else { ring(centre: centre, outline: outline, polygon: polygon, edgeRange) }
            markEdges(from: firstTriangle, edgeRange)
            if surface.rules { keepOneEdgeAtStraightCorners(from: firstTriangle, polygon: polygon, edgeRange) }
            return
        }
        // The cut point on each ray, appended after the outline: inner[k] = outline[k] + n.
        let n = outline.count
        for k in outline {
            let o = points[k]
            var t = 1.0
            for e in edgeRange {
                let edge = edges[e]
                let inset = edge.reach + Self.interiorClearance
                let dO = edge.distance(o)
                if dO < inset {
                    let dC = edge.distance(c)
                    t = min(t, (dC - inset) / (dC - dO))
                }
            }
            points.append(t >= 1 ? o : c.toward(o, t))
        }
        func inner(_ k: Int) -> Int { k + n }
        for k in outline {
            let next = k + 1 == outline.upperBound ? outline.lowerBound : k + 1
            triangles.append(Triangle(a: Int32(centre), b: Int32(inner(k)), c: Int32(inner(next)), edges: 0))
            let movedHere = !Self.same(points[inner(k)], points[k]), movedNext = !Self.same(points[inner(next)], points[next])
            if movedHere { triangles.append(Triangle(a: Int32(inner(k)), b: Int32(k), c: Int32(next), edges: 0)) }
            if movedNext { triangles.append(Triangle(a: Int32(inner(k)), b: Int32(next), c: Int32(inner(next)), edges: 0)) }
        }
        markEdges(from: firstTriangle, edgeRange)
        if surface.rules { keepOneEdgeAtStraightCorners(from: firstTriangle, polygon: polygon, edgeRange) }
    }

    /// The cosine of the angle between two consecutive silhouette edges above which their
    /// corner counts as nearly straight (a turn under 30°).
    package static let straightCornerCosine = 0.75.squareRoot()

    /// A corner where two consecutive silhouette edges of a polygon meet nearly straight: the
    /// corner, its two edges (indices into `edges`), and the unit direction along the outline
    /// there, from the first edge's side toward the second's. The line through the corner
    /// across that direction divides the pixels of one edge from those of the other.
    package struct StraightCorner {
        package var x: Double, y: Double
        package var first: Int, second: Int
        package var along: (Double, Double)

        /// Negative on the first edge's side of the dividing line, positive on the second's.
        package func side(_ p: PlanePoint) -> Double { along.0 * (p.x - x) + along.1 * (p.y - y) }
    }

    /// The straight corner of `polygon` (see `StraightCorner`) after corner `k`, if the edges from
    /// `k` and from the next corner are silhouettes of `edgeRange` turning less than 30°.
    package func straightCorner(after k: Int, in polygon: Range<Int>, _ edgeRange: Range<Int>) -> StraightCorner? {
        let next = k + 1 == polygon.upperBound ? polygon.lowerBound : k + 1
        let (e0, e1) = (Int(corners[k].edge), Int(corners[next].edge))
        guard corners[k].fades, corners[next].fades, e0 != e1, edgeRange.contains(e0), edgeRange.contains(e1) else { return nil }
        let (l0, l1) = (edges[e0], edges[e1])
        guard l0.nx * l1.nx + l0.ny * l1.ny > Self.straightCornerCosine else { return nil }
        // The mean of the two inward normals, turned a quarter: the mean direction of travel,
        // up to its sign, which the corner after `next` decides.
        var (tx, ty) = (l0.ny + l1.ny, -(l0.nx + l1.nx))
        let length = (tx * tx + ty * ty).squareRoot()
        guard length > 0 else { return nil }
        (tx, ty) = (tx / length, ty / length)
        let c = corners[next]
        let after = corners[next + 1 == polygon.upperBound ? polygon.lowerBound : next + 1]
        if tx * (after.x - c.x) + ty * (after.y - c.y) < 0 { (tx, ty) = (-tx, -ty) }
        return StraightCorner(x: c.x, y: c.y, first: e0, second: e1, along: (tx, ty))
    }

    /// The straightest corner of `polygon` between two of its silhouette edges, if any turns
    /// less than 30°.
    package func straightestCorner(_ polygon: Range<Int>, _ edgeRange: Range<Int>) -> StraightCorner? {
        guard edgeRange.count >= 2 else { return nil }
        var best: StraightCorner?, bestCosine = -Double.infinity
        for k in polygon {
            guard let corner = straightCorner(after: k, in: polygon, edgeRange) else { continue }
            let (l0, l1) = (edges[corner.first], edges[corner.second])
            let cosine = l0.nx * l1.nx + l0.ny * l1.ny
            if cosine > bestCosine { best = corner; bestCosine = cosine }
        }
        return best
    }

    /// Triangulates a footprint with no edge-free interior as the polygon itself, fanned from
    /// `centre`, and the ring between the polygon and its footprint, in pieces that each stand
    /// on one corner or one edge of the polygon.
    ///
    /// A fan from the centre over the whole footprint needs the footprint to be star-shaped
    /// about the centre, and a sliver's is not: a cap runs up to 16 margins along a seam's line,
    /// and the fan triangle reaching it sweeps across the neighbour's pixels (or a contour's
    /// band) all along the sliver, covering them a second time. The ring's pieces lie between
    /// the polygon's edge and its pushed-out line, so none reaches past its own edge's margin.
    ///
    /// The centre moves onto the polygon's outline where the straightest silhouette corner's
    /// dividing line leaves it (see `StraightCorner`), so no polygon triangle straddles that line.
    package mutating func ring(centre: Int, outline: Range<Int>, polygon: Range<Int>, _ edgeRange: Range<Int>) {
        let n = polygon.count
        // The polygon's corners, after the footprint.
        let first = points.count
        for k in polygon { points.append(Self.point(corners[k])) }
        if let corner = straightestCorner(polygon, edgeRange) { moveCentre(centre, polygon: first..<points.count, onto: corner) }
        func corner(_ k: Int) -> Int32 { Int32(first + k % n) }
        func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
            let (p, q, r) = (points[Int(a)], points[Int(b)], points[Int(c)])
            if Self.same(p, q) || Self.same(q, r) || Self.same(r, p) { return }
            triangles.append(Triangle(a: a, b: b, c: c, edges: 0))
        }
        for k in 0..<n { triangle(Int32(centre), corner(k), corner(k + 1)) }
        // Each corner's footprint points, in outline order, as `appendFootprint` wrote them.
        var o = outline.lowerBound
        var firstOfCorner = Int32(o), lastOfPrevious: Int32 = -1, firstOfFirst: Int32 = -1
        for k in 0..<n {
            let c = corners[polygon.lowerBound + k]
            let previous = corners[polygon.lowerBound + (k + n - 1) % n]
            var count = 1
            switch (previous.fades, c.fades) {
            case (false, false): count = 1
            case (false, true):
                count = Self.tip(at: c, from: previous, seam: previous, seamNormal: outward(polygon, k + n - 1), fadedNormal: outward(polygon, k), margin: Self.margin) == nil ? 2 : 3
            case (true, false):
                let next = corners[polygon.lowerBound + (k + 1) % n]
                count = Self.tip(at: c, from: next, seam: c, seamNormal: outward(polygon, k), fadedNormal: outward(polygon, k + n - 1), margin: Self.margin) == nil ? 2 : 3
            case (true, true):
                let (n0, n1) = (outward(polygon, k + n - 1), outward(polygon, k))
                count = 1 + n0.0 * n1.0 + n0.1 * n1.1 > 0.25 ? 1 : 2
            }
            firstOfCorner = Int32(o)
            if k == 0 { firstOfFirst = firstOfCorner }
            // Around the corner.
            for j in 0..<(count - 1) { triangle(corner(k), Int32(o + j), Int32(o + j + 1)) }
            // Along the edge into this corner.
            if k > 0 {
                triangle(corner(k - 1), lastOfPrevious, firstOfCorner)
                triangle(corner(k - 1), firstOfCorner, corner(k))
            }
            o += count
            lastOfPrevious = Int32(o - 1)
        }
        // The closing edge, last corner to the first.
        triangle(corner(n - 1), lastOfPrevious, firstOfFirst)
        triangle(corner(n - 1), firstOfFirst, corner(0))
        assert(o == outline.upperBound, "the ring walks the footprint as appendFootprint wrote it")
    }

    /// The outward unit normal of the edge from corner `k` (mod the polygon's count) of
    /// `polygon`, as `appendFootprint` takes it: a silhouette's from its line.
    package func outward(_ polygon: Range<Int>, _ k: Int) -> (Double, Double) {
        let a = corners[polygon.lowerBound + k % polygon.count]
        if a.edge >= 0 { let e = edges[Int(a.edge)]; return (-e.nx, -e.ny) }
        guard let (nx, ny) = inwardNormal(polygon.lowerBound + k % polygon.count, in: polygon, winding: winding(polygon)) else { return (0, 0) }
        return (-nx, -ny)
    }

    /// Moves `points[centre]` onto the outline of the convex polygon `points[polygon]` where the
    /// corner's dividing line leaves it on the far side, so every fan triangle from it lies on
    /// one side of the line (the two that meet it there have no area and are left out).
    package mutating func moveCentre(_ centre: Int, polygon: Range<Int>, onto corner: StraightCorner) {
        let (ux, uy) = (-corner.along.1, corner.along.0)
        let inward = edges[corner.first].nx * ux + edges[corner.first].ny * uy >= 0 ? 1.0 : -1.0
        var best: PlanePoint?, bestReach = 1e-9
        for k in polygon {
            let a = points[k], b = points[k + 1 == polygon.upperBound ? polygon.lowerBound : k + 1]
            let (sa, sb) = (corner.side(a), corner.side(b))
            guard (sa <= 0) != (sb <= 0) else { continue }
            let p = a.toward(b, sa / (sa - sb))
            let reach = inward * (ux * (p.x - corner.x) + uy * (p.y - corner.y))
            if reach > bestReach { best = p; bestReach = reach }
        }
        if let best { points[centre] = best }
    }

    /// Where two consecutive silhouette edges of `polygon` meet at a nearly straight corner (a
    /// turn under 30°, as where a contour meets the leaf's free edge), gives each triangle from
    /// `first` that lies wholly on one side of the corner's dividing line only the edge on its
    /// side.
    ///
    /// The shader multiplies the coverages of a triangle's edges. At a right angle that is the
    /// exact coverage of the corner (for an axis-aligned pixel); at a nearly straight corner
    /// both lines run through the same pixels, and their product counts the pixel's partial
    /// coverage twice (`α²` for `α`) all along a triangle that reaches both: the far edge's
    /// line stays within a pixel of the near one for many pixels. On the pixel's own side of
    /// the corner, its own line is the outline to within the turn's small wedge.
    package mutating func keepOneEdgeAtStraightCorners(from first: Int, polygon: Range<Int>, _ edgeRange: Range<Int>) {
        guard edgeRange.count >= 2, first < triangles.count else { return }
        for k in polygon {
            guard let corner = straightCorner(after: k, in: polygon, edgeRange) else { continue }
            let (b0, b1) = (UInt32(1) << UInt32(corner.first - edgeRange.lowerBound), UInt32(1) << UInt32(corner.second - edgeRange.lowerBound))
            // A vertex on the line (the corner's own footprint point, a moved fan centre) sides
            // with either: a rounding tolerance.
            let tolerance = 1e-7 * (1 + abs(corner.x) + abs(corner.y))
            for t in first..<triangles.count where triangles[t].edges & (b0 | b1) == (b0 | b1) {
                let sides = (corner.side(points[Int(triangles[t].a)]), corner.side(points[Int(triangles[t].b)]), corner.side(points[Int(triangles[t].c)]))
                if sides.0 <= tolerance && sides.1 <= tolerance && sides.2 <= tolerance { triangles[t].edges &= ~b1 }
                else if sides.0 >= -tolerance && sides.1 >= -tolerance && sides.2 >= -tolerance { triangles[t].edges &= ~b0 }
            }
        }
    }

    package static func same(_ a: PlanePoint, _ b: PlanePoint) -> Bool { a.x == b.x && a.y == b.y }

    /// The distance from `p` to the nearest edge line of the convex polygon of corners `r`.
    package func distanceToOutline(_ p: PlanePoint, _ r: Range<Int>) -> Double {
        var nearest = Double.infinity
        for k in r {
            let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            nearest = min(nearest, abs(dx * (p.y - a.y) - dy * (p.x - a.x)) / length)
        }
        return nearest
    }

    /// Sets on each triangle from `first` on the edges of `edgeRange` that come within reach of
    /// it (its nearest vertex closer than reach plus a tolerance for float rounding). An edge
    /// left out is at least that far from every point of the triangle, where its coverage
    /// factor is exactly 1. A triangle that more edges reach than a variant has slots keeps the
    /// nearest ones.
    package mutating func markEdges(from first: Int, _ edgeRange: Range<Int>) {
        guard !edgeRange.isEmpty else { return }
        let magnitude = max(pixelSize.width, pixelSize.height) + abs(origin.x) + abs(origin.y)
        let tolerance = 0.02 + 1e-6 * magnitude
        let limit = TriangleCoverage.maximumEdges
        for t in first..<triangles.count {
            let (a, b, c) = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
            var mask: UInt32 = 0
            var count = 0
            for (bit, e) in edgeRange.enumerated() {
                let edge = edges[e]
                let nearest = min(edge.distance(a), edge.distance(b), edge.distance(c))
                if nearest < edge.reach + tolerance { mask |= 1 << UInt32(bit); count += 1 }
            }
            while count > limit {
                // Drop the edge whose nearest approach is farthest (the least coverage lost).
                var worst = -1, worstDistance = -Double.infinity
                for (bit, e) in edgeRange.enumerated() where mask & (1 << UInt32(bit)) != 0 {
                    let edge = edges[e]
                    let nearest = min(edge.distance(a), edge.distance(b), edge.distance(c))
                    if nearest > worstDistance { worst = bit; worstDistance = nearest }
                }
                mask &= ~(1 << UInt32(worst))
                count -= 1
            }
            triangles[t].edges = mask
        }
    }

    /// Border antialiasing: whole layers grow by one content texel on every side (local
    /// space); pieces of layers are drawn as they are.
    package mutating func triangulateBordered(_ i: Int, _ quad: Frame.Polygon, bounds b: Rect, texels: (Double, Double), scale: Double) {
        let item = items[i]
        guard item.corners.count == 4, texels.0 > 0, texels.1 > 0 else { triangulatePlain(item.corners); return }
        let dx = 1 / texels.0, dy = 1 / texels.1
        func grown(_ k: Int) -> Point {
            Point(x: k == 0 || k == 3 ? b.minX - dx : b.maxX + dx, y: k < 2 ? b.minY - dy : b.maxY + dy)
        }
        for k in 0..<4 where !(quad.localToView.apply(grown(k)).w > 0) {
            triangulatePlain(item.corners)
            return
        }
        func viewport(_ local: Point) -> PlanePoint {
            let h = quad.localToView.apply(local)
            return PlanePoint(x: h.x / h.w * scale, y: pixelSize.height - h.y / h.w * scale, w: h.w, local: local)
        }
        points.append(viewport(Point(x: b.midX, y: b.midY)))
        for k in 0..<4 { points.append(viewport(grown(k))) }
        fan(around: 0, outline: 1..<5)
    }

    // MARK: Vertices

    /// Writes the item's triangles as vertices, one batch per coverage class (all `.border` in
    /// border mode), and clears nothing: `points` and `triangles` are reset by the caller.
    package mutating func writeTriangles(_ i: Int, border: Bool) {
        let own = items[i].edges
        // A neighbour's edges across a slit follow the item's own (`DrawList+Slits.swift`).
        let edgeRange = own.lowerBound..<max(own.upperBound, items[i].slitEdges.upperBound)
        var combinedBits: UInt32 = 0, bandBits: UInt32 = 0, laterBits: UInt32 = 0
        for e in edgeRange where edges[e].isCombined {
            let bit = UInt32(1) << UInt32(e - edgeRange.lowerBound)
            combinedBits |= bit
            switch edges[e].partnerKind {
            case .band?: bandBits |= bit
            case .beneath?: laterBits |= bit
            default: break
            }
        }
        func coverageClass(of t: Triangle) -> TriangleCoverage {
            guard t.edges & combinedBits != 0 else { return TriangleCoverage.edges(for: t.edges.nonzeroBitCount) }
            // Only a band's line or a later sheet's corner (two of its lines) needs the clipped
            // boxes (`TriangleCoverage.clippedEdges`); every other partner piece is drawn without.
            return t.edges & bandBits != 0 || (t.edges & laterBits).nonzeroBitCount > 1 ? .clippedEdges : .slitEdges
        }
        for coverage in border ? Self.borderClasses : Self.edgeClasses {
            let first = vertexCount
            for t in triangles where border || coverageClass(of: t) == coverage {
                appendVertex(points[Int(t.a)], edges: t.edges, of: edgeRange)
                appendVertex(points[Int(t.b)], edges: t.edges, of: edgeRange)
                appendVertex(points[Int(t.c)], edges: t.edges, of: edgeRange)
            }
            if vertexCount > first { batches.append(Batch(item: i, coverage: coverage, vertices: first..<vertexCount)) }
        }
    }

    /// The coverage classes an item's triangles fall into, in the order they are drawn.
    package static let edgeClasses: [TriangleCoverage] = [.full, .edges(4), .edges(TriangleCoverage.maximumEdges), .slitEdges, .clippedEdges]
    package static let borderClasses: [TriangleCoverage] = [.border]

    /// Vertices written so far.
    package var vertexCount: Int { vertices.count / Self.floatsPerVertex }

    /// Appends one vertex: clip position, local point, and the edges in `mask` (bits over
    /// `edgeRange`, in order) followed by unused slots `(0, 0, 1)`, whose coverage is 1.
    package mutating func appendVertex(_ p: PlanePoint, edges mask: UInt32, of edgeRange: Range<Int>) {
        // Viewport pixels → clip space, keeping w so the hardware divides (and interpolates) itself.
        vertices.append(Float((2 * p.x / pixelSize.width - 1) * p.w))
        vertices.append(Float((2 * p.y / pixelSize.height - 1) * p.w))
        vertices.append(0)
        vertices.append(Float(p.w))
        vertices.append(Float(p.local.x))
        vertices.append(Float(p.local.y))
        var slots = 0
        var bits = mask
        while bits != 0 && slots < TriangleCoverage.maximumEdges {
            let e = edges[edgeRange.lowerBound + bits.trailingZeroBitCount]
            vertices.append(e.shaderEdge.0); vertices.append(e.shaderEdge.1); vertices.append(e.shaderEdge.2)
            bits &= bits - 1
            slots += 1
        }
        for _ in slots..<TriangleCoverage.maximumEdges { vertices.append(0); vertices.append(0); vertices.append(1) }
        // Surface hook (DrawList+Surface.swift): the visible side's normal, for `LIGHT`.
        let n = normals.normal(at: p.local)
        vertices.append(Float(n.x)); vertices.append(Float(n.y)); vertices.append(Float(n.z))
    }

    /// Appends item `i`'s outline (its footprint's corners) as a line loop for debug borders.
    package mutating func writeOutline(_ i: Int) {
        let first = vertexCount
        for k in items[i].corners { appendVertex(Self.point(corners[k]), edges: 0, of: 0..<0) }
        items[i].outline = first..<vertexCount
    }

    /// The pixel area of every triangle the list submits, for overdraw figures.
    package func rasterizedArea() -> Double {
        batches.reduce(0) { $0 + rasterizedArea(of: $1.vertices) }
    }

    /// The pixel area of the triangles of `range` (vertices, three per triangle).
    package func rasterizedArea(of range: Range<Int>) -> Double {
        let f = Self.floatsPerVertex
        func pixel(_ v: Int) -> (Double, Double) {
            let w = Double(vertices[v * f + 3])
            return ((Double(vertices[v * f]) / w + 1) * pixelSize.width / 2, (Double(vertices[v * f + 1]) / w + 1) * pixelSize.height / 2)
        }
        var area = 0.0
        for v in stride(from: range.lowerBound, to: range.upperBound - 2, by: 3) {
            let (a, b, c) = (pixel(v), pixel(v + 1), pixel(v + 2))
            area += abs((b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1)) / 2
        }
        return area
    }
}
