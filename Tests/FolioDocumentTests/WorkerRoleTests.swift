import Foundation
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// An executable that links FolioPDFEngine is its own PDF worker: started again with the role
/// argument, it renders pages like `folio-pdf-worker`, under the same limits and sandbox.
/// (The consumer package checks the same from an app built with a plain `swift build`.)
@Suite struct WorkerRoleTests {
    func ownSource(faults: String? = nil) throws -> (PDFDocumentSource, TemporaryFolder) {
        let folder = TemporaryFolder()
        let path = try folder.write("doc.pdf", TestPDF.many(3, width: 100, height: 100, content: "0 0 1 rg 0 0 100 100 re f"))
        var options = PDFDocumentSource.Options()
        options.workers = 1
        options.prefersOwnExecutable = true
        options.faults = faults
        options.log = { _ in }
        return (try PDFDocumentSource(path: path, options: options), folder)
    }

    @Test func theTestBundleLinksTheEngineAndCanBeItsOwnWorker() throws {
        let own = try #require(WorkerExecutable.ownExecutable)
        #expect(own.path == "/proc/self/exe" && own.roleArguments == ["--folio-pdf-worker"])
        #expect(try PDFDocumentSource.workerExecutable(nil, preferOwn: true) == own)
    }

    @Test func theRunningExecutableRendersPagesAsAWorker() throws {
        let (source, _) = try ownSource()
        #expect(source.pageCount == 3)
        #expect(try source.render(page: 1, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
        // The worker is this very program, started again.
        let pid = try #require(source.workerProcessIDs.first)
        var mine = [CChar](repeating: 0, count: 4096), its = [CChar](repeating: 0, count: 4096)
        #expect(readlink("/proc/self/exe", &mine, 4095) > 0 && readlink("/proc/\(pid)/exe", &its, 4095) > 0)
        // readlink leaves the rest of each buffer zero: the paths are the bytes before it.
        #expect(mine.prefix { $0 != 0 } == its.prefix { $0 != 0 })
        #expect(source.workersLost == 0)
    }

    @Test(.enabled(if: WorkerSandboxTests.kernelHasSeccomp))
    func theOwnWorkerRunsUnderTheSandbox() throws {
        let (source, _) = try ownSource(faults: "escape:0")
        var report = ""
        do { _ = try source.render(page: 0, width: 10, height: 10) } catch {
            if case let .renderFailed(_, reason) = error as DocumentError { report = reason }
        }
        #expect(report.hasPrefix("sandbox: on"), "\(report)")
        #expect(report.contains("start a program: refused (Operation not permitted)"), "\(report)")
    }
}
