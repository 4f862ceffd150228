import Dispatch
import Synchronization

/// A bounded cache of page contents, loaded on background threads in the order they are
/// wanted, evicting the least recently used pages first.
///
/// The book never needs every page: tell the cache which pages are wanted with
/// ``request(_:)`` (most wanted first — the pages on screen, then the ones around them),
/// read what has arrived with ``content(for:)``, and collect arrivals, evictions and failures
/// with ``drain()`` once per frame (to upload textures and free them). Nothing here waits for
/// a load: a page not yet loaded is simply absent, so the renderer shows a placeholder.
///
/// **Budget.** At most ``Budget/pages`` pages and ``Budget/bytes`` bytes (as reported by the
/// `cost` function) are held at any time, loads in progress included once they finish; the
/// cache never goes over. It loads only the wanted pages that fit, in priority order, and
/// makes room by evicting pages nobody wants before wanted ones, least recently used first.
/// While a page loads, its content is outside the cache (one page per loader thread).
///
/// **Estimates.** Whether a wanted page not loaded yet fits is judged by what it will cost: the
/// largest cost seen so far of its kind (the initialiser's `kind`; by default every page is of
/// one kind), or of any kind while none of its kind has been held. A cache that holds contents
/// of very different sizes under one index space — pages at rest, pages rasterised four times
/// as large while they turn, zoom tiles — says which is which, so one large raster does not
/// make every page not loaded yet count as large and crowd the prefetch out of the budget.
///
/// **Failures** are per page: a page whose loader throws is reported once through
/// ``drain()`` and not tried again; the others carry on.
///
/// **Cancellation.** A page is never started once it has stopped being wanted: each loader
/// takes the most wanted page at the moment it is free, so pages a riffle passed before a
/// loader was free are never loaded at all. A page that stops being wanted while it loads has
/// its ``Ticket`` cancelled (a loader given one, through the initialiser whose `load` takes a
/// ticket, can stop early and throw), and whatever that load returns or throws is dropped without an event — not held, not a
/// failure, asked for again if the page is wanted again — unless the page is wanted again by
/// the time a successful load returns, when it is filed as usual.
public final class PageCache<Content: Sendable>: Sendable {
    /// Tells one load that its page is no longer wanted. The cache cancels it when a
    /// ``PageCache/request(_:)`` leaves the page out while it loads; a loader that looks at
    /// ``isCancelled`` between steps (or hands it to its source as a cancellation flag) can
    /// give up early. Cancelling cannot be undone.
    public final class Ticket: Sendable {
        let flag = Atomic<Bool>(false)

        /// A ticket not yet cancelled (the cache makes one per load; tests make their own).
        public init() {}

        /// Whether the page stopped being wanted after this load started. Safe from any thread.
        public var isCancelled: Bool { flag.load(ordering: .acquiring) }

        /// Cancels the load (the cache does this; safe from any thread).
        public func cancel() { flag.store(true, ordering: .releasing) }
    }

    /// How much the cache may hold.
    public struct Budget: Sendable, Equatable {
        /// The most pages held at once (at least 1).
        public var pages: Int
        /// The most bytes held at once, as the cost function counts them (at least 1).
        public var bytes: Int

        /// A budget of `pages` pages and `bytes` bytes.
        public init(pages: Int, bytes: Int) { self.pages = pages; self.bytes = bytes }
    }

    /// What happened since the last ``drain()``.
    public struct Events: Sendable {
        /// Pages that finished loading, with their content, in arrival order.
        public var arrived: [(page: Int, content: Content)] = []
        /// Pages evicted (release what was made from them, a texture say).
        public var evicted: [Int] = []
        /// Pages whose loader failed, with its error's description.
        public var failed: [(page: Int, message: String)] = []

        /// Whether nothing happened.
        public var isEmpty: Bool { arrived.isEmpty && evicted.isEmpty && failed.isEmpty }
    }

