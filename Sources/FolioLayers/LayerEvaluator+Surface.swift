import FolioGeometry
import FolioSurface

/// Surface layers in the evaluation: one planar polygon per patch.
///
/// A patch of a `SurfaceLayer`'s mesh is a convex polygon lying in one plane of the layer's 3D
/// space, and its local points reach that plane by an affine map (`SurfaceLayer.patchMaps`).
/// So it is exactly what the evaluator already handles: corners in the layer's own
/// coordinates plus one homography, mapped up the tree like any polygon. Each patch joins the
/// enclosing 3D rendering context as a planar member of its own, so the depth sort takes its
/// plane from its homography, orders the patches among themselves (they lie on the boundary of
/// a convex prism, so no patch's plane cuts another) and against the flat layers of the same
/// context; coplanar ties keep tree order, so the leaf's flat part lands on the page beneath it
/// when the surface layer comes after that page. Flat layers never reach this code.
///
/// **Details** (SurfaceLayer+Details.swift). Right after each patch come its pieces of the
/// surface's details: the patch's corners cut to each detail's bounds, with the patch's map
/// and index, under the detail layer's own record. A piece is
/// coplanar with its patch and comes after it in tree order, so the depth sort draws it right
/// after the patch wherever it puts the patch. Its side of the sheet is a flag the output reads
/// (`PolyFlags.frontDetail`, `.backDetail`). A cut point on a patch edge is computed from the
/// edge's ends in one fixed order, so the pieces of one detail on two neighbouring patches
/// share their points bit for bit, and two details sharing a side get points exactly on it.
/// A patch with pieces has its interior seams split at those same points
/// (`appendCornersSplitAtDetails`), so the patches and the pieces on both sides of a seam draw
/// it as the same edges.
extension EvaluationState {
    /// Adds `layer`'s patches to the current context, mapped by `toContext` (of `kind`).
    mutating func collectSurface(_ layer: SurfaceLayer, _ toContext: Transform3D, _ kind: MapKind,
                                 opacity: Double, invisible: Bool) {
        let mesh = layer.mesh
        guard !mesh.patches.isEmpty, layer.patchMaps.count == mesh.patches.count, layer.patchHasArea.count == mesh.patches.count else { return }
        let index = register(layer)
        // The details drawn, registered in sublayer order (consecutive records from `firstDetail`).
        let detailCount = invisible ? 0 : registerDetails(of: layer)
        let firstDetail = index &+ 1
        for p in mesh.paintersOrder where layer.patchHasArea[p] {
            let patch = mesh.patches[p]
            let start = store.locals.count
            if detailCount > 0 {
                appendCornersSplitAtDetails(of: patch, in: mesh, layer)
            } else {
                for v in mesh.corners(of: patch) { store.locals.append(mesh.vertices[v].local) }
            }
            let end = store.locals.count
            let map = layer.patchMaps[p]
            let basis = kind == .identity ? map : map.applying(toContext)
            append(basis, corners: start, layer: index, opacity: opacity, patch: Int32(p), flags: invisible ? [] : .visible)
            guard detailCount > 0 else { continue }
            var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            for k in start..<end {
                let q = store.locals[k]
                box = (min(box.x0, q.x), min(box.y0, q.y), max(box.x1, q.x), max(box.y1, q.y))
            }
            var j: Int32 = 0
            Self.forEachDetail(of: layer) { detail, back in
                let id = firstDetail &+ j
                j &+= 1
                let b = detail.bounds
                guard b.minX < box.x1, b.maxX > box.x0, b.minY < box.y1, b.maxY > box.y0 else { return }
                // The patch cut to the detail's rectangle: cut from the mesh's own corners (not
                // the split ones), so its points are what they were before the split.
                let pieceStart = store.locals.count
                for v in mesh.corners(of: patch) { store.locals.append(mesh.vertices[v].local) }
                guard clipLocals(from: pieceStart, to: b), Self.hasArea(store.locals, from: pieceStart) else {
                    store.locals.count = pieceStart
                    return
                }
                let own = detail.opacity
                append(basis, corners: pieceStart, layer: id, opacity: opacity * (own >= 0 ? min(own, 1) : 0), patch: Int32(p),
                       flags: back ? [.visible, .backDetail] : [.visible, .frontDetail])
            }
        }
    }

