import Dispatch
import Synchronization
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// A worker that crashes, is killed, hangs or runs away costs one page and one log line; the
/// next request gets a fresh worker.
@Suite struct WorkerFailureTests {
    func source(faults: String?, pages: Int = 4, configure: (inout PDFDocumentSource.Options) -> Void = { _ in }) throws -> (PDFDocumentSource, LogLines, TemporaryFolder) {
        let folder = TemporaryFolder()
        let path = try folder.write("doc.pdf", TestPDF.many(pages, width: 100, height: 100, content: "0 0 1 rg 0 0 100 100 re f"))
        let log = LogLines()
        var options = PDFDocumentSource.Options()
        options.workers = 1
        options.faults = faults
        options.log = log.sink
        configure(&options)
        return (try PDFDocumentSource(path: path, options: options), log, folder)
    }

    func isCrash(_ page: Int, _ reason: String? = nil) -> (any Error) -> Bool {
        { error in
            guard case let .workerCrashed(p, r) = error as? DocumentError else { return false }
            return p == page && (reason == nil || r.contains(reason!))
        }
    }

    @Test func aCrashFailsOnlyThatPage() throws {
        let (source, log, _) = try source(faults: "crash:1")
        #expect(try source.render(page: 0, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
        #expect(performing: { try source.render(page: 1, width: 10, height: 10) }, throws: isCrash(1, "signal 11"))
        #expect(try source.render(page: 2, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("page 2") == true)
        #expect(source.workersLost == 1 && source.workersStarted == 2)
    }

    @Test func killedMidRequestIsRestarted() throws {
        let (source, log, _) = try source(faults: "kill:2")
        #expect(performing: { try source.render(page: 2, width: 10, height: 10) }, throws: isCrash(2, "signal 9"))
        #expect(try source.render(page: 3, width: 10, height: 10).width == 10)
        #expect(log.all.count == 1)
    }

    @Test func killedWhileIdleIsReplacedQuietly() throws {
        let (source, log, _) = try source(faults: nil)
        let pid = try #require(source.workerProcessIDs.first)
        kill(pid, SIGKILL)
        usleep(50_000)
        #expect(try source.render(page: 0, width: 10, height: 10).width == 10)
        #expect(log.all.isEmpty)
        #expect(source.workersLost == 1 && source.workersStarted == 2)
        #expect(source.workerProcessIDs.first != pid)
    }

    @Test func theWorkerInheritsNoOtherDescriptor() throws {
        // A descriptor the reader leaked (no close-on-exec) must not reach the worker.
        let leaked = open("/etc/hostname", O_RDONLY)
        defer { close(leaked) }
        let (source, _, _) = try source(faults: nil)
        let pid = try #require(source.workerProcessIDs.first)
        var targets: [String] = []
        let dir = try #require(opendir("/proc/\(pid)/fd"))
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink("/proc/\(pid)/fd/\(name)", &buffer, 4095)
            targets.append(n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?")
        }
        closedir(dir)
        #expect(!targets.contains("/etc/hostname"), "worker descriptors: \(targets)")
        #expect(targets.contains { $0.contains("/doc.pdf") }, "worker descriptors: \(targets)")
    }

    @Test func aHungWorkerTimesOutAndIsReplaced() throws {
        let (source, log, _) = try source(faults: "hang:1") { $0.renderTimeout = 0.5 }
        let start = SocketIO.now()
        #expect(throws: DocumentError.timedOut(page: 1, seconds: 0.5)) { try source.render(page: 1, width: 10, height: 10) }
        #expect(Double(SocketIO.now() - start) / 1e9 < 3)
        #expect(try source.render(page: 0, width: 10, height: 10).width == 10)
        #expect(log.all.count == 1)
    }

    @Test func aRunawayWorkerStopsAtItsMemoryLimit() throws {
        let (source, _, _) = try source(faults: "hog:0") { $0.memoryLimit = 512 << 20 }
        #expect(performing: { try source.render(page: 0, width: 10, height: 10) }, throws: isCrash(0))
        #expect(try source.render(page: 1, width: 10, height: 10).width == 10)
    }

    @Test func anOpenThatNeverEndsTimesOut() throws {
        #expect(throws: DocumentError.timedOut(page: nil, seconds: 0.5)) {
            _ = try source(faults: "hang-open") { $0.openTimeout = 0.5 }
        }
    }

    @Test func aSpinningWorkerStopsAtItsCPULimit() throws {
        let (source, _, _) = try source(faults: "spin:0") { $0.cpuLimit = 1; $0.renderTimeout = 30 }
        #expect(performing: { try source.render(page: 0, width: 10, height: 10) }, throws: isCrash(0, "signal"))
        #expect(try source.render(page: 1, width: 10, height: 10).width == 10)
    }

    @Test func theWorkerIsFoundNextToTheExecutableOrWhereTheEnvironmentSays() throws {
        let found = try PDFDocumentSource.workerExecutable(nil)
        #expect(found.path.hasSuffix("/folio-pdf-worker"))
        #expect(found.roleArguments.isEmpty)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, 4095)
        let exe = String(decoding: buffer[..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Unless $FOLIO_PDF_WORKER points elsewhere, it is in the test bundle's folder.
        if getenv("FOLIO_PDF_WORKER") == nil { #expect(found.path == exe[..<exe.lastIndex(of: "/")!] + "/folio-pdf-worker") }
        #expect(try PDFDocumentSource.workerExecutable(found.path) == found)
        #expect(throws: DocumentError.workerUnavailable(path: "/nonexistent/folio-pdf-worker", reason: "No such file or directory")) {
            try PDFDocumentSource.workerExecutable("/nonexistent/folio-pdf-worker")
        }
    }

    @Test func aCrashWhileOpeningIsATypedError() throws {
        #expect(performing: { _ = try source(faults: "crash-open") }, throws: { error in
            if case .workerCrashed(nil, _) = error as? DocumentError { true } else { false }
        })
    }

    @Test func cancellingInFlightReturnsAtOnceAndTheNextPageStillRenders() throws {
        // The hung page would hold the call until its deadline; a cancelled call returns well
        // before it. The deadline is long enough that the margin holds on a loaded machine
        // (with 1 s, a CI run once saw 0.93 s against a bound of 0.9), and short enough that
        // the next page, which waits for it, is not slow to test.
        let timeout = 4.0
        let (source, log, _) = try source(faults: "hang:1") { $0.renderTimeout = timeout }
        let cancellation = Cancellation()
        let outcome = Mutex<Result<PageBitmap, DocumentError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let start = SocketIO.now()
        DispatchQueue.global().async {
            let r = Result { () throws(DocumentError) in try source.render(page: 1, width: 10, height: 10, cancellation: cancellation) }
            outcome.withLock { $0 = r }
            done.signal()
        }
        usleep(200_000)
        cancellation.cancel()
        done.wait()
        let result = try #require(outcome.withLock { $0 })
        #expect(throws: DocumentError.cancelled(page: 1)) { try result.get() }
        // Cancelled 0.2 s in: back within half the deadline, not at it.
        #expect(Double(SocketIO.now() - start) / 1e9 < timeout / 2)
        // The worker still owes page 2's reply and never gives it: it is replaced once its
        // deadline passes, and the page asked next is not blamed.
        #expect(try source.render(page: 0, width: 10, height: 10).width == 10)
        #expect(log.all.isEmpty)
    }
}
