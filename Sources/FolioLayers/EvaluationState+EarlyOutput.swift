import FolioGeometry

// The early output: the root's sublayers written as they are built.
//
// When the root's context is flat (every member lies in the root's plane: no depth sort, no
// flattening) and the levels above it change nothing but the root's translation (deferred, see
// `RootShift`), the passes after the walk — the root context's admission of each polygon and
// its move of the invisible ones to the end, the top-level context's, and the output — would
// each fetch every polygon of the frame once more, and for thousands of tiles that is from
// memory. Here each sublayer's polygons are admitted to the root's context and their visible
// quads written right after the sublayer is built, while they are in cache.
//
// The result is the same, bit for bit, as the passes would give: the quads are the visible
// polygons in `order`, then the invisible ones, and the passes over a flat context only move
// the invisible ones after the visible ones, keeping the order within each. So:
// - quad 0 and the first corners are kept for the root's own polygon, written at the end;
// - a polygon found invisible is put on `lateOrder` (its corners and quad are written after all
//   visible ones, in order, as the output writes those the context moved to the end);
// - a polygon whose corners do not project goes to `earlyFailures` (the output makes it
//   invisible, with no corners, where it stood) and its quad follows the visible ones, before
//   those of `lateOrder`.
// Writing a polygon early changes nothing in it. Once a sublayer's polygons are written, their
// room is reused for the next sublayer's (`recycle`), keeping only those still to be written,
// so that the walk works in the same few cached kilobytes however many sublayers there are.
// Should a sublayer lift a member out of the plane (the context then needs a depth sort), or the
// root's own polygon not project, the early output is dropped: the passes run as usual over
// what the walk built if no room was reused yet, else over a second walk of the tree (and the
// next evaluation does not reuse room, so that such a scene is not walked twice a frame).
extension EvaluationState {
    /// Starts the early output for `root` when its placement (`toContext`, of `kind`), hiding and
    /// `opacity` change nothing but a translation deferred to the output, and its sublayers take
    /// the general walk in an unmasked plane.
    mutating func beginEarlyOutput(_ root: Layer, _ toContext: Transform3D, _ kind: MapKind, hidden: Bool, opacity: Double) {
        guard !hidden, opacity == 1, kind == .identity || kind == .translation && defersRootShift,
              root.kind != .transform, root.kind != .surface, !root.shouldRasterize, !root.masksToBounds,
              root.sublayerTransformIsIdentity, root.firstSublayer != nil,
              root.isDoubleSided || !root.facesAway(in: toContext) else { return }
        early = EarlyOutput(active: true, outcome: .notTried, recycles: !earlyFellBack,
                            shift: kind == .translation ? RootShift(active: true, x: toContext.m41, y: toContext.m42, z: toContext.m43)
                                                        : RootShift())
        lateOrder.count = 0
        earlyFailures.count = 0
    }

    /// The root's sublayers from `first` on, as `buildGroup`'s walk adds them, each written to the
    /// output once it is built (while the early output lasts). `own` is the root's own polygon
    /// (−1 for none).
    @inline(never)
    mutating func collectEmitting(from first: Unmanaged<Layer>, invisible: Bool, depth: Int, own: Int) {
        var (out, quadsOut) = takeOutput()
        defer { putBack(&out, &quadsOut) }
        early.own = own
        early.outcome = .written
        if own >= 0 {
            early.ownCount = Int(polys[own].count)
            (early.cursor.next, early.cursor.written) = (1, early.ownCount)
        }
        // One memo for the whole context, as its sort would use.
        var memo = ShapeMemo()
        let memberStart = members.count
        var child = first
        while true {
            let orderStart = order.count, childMembers = members.count
            let polysStart = polys.count, localsStart = locals.count
            let lateStart = lateOrder.count, failureStart = earlyFailures.count
            collect(child, into: .identity, .identity, opacity: 1, invisible: invisible, depth: depth + 1)
            if early.active && order.count > orderStart {
                writeEarly(from: orderStart, members: childMembers, &memo, &out, &quadsOut)
                if early.active && early.recycles {
                    recycle(polysStart: polysStart, localsStart: localsStart, lateStart: lateStart, failureStart: failureStart)
                    memo = ShapeMemo()
                }
            }
            if early.needsWalkAgain {
                // The polygons of the sublayers written so far are gone: nothing more to build
                // here, and nothing for the root's context to sort.
                members.count = memberStart
                return
            }
            guard let next = child._withUnsafeGuaranteedRef({ $0.nextSibling }) else { break }
            child = next
        }
        if early.active {
            // Every member lies in the root's plane and each was admitted as it was written:
            // the context's sort (which `buildGroup` skips, finding no members left) would find
            // nothing to order or flatten, and its move of the invisible polygons to the end is
            // what `lateOrder` does.
            members.count = memberStart
        }
    }

    /// Admits the polygons `order[orderStart...]` (the members from `memberStart` on) to the
    /// root's context and writes the visible ones; ends the early output instead if a member
    /// leaves the root's plane.
    mutating func writeEarly(from orderStart: Int, members memberStart: Int, _ memo: inout ShapeMemo,
                            _ out: inout [QuadVertex], _ quadsOut: inout [Quad]) {
        for m in memberStart..<members.count where !members[m].flat {
            // The context may need a depth sort or a flattening: the passes will do it all
            // (over the whole tree again, if some polygons' room was reused).
            early.active = false
            early.outcome = .leftThePlane
            early.needsWalkAgain = early.recycled
            return
        }
        let n = order.count - orderStart
        let list = order.base + orderStart, polys = self.polys.base, flags = self.flags.base
        for k in 0..<n { _ = admit(Int(list[k]), polys, flags, &memo) }
        var cursor = early.cursor
        cursor.k = 0
        growQuads(&quadsOut, to: cursor.next + n)
        emitGrowing(list, count: n, early: true, &cursor, &out, &quadsOut)
        early.cursor = cursor
    }

