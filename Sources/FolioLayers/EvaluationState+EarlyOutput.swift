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
// Nothing is changed in the polygons until the end: should a sublayer lift a member out of the
// plane (the context then needs a depth sort), or the root's own polygon not project, the early
// output is dropped and the passes run as usual over the untouched polygons.
extension EvaluationState {
    /// Starts the early output for `root` when its placement (`toContext`, of `kind`), hiding and
    /// `opacity` change nothing but a translation deferred to the output, and its sublayers take
    /// the general walk in an unmasked plane.
    mutating func beginEarlyOutput(_ root: Layer, _ toContext: Transform3D, _ kind: MapKind, hidden: Bool, opacity: Double) {
        early.active = false
        guard !hidden, opacity == 1, kind == .identity || kind == .translation && defersRootShift,
              root.kind != .transform, root.kind != .surface, !root.shouldRasterize, !root.masksToBounds,
              root.sublayerTransformIsIdentity, root.firstSublayer != nil,
              root.isDoubleSided || !root.facesAway(in: toContext) else { return }
        early = EarlyOutput(active: true, outcome: .notTried,
                            shift: kind == .translation ? RootShift(active: true, x: toContext.m41, y: toContext.m42, z: toContext.m43)
                                                        : RootShift())
        lateOrder.count = 0
        earlyFailures.count = 0
    }

    /// The root's sublayers from `first` on, as `buildGroup`'s walk adds them, each written to the
    /// output once it is built (while the early output lasts). `own` is the root's own polygon
    /// (−1 for none).
    mutating func collectEmitting(from first: Unmanaged<Layer>, invisible: Bool, depth: Int, own: Int) {
        var out: [QuadVertex] = []
        swap(&out, &vertices)
        var quadsOut: [Quad] = []
        swap(&quadsOut, &quads)
        defer {
            swap(&out, &vertices)
            swap(&quadsOut, &quads)
        }
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
            collect(child, into: .identity, .identity, opacity: 1, invisible: invisible, depth: depth + 1)
            if early.active && order.count > orderStart {
                writeEarly(from: orderStart, members: childMembers, &memo, &out, &quadsOut)
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
            // The context may need a depth sort or a flattening: the passes will do it all.
            early.active = false
            early.outcome = .leftThePlane
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

    /// Completes the early output after the walk: the root's own polygon first, then the quads
    /// of the polygons left for the end. Returns false, having changed no polygon, if the root's
    /// own polygon does not come out as the quad kept for it; the passes must then run.
    mutating func finishEarlyOutput() -> Bool {
        early.active = false
        var out: [QuadVertex] = []
        swap(&out, &vertices)
        var quadsOut: [Quad] = []
        swap(&quadsOut, &quads)
        defer {
            swap(&out, &vertices)
            swap(&quadsOut, &quads)
        }
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
