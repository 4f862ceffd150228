import FolioGeometry
import FolioMotion

/// A layer's `NumberTrack`s and their springs' unit responses, each in one allocation it owns:
/// the presentation reads them through plain pointers, with no array buffer to retain and
/// release per layer per frame (measured: two retains and two releases per animated layer
/// when the rows were `ContiguousArray`s held by the storage).
///
/// Built whole when the animations change (`LayerAnimationStorage.entries`), never per frame;
/// noncopyable, so exactly one value owns (and frees) the memory.
struct NumberTrackTable: ~Copyable {
    /// The rows, in the order the animations were added.
    let rows: UnsafeMutableBufferPointer<NumberTrack>
    /// The springs' unit responses (`NumberTrack.spring` indexes them).
    let springs: UnsafeMutableBufferPointer<GenericSpringMotion<Point>>

    /// An empty table (allocates nothing).
    init() {
        rows = UnsafeMutableBufferPointer(start: nil, count: 0)
        springs = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// A table holding copies of `rows` and `springs`.
    init(rows: [NumberTrack], springs: [GenericSpringMotion<Point>]) {
        self.rows = .allocate(capacity: rows.count)
        _ = self.rows.initialize(from: rows)
        self.springs = .allocate(capacity: springs.count)
        _ = self.springs.initialize(from: springs)
    }

    deinit {
        rows.deinitialize()
        rows.deallocate()
        springs.deinitialize()
        springs.deallocate()
    }
}
