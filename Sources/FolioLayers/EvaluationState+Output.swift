import FolioGeometry

// The output pass: the polygons of `order` become `quads` and their corners `vertices`.
extension EvaluationState {
    /// Writes `quads` and `vertices` from `order`, visible polygons first, in one pass over the
    /// polygons (the invisible ones are remembered and written after).
    ///
    /// The corners go straight into `vertices` as it stands (a steady scene needs the room it
    /// needed last time); should it run out, it grows and the pass carries on where it stopped.
    mutating func emitQuads() {
        let n = order.count
        var (out, quadsOut) = takeOutput()
        if quadsOut.count > n { quadsOut.removeLast(quadsOut.count - n) }
        growQuads(&quadsOut, to: n)
        invisible.count = 0
        var cursor = EmitCursor()
        emitGrowing(count: n, &cursor, &out, &quadsOut)
        if out.count > cursor.written { out.removeLast(out.count - cursor.written) }
        putBack(&out, &quadsOut)
    }

    /// Moves `vertices` and `quads` out of the state, so that they can be written through an
    /// `OutputWriter` while the state's other buffers are read (no copy: each stays uniquely held).
    @inline(__always)
    mutating func takeOutput() -> ([QuadVertex], [Quad]) {
        var out: [QuadVertex] = []
        swap(&out, &vertices)
        var quadsOut: [Quad] = []
        swap(&quadsOut, &quads)
        return (out, quadsOut)
    }

    /// Puts back what `takeOutput` took.
    @inline(__always)
    mutating func putBack(_ out: inout [QuadVertex], _ quadsOut: inout [Quad]) {
        swap(&out, &vertices)
        swap(&quadsOut, &quads)
    }

    /// Runs `emit` over `order[cursor.k ..< n]` into `out` and `quadsOut`, growing `out` as it
    /// runs out of room (`quadsOut` has room for every quad).
    mutating func emitGrowing(count n: Int, _ cursor: inout EmitCursor, _ out: inout [QuadVertex], _ quadsOut: inout [Quad]) {
        while true {
            OutputWriter.open(&out, &quadsOut) { output in emit(count: n, &cursor, into: output) }
            if cursor.k == n { return }
            // Every polygon's corners are a run of `store.locals`, its own or shared (`store.sharedCorners`).
            let bound = store.locals.count + store.sharedCorners
            out.append(contentsOf: repeatElement(QuadVertex.zero, count: max(bound, out.count + 64) - out.count))
        }
    }

    /// Makes `quads` at least `n` long (a steady scene has the room from its last evaluation).
    @inline(__always)
    mutating func growQuads(_ quads: inout [Quad], to n: Int) {
        while quads.count < n {
            quads.append(Quad(layer: layers[0], vertexRange: 0..<0, opacity: 0, isVisible: false, localToView: .identity))
        }
    }

    /// Where `emit` stands: the next polygon in its list, the corners and quads written so far,
    /// and the memo of the shape last computed (see `ShapeMemo`): the shape whose corners were
    /// finite, and the index of the last polygon that wrote them (computed, or copied with a
    /// depth row of its own), whose depth row the next one of the shape reads, and where its
    /// corners went.
    ///
    /// A shape whose corners did not project is not remembered (`shape` is −1, which no polygon
    /// has): the next polygon of that shape projects them again, with the same operations on the
    /// same values, and fails the same way. Keeping the memo to finite shapes spares every
    /// polygon of a remembered shape the test, and the loop a register.
    struct EmitCursor {
        var k = 0
        var written = 0
        var next = 0
        var shape: Int32 = -1
        var shapePoly = 0
    }

