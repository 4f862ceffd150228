import FolioGeometry
import FolioLayers

/// One polygon ready to submit: window-pixel corners with their edges classified, plus what
/// to shade it with (the layer, and a shadow sublayer merged in as an overlay).
struct DrawItem {
    var quadIndex: Int
    var overlayQuadIndex: Int?
    /// Range in `DrawList.corners`.
    var corners: Range<Int>
    /// Range in `DrawList.vertices` (a triangle fan: centre first, then the outline, closed).
    var vertices: Range<Int> = 0..<0
}

/// A polygon corner in window pixels (origin bottom-left), with the attributes to interpolate
/// and whether the edge from it to the next corner is a silhouette (faded) edge.
struct Corner {
    var x: Double, y: Double
    var w: Double
    var local: Point
    var fades: Bool
}

/// Turns an evaluation into draw items, reusing its storage between frames.
///
/// Seams are made watertight: an edge that another polygon shares (a fold crease, a spine, a
/// BSP cut) gets bit-identical corners on both sides and is never faded or inflated, so the
/// rasterizer covers every pixel along it exactly once.
struct DrawList {
    var items: [DrawItem] = []
    var corners: [Corner] = []
    var scratch: [Corner] = []
    /// The shared-edge hash: bucket heads, chain links and edge ends, indexed by corner.
    var edgeHeads: [Int32] = [], edgeNext: [Int32] = [], edgeEnd: [Int32] = []
    /// Interleaved vertex data: clip x, y, z, w, then local x, y.
    var vertices: [Float] = []

    /// The viewport size of the last build, in pixels.
    var pixelSize = (width: 0.0, height: 0.0)

    static let floatsPerVertex = 6
    /// How far silhouette edges are pushed out, in pixels (past the 0.71 px a pixel box reaches).
    static let margin = 1.0

    mutating func build(_ e: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int,
                        mode: AntialiasingMode, texelsPerPoint: (Quad) -> (Double, Double)) {
        items.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        pixelSize = (Double(pixelWidth), Double(pixelHeight))
        let height = Double(pixelHeight)
        // Containers that paint nothing (a transition's root) are skipped: they would cost a
        // draw and, sharing an outline with a page that fills them, unfade its edges.
        for (index, quad) in e.quads.enumerated() where quad.isVisible && quad.drawsContent && quad.vertexRange.count >= 3 {
            if let last = items.last, last.overlayQuadIndex == nil, Self.isOverlay(quad, of: e.quads[last.quadIndex], e) {
                items[items.count - 1].overlayQuadIndex = index
                continue
            }
            let start = corners.count
            for v in e.corners(of: quad) {
                corners.append(Corner(x: v.point.x * scale, y: height - v.point.y * scale, w: v.clip.w, local: v.local, fades: true))
            }
            clipToViewport(start, width: Double(pixelWidth), height: height)
            dropNearDuplicates(start)
            if corners.count - start >= 3 { items.append(DrawItem(quadIndex: index, corners: start..<corners.count)) }
            else { corners.removeSubrange(start...) }
        }
        markSharedEdges()
        for i in items.indices {
            let quad = e.quads[items[i].quadIndex]
            let first = vertices.count / Self.floatsPerVertex
            switch mode {
            case .analytic: emitInflated(items[i], quad, scale: scale, width: Double(pixelWidth), height: height)
            case .border: emitBordered(items[i], quad, texels: texelsPerPoint(quad), scale: scale, width: Double(pixelWidth), height: height)
            case .msaa, .none: emitPlain(items[i], width: Double(pixelWidth), height: height)
            }
            items[i].vertices = first..<(vertices.count / Self.floatsPerVertex)
        }
    }

