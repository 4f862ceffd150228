import Testing
import FolioLayers
import FolioTransitions
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
        // The evaluator's targets: floors, ratios and targets in the same report.
        for key in ["evaluator", "foldReferenceNs", "foldVsReference", "tileSpread", "targets", "met"] {
            #expect(json.contains("\"\(key)\""), "missing \(key)")
        }
        let e = try #require(report.evaluator)
        #expect(e.foldReferenceNs > 0 && e.foldVsReference > 0 && e.referenceDifference <= 1e-9)
        #expect(e.targets == ["foldVsReference": 8, "flipFrameNs": 500, "tiles10kMs": 8, "tileSpread": 1.2])
    }

    /// The floor is honest only if it computes what the evaluator does: the same quads, in the
    /// same order, with the same corners, opacities and maps.
    @Test func theClosedFormFoldFloorComputesTheEvaluatorsQuads() throws {
        for (width, height, scale) in [(320.0, 480.0, 2.0), (64, 96, 1), (1280, 800, 1)] {
            let size = Size(width: width, height: height)
            let fold = try FoldTransition(size: size, scale: scale)
            let reference = try FoldReference(size: size, scale: scale)
            let evaluator = LayerEvaluator()
            for i in 0...200 {
                let p = Double(i) / 200
                try fold.setProgress(p)
                evaluator.evaluate(fold.root)
                reference.evaluate(progress: p)
                let difference = reference.difference(from: evaluator, of: fold)
                #expect(difference <= 1e-9, "\(width)x\(height) at progress \(p): \(difference)")
            }
        }
    }
}
