import CAllocationCounter

/// Counts the heap allocations the current thread makes, through the interposed allocator
/// in `CAllocationCounter` (a real count, not an estimate).
enum AllocationCounter {
    /// Whether the interposed allocator is in use in this process (one probe allocation
    /// must move the count by exactly one).
    static var isActive: Bool {
        let before = folio_allocations_this_thread()
        folio_allocation_probe()
        return folio_allocations_this_thread() == before + 1
    }

    /// Allocations made so far on this thread.
    static var count: UInt64 { folio_allocations_this_thread() }

    /// Mean allocations per call of `body` over `iterations` calls, after `warmUp` calls that
    /// let buffers reach their steady-state capacity.
    static func perCall(warmUp: Int = 50, iterations: Int, _ body: () -> Void) -> Double {
        for _ in 0..<warmUp { body() }
        let before = count
        for _ in 0..<iterations { body() }
        return Double(count - before) / Double(iterations)
    }
}
