import FolioBook
import Synchronization
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// A page the reader riffled past is not finished: a `PageCache` cancels its load, the source
/// sees it through `Cancellation(watching:)` and gives up, and the pages still wanted arrive.
@Suite struct CancelledPageTests {
    /// A source whose pages take 50 ms each, looking at the cancellation every 5 ms, as a
    /// source with a slow engine would.
    final class SlowSource: PageSource {
        let pageCount = 300
        let pageSizes = [PageSize](repeating: PageSize(width: 100, height: 100), count: 300)
        let finished = Atomic<Int>(0), cancelled = Atomic<Int>(0)

        func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
            for _ in 0..<10 {
                if cancellation?.isCancelled == true {
                    cancelled.add(1, ordering: .relaxed)
                    throw .cancelled(page: page)
                }
                usleep(5000)
            }
            finished.add(1, ordering: .relaxed)
            return PageBitmap(width: width, height: height, fill: (255, 255, 255, 255))
        }
    }

    static func cache(for source: any PageSource, loaders: Int = 2) throws -> PageCache<PageBitmap> {
        try PageCache<PageBitmap>(pageCount: source.pageCount, budget: .init(pages: 8, bytes: 8 * 20 * 20 * 4), loaders: loaders,
                                  load: { page, ticket in
                                      try source.render(page: page, width: 20, height: 20,
                                                        cancellation: Cancellation(watching: { ticket.isCancelled }))
                                  }, cost: { $0.byteCount })
    }

    static func waitUntilIdle<C>(_ cache: PageCache<C>) {
        let deadline = SocketIO.now() + 10_000_000_000
        while cache.isLoading && SocketIO.now() < deadline { usleep(2000) }
    }

    @Test func aWatchingCancellationFollowsTheFlagItWatches() {
        let other = Atomic<Bool>(false)
        let watching = Cancellation(watching: { other.load(ordering: .relaxed) })
        #expect(!watching.isCancelled)
        other.store(true, ordering: .relaxed)
        #expect(watching.isCancelled)
        let own = Cancellation(watching: { false })
        own.cancel()
        #expect(own.isCancelled, "its own flag still counts")
    }

    @Test func aRiffleOverASlowSourceFinishesFarFewerPagesThanItPasses() throws {
        let source = SlowSource()
        let cache = try Self.cache(for: source)
        var failed: [Int] = []
        // 150 openings of two pages at one every 10 ms: 300 pages passed in ≥ 1.5 s.
        for opening in 0..<150 {
            cache.request([2 * opening, 2 * opening + 1])
            failed += cache.drain().failed.map(\.page)
            usleep(10_000)
        }
        Self.waitUntilIdle(cache)
        cache.request([298, 299])
        Self.waitUntilIdle(cache)
        failed += cache.drain().failed.map(\.page)
        let finished = source.finished.load(ordering: .relaxed), cancelled = source.cancelled.load(ordering: .relaxed)
        #expect(failed.isEmpty, "a cancelled page is not a failure: \(failed)")
        #expect(cache.contains(298) && cache.contains(299), "the pages the riffle stopped at arrived")
        // Without cancellation two loaders finish every page they start: ≥ 30 over 1.5 s.
        #expect(finished <= 10, "finished \(finished) of 300 pages passed (\(cancelled) given up)")
        #expect(cancelled >= 15)
    }

    @Test func aPDFRiffledPastGivesUpItsPagesAndItsWorkersCarryOn() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("doc.pdf", TestPDF.many(120, width: 100, height: 140))
        let log = LogLines()
        var options = PDFDocumentSource.Options()
        options.log = log.sink
        let source = try PDFDocumentSource(path: path, options: options)
        let cache = try Self.cache(for: source)
        for opening in 0..<60 {
            cache.request([2 * opening, 2 * opening + 1])
            _ = cache.drain()
            usleep(2000)
        }
        cache.request([0, 119])
        Self.waitUntilIdle(cache)
        let events = cache.drain()
        #expect(events.failed.isEmpty && log.all.isEmpty, "\(events.failed) \(log.all)")
        #expect(cache.content(for: 0)?.width == 20 && cache.content(for: 119)?.width == 20)
        // The workers that owed replies to cancelled pages still render.
        #expect(try source.render(page: 60, width: 30, height: 42).height == 42)
    }
}
