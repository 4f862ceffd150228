import FolioGeometry

/// What a layer's subtree draws, flattened into the layer's own plane: one convex polygon per
/// thing drawn, in the layer's coordinates (points), each tagged with the **compositing unit**
/// it is drawn in.
///
/// A unit is something that reaches the layer's picture as one image: a layer's own
/// background, contents and gradient (one pass); its border (one more pass after its
/// sublayers — the same unit as its own content when no sublayer draws in between); or a whole
/// descendant that is composited as a group (a flattening layer with opacity below 1 and
/// `allowsGroupOpacity`, or one with `shouldRasterize`). Polygons of one unit may overlap each
/// other: they are one picture by then.
///
/// The subtree is walked as the evaluator draws it: hidden and fully transparent layers and
/// their subtrees are left out, single-sided flattening layers that face away in their 3D
/// rendering context are culled with everything they flatten (`Layer.isCulled(in:)`),
/// transform layers pass their sublayers through in 3D, each flattening descendant's
/// sublayers are projected into its plane (clipped at `w ≥ Projection.minimumW`) and clipped
/// to its bounds when it masks, a mask without area hides its sublayers, and nothing deeper
/// than `Layer.maximumDepth` counts. Polygons are conservative where drawing is curved: a
/// layer's own content and a rounded mask count as the whole bounds rectangle, a border as
/// the four strips (as wide as the larger of the border width and the corner radius) that
/// hold its band. So the polygons cover everything drawn, and cover little else.
///
/// Storage is kept between calls: flattening a subtree of the same size again allocates nothing.
public struct FlattenedSubtree {
    /// One polygon: its corners `points[start ..< start + count]`, its unit and bounding box.
    struct Piece {
        var start: Int
        var count: Int
        var unit: Int
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
    }

    var points: [Point] = []
    var pieces: [Piece] = []
    var nextUnit = 0
    // Scratch for the overlap test.
    var clipA: [Point] = []
    var order: [Int32] = []

    /// Overlaps thinner than this, in points of the layer's plane, do not count: the rounding
    /// error along an edge that two polygons share (seams coincide to about 1e-9 points).
    public static let defaultTolerance = 1e-6

    /// Creates an empty set of polygons.
    public init() {}

    /// The number of polygons.
    public var polygonCount: Int { pieces.count }

    /// The corners of polygon `index` (`0 ..< polygonCount`), in the layer's coordinates, in order.
    public func polygon(_ index: Int) -> ArraySlice<Point> {
        let piece = pieces[index]
        return points[piece.start ..< piece.start + piece.count]
    }

    /// The compositing unit of polygon `index`: polygons with the same unit are one picture.
    public func unit(of index: Int) -> Int { pieces[index].unit }

