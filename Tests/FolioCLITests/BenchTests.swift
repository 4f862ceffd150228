import Testing
import FolioLayers
import FolioTransitions
@testable import FolioBench

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
