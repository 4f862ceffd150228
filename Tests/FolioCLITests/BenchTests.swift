import Testing
@testable import FolioCLI

/// The allocation counter behind `folio bench` is real (the report itself: BenchReportTests).
@Suite(.serialized) struct BenchTests {
    @Test func allocationCounterSeesEveryHeapAllocationOnThisThread() {
        #expect(AllocationCounter.isActive)
        // Ten fresh arrays that escape into a sink: at least ten allocations per call.
        var sink: [[Int]] = []
        sink.reserveCapacity(1000)
        let perCall = AllocationCounter.perCall(warmUp: 0, iterations: 50) {
            for i in 0..<10 { sink.append([Int](repeating: i, count: 64)) }
        }
        #expect(perCall >= 10)
        // Work on existing storage does not allocate.
        var buffer = [Double](repeating: 0, count: 1024)
        let none = AllocationCounter.perCall(iterations: 100) { for i in buffer.indices { buffer[i] += 1 } }
        #expect(none == 0 && buffer[0] > 0)
    }

}
