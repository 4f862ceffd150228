import Testing
@testable import FolioCLI

/// The allocation counter behind `folio bench` is real, and the report carries the contract keys.
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

    @Test func quickReportHasTheContractKeysWithUnits() throws {
        let report = try Benchmarks(quick: true, render: false).run()
        let json = try JSONOutput.string(report)
        for key in ["foldFrameNs", "flipFrameNs", "tiles10kMs", "allocationsPerFrame", "springs10kMs", "renderFps", "machine"] {
            #expect(json.contains("\"\(key)\""), "missing \(key)")
        }
        #expect(report.foldFrameNs > 0 && report.springs10kMs > 0 && report.allocationsPerFrame >= 0)
        #expect(report.tilesMs.keys.sorted() == ["10", "100", "1000"])
    }
}