    /// Counts over the cache's life.
    public struct Statistics: Sendable, Equatable {
        /// Pages loaded, evicted and failed so far.
        public var loads = 0, evictions = 0, failures = 0
        /// The most pages and bytes ever held at once.
        public var peakPages = 0, peakBytes = 0
        /// Loads whose page stopped being wanted while they ran (their ticket cancelled), and
        /// of those, the ones whose result was dropped (not wanted again by the time it came).
        public var cancelled = 0, abandoned = 0
    }

    struct Entry {
        var content: Content
        var cost: Int
        var lastUse: UInt64
    }

    struct State {
        var entries: [Int: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var wanted: [Int] = []
        /// Pages being loaded, with the ticket their load was given.
        var loading: [Int: Ticket] = [:]
        var failed: Set<Int> = []
        /// Loaded while wanted but found no room (more wanted pages filled the budget); not
        /// loaded again until the next request.
        var declined: Set<Int> = []
        var activeWorkers = 0
        var events = Events()
        var statistics = Statistics()
        /// The largest cost seen of each kind (``PageCache/kind``), to estimate pages not
        /// loaded yet.
        var largestCost: [Int: Int] = [:]
        /// The largest cost seen of any kind: the estimate for a kind not seen yet.
        var largestCostOfAll = 0
    }

    /// The number of pages the book has.
    public let pageCount: Int
    /// The limits.
    public let budget: Budget
    let loaders: Int
    let load: @Sendable (Int, Ticket) throws -> Content
    let cost: @Sendable (Content) -> Int
    /// Which kind of content a page index names (a page at rest, a finer raster of one, a
    /// tile: whatever the app keys its cache by), for estimating what a page not loaded yet
    /// will cost: the largest cost seen of its kind, or of any kind until one of its kind has
    /// been held.
    let kind: @Sendable (Int) -> Int
    let state = Mutex(State())
    let queue: DispatchQueue

    /// A cache for `pageCount` pages within `budget`, loading with `load` (called on up to
    /// `loaders` background threads at once, never on the caller's) and measuring each page's
    /// content with `cost` (bytes); `kind` names the kind of content each page index is, for
    /// estimating pages not loaded yet (see the type's notes).
    ///
    /// - Throws: ``BookError/invalidPageCount(_:)``, ``BookError/invalidBudget(pages:bytes:)``.
    public convenience init(pageCount: Int, budget: Budget, loaders: Int = 1,
                            load: @escaping @Sendable (Int) throws -> Content,
                            cost: @escaping @Sendable (Content) -> Int,
                            kind: @escaping @Sendable (Int) -> Int = { _ in 0 }) throws(BookError) {
        try self.init(pageCount: pageCount, budget: budget, loaders: loaders, load: { page, _ in try load(page) }, cost: cost, kind: kind)
    }

    /// A cache as the initialiser whose `load` takes only the page, whose loader is also given
    /// the load's ``Ticket``, cancelled once the page is no longer wanted: look at it between steps, or pass it on to the source (FolioDocument's
    /// `Cancellation(watching:)`), and throw to give up.
    ///
    /// - Throws: ``BookError/invalidPageCount(_:)``, ``BookError/invalidBudget(pages:bytes:)``.
    public init(pageCount: Int, budget: Budget, loaders: Int = 1,
                load: @escaping @Sendable (Int, Ticket) throws -> Content,
                cost: @escaping @Sendable (Content) -> Int,
                kind: @escaping @Sendable (Int) -> Int = { _ in 0 }) throws(BookError) {
        guard pageCount >= 1 else { throw .invalidPageCount(pageCount) }
        guard budget.pages >= 1, budget.bytes >= 1 else { throw .invalidBudget(pages: budget.pages, bytes: budget.bytes) }
        self.pageCount = pageCount
        self.budget = budget
        self.loaders = max(1, loaders)
        self.load = load
        self.cost = cost
        self.kind = kind
        queue = DispatchQueue(label: "folio.page-cache", qos: .userInitiated, attributes: .concurrent)
    }