    /// Appends the corners of `patch` with, on each of its interior edges (shared with the
    /// neighbouring patch of the same facing), the points where the details of its side of the
    /// sheet end along it, in order from the edge's start.
    ///
    /// Why: a piece's edge along a seam is the part of the seam between its cut points. Were
    /// the patch's seam one edge from corner to corner, the rasterizer would decide a pixel
    /// centre on the seam by two different lines (the patch's, the piece's, each rounded to
    /// the subpixel grid from its own ends), and one within their rounding of the seam could
    /// fall to the later patch, which draws the coarse level, and to the earlier patch's piece,
    /// drawn before it: a lone coarse pixel on the seam. Split at the pieces' own points, the
    /// patch, its neighbour and the pieces on both sides share every part of the seam bit for
    /// bit (the draw list snaps each part as one shared edge), and one rule decides the pixel
    /// for all of them.
    ///
    /// The points are those `clipLocals` gives a piece on that edge: `clipSegment` cuts the
    /// edge alone, side by side, with the same arithmetic. They depend only on the edge and the
    /// details, so the neighbour, cutting the same edge (its ends are the same mesh vertices),
    /// splits it at the same points, whether or not either side keeps a piece there.
    private mutating func appendCornersSplitAtDetails(of patch: SurfacePatch, in mesh: SurfaceMesh, _ layer: SurfaceLayer) {
        let range = patch.corners
        // Only the details drawn on this side of the sheet cut pieces there (the neighbour
        // across an interior edge has the same facing).
        let back = patch.isBackFacing
        for c in range {
            let a = mesh.vertices[mesh.patchCorners[c]].local
            store.locals.append(a)
            guard mesh.patchEdges[c] == .interior else { continue }
            let b = mesh.vertices[mesh.patchCorners[c + 1 == range.upperBound ? range.lowerBound : c + 1]].local
            let first = store.locals.count
            Self.forEachDetail(of: layer) { detail, isBack in
                guard isBack == back, let (u, v) = Self.clipSegment(a, b, to: detail.bounds) else { return }
                if u != a && u != b { store.locals.append(u) }
                if v != a && v != b && v != u { store.locals.append(v) }
            }
            // In order along the edge (insertion sort: a few points), each point once.
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            @inline(__always) func along(_ q: Point) -> Double { (q.x - a.x) * dx + (q.y - a.y) * dy }
            var k = first + 1
            while k < store.locals.count {
                let q = store.locals[k], t = along(q)
                var m = k
                while m > first && along(store.locals[m - 1]) > t {
                    store.locals[m] = store.locals[m - 1]
                    m -= 1
                }
                store.locals[m] = q
                k += 1
            }
            var kept = first
            for m in first..<store.locals.count where kept == first || store.locals[m] != store.locals[kept - 1] {
                store.locals[kept] = store.locals[m]
                kept += 1
            }
            store.locals.count = kept
        }
    }

    /// The part of the segment from `a` to `b` inside `r`, or nil when none is left: the
    /// segment cut by the rectangle's sides in `clipLocals`' order and with its arithmetic (a
    /// crossing from the lexicographically first end, its coordinate across the side set to
    /// the side's exactly), so its ends are bit for bit the corners a piece cut by `r` has on
    /// that edge. The ends keep their order (`a`'s end first).
    static func clipSegment(_ a: Point, _ b: Point, to r: Rect) -> (Point, Point)? {
        var (u, v) = (a, b)
        for side in 0..<4 {
            let (vu, vv) = (depth(of: u, inside: side, of: r), depth(of: v, inside: side, of: r))
            if vu >= 0 && vv >= 0 { continue }
            if vu < 0 && vv < 0 { return nil }
            let m = crossing(u, v, side: side, of: r)
            if vu < 0 { u = m } else { v = m }
        }
        return (u, v)
    }

    /// How far `q` lies inside side `side` of `r` (0: `minX`, 1: `maxX`, 2: `minY`, 3: `maxY`),
    /// in points along the side's normal: ≥ 0 on the kept side.
    @inline(__always)
    private static func depth(of q: Point, inside side: Int, of r: Rect) -> Double {
        switch side {
        case 0: q.x - r.minX
        case 1: r.maxX - q.x
        case 2: q.y - r.minY
        default: r.maxY - q.y
        }
    }

