import FolioGeometry

/// The polygons of one evaluation: their corners in layer coordinates, their maps and flags,
/// and the steps that cut their corners (clips) or hand out shapes (see `ShapeMemo`).
///
/// Polygon `p` is `polys[p]` with flags `flags[p]`; its corners are `locals[start ..< start +
/// count]`. A clip never moves a corner: it appends the polygon's new corners and points the
/// polygon at them, so every other polygon's run (shared or not) stays valid.
struct PolygonStore {
    /// Polygon corners in their layers' coordinates (points).
    var locals = EvaluationBuffer<Point>()
    var polys = EvaluationBuffer<WorkPoly>()
    /// Per polygon, parallel to `polys`.
    var flags = EvaluationBuffer<PolyFlags>()
    /// The last shape handed out (see `ShapeMemo`).
    var shapes: Int32 = 0
    /// Corners of polygons that took another polygon's corner run: with `locals.count`, a
    /// bound on the corners the output needs.
    var sharedCorners = 0

    /// Forgets every polygon, keeping the storage.
    mutating func removeAll() {
        locals.count = 0
        polys.count = 0
        flags.count = 0
        shapes = 0
        sharedCorners = 0
    }

    /// Frees the storage; the store must not be used afterwards.
    func release() {
        locals.release(); polys.release(); flags.release()
    }

    // MARK: Shapes

    /// A shape no polygon has yet.
    @inline(__always)
    mutating func newShape() -> Int32 {
        shapes &+= 1
        return shapes
    }

    /// Runs a step that may cut polygon `p`'s corners or make it invisible (a clip), or takes
    /// the result `memo` holds for its shape.
    @inline(__always)
    mutating func sharingResult(of p: Int, _ memo: inout ShapeMemo, _ step: (inout PolygonStore, Int) -> Void) {
        let shape = polys[p].shape
        if shape == memo.input {
            polys[p].start = memo.start
            polys[p].count = memo.count
            sharedCorners &+= Int(memo.count)
            polys[p].shape = memo.output
            flags[p] = flags[p].subtracting([.visible, .inFront]).union(memo.flags.intersection([.visible, .inFront]))
            return
        }
        let start = polys[p].start
        step(&self, p)
        memo.input = shape
        if polys[p].start != start { polys[p].shape = newShape() }
        memo.output = polys[p].shape
        memo.start = polys[p].start
        memo.count = polys[p].count
        memo.flags = flags[p]
    }

    // MARK: Mapping

    /// Places a layer's own polygon `p` in its context: its map so far is the identity, so its
    /// homography there is the layer's `frame`. When `sharedBySublayers` (the level's map is
    /// general and finite), `memo` hands the frame on to sublayer polygons of its shape: they
    /// have its map and corners, so the frame is their image too.
    mutating func place(own p: Int, frame: Homography, sharedBySublayers: Bool, opacity: Double, culled: Bool,
                        _ memo: inout ShapeMemo) {
        if sharedBySublayers { memo.input = polys[p].shape }
        polys[p].basis = frame
        polys[p].shape = newShape()
        polys[p].opacity = opacity
        if culled { flags[p].remove(.visible) }
        (memo.output, memo.basis) = (polys[p].shape, frame)
    }

    /// Multiplies the opacity of the polygons `list[k...]` by `opacity` and, when `culled`,
    /// makes them invisible: what a level whose map is the identity does to them.
    mutating func fade(_ list: EvaluationBuffer<Int32>, from k: Int, opacity: Double, culled: Bool) {
        for i in k..<list.count {
            let p = Int(list[i])
            polys[p].opacity *= opacity
            if culled { flags[p].remove(.visible) }
        }
    }

    /// Maps the polygons `list[k...]` up a level by `toContext` (a finite translation when
    /// `translation`), with the level's `opacity` and culling; returns whether every one lies
    /// in the plane z = 0 after.
    ///
    /// A polygon whose shape is `memo`'s input takes its output (see `ShapeMemo`); a map that
    /// changes w voids the polygons' eye clips (`PolyFlags.inFront`).
    mutating func map(_ list: EvaluationBuffer<Int32>, from k: Int, by toContext: Transform3D, translation: Bool,
                      opacity: Double, culled: Bool, _ memo: inout ShapeMemo) -> Bool {
        let (tx, ty, tz) = (toContext.m41, toContext.m42, toContext.m43)
        let keepsW = translation
            || (toContext.m14 == 0 && toContext.m24 == 0 && toContext.m34 == 0 && toContext.m44 == 1)
        var flat = true
        for i in k..<list.count {
            let p = Int(list[i])
            polys[p].opacity *= opacity
            if culled { flags[p].remove(.visible) }
            if polys[p].shape == memo.input {
                polys[p].basis = memo.basis
                polys[p].shape = memo.output
            } else {
                memo.input = polys[p].shape
                if translation {
                    polys[p].basis.translate(x: tx, y: ty, z: tz)
                } else {
                    polys[p].basis = polys[p].basis.applying(toContext)
                }
                polys[p].shape = newShape()
                (memo.output, memo.basis) = (polys[p].shape, polys[p].basis)
            }
            if !keepsW { flags[p].remove(.inFront) }
            flat = flat && polys[p].basis.liesInZeroPlane
        }
        return flat
    }

    // MARK: Clipping

