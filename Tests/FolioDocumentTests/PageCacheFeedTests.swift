import FolioBook
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// Pages of a document feed a `PageCache` as they are wanted, within its byte budget, and a
/// page that fails shows up as that page's failure.
@Suite struct PageCacheFeedTests {
    @Test func aPDFFeedsThePageCacheWithinItsBudget() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("doc.pdf", TestPDF.many(40, width: 100, height: 140))
        let log = LogLines()
        var options = PDFDocumentSource.Options()
        options.faults = "crash:3"
        options.log = log.sink
        let source = try PDFDocumentSource(path: path, options: options)
        let budget = PageCache<PageBitmap>.Budget(pages: 8, bytes: 5 * 50 * 70 * 4)
        let cache = try PageCache<PageBitmap>(pageCount: source.pageCount, budget: budget, loaders: 2,
                                              load: { page in
                                                  let size = source.pixelSize(of: page, fitting: (50, 70))
                                                  return try source.render(page: page, width: size.width, height: size.height)
                                              }, cost: { $0.byteCount })
        var failed: [Int] = []
        for start in stride(from: 0, to: 20, by: 2) {
            cache.request(Array(start..<start + 5))
            let deadline = SocketIO.now() + 10_000_000_000
            while cache.isLoading && SocketIO.now() < deadline { usleep(2000) }
            failed += cache.drain().failed.map(\.page)
            #expect(cache.bytes <= budget.bytes)
        }
        #expect(failed == [3])
        #expect(cache.statistics.peakBytes <= budget.bytes)
        #expect(cache.content(for: 18)?.width == 50)
        #expect(log.all.count == 1)
    }
}