    /// Where the segment from `a` to `b` crosses side `side`'s line of `r`: computed from the
    /// segment's lexicographically first end, whichever way it is walked, and its coordinate
    /// across the line set to the line's exactly. The piece cut (`clipLocals`) and the seam
    /// split (`clipSegment`) both cross through here, so a tile's corner on a patch's edge and
    /// the point that splits the patch's seam are the same bits.
    @inline(__always)
    private static func crossing(_ a: Point, _ b: Point, side: Int, of r: Rect) -> Point {
        let (p, q) = (a.x, a.y) < (b.x, b.y) ? (a, b) : (b, a)
        let (vp, vq) = (depth(of: p, inside: side, of: r), depth(of: q, inside: side, of: r))
        let t = vp / (vp - vq)
        var m = Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        switch side {
        case 0: m.x = r.minX
        case 1: m.x = r.maxX
        case 2: m.y = r.minY
        default: m.y = r.maxY
        }
        return m
    }

    /// Whether the polygon `locals[start...]` has at least three corners and an area (a cut
    /// along a patch's edge can leave a sliver of none).
    private static func hasArea(_ locals: EvaluationBuffer<Point>, from start: Int) -> Bool {
        guard locals.count - start >= 3 else { return false }
        var area = 0.0
        let first = locals[start]
        for k in (start + 1)..<(locals.count - 1) {
            let (a, b) = (locals[k], locals[k + 1])
            area += (a.x - first.x) * (b.y - first.y) - (a.y - first.y) * (b.x - first.x)
        }
        return area != 0 && area.isFinite
    }

    /// Appends a polygon of the corners `store.locals[start...]` on `basis` as a planar member
    /// of the current context.
    @inline(__always)
    private mutating func append(_ basis: Homography, corners start: Int, layer: Int32, opacity: Double, patch: Int32, flags: PolyFlags) {
        let poly = Int32(store.polys.count)
        let orderStart = Int32(order.count)
        order.append(poly)
        store.polys.append(WorkPoly(basis: basis, start: Int32(start), count: Int32(store.locals.count - start), layer: layer,
                                    opacity: opacity, shape: store.newShape(), patch: patch))
        store.flags.append(flags)
        members.append(ContextMember(orderStart: orderStart, orderEnd: Int32(order.count), frame: basis,
                                     flat: basis.liesInZeroPlane))
    }

    /// Registers the details `layer` draws (not hidden, with a finite, non-empty bounds),
    /// consecutively right after `layer`; returns how many.
    private mutating func registerDetails(of layer: SurfaceLayer) -> Int {
        var count = 0
        Self.forEachDetail(of: layer) { detail, _ in
            _ = register(detail)
            count += 1
        }
        return count
    }

    /// Calls `body` for each detail of `layer` that is drawn, in sublayer order, with whether
    /// it is a back detail.
    @inline(__always)
    private static func forEachDetail(of layer: SurfaceLayer, _ body: (Layer, Bool) -> Void) {
        let front = layer.frontDetailCount, total = front &+ layer.backDetailCount
        guard total > 0 else { return }
        var link = layer.firstSublayer
        var i = 0
        while let l = link, i < total {
            l.withLayer { detail in
                let b = detail.bounds
                if !detail.isHidden, b.width > 0, b.height > 0, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite {
                    body(detail, i >= front)
                }
                link = detail.nextSibling
            }
            i &+= 1
        }
    }

    /// Cuts the convex polygon `store.locals[start...]` to the rectangle `r`, in place (the
    /// buffer's tail is the scratch); false when fewer than three corners are left.
    ///
    /// Each cut is by one side's line: a kept point is copied, and a crossing is computed from
    /// the crossing edge's lexicographically first end, its coordinate across the line set to
    /// the line's exactly, so two polygons sharing an edge (neighbouring patches) get the same
    /// point, and two details sharing a side get points exactly on it.
    private mutating func clipLocals(from start: Int, to r: Rect) -> Bool {
        for side in 0..<4 {
            @inline(__always) func value(_ q: Point) -> Double { Self.depth(of: q, inside: side, of: r) }
            let end = store.locals.count
            let n = end - start
            guard n >= 3 else { return false }
            var allInside = true
            for k in start..<end where value(store.locals[k]) < 0 { allInside = false; break }
            if allInside { continue }
            for k in 0..<n {
                let a = store.locals[start + k], b = store.locals[start + (k + 1) % n]
                let (va, vb) = (value(a), value(b))
                if va >= 0 { store.locals.append(a) }
                if (va >= 0) != (vb >= 0) { store.locals.append(Self.crossing(a, b, side: side, of: r)) }
            }
            // Move the cut polygon down over the one it replaces.
            let cut = store.locals.count - end
            for k in 0..<cut { store.locals[start + k] = store.locals[end + k] }
            store.locals.count = start + cut
        }
        return store.locals.count - start >= 3
    }
}