    /// Whether `quad` is a shadow sublayer exactly covering `base`: drawn inside base's pass.
    static func isOverlay(_ quad: Quad, of base: Quad, _ e: LayerEvaluator) -> Bool {
        let layer = quad.layer
        guard layer.superlayer === base.layer, layer.contents == nil, layer.sublayers.isEmpty,
              layer.bounds.size == base.layer.bounds.size,
              layer.kind == .gradient || layer.backgroundColor != nil,
              quad.vertexRange.count == base.vertexRange.count else { return false }
        let a = e.corners(of: quad), b = e.corners(of: base)
        for (p, q) in zip(a, b) where p.point.distance(to: q.point) > 1e-9 { return false }
        return true
    }

    /// Removes corners of the polygon at `start…` that sit on the previous one (within 1e-6
    /// px): a near-zero edge has no direction to push an antialiasing margin along.
    mutating func dropNearDuplicates(_ start: Int) {
        var kept = start
        for i in start..<corners.count {
            let c = corners[i]
            if kept > start {
                let p = corners[kept - 1]
                if abs(c.x - p.x) <= 1e-6 && abs(c.y - p.y) <= 1e-6 { continue }
            }
            corners[kept] = c
            kept += 1
        }
        // The closing edge, last back to first.
        while kept - start > 1 {
            let first = corners[start], last = corners[kept - 1]
            guard abs(first.x - last.x) <= 1e-6 && abs(first.y - last.y) <= 1e-6 else { break }
            kept -= 1
        }
        corners.removeSubrange(kept...)
    }

    /// Cuts the polygon at `start…` to the window plus a margin, so nothing sent is huge; the
    /// new edges lie off screen and are not faded.
    mutating func clipToViewport(_ start: Int, width: Double, height: Double) {
        let pad = 4.0
        // (axis, sign, bound): keep sign·coordinate ≤ sign·bound.
        for side in 0..<4 {
            let horizontal = side < 2
            let limit = side % 2 == 0 ? -pad : (horizontal ? width : height) + pad
            let keepBelow = side % 2 == 1
            func inside(_ c: Corner) -> Bool {
                let v = horizontal ? c.x : c.y
                return keepBelow ? v <= limit : v >= limit
            }
            let n = corners.count - start
            guard n >= 3 else { return }
            var allInside = true
            for i in start..<corners.count where !inside(corners[i]) { allInside = false; break }
            if allInside { continue }
            scratch.removeAll(keepingCapacity: true)
            for k in 0..<n {
                let a = corners[start + k], b = corners[start + (k + 1) % n]
                let ia = inside(a), ib = inside(b)
                if ia { scratch.append(a) }
                if ia != ib {
                    let va = horizontal ? a.x : a.y, vb = horizontal ? b.x : b.y
                    let t = (limit - va) / (vb - va)
                    // Interpolate in screen space, then recover w and the local point
                    // perspective-correctly (1/w and local/w are affine on screen).
                    let iw = (1 / a.w) + ((1 / b.w) - (1 / a.w)) * t
                    let lx = (a.local.x / a.w + (b.local.x / b.w - a.local.x / a.w) * t) / iw
                    let ly = (a.local.y / a.w + (b.local.y / b.w - a.local.y / a.w) * t) / iw
                    var c = Corner(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: 1 / iw, local: Point(x: lx, y: ly), fades: a.fades)
                    if ia { scratch[scratch.count - 1].fades = a.fades; c.fades = false } // edge continues along the window
                    scratch.append(c)
                }
            }
            corners.removeSubrange(start...)
            corners.append(contentsOf: scratch)
        }
    }