    /// Wants `pages` (most wanted first), replacing the previous request: pages not yet held
    /// start loading in that order, as far as the budget allows. Out-of-range pages and
    /// repeats are ignored. Marks the wanted pages that are held as recently used. Loads of
    /// pages left out are cancelled (see the type's notes); `request([])` cancels them all.
    public func request(_ pages: [Int]) {
        let start = state.withLock { s -> Int in
            s.wanted.removeAll(keepingCapacity: true)
            s.declined.removeAll(keepingCapacity: true)
            for p in pages where p >= 0 && p < pageCount && !s.wanted.contains(p) { s.wanted.append(p) }
            for (p, ticket) in s.loading where !ticket.isCancelled && !s.wanted.contains(p) {
                ticket.cancel()
                s.statistics.cancelled += 1
            }
            // The most wanted page becomes the most recently used.
            for p in s.wanted.reversed() where s.entries[p] != nil {
                s.clock += 1
                s.entries[p]!.lastUse = s.clock
            }
            let starting = min(loaders - s.activeWorkers, Self.loadable(s, budget: budget, kind: kind).count)
            s.activeWorkers += max(0, starting)
            return max(0, starting)
        }
        for _ in 0..<start { queue.async { self.work() } }
    }

    /// The content of `page` if it is held (and marks it recently used).
    public func content(for page: Int) -> Content? {
        state.withLock { s in
            guard s.entries[page] != nil else { return nil }
            s.clock += 1
            s.entries[page]!.lastUse = s.clock
            return s.entries[page]!.content
        }
    }

    /// Whether `page` is held.
    public func contains(_ page: Int) -> Bool { state.withLock { $0.entries[page] != nil } }

    /// Arrivals, evictions and failures since the last call.
    public func drain() -> Events {
        state.withLock { s in
            if s.events.isEmpty { return Events() }
            let e = s.events
            s.events = Events()
            return e
        }
    }

    /// The pages held now.
    public var pages: [Int] { state.withLock { $0.entries.keys.sorted() } }
    /// The number of pages held now.
    public var count: Int { state.withLock { $0.entries.count } }
    /// The bytes held now.
    public var bytes: Int { state.withLock { $0.bytes } }
    /// Counts over the cache's life.
    public var statistics: Statistics { state.withLock { $0.statistics } }
    /// Whether loads are under way.
    public var isLoading: Bool { state.withLock { $0.activeWorkers > 0 } }

    /// Replaces the content held for `page` (after uploading it, say), keeping its cost.
    public func replace(_ page: Int, with content: Content) {
        state.withLock { s in
            if s.entries[page] != nil { s.entries[page]!.content = content }
        }
    }

    /// Stops holding `page` and frees its bytes, with no event: for content whose use has
    /// ended (a texture made from it was replaced by one made from another page's content,
    /// say). A page still wanted loads again. Nothing happens for a page not held.
    public func remove(_ page: Int) {
        let start = state.withLock { s -> Int in
            guard let entry = s.entries.removeValue(forKey: page) else { return 0 }
            s.bytes -= entry.cost
            let starting = min(loaders - s.activeWorkers, Self.loadable(s, budget: budget, kind: kind).count)
            s.activeWorkers += max(0, starting)
            return max(0, starting)
        }
        for _ in 0..<start { queue.async { self.work() } }
    }

    /// Wanted pages worth loading now: not held, not loading, not failed, and within the
    /// budget when counted in priority order with the wanted pages already held (those not
    /// held at the largest cost seen of their kind).
    static func loadable(_ s: State, budget: Budget, kind: (Int) -> Int) -> [Int] {
        var pages = 0, bytes = 0
        var result: [Int] = []
        for p in s.wanted {
            let c = s.entries[p]?.cost ?? s.largestCost[kind(p)] ?? s.largestCostOfAll
            pages += 1
            bytes += c
            if pages > budget.pages || (bytes > budget.bytes && pages > 1) { break }
            if s.entries[p] == nil && s.loading[p] == nil && !s.failed.contains(p) && !s.declined.contains(p) { result.append(p) }
        }
        return result
    }