    /// The smallest rectangle holding every polygon, in the layer's coordinates (what a
    /// rasterized or offscreen picture of the subtree must cover), or nil when nothing is drawn.
    public var extent: Rect? {
        guard var minX = pieces.first?.minX else { return nil }
        var minY = pieces[0].minY, maxX = pieces[0].maxX, maxY = pieces[0].maxY
        for p in pieces {
            minX = min(minX, p.minX); minY = min(minY, p.minY)
            maxX = max(maxX, p.maxX); maxY = max(maxY, p.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Forgets every polygon, keeping the storage.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        nextUnit = 0
    }

    /// Adds a convex polygon (corners in order, either winding) in unit `unit`; for a renderer
    /// or evaluator that has flattened the subtree itself. Non-finite corners drop the polygon.
    public mutating func add(polygon corners: some Sequence<Point>, unit: Int) {
        let start = points.count
        for c in corners {
            guard c.isFinite else { points.removeSubrange(start...); return }
            points.append(c)
        }
        guard points.count - start >= 3 else { points.removeSubrange(start...); return }
        pieces.append(Piece(start: start, count: points.count - start, unit: unit))
        updateBox(pieces.count - 1)
    }

    /// Replaces the polygons with what `layer` and its subtree draw, in `layer`'s plane.
    ///
    /// The layer's own hidden state, opacity and culling are not considered (they decide how
    /// the picture is composited, not what is in it); its descendants' are.
    public mutating func flatten(_ layer: Layer) {
        removeAll()
        addContent(of: layer, depth: 1, unit: nil)
        compact()
    }

    // MARK: The walk

    mutating func newUnit() -> Int {
        defer { nextUnit += 1 }
        return nextUnit
    }

    /// Adds `layer`'s own content, its flattened sublayers and its border, in its own coordinates.
    /// `inherited` is the unit of an enclosing group, if any: everything then joins it.
    mutating func addContent(of layer: Layer, depth: Int, unit inherited: Int?) {
        let b = layer.bounds
        let ownUnit = inherited ?? newUnit()
        if layer.drawsContent && !b.isEmpty { addRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, unit: ownUnit) }
        let sublayerStart = pieces.count
        if !layer.masksAllSublayers && depth < Layer.maximumDepth && !layer.sublayers.isEmpty {
            let sub = layer.pivotedSublayerTransform
            for s in layer.sublayers { visit(s, parentToPlane: sub, depth: depth + 1, unit: inherited) }
            if layer.masksToBounds {
                for k in sublayerStart..<pieces.count { clip(k, toRect: b) }
            }
        }
        if layer.drawsBorder {
            let drewBetween = pieces[sublayerStart...].contains { $0.count > 0 }
            addBorder(of: layer, unit: drewBetween ? (inherited ?? newUnit()) : ownUnit)
        }
    }

    /// Adds a sublayer's subtree. `parentToPlane` maps its superlayer's sublayer space into the
    /// 3D space of the plane being built (the nearest flattening ancestor's, before flattening).
    mutating func visit(_ layer: Layer, parentToPlane: Transform3D, depth: Int, unit inherited: Int?) {
        guard depth <= Layer.maximumDepth, !layer.isHidden, layer.clampedOpacity > 0 else { return }
        let toPlane = layer.localTransform.concatenating(parentToPlane)
        if layer.kind == .transform {
            let m = layer.pivotedSublayerTransform.concatenating(toPlane)
            for s in layer.sublayers { visit(s, parentToPlane: m, depth: depth + 1, unit: inherited) }
            return
        }
        if layer.isCulled(in: toPlane) { return }
        let isGroup = inherited == nil
            && ((layer.allowsGroupOpacity && layer.clampedOpacity < 1) || layer.shouldRasterize)
        let start = pieces.count
        addContent(of: layer, depth: depth, unit: isGroup ? newUnit() : inherited)
        let plane = Layer.plane(of: toPlane)
        for k in start..<pieces.count where pieces[k].count > 0 { project(k, through: plane) }
    }

    /// Adds the four strips that hold `layer`'s border band (the whole bounds when they meet).
    mutating func addBorder(of layer: Layer, unit: Int) {
        let b = layer.bounds
        let t = max(layer.effectiveBorderWidth, layer.effectiveCornerRadius)
        if 2 * t >= min(b.width, b.height) {
            addRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, unit: unit)
            return
        }
        addRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.minY + t, unit: unit)
        addRect(minX: b.minX, minY: b.maxY - t, maxX: b.maxX, maxY: b.maxY, unit: unit)
        addRect(minX: b.minX, minY: b.minY + t, maxX: b.minX + t, maxY: b.maxY - t, unit: unit)
        addRect(minX: b.maxX - t, minY: b.minY + t, maxX: b.maxX, maxY: b.maxY - t, unit: unit)
    }

    mutating func addRect(minX: Double, minY: Double, maxX: Double, maxY: Double, unit: Int) {
        let start = points.count
        points.append(Point(x: minX, y: minY))
        points.append(Point(x: maxX, y: minY))
        points.append(Point(x: maxX, y: maxY))
        points.append(Point(x: minX, y: maxY))
        pieces.append(Piece(start: start, count: 4, unit: unit, minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }

    // MARK: Clipping and projection

    /// Maps polygon `k` from a layer's plane through `plane` into the enclosing plane: clipped
    /// at `w ≥ Projection.minimumW`, then divided. Not finite: dropped.
    mutating func project(_ k: Int, through plane: Homography) {
        if !(plane.x.w == 0 && plane.y.w == 0 && plane.origin.w >= Projection.minimumW) {
            clip(k, a: plane.x.w, b: plane.y.w, c: plane.origin.w - Projection.minimumW)
            guard pieces[k].count > 0 else { return }
        }
        let start = pieces[k].start
        for i in start ..< start + pieces[k].count {
            let h = plane.apply(points[i])
            let p = Point(x: h.x / h.w, y: h.y / h.w)
            guard p.isFinite else { pieces[k].count = 0; return }
            points[i] = p
        }
        updateBox(k)
    }

    /// Clips polygon `k` to `r` (four half-planes).
    mutating func clip(_ k: Int, toRect r: Rect) {
        guard pieces[k].count > 0 else { return }
        let p = pieces[k]
        if p.minX >= r.minX && p.maxX <= r.maxX && p.minY >= r.minY && p.maxY <= r.maxY { return }
        clip(k, a: 1, b: 0, c: -r.minX)
        clip(k, a: -1, b: 0, c: r.maxX)
        clip(k, a: 0, b: 1, c: -r.minY)
        clip(k, a: 0, b: -1, c: r.maxY)
        if pieces[k].count > 0 { updateBox(k) }
    }

    /// Clips polygon `k` to `a·x + b·y + c ≥ 0` (Sutherland–Hodgman), appending the result to
    /// `points`; fewer than three corners left (or none finite) empties it.
    mutating func clip(_ k: Int, a: Double, b: Double, c: Double) {
        let start = pieces[k].start, end = start + pieces[k].count
        guard end - start >= 3 else { pieces[k].count = 0; return }
        var allInside = true
        for i in start..<end where !(a * points[i].x + b * points[i].y + c >= 0) { allInside = false; break }
        if allInside { return }
        let newStart = points.count
        Self.appendClipped(&points, start..<end, a: a, b: b, c: c)
        if points.count - newStart < 3 {
            points.removeSubrange(newStart...)
            pieces[k].count = 0
        } else {
            pieces[k].start = newStart
            pieces[k].count = points.count - newStart
        }
    }

    /// Appends to `pool` the polygon `pool[range]` clipped to `a·x + b·y + c ≥ 0`
    /// (Sutherland–Hodgman, one half-plane): its corners inside, and a corner where each side
    /// crosses the line. The one clipping step of `clip(_:a:b:c:)` and `intersectionThickness`.
    static func appendClipped(_ pool: inout [Point], _ range: Range<Int>, a: Double, b: Double, c: Double) {
        let start = range.lowerBound
        @inline(__always) func value(_ p: Point) -> Double { a * p.x + b * p.y + c }
        // No tolerance: a corner on the line is inside (NaN: outside).
        ConvexPolygonClipper.clip(
            count: range.count, closingEdge: .first, corner: { pool[start + $0] },
            side: { value($0) >= 0 ? 1 : -1 }, value: { value($0) },
            keep: { pool.append($0) },
            cross: { p, q, t in pool.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)) })
    }

    mutating func updateBox(_ k: Int) {
        let p = pieces[k]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in p.start ..< p.start + p.count {
            minX = min(minX, points[i].x); maxX = max(maxX, points[i].x)
            minY = min(minY, points[i].y); maxY = max(maxY, points[i].y)
        }
        pieces[k].minX = minX; pieces[k].minY = minY; pieces[k].maxX = maxX; pieces[k].maxY = maxY
    }

    /// Drops emptied polygons (their corners stay in `points` until the next `removeAll`).
    mutating func compact() {
        var kept = 0
        for k in pieces.indices where pieces[k].count > 0 {
            pieces[kept] = pieces[k]
            kept += 1
        }
        pieces.removeLast(pieces.count - kept)
    }
}
