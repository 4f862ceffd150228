/// A growable run of plain values for the evaluator's hot loops.
///
/// Unlike `Array` it has no copy-on-write: no uniqueness check on each write and no bounds
/// check in release builds (debug builds assert). Its memory only grows, so once it has reached
/// a scene's size, evaluating that scene again allocates nothing. The owner calls `release()`.
struct EvaluationBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    /// The number of elements in use; lowering it drops the tail (plain values need no cleanup).
    var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the storage; the buffer must not be used afterwards.
    func release() { base.deallocate() }

    subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(i >= 0 && i < count, "evaluation buffer index out of range")
            return UnsafePointer(base + i)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < count, "evaluation buffer index out of range")
            return base + i
        }
    }

    subscript(i: Int32) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + Int(i)) }
        @inline(__always) nonmutating unsafeMutableAddress { base + Int(i) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        // `count < capacity` here (after growing if it was equal), so the increment cannot overflow.
        count &+= 1
    }

    /// Removes and returns the last element; the buffer must not be empty.
    @inline(__always)
    mutating func removeLast() -> Element {
        assert(count > 0, "removeLast on an empty evaluation buffer")
        count -= 1
        return base[count]
    }

    /// Makes room for at least `minimum` elements (doubling, so appends stay amortised O(1)).
    @inline(never)
    mutating func grow(to minimum: Int) {
        guard minimum > capacity else { return }
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Sets `count` to `n`, growing if needed; new elements are uninitialised plain memory
    /// that the caller writes before reading.
    @inline(__always)
    mutating func resize(to n: Int) {
        if n > capacity { grow(to: n) }
        count = n
    }
}