    /// A loader thread: takes the most wanted loadable page, loads it without the lock, files
    /// it — or drops it when the page stopped being wanted meanwhile.
    func work() {
        while true {
            let next: (Int, Ticket)? = state.withLock { s in
                guard let p = Self.loadable(s, budget: budget, kind: kind).first else {
                    s.activeWorkers -= 1
                    return nil
                }
                let ticket = Ticket()
                s.loading[p] = ticket
                return (p, ticket)
            }
            guard let (page, ticket) = next else { return }
            let result = Result { try load(page, ticket) }
            state.withLock { s in
                s.loading[page] = nil
                if ticket.isCancelled {
                    // Wanted again by now and loaded after all: keep it. Otherwise (or if the
                    // loader gave up) forget the load, so a later request starts afresh.
                    guard case .success = result, s.wanted.contains(page) else {
                        s.statistics.abandoned += 1
                        return
                    }
                }
                switch result {
                case let .success(content):
                    file(content, cost: max(0, cost(content)), for: page, in: &s)
                case let .failure(error):
                    s.failed.insert(page)
                    s.statistics.failures += 1
                    s.events.failed.append((page, "\(error)"))
                }
            }
        }
    }

    /// Holds `content` if it fits, making room by evicting unwanted pages, then wanted pages
    /// less wanted than it, least recently used first; otherwise lets it go.
    func file(_ content: Content, cost c: Int, for page: Int, in s: inout State) {
        let k = kind(page)
        s.largestCost[k] = max(s.largestCost[k] ?? 0, c)
        s.largestCostOfAll = max(s.largestCostOfAll, c)
        guard c <= budget.bytes else {
            s.failed.insert(page)
            s.statistics.failures += 1
            s.events.failed.append((page, BookError.pageTooLarge(page: page, bytes: c, budget: budget.bytes).description))
            return
        }
        let rank = s.wanted.firstIndex(of: page) ?? Int.max
        while s.entries.count + 1 > budget.pages || s.bytes + c > budget.bytes {
            // The victim: unwanted before wanted, then the least recently used.
            var victim: (page: Int, unwanted: Bool, use: UInt64)?
            for (p, e) in s.entries {
                let r = s.wanted.firstIndex(of: p) ?? Int.max
                guard r > rank || r == Int.max else { continue }
                let unwanted = r == Int.max
                if let v = victim {
                    if unwanted && !v.unwanted || (unwanted == v.unwanted && e.lastUse < v.use) { victim = (p, unwanted, e.lastUse) }
                } else {
                    victim = (p, unwanted, e.lastUse)
                }
            }
            guard let v = victim else {
                // Only more wanted pages left: do not hold this one.
                s.declined.insert(page)
                return
            }
            s.bytes -= s.entries[v.page]!.cost
            s.entries[v.page] = nil
            s.statistics.evictions += 1
            s.events.evicted.append(v.page)
        }
        s.clock += 1
        s.entries[page] = Entry(content: content, cost: c, lastUse: s.clock)
        s.bytes += c
        s.statistics.loads += 1
        s.statistics.peakPages = max(s.statistics.peakPages, s.entries.count)
        s.statistics.peakBytes = max(s.statistics.peakBytes, s.bytes)
        s.events.arrived.append((page, content))
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Process-wide memory settings that suit a page cache.
public enum PageMemory {
    /// Asks the C allocator to give every block of at least `threshold` bytes its own mapping,
    /// returned to the system as soon as it is freed. Page images are a few megabytes each and
    /// short-lived; glibc otherwise raises its mapping threshold after the first such block is
    /// freed and serves later pages from heaps that rarely shrink, so resident memory creeps
    /// far past the cache's budget as pages come and go. Call once, early, in an app that
    /// pages through a large book. Returns whether the allocator accepted it (false where the
    /// C library has no such setting).
    @discardableResult
    public static func releaseFreedPagesPromptly(threshold: Int = 1 << 20) -> Bool {
        #if canImport(Glibc)
        // mallopt is declared in <malloc.h>, which the Glibc module leaves out: look it up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3 // M_MMAP_THRESHOLD
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return false }
        return unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, Int32(clamping: threshold)) == 1
        #else
        return false
        #endif
    }
}
