import Foundation
import FolioDocument
import FolioTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The demo exits after its frames while its PDF worker is still busy on a page that would take
/// poppler minutes; the worker must not outlive it (it used to burn a core until its CPU limit).
/// Every process the demo starts inherits a mark, so the scan finds the worker even reparented.
final class DemoWorkerLifetimeTests: XCTestCase {
    func testTheDemoLeavesNoWorkerBehindWhenItExitsNormally() throws {
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        let folder = try DemoWindowTests.folder("lifetime")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("slow.pdf").path
        try Data(PDFWriter.nestedForms(levels: 30, pages: 4)).write(to: URL(fileURLWithPath: path))
        let mark = MarkedProcesses.newMark()
        let demo = try XCTUnwrap(MarkedProcesses.start([DemoWindowTests.demoPath, path, "--frames", "40"], mark: mark))
        // The demo and its busy worker (or workers) run together first.
        let together = MarkedProcesses.waitFor(2, mark, seconds: 20)
        XCTAssertGreaterThanOrEqual(together.count, 2, "the worker never started: \(together)")
        XCTAssertEqual(MarkedProcesses.wait(demo), 0)
        // Killed and reaped by the demo's exit: nothing is left to wait for.
        let left = MarkedProcesses.find(mark)
        XCTAssertEqual(left, [], "still running after the demo exited: \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }
}
