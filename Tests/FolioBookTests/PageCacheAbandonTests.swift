#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import FolioBook

/// Pages riffled past are not finished: a loader never starts a page nobody wants any more,
/// a result that arrives for one is dropped, and a loader can stop between its stages.
@Suite(.serialized) struct PageCacheAbandonTests {
    /// Every page the loader started and every page it finished, in order.
    final class Log: Sendable {
        let started = Mutex<[Int]>([])
        let finished = Mutex<[Int]>([])
    }

    /// A riffle: each page wanted alone for `dwell` seconds, from 0 up to `count − 1`.
    static func riffle<C>(_ cache: PageCache<C>, count: Int, dwell: Double) -> [Int] {
        var arrived: [Int] = []
        for page in 0..<count {
            cache.request([page])
            usleep(UInt32(dwell * 1_000_000))
            arrived += cache.drain().arrived.map(\.page)
        }
        PageCacheTests.waitUntilIdle(cache)
        arrived += cache.drain().arrived.map(\.page)
        return arrived
    }

    @Test func aRiffleFinishesOnlyThePagesStillWantedWhenTheyLoad() throws {
        // 60 pages of 200 ms each, riffled at 2 ms a page on two loaders: most pages are
        // passed by before a loader is free to start them, and every page started is passed by
        // long before it finishes (200 ms against 2 ms: a loaded machine stretching the sleeps
        // tenfold keeps that true), except the last.
        let log = Log()
        let cache = try PageCache<Int>(pageCount: 60, budget: .init(pages: 8, bytes: 800), loaders: 2, load: { page in
            log.started.withLock { $0.append(page) }
            usleep(200_000)
            log.finished.withLock { $0.append(page) }
            return page
        }, cost: { _ in 10 })
        let arrived = Self.riffle(cache, count: 60, dwell: 0.002)
        let started = log.started.withLock { $0 }
        #expect(started.count <= 12, "riffled past before a loader was free: never started (\(started.count) of 60 started)")
        #expect(arrived == [59], "only the page wanted when its load finished arrives: \(arrived)")
        #expect(cache.pages == [59])
        #expect(cache.statistics.loads == 1)
        #expect(cache.statistics.abandoned == started.count - 1, "every other started page was dropped: \(cache.statistics)")
        #expect(cache.statistics.failures == 0 && cache.drain().failed.isEmpty)
    }

    @Test func aLoaderThatAsksStopsBetweenItsStagesAndThePageLoadsWhenWantedAgain() throws {
        let log = Log()
        let cache = try PageCache<Int>(pageCount: 10, budget: .init(pages: 4, bytes: 400), loaders: 1, loadWhileWanted: { load in
            log.started.withLock { $0.append(load.page) }
            usleep(30_000) // the first stage: render
            guard load.isWanted else { throw PageCache<Int>.Abandoned(page: load.page) }
            usleep(30_000) // the second: convert
            log.finished.withLock { $0.append(load.page) }
            return load.page
        }, cost: { _ in 10 })
        cache.request([3])
        usleep(10_000)
        cache.request([7]) // 3 is passed by during its first stage
        PageCacheTests.waitUntilIdle(cache)
        #expect(log.finished.withLock { $0 } == [7], "page 3 stopped after its first stage")
        #expect(cache.pages == [7])
        #expect(cache.statistics.abandoned == 1 && cache.statistics.failures == 0)
        let events = cache.drain()
        #expect(events.failed.isEmpty, "an abandoned page is not a failure: \(events.failed)")
        // Wanted again, it loads like any other page.
        cache.request([3, 7])
        PageCacheTests.waitUntilIdle(cache)
        #expect(cache.pages == [3, 7])
        #expect(cache.drain().arrived.map(\.page) == [3])
    }

    @Test func aLoaderBlockedInOneLongCallIsToldWhenItsPageIsPassedBy() throws {
        // A render that would take 5 s unless its cancellation flag is set (as a document
        // source's render watches its `Cancellation`): the cache sets it through `onAbandon`.
        let stoppedAfter = Mutex<Double?>(nil)
        let cache = try PageCache<Int>(pageCount: 10, budget: .init(pages: 4, bytes: 400), loaders: 1, loadWhileWanted: { load in
            let flag = Atomic<Bool>(false)
            load.onAbandon { flag.store(true, ordering: .releasing) }
            let start = PageCacheTests.now()
            while PageCacheTests.now() - start < 5 {
                if flag.load(ordering: .acquiring) {
                    stoppedAfter.withLock { $0 = PageCacheTests.now() - start }
                    throw PageCache<Int>.Abandoned(page: load.page)
                }
                usleep(1000)
            }
            return load.page
        }, cost: { _ in 10 })
        cache.request([2])
        usleep(50_000)
        cache.request([2, 4]) // still wanted: nothing is said
        usleep(50_000)
        #expect(stoppedAfter.withLock { $0 } == nil)
        cache.request([4])
        for _ in 0..<2000 where stoppedAfter.withLock({ $0 }) == nil { usleep(2000) }
        let stopped = try #require(stoppedAfter.withLock { $0 })
        #expect(stopped < 1, "the render stopped \(stopped) s after it started, not after 5 s")
        cache.request([]) // page 4's render, started next, is passed by too
        PageCacheTests.waitUntilIdle(cache, seconds: 4)
        #expect(cache.statistics.abandoned == 2 && cache.statistics.failures == 0 && cache.count == 0)
    }

    @Test func isWantedFollowsTheLatestRequest() throws {
        let cache = try PageCache<Int>(pageCount: 10, budget: .init(pages: 4, bytes: 400), load: { $0 }, cost: { _ in 1 })
        cache.request([1, 2])
        #expect(cache.isWanted(1) && cache.isWanted(2) && !cache.isWanted(3))
        cache.request([3])
        #expect(!cache.isWanted(1) && cache.isWanted(3))
        PageCacheTests.waitUntilIdle(cache)
    }
}
