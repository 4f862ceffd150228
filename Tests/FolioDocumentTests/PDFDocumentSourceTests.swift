import Dispatch
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import FolioDocument

/// Valid PDFs written in the tests: sizes, rotation, pixels.
@Suite struct PDFDocumentSourceTests {
    @Test func readsEachPageSizeWithRotationApplied() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("mixed.pdf", TestPDF.make([
            .init(width: 612, height: 792), .init(width: 842, height: 595), .init(width: 200, height: 300, rotate: 90),
        ]))
        let source = try PDFDocumentSource(path: path)
        #expect(source.pageCount == 3)
        #expect(source.pageSizes == [PageSize(width: 612, height: 792), PageSize(width: 842, height: 595), PageSize(width: 300, height: 200)])
        #expect(source.pageSizes[1].isLandscape)
        #expect(source.pixelSize(of: 1, fitting: (1000, 1000)) == (1000, 707))
    }

    @Test func rendersAFilledRectangleInItsColourAndPlace() throws {
        let folder = TemporaryFolder()
        // A red square over the lower left quarter of a 100 pt page (PDF's y axis points up).
        let path = try folder.write("square.pdf", TestPDF.make([.init(width: 100, height: 100, content: "1 0 0 rg 0 0 50 50 re f")]))
        let source = try PDFDocumentSource(path: path)
        let bitmap = try source.render(page: 0, width: 200, height: 200)
        #expect(bitmap.width == 200 && bitmap.height == 200 && bitmap.pixels.count == 200 * 200 * 4)
        #expect(bitmap.pixel(50, 150) == (255, 0, 0, 255)) // lower left: red
        #expect(bitmap.pixel(150, 50) == (255, 255, 255, 255)) // upper right: white paper
        #expect(bitmap.pixel(150, 150) == (255, 255, 255, 255))
        // Non-uniform scaling fills exactly the size asked for.
        let wide = try source.render(page: 0, width: 300, height: 100)
        #expect(wide.pixel(70, 80) == (255, 0, 0, 255))
        #expect(wide.pixel(230, 80) == (255, 255, 255, 255))
    }

    @Test func aRotatedPageRendersUpright() throws {
        let folder = TemporaryFolder()
        // 100 × 50 pt, red on the left half, shown turned a quarter clockwise: 50 × 100 with
        // the red half on top.
        let path = try folder.write("rotated.pdf", TestPDF.make([.init(width: 100, height: 50, content: "1 0 0 rg 0 0 50 50 re f", rotate: 90)]))
        let source = try PDFDocumentSource(path: path)
        #expect(source.pageSizes == [PageSize(width: 50, height: 100)])
        let bitmap = try source.render(page: 0, width: 50, height: 100)
        #expect(bitmap.pixel(25, 25) == (255, 0, 0, 255))
        #expect(bitmap.pixel(25, 75) == (255, 255, 255, 255))
    }

    @Test func rendersThroughTheSocketWhereThereIsNoSharedMemory() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("square.pdf", TestPDF.make([.init(width: 100, height: 100, content: "1 0 0 rg 0 0 50 50 re f"),
                                                                 .init(width: 300, height: 100, content: "0 0 1 rg 0 0 300 50 re f")]))
        var options = PDFDocumentSource.Options()
        options.sharedPixels = false
        let source = try PDFDocumentSource(path: path, options: options)
        let bitmap = try source.render(page: 0, width: 200, height: 200)
        #expect(bitmap.pixel(50, 150) == (255, 0, 0, 255) && bitmap.pixel(150, 50) == (255, 255, 255, 255))
        // A larger page after a smaller one, and back: the shared buffer grows, never shrinks.
        let shared = try PDFDocumentSource(path: path)
        for (page, w, h) in [(0, 20, 20), (1, 600, 200), (0, 10, 10)] {
            let b = try shared.render(page: page, width: w, height: h)
            #expect(b.pixel(w / 4, h * 3 / 4) == (page == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)))
            #expect(b.pixel(w * 3 / 4, h / 4) == (255, 255, 255, 255))
        }
    }

    @Test func aLargePageDoesNotPinItsSharedMemory() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("one.pdf", TestPDF.make([.init(width: 100, height: 100, content: "0 1 0 rg 0 0 100 100 re f")]))
        var options = PDFDocumentSource.Options()
        options.workers = 1
        let source = try PDFDocumentSource(path: path, options: options)
        func sharedBytes() throws -> Int {
            let fd = try #require(source.pool.idle.withLock { $0.first??.process.pixels?.descriptor })
            var info = stat()
            fstat(fd, &info)
            return Int(info.st_blocks) * 512
        }
        #expect(try source.render(page: 0, width: 4000, height: 4000).pixel(2000, 2000) == (0, 255, 0, 255))
        #expect(try sharedBytes() >= 4000 * 4000 * 4)
        #expect(try source.render(page: 0, width: 100, height: 100).pixel(50, 50) == (0, 255, 0, 255))
        #expect(try sharedBytes() <= 1 << 20)
        #expect(try source.render(page: 0, width: 3000, height: 3000).pixel(2999, 2999) == (0, 255, 0, 255))
    }

    @Test func theOtherWorkersStartInTheBackgroundOrOnFirstUse() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("one.pdf", TestPDF.make([.init(width: 100, height: 100)]))
        let eager = try PDFDocumentSource(path: path)
        let deadline = SocketIO.now() + 10_000_000_000
        while eager.workersStarted < 2 && SocketIO.now() < deadline { usleep(5000) }
        #expect(eager.workersStarted == 2)
        var options = PDFDocumentSource.Options()
        options.startsWorkersEagerly = false
        let lazy = try PDFDocumentSource(path: path, options: options)
        usleep(200_000)
        #expect(lazy.workersStarted == 1)
    }

    @Test func rendersOnTwoThreadsAtOnce() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("twelve.pdf", TestPDF.many(12, width: 100, height: 100, content: "0 0 1 rg 0 0 100 100 re f"))
        let source = try PDFDocumentSource(path: path)
        let results = Mutex<[Result<PageBitmap, DocumentError>]>([])
        // Real threads, as a PageCache's loaders are (blocking calls do not belong on Swift
        // concurrency's few threads).
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for page in stride(from: thread, to: 12, by: 2) {
                let r = Result { () throws(DocumentError) in try source.render(page: page, width: 40, height: 40) }
                results.withLock { $0.append(r) }
            }
        }
        for r in results.withLock({ $0 }) { #expect(try r.get().pixel(20, 20) == (0, 0, 255, 255)) }
        #expect(results.withLock { $0.count } == 12)
        #expect(source.workersStarted <= 2) // never more than the pool's two, none replaced
        #expect(source.workersLost == 0)
    }

    @Test func refusesBadRequestsBeforeAnyWork() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("one.pdf", TestPDF.make([.init(width: 100, height: 100)]))
        let source = try PDFDocumentSource(path: path)
        #expect(throws: DocumentError.pageOutOfRange(page: 1, count: 1)) { try source.render(page: 1, width: 10, height: 10) }
        #expect(throws: DocumentError.pageOutOfRange(page: -1, count: 1)) { try source.render(page: -1, width: 10, height: 10) }
        #expect { try source.render(page: 0, width: 0, height: 10) } throws: { ($0 as? DocumentError).map { if case .invalidPixelSize = $0 { true } else { false } } ?? false }
        #expect { try source.render(page: 0, width: 16385, height: 10) } throws: { ($0 as? DocumentError).map { if case .invalidPixelSize = $0 { true } else { false } } ?? false }
        #expect { try source.render(page: 0, width: 12000, height: 12000) } throws: { ($0 as? DocumentError).map { if case .invalidPixelSize = $0 { true } else { false } } ?? false }
        #expect(source.workersLost == 0)
    }

    @Test func opensTheEncryptedFixtureOnlyWithItsPassword() throws {
        let path = String(#filePath.dropLast("PDFDocumentSourceTests.swift".count)) + "Fixtures/encrypted.pdf"
        #expect(throws: DocumentError.encrypted(path: path)) { try PDFDocumentSource(path: path) }
        #expect(throws: DocumentError.wrongPassword(path: path)) { try PDFDocumentSource(path: path, options: .init(password: "guess")) }
        let source = try PDFDocumentSource(path: path, options: .init(password: "folio"))
        #expect(source.pageCount == 1)
        #expect(try source.render(page: 0, width: 100, height: 100).pixel(25, 75) == (255, 0, 0, 255))
    }

    @Test func cancelledBeforeItStartsNeverReachesAWorker() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("one.pdf", TestPDF.make([.init(width: 100, height: 100)]))
        let source = try PDFDocumentSource(path: path)
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: DocumentError.cancelled(page: 0)) { try source.render(page: 0, width: 10, height: 10, cancellation: cancellation) }
        #expect(try source.render(page: 0, width: 10, height: 10).width == 10)
    }

    @Test func missingWorkerIsATypedError() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("one.pdf", TestPDF.make([.init(width: 100, height: 100)]))
        var options = PDFDocumentSource.Options()
        options.workerPath = folder.path + "/no-such-worker"
        #expect { try PDFDocumentSource(path: path, options: options) } throws: {
            if case .workerUnavailable(folder.path + "/no-such-worker", _) = $0 as? DocumentError { true } else { false }
        }
    }
}