    /// Frees the room of the polygons just written early — `polys` and `flags` from
    /// `polysStart`, `locals` from `localsStart` — for the next sublayer's, keeping only those
    /// the output still needs (from `lateStart` in `lateOrder` and `failureStart` in
    /// `earlyFailures`), moved down with their own copies of their corners.
    ///
    /// The frame's polygons then never all exist at once: a sublayer's are built, sorted and
    /// written in the same few kilobytes as the last one's, which stay in cache, instead of
    /// each being written to fresh memory. `recycledCorners` keeps the count of the corners
    /// dropped, so that the output's bound on corners still holds.
    mutating func recycle(polysStart: Int, localsStart: Int, lateStart: Int, failureStart: Int) {
        var dropped = 0
        for p in polysStart..<polys.count { dropped &+= Int(polys[p].count) }
        keptPolys.count = 0
        keptFlags.count = 0
        keptLocals.count = 0
        /// Copies polygon `p` (and its corners) aside; its index once moved back.
        func keep(_ p: Int32, _ s: inout EvaluationState) -> Int32 {
            var poly = s.polys[p]
            let start = Int(poly.start), count = Int(poly.count)
            poly.start = Int32(truncatingIfNeeded: localsStart + s.keptLocals.count)
            for v in start..<start + count { s.keptLocals.append(s.locals[v]) }
            dropped &-= count
            s.keptPolys.append(poly)
            s.keptFlags.append(s.flags[p])
            return Int32(truncatingIfNeeded: polysStart + s.keptPolys.count - 1)
        }
        for i in lateStart..<lateOrder.count {
            let moved = keep(lateOrder[i], &self)
            lateOrder[i] = moved
        }
        for i in failureStart..<earlyFailures.count {
            let moved = keep(earlyFailures[i].poly, &self)
            earlyFailures[i].poly = moved
        }
        polys.count = polysStart
        flags.count = polysStart
        locals.count = localsStart
        for i in 0..<keptPolys.count {
            polys.append(keptPolys[i])
            flags.append(keptFlags[i])
        }
        for i in 0..<keptLocals.count { locals.append(keptLocals[i]) }
        recycledCorners &+= dropped
        early.recycled = true
        // The output's memo may name a polygon whose room was reused: forget it (it only
        // spares work; the bits are the same without it).
        early.cursor.shape = -1
    }

    /// Completes the early output after the walk: the root's own polygon first, then the quads
    /// of the polygons left for the end. Returns false, having changed no polygon, if the root's
    /// own polygon does not come out as the quad kept for it; the passes must then run.
    mutating func finishEarlyOutput() -> Bool {
        early.active = false
        var (out, quadsOut) = takeOutput()
        defer { putBack(&out, &quadsOut) }
        let n = order.count
        growQuads(&quadsOut, to: n)
        let own = early.own
        if own >= 0 {
            // The top-level context's admission, for the one polygon it has not seen.
            var memo = ShapeMemo()
            let f = admit(own, polys.base, flags.base, &memo)
            guard f.contains(.visible), Int(polys[own].count) == early.ownCount else {
                early.outcome = .ownPolygonFailed
                return false
            }
            if out.count < early.ownCount {
                out.append(contentsOf: repeatElement(QuadVertex.zero, count: early.ownCount - out.count))
            }
            var index = Int32(truncatingIfNeeded: own)
            var cursor = EmitCursor()
            let room = early.ownCount
            withUnsafeMutablePointer(to: &index) { i in
                out.withUnsafeMutableBufferPointer { v in
                    quadsOut.withUnsafeMutableBufferPointer { q in
                        emitEarly(i, count: 1, &cursor, into: v.baseAddress, room: room, quads: q.baseAddress!)
                    }
                }
            }
            guard cursor.next == 1, cursor.written == room else {
                early.outcome = .ownPolygonFailed
                return false
            }
        }
        // From here on the output is final: the failed polygons become what the output makes of them.
        deferred.count = 0
        let shift = rootShift
        for i in 0..<earlyFailures.count {
            let e = earlyFailures[i], p = Int(e.poly)
            if shift.active && !flags[p].contains(.shifted) {
                polys[p].basis.translate(x: shift.x, y: shift.y, z: shift.z)
                flags[p].insert(.shifted)
            }
            polys[p].start = e.start
            polys[p].count = 0
            flags[p].remove(.visible)
            deferred.append(e.poly)
        }
        var cursor = early.cursor
        cursor.k = 0
        emitGrowing(lateOrder.base, count: lateOrder.count, early: false, &cursor, &out, &quadsOut)
        assert(cursor.next == n, "every polygon has its quad")
        if quadsOut.count > cursor.next { quadsOut.removeLast(quadsOut.count - cursor.next) }
        if out.count > cursor.written { out.removeLast(out.count - cursor.written) }
        return true
    }
}
