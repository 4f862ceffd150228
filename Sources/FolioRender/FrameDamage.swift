/// What changed on screen between two consecutive draws of one renderer into one target: the
/// pixel box the second draw must redraw for its pixels to equal a full redraw, computed from
/// the draw batches after tessellation (never from layers), so that it sees exactly what GL is
/// sent.
///
/// Each batch is reduced to a record: a fingerprint of everything that decides its pixels
/// (its vertex floats, shader variant, uniforms, texture and blend state) and the pixel box its
/// triangles can touch. The two frames' lists are matched as their longest common subsequence,
/// and the boxes of the records left unmatched, in either frame, are damaged: a batch
/// inserted, removed or moved (the depth sort may order pieces that do not overlap differently
/// from one frame to the next) damages its own box, not every batch after it. A pixel outside
/// that union is covered, in both frames, only by matched batches, the same ones in the same
/// order with the same fingerprints, so it blends to the same value — the comparison needs no
/// knowledge of what the batches are.
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
    /// Scratch for the matching (kept, so that steady frames allocate nothing): the table of
    /// common-subsequence lengths, and which records of each list were matched.
    var table: [Int32] = []
    var matchedPrevious: [Bool] = []
    var matchedCurrent: [Bool] = []

    /// The most cells the matching table may have (previous × current records left after the
    /// common ends are trimmed); past it, records are compared index by index (correct, only
    /// not minimal where one was inserted).
    static let maximumTableCells = 1 << 20

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
        let damaged = unmatchedBoxes()
        let clipped = damaged.clipped(to: viewport)
        if clipped.isEmpty { return .none }
        return clipped == viewport ? .full : .box(clipped)
    }

    /// The union of the boxes of the records, in `previous` and `current`, that are not part
    /// of their longest common subsequence (the common first and last records trimmed before
    /// the table is filled).
    mutating func unmatchedBoxes() -> PixelBox {
        var start = 0
        while start < previous.count && start < current.count && previous[start] == current[start] { start += 1 }
        var endPrevious = previous.count, endCurrent = current.count
        while endPrevious > start && endCurrent > start && previous[endPrevious - 1] == current[endCurrent - 1] {
            endPrevious -= 1
            endCurrent -= 1
        }
        let n = endPrevious - start, m = endCurrent - start
        var damaged = PixelBox()
        guard n > 0 || m > 0 else { return damaged }
        guard n > 0, m > 0, (n + 1) * (m + 1) <= Self.maximumTableCells else {
            // Nothing to match (only insertions or only removals), or too large a table: index
            // by index over the middle.
            for k in 0..<max(n, m) {
                let p = k < n ? previous[start + k] : nil, c = k < m ? current[start + k] : nil
                if p != c {
                    if let p { damaged = damaged.union(p.box) }
                    if let c { damaged = damaged.union(c.box) }
                }
            }
            return damaged
        }
        // table[i * (m + 1) + j]: the longest common subsequence of the middle's last n − i
        // previous records and last m − j current ones.
        let width = m + 1
        table.removeAll(keepingCapacity: true)
        table.append(contentsOf: repeatElement(0, count: (n + 1) * width))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * width + j] = previous[start + i] == current[start + j]
                    ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        matchedPrevious.removeAll(keepingCapacity: true)
        matchedPrevious.append(contentsOf: repeatElement(false, count: n))
        matchedCurrent.removeAll(keepingCapacity: true)
        matchedCurrent.append(contentsOf: repeatElement(false, count: m))
        var i = 0, j = 0
        while i < n && j < m {
            if previous[start + i] == current[start + j] {
                matchedPrevious[i] = true
                matchedCurrent[j] = true
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        for k in 0..<n where !matchedPrevious[k] { damaged = damaged.union(previous[start + k].box) }
        for k in 0..<m where !matchedCurrent[k] { damaged = damaged.union(current[start + k].box) }
        return damaged
    }
}