    /// The pass of `emitQuads`: the polygons `order[cursor.k ..< n]`, corners and quads into
    /// `output`, from `cursor` on; stops before a polygon whose corners might not fit in its room.
    /// Every polygon of the list is written: its map, corner run and flags are updated as the
    /// quad's, and invisible polygons get their quads after the visible ones, in list order.
    ///
    /// A corner is kept only if it projects: `w > 0` and every value finite. Checking `w`, `z`,
    /// the projected point and the depth is enough — a non-finite local point or `x`, `y` makes
    /// the point non-finite.
    ///
    /// Everything the loop reads per polygon goes through copies of the buffers taken once
    /// (no reloads of their storage through `self`, no bounds or overflow checks), and a quad's
    /// layer reference is touched only when it changes (`replaceLayer`, out of line).
    @inline(never)
    mutating func emit(count n: Int, _ cursor: inout EmitCursor, into output: OutputWriter) {
        // Copies of the buffers share their storage: writes through them are the state's.
        let order = self.order, polys = self.store.polys, flags = self.store.flags, locals = self.store.locals
        let layerIDs = self.layerIDs
        // The root's translation where it is deferred (`RootShift`).
        let shift = rootShift
        // `.shifted` while the root shift is deferred, else nothing: a polygon still lacks the
        // shift when its flags miss a bit of this mask.
        let unshifted = shift.active ? PolyFlags.shifted.rawValue : 0
        // The cursor's fields in locals, stored back once at the end: fewer values live across
        // the loop, fewer of them kept on the stack.
        var k = cursor.k, written = cursor.written, quad = cursor.next
        let room = output.room
        var shape = cursor.shape, shapePoly = cursor.shapePoly
        defer {
            (cursor.k, cursor.written, cursor.next) = (k, written, quad)
            (cursor.shape, cursor.shapePoly) = (shape, shapePoly)
        }
        while k < n {
            let p = Int(order[k])
            let count = Int(polys[p].count)
            guard written &+ count <= room else { return }
            var f = flags[p]
            // The map with the root's translation, applied in place. The loop reads the
            // polygon's own map at each use rather than a copy of its twelve values held across
            // the loop body.
            if ~f.rawValue & unshifted != 0 {
                polys[p].basis.translate(x: shift.x, y: shift.y, z: shift.z)
                f.insert(.shifted)
            }
            // A surface detail's piece shows on one side of the sheet only: the side its map
            // to the view shows, the same test a renderer makes of the patch under it.
            if f.rawValue & PolyFlags.detailSides.rawValue != 0 && polys[p].basis.showsBack != f.contains(.backDetail) {
                f.remove(.visible)
            }
            let local = Int(polys[p].start)
            let depthRow = polys[p].depthRow
            var finite: Bool
            if polys[p].shape == shape {
                // The same corners and map as the last polygon of its shape: only the depth can
                // differ, and not even that when the depth row has the same bits. The last
                // polygon of the shape holds its depth row and where its corners went.
                let source = Int(polys[shapePoly].start)
                if depthRow.hasSameBits(as: polys[shapePoly].depthRow) {
                    finite = true
                    var i = 0
                    while i < count { output[vertex: written &+ i] = output[vertex: source &+ i]; i &+= 1 }
                } else {
                    finite = Self.copyCorners(count, from: source, locals, local, depthRow, to: written, in: output)
                    // Its corners now stand for the shape with its own depth row: the next
                    // polygon of the shape with that row (a second overlay) copies them whole.
                    if finite { shapePoly = p }
                }
            } else {
                finite = Self.projectCorners(count, locals, local, polys[p].basis, depthRow, to: written, in: output)
                (shape, shapePoly) = (finite ? polys[p].shape : -1, p)
            }
            polys[p].start = Int32(truncatingIfNeeded: written)
            if finite {
                written &+= count
            } else {
                f.remove(.visible)
                polys[p].count = 0
            }
            flags[p] = f
            if f.contains(.visible) {
                write(polys, p, to: quad, isVisible: true, layerIDs, output)
                quad &+= 1
            } else {
                invisible.append(Int32(truncatingIfNeeded: p))
            }
            k &+= 1
        }
        let invisible = self.invisible
        for d in 0..<invisible.count {
            write(polys, Int(invisible[d]), to: quad, isVisible: false, layerIDs, output)
            quad &+= 1
        }
    }

    /// Projects the `count` local corners `locals[local ..< local + count]` through `basis` into
    /// `output`'s corners from `target` on, with their depths from `depthRow`; false (and the
    /// rest left unwritten) at the first corner that does not project.
    static func projectCorners(_ count: Int, _ locals: EvaluationBuffer<Point>, _ local: Int, _ basis: Homography,
                               _ depthRow: AffineFunction, to target: Int, in output: OutputWriter) -> Bool {
        func corner(_ i: Int) -> Bool {
            let point = locals[local &+ i]
            let clip = basis.apply(point)
            let depth = depthRow(point)
            guard clip.w > 0, projects(clip, depth) else { return false }
            output[vertex: target &+ i] = QuadVertex(clip: clip, depth: depth, local: point)
            return true
        }
        return allCorners(count, corner)
    }