    /// Clips polygon `p` to the half-plane `f(local) ≥ 0`; a polygon clipped away becomes
    /// invisible and keeps its corners.
    ///
    /// A corner within `tolerance` of the line counts as on it: kept, and never the end of a
    /// cut. Without that, a panel edge lying exactly on a mask edge, computed through a
    /// perspective that cancels to 1e-14, would gain a second corner next to the first.
    mutating func clip(_ p: Int, keeping f: AffineFunction, tolerance: Double = 0) {
        let start = Int(polys[p].start), end = start + Int(polys[p].count)
        var inside = true
        for v in start..<end where f.side(of: locals[v], tolerance: tolerance) < 0 { inside = false; break }
        if inside { return }
        cut(p, keeping: f, tolerance: tolerance)
    }

    /// The cut of `clip(_:keeping:tolerance:)`, for a polygon known to reach outside.
    mutating func cut(_ p: Int, keeping f: AffineFunction, tolerance: Double) {
        let start = Int(polys[p].start)
        let newStart = locals.count
        // The plane value is affine along each edge (perspective-correct crossings).
        ConvexPolygonClipper.clip(
            count: Int(polys[p].count), closingEdge: .first, corner: { locals[start &+ $0] },
            side: { f.side(of: $0, tolerance: tolerance) }, value: { f($0) },
            keep: { locals.append($0) },
            cross: { a, b, t in locals.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) })
        let kept = locals.count - newStart
        if kept < 3 {
            locals.count = newStart
            flags[p].remove(.visible)
        } else {
            polys[p].start = Int32(newStart)
            polys[p].count = Int32(kept)
        }
    }

    /// Clips polygon `p` at `w ≥ Projection.minimumW` unless done already; not finite →
    /// invisible. A polygon with the geometry `memo` remembers takes its result.
    @inline(__always)
    mutating func clipInFrontOfEye(_ p: Int, _ memo: inout ShapeMemo) {
        if flags[p].contains(.inFront) { return }
        sharingResult(of: p, &memo) { $0.clipInFrontOfEye($1) }
    }

    /// Clips polygon `p` at `w ≥ Projection.minimumW`; not finite → invisible.
    mutating func clipInFrontOfEye(_ p: Int) {
        if flags[p].contains(.inFront) { return }
        let b = polys[p].basis
        guard b.isFinite else { flags[p].remove(.visible); return }
        flags[p].insert(.inFront)
        // Affine and in front: the common case inside a context without perspective.
        if b.x.w == 0 && b.y.w == 0 && b.origin.w >= Projection.minimumW { return }
        clip(p, keeping: AffineFunction(a: b.x.w, b: b.y.w, c: b.origin.w - Projection.minimumW))
    }

    /// Clips polygon `p` (flattened into a layer's plane) to `r`:
    /// `x − minX·w ≥ 0`, `maxX·w − x ≥ 0`, `y − minY·w ≥ 0`, `maxY·w − y ≥ 0`.
    mutating func clip(_ p: Int, toRect r: Rect) {
        clip(p, toRect: r, tolerance: Self.clipTolerance(of: r))
    }

    /// The tolerance of `clip(_:toRect:)` for `r`: the rounding scale of `x − minX·w` and the
    /// like, which is that of the rectangle's coordinates (w ≈ 1).
    @inline(__always)
    static func clipTolerance(of r: Rect) -> Double {
        1e-12 * (abs(r.minX) + abs(r.maxX) + abs(r.minY) + abs(r.maxY))
    }

    /// `clip(_:toRect:)` with its tolerance, `clipTolerance(of: r)`, computed by the caller
    /// (once for all the polygons a masking layer clips).
    @inline(__always)
    mutating func clip(_ p: Int, toRect r: Rect, tolerance: Double) {
        let b = polys[p].basis
        let fx0 = b.component(Vector4(x: 1, y: 0, z: 0, w: -r.minX))
        let fx1 = b.component(Vector4(x: -1, y: 0, z: 0, w: r.maxX))
        let fy0 = b.component(Vector4(x: 0, y: 1, z: 0, w: -r.minY))
        let fy1 = b.component(Vector4(x: 0, y: -1, z: 0, w: r.maxY))
        // The four functions two to a vector (x edges, y edges), so that each corner costs two
        // vector evaluations; each lane runs `AffineFunction`'s operations in its order.
        let xa = SIMD2(fx0.a, fx1.a), xb = SIMD2(fx0.b, fx1.b), xc = SIMD2(fx0.c, fx1.c)
        let ya = SIMD2(fy0.a, fy1.a), yb = SIMD2(fy0.b, fy1.b), yc = SIMD2(fy0.c, fy1.c)
        // One pass finds the edges some corner lies beyond (a value below −tolerance, or not a
        // number); usually none, often one.
        let floor = SIMD2<Double>(repeating: -tolerance)
        var insideX = SIMDMask<SIMD2<Int64>>(repeating: true), insideY = insideX
        let start = Int(polys[p].start)
        for v in start..<start + Int(polys[p].count) {
            let l = locals[v]
            // `a·x + b·y + c`, evaluated as `AffineFunction` does.
            insideX .&= xa * l.x + xb * l.y + xc .>= floor
            insideY .&= ya * l.x + yb * l.y + yc .>= floor
        }
        let outside = (insideX[0] ? 0 : 1) | (insideX[1] ? 0 : 2) | (insideY[0] ? 0 : 4) | (insideY[1] ? 0 : 8)
        if outside == 0 { return }
        if outside & 1 != 0 { cut(p, keeping: fx0, tolerance: tolerance) }
        if outside & 2 != 0 && flags[p].contains(.visible) { clip(p, keeping: fx1, tolerance: tolerance) }
        if outside & 4 != 0 && flags[p].contains(.visible) { clip(p, keeping: fy0, tolerance: tolerance) }
        if outside & 8 != 0 && flags[p].contains(.visible) { clip(p, keeping: fy1, tolerance: tolerance) }
    }
}