    /// Finds edges shared by two polygons, unfades them, and snaps the later polygon's corners
    /// onto the earlier one's so both rasterize the same line.
    ///
    /// Edges are bucketed by their midpoint on a 1/256-pixel grid (a reused open hash), and
    /// each edge is compared only with edges of earlier polygons in its 3×3 neighbourhood of
    /// cells, so the cost grows linearly with the number of polygons.
    mutating func markSharedEdges() {
        let tolerance = 1e-6
        func same(_ a: Corner, _ b: Corner) -> Bool { abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance }
        func next(_ a: Int, in r: Range<Int>) -> Int { a + 1 == r.upperBound ? r.lowerBound : a + 1 }
        func cell(_ a: Corner, _ b: Corner) -> (Int, Int) {
            let x = ((a.x + b.x) * 128).rounded(.down), y = ((a.y + b.y) * 128).rounded(.down)
            // Far off-screen midpoints cannot occur (polygons are clipped to the window).
            return (Int(max(-1e15, min(1e15, x))), Int(max(-1e15, min(1e15, y))))
        }
        var size = 16
        while size < 2 * corners.count { size <<= 1 }
        let mask = size - 1
        func bucket(_ cx: Int, _ cy: Int) -> Int { ((cx &* 73_856_093) ^ (cy &* 19_349_663)) & mask }
        edgeHeads.removeAll(keepingCapacity: true)
        edgeHeads.append(contentsOf: repeatElement(-1, count: size))
        edgeNext.removeAll(keepingCapacity: true)
        edgeNext.append(contentsOf: repeatElement(-1, count: corners.count))
        edgeEnd.removeAll(keepingCapacity: true)
        edgeEnd.append(contentsOf: repeatElement(-1, count: corners.count))

        for j in items.indices {
            let rj = items[j].corners
            for a in rj {
                let b = next(a, in: rj)
                let (cx, cy) = cell(corners[a], corners[b])
                for dy in -1...1 {
                    for dx in -1...1 {
                        var c = Int(edgeHeads[bucket(cx + dx, cy + dy)])
                        while c >= 0 {
                            let d = Int(edgeEnd[c])
                            let reversed = same(corners[a], corners[d]) && same(corners[b], corners[c])
                            if reversed || same(corners[a], corners[c]) && same(corners[b], corners[d]) {
                                corners[a].fades = false
                                corners[c].fades = false
                                let (ta, tb) = reversed ? (d, c) : (c, d)
                                corners[a].x = corners[ta].x; corners[a].y = corners[ta].y; corners[a].w = corners[ta].w
                                corners[b].x = corners[tb].x; corners[b].y = corners[tb].y; corners[b].w = corners[tb].w
                            }
                            c = Int(edgeNext[c])
                        }
                    }
                }
            }
            // Only now do this polygon's edges become candidates, for later polygons.
            for a in rj {
                let b = next(a, in: rj)
                let (cx, cy) = cell(corners[a], corners[b])
                let h = bucket(cx, cy)
                edgeEnd[a] = Int32(b)
                edgeNext[a] = edgeHeads[h]
                edgeHeads[h] = Int32(a)
            }
        }
    }

    mutating func append(x: Double, y: Double, w: Double, local: Point, width: Double, height: Double) {
        // Window pixels → clip space, keeping w so the hardware divides (and interpolates) itself.
        vertices.append(Float((2 * x / width - 1) * w))
        vertices.append(Float((2 * y / height - 1) * w))
        vertices.append(0)
        vertices.append(Float(w))
        vertices.append(Float(local.x))
        vertices.append(Float(local.y))
    }

    /// The fan centre: the average of the corners, with its attributes recovered perspective-correctly.
    mutating func appendCentre(_ r: Range<Int>, width: Double, height: Double) {
        var x = 0.0, y = 0.0, iw = 0.0, lx = 0.0, ly = 0.0
        for i in r {
            let c = corners[i]
            x += c.x; y += c.y; iw += 1 / c.w; lx += c.local.x / c.w; ly += c.local.y / c.w
        }
        let n = Double(r.count)
        append(x: x / n, y: y / n, w: n / iw, local: Point(x: lx / iw, y: ly / iw), width: width, height: height)
    }

