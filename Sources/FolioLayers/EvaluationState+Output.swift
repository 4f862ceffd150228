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
        var out: [QuadVertex] = []
        swap(&out, &vertices)
        var quadsOut: [Quad] = []
        swap(&quadsOut, &quads)
        if quadsOut.count > n { quadsOut.removeLast(quadsOut.count - n) }
        while quadsOut.count < n {
            quadsOut.append(Quad(layer: layers[0], vertexRange: 0..<0, opacity: 0, isVisible: false, localToView: .identity))
            quadLayerIDs.append(layerIDs[0])
        }
        quadLayerIDs.count = n
        deferred.count = 0
        var cursor = EmitCursor()
        while true {
            let room = out.count
            out.withUnsafeMutableBufferPointer { buffer in
                quadsOut.withUnsafeMutableBufferPointer { q in
                    emit(&cursor, into: buffer.baseAddress, room: room, quads: q.baseAddress!)
                }
            }
            if cursor.k == n { break }
            // Every polygon's corners are a run of `locals`, its own or shared (`sharedCorners`).
            out.append(contentsOf: repeatElement(QuadVertex.zero, count: max(locals.count + sharedCorners, out.count + 64) - out.count))
        }
        if out.count > cursor.written { out.removeLast(out.count - cursor.written) }
        swap(&out, &vertices)
        swap(&quadsOut, &quads)
    }

    /// Where `emit` stands: the next polygon in `order`, the corners and quads written so far,
    /// and the last polygon whose corners were computed: its shape, where its corners went and
    /// whether they were finite (see `ShapeMemo`).
    struct EmitCursor {
        var k = 0
        var written = 0
        var next = 0
        var shape: Int32 = -1
        var shapeStart = 0
        var shapeFinite = false
    }

    /// The pass of `emitQuads`: corners into `v` (`room` of them), quads into `q`, from
    /// `cursor` on; stops before a polygon whose corners might not fit.
    ///
    /// A corner is kept only if it projects: `w > 0` and every value finite. Checking `w`, `z`,
    /// the projected point and the depth is enough — a non-finite local point or `x`, `y` makes
    /// the point non-finite.
    mutating func emit(_ cursor: inout EmitCursor, into v: UnsafeMutablePointer<QuadVertex>?, room: Int,
                       quads q: UnsafeMutablePointer<Quad>) {
        let n = order.count
        let order = self.order.base, polys = self.polys.base, flags = self.flags.base, locals = self.locals.base
        let shift = rootShift
        var k = cursor.k, written = cursor.written, next = cursor.next
        var shape = cursor.shape, shapeStart = cursor.shapeStart, shapeFinite = cursor.shapeFinite
        defer {
            (cursor.k, cursor.written, cursor.next) = (k, written, next)
            (cursor.shape, cursor.shapeStart, cursor.shapeFinite) = (shape, shapeStart, shapeFinite)
        }
        guard let v else { return }
        while k < n {
            let p = Int(order[k])
            let poly = polys + p
            let first = Int(poly.pointee.start), count = Int(poly.pointee.count)
            guard written &+ count <= room else { return }
            if shift.active && !flags[p].contains(.shifted) {
                poly.pointee.basis.translate(x: shift.x, y: shift.y, z: shift.z)
                flags[p].insert(.shifted)
            }
            let depthRow = poly.pointee.depthRow
            let start = written
            var finite = true
            if poly.pointee.shape == shape {
                // The same corners as the last polygon: only the depth can differ.
                finite = shapeFinite
                if finite {
                    let source = v + shapeStart, target = v + written
                    for i in 0..<count {
                        let depth = depthRow(locals[first + i])
                        guard depth * 0 == 0 else { finite = false; break }
                        target[i] = source[i]
                        target[i].depth = depth
                    }
                }
            } else {
                let b = poly.pointee.basis
                let target = v + written
                for i in 0..<count {
                    let local = locals[first + i]
                    let clip = b.apply(local)
                    let point = Point(x: clip.x / clip.w, y: clip.y / clip.w)
                    let depth = depthRow(local)
                    // x·0 is 0 for every finite x and NaN otherwise.
                    guard clip.w > 0 && (clip.w * 0 + clip.z * 0) + (point.x * 0 + point.y * 0) + depth * 0 == 0 else {
                        finite = false
                        break
                    }
                    target[i] = QuadVertex(clip: clip, depth: depth, local: local)
                }
                (shape, shapeStart, shapeFinite) = (poly.pointee.shape, start, finite)
            }
            if finite {
                written &+= count
            } else {
                flags[p].remove(.visible)
            }
            poly.pointee.start = Int32(truncatingIfNeeded: start)
            poly.pointee.count = Int32(truncatingIfNeeded: written - start)
            if flags[p].contains(.visible) {
                write(p, to: q + next, at: next)
                next &+= 1
            } else {
                deferred.append(Int32(truncatingIfNeeded: p))
            }
            k &+= 1
        }
        for d in 0..<deferred.count {
            write(Int(deferred[d]), to: q + next, at: next)
            next &+= 1
        }
    }

    /// Writes polygon `p` as the quad at `index`, replacing its layer only when it changed.
    @inline(__always)
    mutating func write(_ p: Int, to quad: UnsafeMutablePointer<Quad>, at index: Int) {
        let poly = UnsafePointer(polys.base + p)
        let id = layerIDs[poly.pointee.layer]
        if quadLayerIDs[index] != id {
            quad.pointee.layer = layers[Int(poly.pointee.layer)]
            quadLayerIDs[index] = id
        }
        let start = Int(poly.pointee.start)
        quad.pointee.vertexRange = Range(uncheckedBounds: (start, start &+ Int(poly.pointee.count)))
        quad.pointee.opacity = poly.pointee.opacity
        quad.pointee.isVisible = flags[p].contains(.visible)
        quad.pointee.localToView = poly.pointee.basis
        quad.pointee.patch = poly.pointee.patch
    }
}
