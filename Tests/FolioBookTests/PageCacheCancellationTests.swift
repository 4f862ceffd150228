#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import FolioBook

/// A page scrolled past is not finished: loads of pages no longer wanted are cancelled, their
/// results dropped, and the pages still wanted arrive.
@Suite(.serialized) struct PageCacheCancellationTests {
    struct GaveUp: Error {}

    /// A page's content that counts how many are alive, to show that dropped results are freed.
    final class Counted: Sendable {
        static let alive = Atomic<Int>(0)
        let page: Int
        init(page: Int) { self.page = page; Self.alive.add(1, ordering: .relaxed) }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    /// What a slow source saw.
    final class Loads: Sendable {
        let started = Atomic<Int>(0), finished = Atomic<Int>(0), gaveUp = Atomic<Int>(0)
    }

    /// A load that takes `milliseconds`, looking at its ticket every 5 ms and giving up once
    /// it is cancelled (as a source handed `Cancellation(watching:)` does).
    static func slowLoad(_ loads: Loads, milliseconds: Int) -> @Sendable (Int, PageCache<Counted>.Ticket) throws -> Counted {
        { page, ticket in
            loads.started.add(1, ordering: .relaxed)
            for _ in 0..<(milliseconds / 5) {
                if ticket.isCancelled {
                    loads.gaveUp.add(1, ordering: .relaxed)
                    throw GaveUp()
                }
                usleep(5000)
            }
            loads.finished.add(1, ordering: .relaxed)
            return Counted(page: page)
        }
    }

    static func waitUntilIdle<C>(_ cache: PageCache<C>, seconds: Double = 10) {
        var waited = 0.0
        while cache.isLoading && waited < seconds { usleep(2000); waited += 0.002 }
    }

    @Test func aRiffleOverASlowSourceFinishesFewOfThePagesItPassesAndTheLastOnesArrive() throws {
        let loads = Loads()
        let cache = try PageCache<Counted>(pageCount: 400, budget: .init(pages: 8, bytes: 1000), loaders: 2,
                                           load: Self.slowLoad(loads, milliseconds: 50), cost: { _ in 1 })
        // 200 openings passed at one every 10 ms (two pages each), against 50 ms a page on two
        // loaders: a loader could finish at most one page in five openings.
        var arrived: [Int] = [], failed: [Int] = []
        for opening in 0..<200 {
            cache.request([2 * opening, 2 * opening + 1])
            let events = cache.drain()
            arrived += events.arrived.map(\.page)
            failed += events.failed.map(\.page)
            usleep(10_000)
        }
        Self.waitUntilIdle(cache)
        let rest = [398, 399]
        cache.request(rest)
        Self.waitUntilIdle(cache)
        let events = cache.drain()
        arrived += events.arrived.map(\.page)
        failed += events.failed.map(\.page)
        let stats = cache.statistics
        #expect(failed.isEmpty, "a cancelled load is not a failure: \(failed)")
        #expect(rest.allSatisfy { cache.contains($0) }, "the pages the riffle stopped at arrived")
        // Without cancellation every page a loader starts is finished: 2 loaders over ≥ 2 s
        // at 50 ms a page finish about 40. With it, a page is given up within 10–15 ms of
        // the riffle passing it, so almost none of those started is finished.
        let finished = loads.finished.load(ordering: .relaxed), started = loads.started.load(ordering: .relaxed)
        #expect(finished <= 12, "pages finished: \(finished) of \(started) started, 400 passed")
        #expect(loads.gaveUp.load(ordering: .relaxed) >= 20 && stats.cancelled >= 20, "loads given up: \(stats.cancelled)")
        // Whatever arrived is what was filed; what was not wanted any more was dropped.
        #expect(stats.loads == arrived.count && stats.abandoned + stats.loads >= finished)
        #expect(Set(arrived).isSuperset(of: rest))
    }

    @Test func aResultThatComesAfterItsPageWasLeftBehindIsDroppedAndTheNextRequestLoadsItAgain() throws {
        // A loader that never looks at its ticket: its result arrives late, after the reader
        // has moved on.
        let gate = DispatchGate()
        let cache = try PageCache<Int>(pageCount: 10, budget: .init(pages: 4, bytes: 100), loaders: 1,
                                       load: { page, _ in
                                           if page == 0 { gate.wait() }
                                           return page
                                       }, cost: { _ in 1 })
        cache.request([0])
        while !cache.isLoading { usleep(1000) }
        usleep(20_000) // the loader is inside page 0's load
        cache.request([5])
        gate.open()
        Self.waitUntilIdle(cache)
        var events = cache.drain()
        #expect(events.arrived.map(\.page) == [5] && events.failed.isEmpty, "page 0 came after it was left: dropped, not failed")
        #expect(!cache.contains(0) && cache.statistics.cancelled == 1 && cache.statistics.abandoned == 1)
        cache.request([0, 5])
        Self.waitUntilIdle(cache)
        events = cache.drain()
        #expect(events.arrived.map(\.page) == [0] && cache.pages == [0, 5], "wanted again, it loads afresh")
    }

    @Test func aPageWantedAgainBeforeItsLoadReturnsIsKept() throws {
        let gate = DispatchGate()
        let cache = try PageCache<Int>(pageCount: 10, budget: .init(pages: 4, bytes: 100), loaders: 1,
                                       load: { page, _ in
                                           gate.wait()
                                           return page
                                       }, cost: { _ in 1 })
        cache.request([3])
        while !cache.isLoading { usleep(1000) }
        usleep(20_000)
        cache.request([])
        cache.request([3])
        gate.open()
        Self.waitUntilIdle(cache)
        #expect(cache.drain().arrived.map(\.page) == [3] && cache.statistics.cancelled == 1 && cache.statistics.abandoned == 0)
    }

    @Test func nothingIsLeftBehindWhenACacheGoesAwayWithLoadsInFlight() throws {
        let loads = Loads()
        weak var gone: PageCache<Counted>?
        do {
            let cache = try PageCache<Counted>(pageCount: 100, budget: .init(pages: 8, bytes: 1000), loaders: 2,
                                               load: Self.slowLoad(loads, milliseconds: 50), cost: { _ in 1 })
            gone = cache
            cache.request([0, 1, 2, 3])
            usleep(70_000) // a page or two filed, two more in flight
            cache.request([]) // as the demo does before it replaces a cache
        }
        // The loaders in flight hold the cache until they return; then nothing is left.
        var waited = 0
        while gone != nil && waited < 5000 { usleep(1000); waited += 1 }
        #expect(gone == nil, "the cache was freed once its loads returned")
        #expect(Counted.alive.load(ordering: .relaxed) == 0, "every page's content was freed")
        #expect(loads.gaveUp.load(ordering: .relaxed) >= 1, "the loads in flight gave up")
    }
}

/// A one-shot gate a loader thread waits at until the test opens it.
final class DispatchGate: Sendable {
    let opened = Atomic<Bool>(false)
    func wait() { while !opened.load(ordering: .acquiring) { usleep(1000) } }
    func open() { opened.store(true, ordering: .releasing) }
}