    mutating func emitPlain(_ item: DrawItem, width: Double, height: Double) {
        appendCentre(item.corners, width: width, height: height)
        for k in 0...item.corners.count {
            let c = corners[item.corners.lowerBound + k % item.corners.count]
            append(x: c.x, y: c.y, w: c.w, local: c.local, width: width, height: height)
        }
    }

    /// The outline with silhouette edges pushed out by `margin` pixels. A corner between two
    /// silhouette edges moves to the offset lines' intersection (bevelled if sharp); a corner
    /// next to a shared edge stays and gains a short cap, so shared edges keep their corners.
    /// New points get exact attributes from the layer's plane (`Quad.localToView`).
    mutating func emitInflated(_ item: DrawItem, _ quad: Quad, scale: Double, width: Double, height: Double) {
        let r = item.corners
        let n = r.count
        var orientation = 0.0
        for k in 0..<n {
            let a = corners[r.lowerBound + k], b = corners[r.lowerBound + (k + 1) % n]
            orientation += a.x * b.y - b.x * a.y
        }
        let outward = orientation > 0 ? 1.0 : -1.0 // counter-clockwise: outward normal is (dy, −dx)
        func normal(_ k: Int) -> (Double, Double) {
            let a = corners[r.lowerBound + k % n], b = corners[r.lowerBound + (k + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return (0, 0) }
            return (outward * dy / length, -outward * dx / length)
        }
        appendCentre(r, width: width, height: height)
        let firstVertex = vertices.count
        let m = Self.margin
        for k in 0..<n {
            let c = corners[r.lowerBound + k]
            let previous = corners[r.lowerBound + (k + n - 1) % n]
            let (n0, n1) = (normal(k + n - 1), normal(k))
            switch (previous.fades, c.fades) {
            case (false, false):
                append(x: c.x, y: c.y, w: c.w, local: c.local, width: width, height: height)
            case (false, true):
                let cap = Self.cap(at: c, from: corners[r.lowerBound + (k + n - 1) % n], seamNormal: n0, fadedNormal: n1, margin: m)
                append(x: c.x, y: c.y, w: c.w, local: c.local, width: width, height: height)
                appendOnPlane(quad, cap.x, cap.y, fallback: c, scale: scale, width: width, height: height)
            case (true, false):
                let cap = Self.cap(at: c, from: corners[r.lowerBound + (k + 1) % n], seamNormal: n1, fadedNormal: n0, margin: m)
                appendOnPlane(quad, cap.x, cap.y, fallback: c, scale: scale, width: width, height: height)
                append(x: c.x, y: c.y, w: c.w, local: c.local, width: width, height: height)
            case (true, true):
                let bx = n0.0 + n1.0, by = n0.1 + n1.1
                let dot = 1 + n0.0 * n1.0 + n0.1 * n1.1 // 1 + cos(turn)
                if dot > 0.25 {
                    // Miter: the offset lines meet at c + (n0 + n1)·m/(1 + n0·n1).
                    appendOnPlane(quad, c.x + bx * m / dot, c.y + by * m / dot, fallback: c, scale: scale, width: width, height: height)
                } else {
                    appendOnPlane(quad, c.x + n0.0 * m, c.y + n0.1 * m, fallback: c, scale: scale, width: width, height: height)
                    appendOnPlane(quad, c.x + n1.0 * m, c.y + n1.1 * m, fallback: c, scale: scale, width: width, height: height)
                }
            }
        }
        // Close the fan with the first outline vertex.
        for f in 0..<Self.floatsPerVertex { vertices.append(vertices[firstVertex + f]) }
    }

    /// Where the outline steps out from corner `c` between an edge that stays (a seam or a
    /// viewport cut, from `c` toward `other`, outward normal `seamNormal`) and a silhouette edge
    /// pushed out by `margin` (outward normal `fadedNormal`).
    ///
    /// Usually straight out along the silhouette's normal. Where the corner is obtuse that step
    /// would cross the line of the edge that stays — into the polygon on its other side, which
    /// this one would then paint over — so the outline instead runs on along that line, beyond
    /// `c`, to where it meets the pushed-out silhouette (at most 16 margins out: a corner that
    /// flat is nearly a straight edge).
    static func cap(at c: Corner, from other: Corner, seamNormal: (Double, Double), fadedNormal: (Double, Double),
                    margin m: Double) -> (x: Double, y: Double) {
        let straight = (x: c.x + fadedNormal.0 * m, y: c.y + fadedNormal.1 * m)
        guard seamNormal.0 * fadedNormal.0 + seamNormal.1 * fadedNormal.1 > 0 else { return straight }
        let dx = c.x - other.x, dy = c.y - other.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return straight }
        let (ux, uy) = (dx / length, dy / length)
        let along = fadedNormal.0 * ux + fadedNormal.1 * uy // sine of the turn at c
        let s = along > 1.0 / 16 ? m / along : 16 * m
        return (c.x + ux * s, c.y + uy * s)
    }

