import FolioGeometry
import FolioMotion

/// A layer's `NumberTrack`s, their timing rows and their springs' unit responses, each in one
/// allocation it owns: the presentation reads them through plain pointers, with no array buffer
/// to retain and release per layer per frame (measured: two retains and two releases per
/// animated layer when the rows were `ContiguousArray`s held by the storage).
///
/// The rows are aligned to 64 bytes, the size of a row and of a cache line, so that presenting
/// a track reads one line of this table (and its timing row only when it is not a one-pass
/// spring). Built whole when the animations change (`LayerAnimationStorage.entries`), never
/// per frame; noncopyable, so exactly one value owns (and frees) the memory.
struct NumberTrackTable: ~Copyable {
    /// The rows, in the order the animations were added.
    let rows: UnsafeMutableBufferPointer<NumberTrack>
    /// The rows' timing (`timings[i]` belongs to `rows[i]`).
    let timings: UnsafeMutableBufferPointer<NumberTrack.Timing>
    /// The springs' unit responses (`NumberTrack.spring` indexes them).
    let springs: UnsafeMutableBufferPointer<GenericSpringMotion<Point>>

    /// The alignment of `rows`: a cache line.
    static let rowAlignment = 64

    /// An empty table (allocates nothing).
    init() {
        rows = UnsafeMutableBufferPointer(start: nil, count: 0)
        timings = UnsafeMutableBufferPointer(start: nil, count: 0)
        springs = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// A table holding copies of `rows` (with their `timings`) and `springs`.
    init(rows: [NumberTrack], timings: [NumberTrack.Timing], springs: [GenericSpringMotion<Point>]) {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(rows.count, 1) * MemoryLayout<NumberTrack>.stride,
                                                   alignment: max(Self.rowAlignment, MemoryLayout<NumberTrack>.alignment))
        self.rows = UnsafeMutableBufferPointer(start: raw.bindMemory(to: NumberTrack.self, capacity: rows.count), count: rows.count)
        _ = self.rows.initialize(from: rows)
        self.timings = .allocate(capacity: timings.count)
        _ = self.timings.initialize(from: timings)
        self.springs = .allocate(capacity: springs.count)
        _ = self.springs.initialize(from: springs)
    }

    deinit {
        rows.deinitialize()
        if let base = rows.baseAddress { UnsafeMutableRawPointer(base).deallocate() }
        timings.deinitialize()
        timings.deallocate()
        springs.deinitialize()
        springs.deallocate()
    }
}
