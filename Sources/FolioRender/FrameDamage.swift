/// What changed on screen between two consecutive draws of one renderer into one target: the
/// pixel box the second draw must redraw for its pixels to equal a full redraw, computed from
/// the draw batches after tessellation (never from layers), so that it sees exactly what GL is
/// sent.
///
/// Each batch is reduced to a record: a fingerprint of everything that decides its pixels
/// (its vertex floats, shader variant, uniforms, texture and blend state) and the pixel box its
/// triangles can touch. Two frames are compared batch by batch, in order: wherever the i-th
/// records differ (or one frame has no i-th batch), both boxes are damaged. A pixel outside the
/// union is covered, in both frames, by the same batches in the same order with the same
/// fingerprints, so it blends to the same value — the comparison needs no knowledge of what
/// the batches are. Inserting a batch early in the list damages every later one: correct, only
/// not minimal.
///
/// What the records cannot see forces a full redraw (``QuadRenderer`` decides; see
/// `QuadRenderer+Damage.swift`), and the frame after a full redraw forced that way is full too.
struct FrameDamage {
    /// A box of framebuffer pixels, half-open: `x0..<x1` × `y0..<y1` (origin bottom-left).
    struct PixelBox: Equatable {
        var x0 = 0, y0 = 0, x1 = 0, y1 = 0
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
        var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
        /// The smallest box holding both (an empty box adds nothing).
        func union(_ o: PixelBox) -> PixelBox {
            if isEmpty { return o }
            if o.isEmpty { return self }
            return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
        }
        /// The part of the box inside `o`.
        func clipped(to o: PixelBox) -> PixelBox {
            PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        }
    }

    /// One batch as compared: what decides its pixels, and where they can be.
    struct Record: Equatable {
        var fingerprint: Int
        var box: PixelBox
    }

    /// What a frame must redraw.
    enum Region: Equatable {
        /// Nothing changed: no pixel work at all.
        case none
        /// Only this box (framebuffer pixels, inside the viewport).
        case box(PixelBox)
        /// Everything in the viewport.
        case full
    }

    /// The last frame's records, and this frame's being built (swapped after each frame; both
    /// keep their storage, so steady frames allocate nothing).
    var previous: [Record] = []
    var current: [Record] = []
    /// The frame-wide state of the last frame (target, scale, background, light, modes,
    /// texture uploads): any change redraws everything.
    var previousKey: Int?
    /// Whether `previous` describes the pixels in the target (false after a forced full redraw
    /// or ``invalidate()``).
    var hasPrevious = false

    /// Forgets the last frame: the next one is redrawn in full (a new or resized target, or
    /// pixels changed behind the renderer's back).
    mutating func invalidate() {
        hasPrevious = false
        previousKey = nil
    }

    /// Compares `current` with `previous` under the frame-wide `key` and makes `current` the
    /// new `previous`. `forcedFull`: the frame holds something the records cannot see.
    mutating func finish(key: Int, forcedFull: Bool, viewport: PixelBox) -> Region {
        defer {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            previousKey = key
            hasPrevious = !forcedFull
        }
        guard !forcedFull, hasPrevious, previousKey == key else { return .full }
        var damaged = PixelBox()
        let common = min(previous.count, current.count)
        for i in 0..<common where previous[i] != current[i] {
            damaged = damaged.union(previous[i].box).union(current[i].box)
        }
        for i in common..<previous.count { damaged = damaged.union(previous[i].box) }
        for i in common..<current.count { damaged = damaged.union(current[i].box) }
        damaged = damaged.clipped(to: viewport)
        if damaged.isEmpty { return .none }
        return damaged == viewport ? .full : .box(damaged)
    }
}