    /// Appends the point of the layer's plane under window pixel (x, y).
    mutating func appendOnPlane(_ quad: Quad, _ x: Double, _ y: Double, fallback: Corner, scale: Double, width: Double, height: Double) {
        let view = Point(x: x / scale, y: (height - y) / scale)
        if let local = quad.localToView.inverse(view) {
            let h = quad.localToView.apply(local)
            if h.w > 0, h.w.isFinite {
                append(x: x, y: y, w: h.w, local: local, width: width, height: height)
                return
            }
        }
        append(x: x, y: y, w: fallback.w, local: fallback.local, width: width, height: height)
    }

    /// Border mode: whole layers grow by one content texel on every side (local space); pieces
    /// of layers are drawn as they are.
    mutating func emitBordered(_ item: DrawItem, _ quad: Quad, texels: (Double, Double), scale: Double, width: Double, height: Double) {
        let b = quad.layer.bounds
        guard item.corners.count == 4, texels.0 > 0, texels.1 > 0 else { emitPlain(item, width: width, height: height); return }
        let dx = 1 / texels.0, dy = 1 / texels.1
        func grown(_ k: Int) -> Point {
            Point(x: k == 0 || k == 3 ? b.minX - dx : b.maxX + dx, y: k < 2 ? b.minY - dy : b.maxY + dy)
        }
        for k in 0..<4 where !(quad.localToView.apply(grown(k)).w > 0) {
            emitPlain(item, width: width, height: height)
            return
        }
        let centre = quad.localToView.apply(Point(x: b.midX, y: b.midY))
        append(x: centre.x / centre.w * scale, y: height - centre.y / centre.w * scale, w: centre.w,
               local: Point(x: b.midX, y: b.midY), width: width, height: height)
        for k in 0...4 {
            let local = grown(k % 4)
            let h = quad.localToView.apply(local)
            append(x: h.x / h.w * scale, y: height - h.y / h.w * scale, w: h.w, local: local, width: width, height: height)
        }
    }

    /// The pixel area of every triangle the list submits (each item's fan), for overdraw figures.
    func rasterizedArea() -> Double {
        let f = Self.floatsPerVertex
        func pixel(_ v: Int) -> (Double, Double) {
            let w = Double(vertices[v * f + 3])
            return ((Double(vertices[v * f]) / w + 1) * pixelSize.width / 2, (Double(vertices[v * f + 1]) / w + 1) * pixelSize.height / 2)
        }
        var area = 0.0
        for item in items where item.vertices.count >= 3 {
            let c = pixel(item.vertices.lowerBound)
            for v in (item.vertices.lowerBound + 1)..<(item.vertices.upperBound - 1) {
                let (a, b) = (pixel(v), pixel(v + 1))
                area += abs((a.0 - c.0) * (b.1 - c.1) - (b.0 - c.0) * (a.1 - c.1)) / 2
            }
        }
        return area
    }
}
