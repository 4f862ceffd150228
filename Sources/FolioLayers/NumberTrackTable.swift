import FolioGeometry
import FolioMotion

/// A layer's `NumberTrack`s, their timing rows and their springs' unit responses, each in one
/// allocation it owns: the presentation reads them through plain pointers, with no array buffer
/// to retain and release per layer per frame (measured: two retains and two releases per
/// animated layer when the rows were `ContiguousArray`s held by the storage).
///
/// The rows are aligned to 64 bytes, the size of a row and of a cache line, so that presenting
/// a track reads one line of this table (and its timing row only when it is not a one-pass
/// spring). The table itself is three pointers and two 32-bit counts (32 bytes, not three
/// buffer pointers' 48), so that what the presentation reads of its storage object fits in
/// fewer lines. Built whole when the animations change (`LayerAnimationStorage.entries`), never
/// per frame; noncopyable, so exactly one value owns (and frees) the memory.
struct NumberTrackTable: ~Copyable {
    private let rowBase: UnsafeMutablePointer<NumberTrack>?
    private let timingBase: UnsafeMutablePointer<NumberTrack.Timing>?
    private let springBase: UnsafeMutablePointer<GenericSpringMotion<Point>>?
    private let rowCount: Int32, springCount: Int32

    /// The rows, in the order the animations were added.
    var rows: UnsafeMutableBufferPointer<NumberTrack> { UnsafeMutableBufferPointer(start: rowBase, count: Int(rowCount)) }
    /// The rows' timing (`timings[i]` belongs to `rows[i]`).
    var timings: UnsafeMutableBufferPointer<NumberTrack.Timing> {
        UnsafeMutableBufferPointer(start: timingBase, count: Int(rowCount))
    }
    /// The springs' unit responses (`NumberTrack.spring` indexes them).
    var springs: UnsafeMutableBufferPointer<GenericSpringMotion<Point>> {
        UnsafeMutableBufferPointer(start: springBase, count: Int(springCount))
    }

    /// The alignment of `rows`: a cache line.
    static let rowAlignment = 64

    /// An empty table (allocates nothing).
    init() {
        rowBase = nil; timingBase = nil; springBase = nil
        rowCount = 0; springCount = 0
    }

    /// A table holding copies of `rows` (with their `timings`) and `springs` (fewer than 2³¹
    /// each: one layer's animations).
    init(rows: [NumberTrack], timings: [NumberTrack.Timing], springs: [GenericSpringMotion<Point>]) {
        precondition(rows.count == timings.count && rows.count < Int(Int32.max) && springs.count < Int(Int32.max))
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(rows.count, 1) * MemoryLayout<NumberTrack>.stride,
                                                   alignment: max(Self.rowAlignment, MemoryLayout<NumberTrack>.alignment))
        let rowBase = raw.bindMemory(to: NumberTrack.self, capacity: rows.count)
        rowBase.initialize(from: rows, count: rows.count)
        let timingBase = UnsafeMutablePointer<NumberTrack.Timing>.allocate(capacity: timings.count)
        timingBase.initialize(from: timings, count: timings.count)
        let springBase = UnsafeMutablePointer<GenericSpringMotion<Point>>.allocate(capacity: springs.count)
        springBase.initialize(from: springs, count: springs.count)
        self.rowBase = rowBase; self.timingBase = timingBase; self.springBase = springBase
        rowCount = Int32(rows.count); springCount = Int32(springs.count)
    }

    deinit {
        if let rowBase {
            rowBase.deinitialize(count: Int(rowCount))
            UnsafeMutableRawPointer(rowBase).deallocate()
        }
        if let timingBase {
            timingBase.deinitialize(count: Int(rowCount))
            timingBase.deallocate()
        }
        if let springBase {
            springBase.deinitialize(count: Int(springCount))
            springBase.deallocate()
        }
    }
}