    /// Copies `count` of `output`'s corners from `source` on to those from `target` on, with
    /// their depths from `depthRow` at the local points `locals[local ..< local + count]`; false
    /// at the first depth that is not finite.
    static func copyCorners(_ count: Int, from source: Int, _ locals: EvaluationBuffer<Point>, _ local: Int,
                            _ depthRow: AffineFunction, to target: Int, in output: OutputWriter) -> Bool {
        func corner(_ i: Int) -> Bool {
            let depth = depthRow(locals[local &+ i])
            guard depth * 0 == 0 else { return false }
            output[vertex: target &+ i] = output[vertex: source &+ i]
            output[vertex: target &+ i].depth = depth
            return true
        }
        return allCorners(count, corner)
    }

    /// Runs `corner` for `0 ..< count` in order until one returns false; whether none did.
    ///
    /// Most polygons are a layer's four corners: written out, they need no loop counter.
    @inline(__always)
    static func allCorners(_ count: Int, _ corner: (Int) -> Bool) -> Bool {
        var i = 0
        while i < count {
            guard corner(i) else { return false }
            i &+= 1
        }
        return true
    }

    /// Whether a corner with `w > 0` projects: `w`, `z`, `x/w`, `y/w` and `depth` all finite.
    ///
    /// A sum of finite values that is itself finite settles it in one test (an infinity or NaN
    /// among the terms makes the sum infinite or NaN); only a sum that overflows is looked at
    /// term by term.
    @inline(__always)
    static func projects(_ clip: Vector4, _ depth: Double) -> Bool {
        let x = clip.x / clip.w, y = clip.y / clip.w
        // Summed as (x + z) and (y + w) side by side, one vector addition.
        let pairs = SIMD2(x, y) + SIMD2(clip.z, clip.w)
        let sum = (pairs.x + pairs.y) + depth
        // x·0 is 0 for every finite x and NaN otherwise.
        if sum * 0 == 0 { return true }
        return (clip.w * 0 + clip.z * 0) + (x * 0 + y * 0) + depth * 0 == 0
    }

    /// Writes polygon `polys[p]` as `output`'s quad `quad`, replacing its layer only when it changed.
    ///
    /// The quad's layer is compared by identity with `layerIDs` straight from the quad (no
    /// parallel list of identities to keep in step with `quads`, which a caller of `quads`
    /// could not break either way).
    ///
    /// The map is copied straight from the polygon: passed as a value, its twelve entries would
    /// go through the stack.
    ///
    /// `mutating` although it only reads the state (`layers`, in `replaceLayer`): taken by value
    /// inside `emit`, which holds the state `inout`, the whole state (about 1 KB) was copied for
    /// every quad.
    mutating func write(_ polys: EvaluationBuffer<WorkPoly>, _ p: Int, to quad: Int, isVisible: Bool,
                        _ layerIDs: EvaluationBuffer<ObjectIdentifier>, _ output: OutputWriter) {
        let start = Int(polys[p].start), count = Int(polys[p].count)
        let layer = Int(polys[p].layer)
        if ObjectIdentifier(output[quad: quad].layer) != layerIDs[layer] { replaceLayer(of: quad, in: output, with: layer) }
        output[quad: quad].vertexRange = Range(uncheckedBounds: (start, start &+ count))
        output[quad: quad].opacity = polys[p].opacity
        output[quad: quad].isVisible = isVisible
        output[quad: quad].localToView = polys[p].basis
        output[quad: quad].patch = polys[p].patch
    }

    /// Points `output`'s quad `quad` to `layers[layer]` (the one place the output touches a
    /// reference count; a steady scene never gets here). `mutating` for the reason `write` is.
    @inline(never)
    mutating func replaceLayer(of quad: Int, in output: OutputWriter, with layer: Int) {
        output[quad: quad].layer = layers[layer]
    }
}
