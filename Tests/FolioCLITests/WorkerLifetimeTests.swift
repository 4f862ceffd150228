import Foundation
import FolioDocument
import FolioTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// No process Folio starts survives its owner: a command whose PDF worker is busy on a page
/// that would take poppler minutes leaves no worker behind when it ends with an error, or is
/// ended by SIGTERM or SIGKILL (the worker's watchdog sees its reader go). Every process the
/// command starts inherits a mark in its environment, so the scan finds workers wherever they
/// were reparented. (A normal exit while a worker is busy: DemoWindowTests, with the demo.)
@Suite(.serialized) struct WorkerLifetimeTests {
    /// A 4-page PDF whose every page draws 2^30 one-point squares through nested forms.
    static func slowDocument() throws -> (String, String) {
        let folder = try DocumentCommandTests.folder()
        let path = folder + "/slow.pdf"
        try DocumentCommandTests.write(PDFWriter.nestedForms(levels: 30, pages: 4), path)
        return (folder, path)
    }

    /// Starts `folio render` of the slow document's book with `extra` options, marked.
    static func startRender(_ extra: [String], document: String, folder: String, mark: String) -> pid_t? {
        MarkedProcesses.start([ChildProcess.product("folio"), "render", "--effect", "book", "--document", document,
                               "--size", "300x200", "--out", folder + "/out.png"] + extra, mark: mark)
    }

    func ownerEndedBySignalLeavesNoWorker(_ signal: Int32) throws {
        let (folder, path) = try Self.slowDocument()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mark = MarkedProcesses.newMark()
        let owner = try #require(Self.startRender([], document: path, folder: folder, mark: mark))
        // The owner and at least one worker, busy on page 1.
        let running = MarkedProcesses.waitFor(2, mark, seconds: 20)
        #expect(running.count >= 2, "the workers never started: \(running)")
        usleep(300_000)
        kill(owner, signal)
        #expect(MarkedProcesses.wait(owner) == 128 + signal)
        let left = MarkedProcesses.waitUntilGone(mark, seconds: 3)
        #expect(left.isEmpty, "still running 3 s after the owner's signal \(signal): \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }

    @Test func anOwnerKilledBySIGKILLLeavesNoWorker() throws { try ownerEndedBySignalLeavesNoWorker(SIGKILL) }

    @Test func anOwnerEndedBySIGTERMLeavesNoWorker() throws { try ownerEndedBySignalLeavesNoWorker(SIGTERM) }

    @Test func anOwnerThatFailsAfterOpeningLeavesNoWorker() throws {
        let (folder, path) = try Self.slowDocument()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mark = MarkedProcesses.newMark()
        // Leaf 9 of a 4-page book is refused once the document is open and its second worker
        // is starting in the background.
        let owner = try #require(Self.startRender(["--leaf", "9:0.5"], document: path, folder: folder, mark: mark))
        #expect(MarkedProcesses.wait(owner) == 1)
        // Killed and reaped before the owner exited: nothing to wait for.
        let left = MarkedProcesses.find(mark)
        #expect(left.isEmpty, "left after the owner's error exit: \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }
}
