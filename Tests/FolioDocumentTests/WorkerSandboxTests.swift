import Foundation
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// A PDF worker runs under a system-call filter (FolioPDFEngine's `WorkerSandbox`): code that
/// took poppler over can still render and answer (and start threads), but cannot write,
/// create or truncate a file, start a process or a program, open a network socket, signal
/// the reader by any route, type into a terminal, make IPC objects that outlive it, or grow
/// shared memory outside its address-space limit.
@Suite struct WorkerSandboxTests {
    /// Whether this kernel has seccomp (its status line names it); without it the worker runs
    /// unfiltered, by design.
    static var kernelHasSeccomp: Bool {
        ((try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "").contains("Seccomp:")
    }

    @Test(.enabled(if: kernelHasSeccomp))
    func aTakenOverWorkerCanNeitherWriteNorStartNorConnectNorSignal() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("doc.pdf", TestPDF.many(3, width: 100, height: 100, content: "0 0 1 rg 0 0 100 100 re f"))
        var options = PDFDocumentSource.Options()
        options.workers = 1
        options.faults = "escape:1"
        options.log = { _ in }
        let source = try PDFDocumentSource(path: path, options: options)
        var report = ""
        do {
            _ = try source.render(page: 1, width: 10, height: 10)
        } catch {
            if case let .renderFailed(page, reason) = error as DocumentError {
                #expect(page == 1)
                report = reason
            }
        }
        #expect(report.hasPrefix("sandbox: on"), "\(report)")
        for attempt in ["open for writing", "open for reading and writing", "create a file", "truncate a file", "fork",
                        "start a program", "open a network socket", "signal the reader", "signal the reader by tkill",
                        "open the reader's pidfd", "type into a terminal", "create a message queue", "create shared memory",
                        "create a System V message queue", "create a memory file", "grow the shared pixel buffer",
                        "write past the shared pixel buffer"] {
            #expect(report.contains("\(attempt): refused (Operation not permitted)"), "\(attempt) in: \(report)")
        }
        #expect(report.contains("start a thread: allowed"), "threads stay allowed: \(report)")
        // The worker still reads its document and renders: the filter leaves that alone.
        #expect(try source.render(page: 0, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
        #expect(try source.render(page: 2, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
        #expect(source.workersLost == 0)
    }
}
