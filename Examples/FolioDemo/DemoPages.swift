import FolioBook
import Foundation
import FolioDocument
import FolioLayers
import FolioRender
import Synchronization

/// What the page cache holds for a page: its decoded image until it is uploaded, then nothing
/// but the texture (owned by the renderer, released when the cache evicts the page), which
/// still counts its bytes (with mipmaps) against the cache's budget.
enum PageContent: Sendable {
    case pixels(Image)
    case uploaded(bytes: Int)

    /// The bytes the page's texture takes, mipmaps included (a third more than the image).
    var bytes: Int {
        switch self {
        case let .pixels(image): image.width * image.height * 4 * 4 / 3
        case let .uploaded(bytes): bytes
        }
    }
}

/// Where the demo's pages come from.
enum DemoSource {
    /// The synthetic numbered pages (`--synthetic-pages`): flat colours the window tests read.
    case synthetic
    /// A folder of PNG pages, shown at their own pixel size (`--pages DIR` without JPEGs).
    case pngFolder(String)
    /// A document (a PDF, the built-in sample book, a folder with JPEG scans), its pages laid
    /// out by `DocumentLayout` and rasterised at the size they are displayed.
    case document(any PageSource, name: String, layout: DocumentLayout)
}

/// The demo's pages: a document rasterised at display size, a folder of PNGs, or the synthetic
/// pages, loaded through the book's `PageCache` on background threads, uploaded as textures a
/// page per frame and deleted when the cache evicts them, so textures stay within the cache's
/// budget however long the book. No frame waits for a page: one not ready yet shows its
/// placeholder (a document's) or the paper colour.
@MainActor
final class DemoPages {
    /// Pages in the book.
    let count: Int
    /// The natural page size in pixels (the first readable page's header, or the sample pages');
    /// for a document, its book page size in points.
    let naturalPixelSize: (width: Int, height: Int)
    /// What the window title calls the pages: the document's or folder's name, or nil.
    let name: String?
    /// A document's pages and layout, or nil for image pages shown at their own size.
    let document: (source: any PageSource, layout: DocumentLayout)?
    /// The size a document's pages are rasterised at now, in pixels (the page's view size
    /// times the display's pixel scale); read by the loader threads.
    private let target = DisplaySize()
    /// The display size shared with the loader threads (a `Mutex` itself cannot be captured).
    final class DisplaySize: Sendable {
        let value = Mutex((width: 1, height: 1))
    }
    private let load: @Sendable (Int, PageCache<PageContent>.Ticket) throws -> PageContent
    private let cost: @Sendable (PageContent) -> Int
    /// Pages whose texture is a placeholder or from an older target size, to be replaced.
    private var stale = Set<Int>()
    /// Problems found while opening the pages (one line each).
    private(set) var warnings: [String] = []
    private(set) var cache: PageCache<PageContent>
    /// The budget: 16 pages or 128 MiB of textures (mipmaps included).
    static let budget = PageCache<PageContent>.Budget(pages: 16, bytes: 128 << 20)
    /// A document's budget, its pages and the tiles of its zoomed pages together: the same
    /// 128 MiB, in up to 64 entries (a view's tiles are many and small).
    static let documentBudget = PageCache<PageContent>.Budget(pages: 64, bytes: 128 << 20)
    /// How zoomed document pages are cut into tiles (512 pixels, down to 8× the fit size).
    nonisolated static let tilePlanner = TilePlanner(side: .large, maximumLevel: 3)
    /// The tiles of zoomed pages wanted now, most wanted first (`TilePlanner.Key.packed`):
    /// requested after the pages on screen and before the pages around them.
    var wantedTiles: [Int] = []
    static let sampleCount = 6
    nonisolated static let sampleSize = (width: 400, height: 560)
    /// Failures printed one by one before the rest are only counted.
    static let reportedFailures = 5

    /// The openings wanted besides what is on screen, nearest first, relative to the target.
    static let prefetch = [0, 1, -1, 2, -2]

    private var wanted: [Int] = []
    private var candidate: [Int] = []
    /// Rasters arrived and not uploaded yet, by cache key (a page, a tile or a page's finer
    /// raster, `key(page:level:)`): the most wanted that may show now goes up each frame.
    private var uploads: [(key: Int, image: Image)] = []
    /// Pages and tiles (by page index or tile key, `handleIndex`) whose handle has a texture.
    private var uploaded = Set<Int>()
    /// For each page or tile with a texture, the cache key whose raster it shows: the page
    /// itself at the display size, or its finer raster while a leaf in flight carries it.
    /// Absent for a placeholder, or a texture kept from an older size or an evicted raster
    /// until its replacement arrives (those are `stale`).
    private var shownKey: [Int: Int] = [:]
    /// For a page showing its finer raster, the cache key of the raster at the display size
    /// the renderer keeps beside it (`QuadRenderer.restingRasterSize(for:)`): held and counted
    /// by the cache while the page is in flight (1 + 2.62 resting pages' bytes), drawn where
    /// nothing magnifies the page, and shown again without a new raster once it lands.
    private var restingKey: [Int: Int] = [:]
    private(set) var failures = 0
    /// Pages whose problem was already told when the book opened.
    private var reported = Set<Int>()

    /// The pages of `source`: a document's (rasterised once the display size is known), a PNG
    /// folder's, or the synthetic pages — also for a PNG folder with no page that can be read
    /// (with a warning).
    ///
    /// - Throws: `PageFileError.folder` when a PNG folder cannot be opened as a folder: the
    ///   built-in pages are for when no source is named, not a stand-in for a wrong one.
    init(source: DemoSource, budget: PageCache<PageContent>.Budget? = nil) throws {
        var pageFolder: PageFolder?
        var natural = Self.sampleSize
        var document: (source: any PageSource, layout: DocumentLayout)?
        switch source {
        case .synthetic:
            name = nil
        case let .document(pages, title, layout):
            name = title
            document = (pages, layout)
            natural = (Int(layout.slotSize.width.rounded()), Int(layout.slotSize.height.rounded()))
            for (page, problem) in ((pages as? ImageFolderSource)?.problems ?? [:]).sorted(by: { $0.key < $1.key }).prefix(3) {
                warnings.append("page \(page + 1): \(problem); it shows as a placeholder")
                reported.insert(layout.slot(ofPage: page) ?? page)
            }
        case let .pngFolder(folder):
            name = (folder as NSString).lastPathComponent
            let f = try PageFolder(folder: folder)
            let (size, problems) = f.naturalSize()
            // A few lines at most, however many pages are bad.
            warnings += problems.prefix(3).map(\.message)
            reported = Set(problems.map(\.page))
            if problems.count > 3 { warnings.append("\(problems.count - 3) more of the first pages cannot be read") }
            if f.paths.isEmpty {
                warnings.append("no PNG or JPEG pages in '\(folder)'; showing the built-in pages")
            } else if let size {
                pageFolder = f
                natural = size
                if !problems.isEmpty { warnings.append("pages that cannot be read show as blank pages") }
            } else {
                warnings.append("none of the first pages of '\(folder)' is a readable PNG; showing the built-in pages")
            }
        }
        self.document = document
        naturalPixelSize = natural
        count = document?.layout.slots.count ?? pageFolder?.paths.count ?? Self.sampleCount
        let cost: @Sendable (PageContent) -> Int = { $0.bytes }
        let load: @Sendable (Int, PageCache<PageContent>.Ticket) throws -> PageContent
        if let document {
            let (pages, layout) = document
            let target = self.target
            // Rasterised at the size the page is shown; a failure is the cache's to report
            // (the page then keeps its placeholder).
            load = { slot, ticket in
                let (w, h) = target.value.withLock { $0 }
                // A page or tile the reader has moved past is not finished: the source gives
                // up (before its worker starts, or at once in flight) and the cache drops it.
                let cancellation = Cancellation(watching: { ticket.isCancelled })
                let bitmap: PageBitmap
                if let (page, level) = Self.fineRaster(slot) {
                    // A page in flight: its raster `rasterScale(ofLevel:)` times finer than the
                    // display size (1.62 × 1.62 for every turn the book draws).
                    let fine = Self.rasterPixels(ofLevel: level, width: w, height: h)
                    bitmap = try layout.render(slot: page, from: pages, width: fine.width, height: fine.height, cancellation: cancellation)
                } else if let key = TilePlanner.Key(packed: slot) {
                    // A tile of a zoomed page, with its gutter: its level's raster is the
                    // display size × 2^level.
                    guard let tile = Self.tilePlanner.tile(key, fitWidth: w, fitHeight: h) else {
                        // Planned for another display size: that grid has no such tile now.
                        throw DocumentError.invalidPixelSize(page: key.page, width: w << key.level, height: h << key.level,
                                                             reason: "\(key) lies outside the page's tile grid at this size")
                    }
                    bitmap = try layout.renderTile(slot: key.page, from: pages, width: tile.rasterWidth, height: tile.rasterHeight,
                                                   region: tile.raster, cancellation: cancellation)
                } else {
                    bitmap = try layout.render(slot: slot, from: pages, width: w, height: h, cancellation: cancellation)
                }
                guard let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) else {
                    throw DocumentError.invalidPixelSize(page: slot, width: w, height: h, reason: "the bitmap has the wrong length")
                }
                return .pixels(image)
            }
        } else if let pageFolder {
            load = { page, _ in .pixels(try pageFolder.load(page)) }
        } else {
            load = { page, _ in .pixels(SamplePages.page(page + 1, width: Self.sampleSize.width, height: Self.sampleSize.height)) }
        }
        self.load = load
        self.cost = cost
        // Tiles share the cache under their packed keys (bit 60 set), beyond any page index.
        cache = document == nil
            ? try PageCache(pageCount: count, budget: budget ?? Self.budget, loaders: 2, load: load, cost: cost)
            : try PageCache(pageCount: Int.max, budget: budget ?? Self.documentBudget, loaders: 2, load: load, cost: cost, kind: Self.costKind)
        wanted.reserveCapacity(32)
        candidate.reserveCapacity(32)
    }

    /// Sets the pixel size a document's pages are rasterised at (the page's view size times
    /// the display's pixel scale). A new size starts a fresh cache. The pages on screen and
    /// those wanted around the opening keep their textures (a coarser or finer picture of the
    /// same page) until their sharp replacements arrive, so a turn started right after a resize
    /// shows the next page, not its placeholder; every other texture, and every tile (cut for
    /// the old size), is freed at once. Beyond the fresh cache's budget that keeps at most the
    /// pages of `prefetch`'s openings, each freed once it is replaced or no longer wanted.
    func setDisplaySize(width: Int, height: Int, book: Book, renderer: QuadRenderer) {
        guard document != nil else { return }
        let size = (width: max(1, width), height: max(1, height))
        guard target.value.withLock({ $0 != size }) else { return }
        target.value.withLock { $0 = size }
        var kept = Set(book.visiblePages)
        for page in wanted where TilePlanner.Key(packed: page) == nil { kept.insert(page) }
        for page in uploaded where !kept.contains(page) { renderer.removeImage(for: Self.handle(page, book)) }
        // The fresh cache counts none of the old rasters: the kept pages keep one texture each.
        for page in restingKey.keys where kept.contains(page) { renderer.removeRestingRaster(for: Self.handle(page, book)) }
        restingKey.removeAll()
        uploaded.formIntersection(kept)
        stale = uploaded
        shownKey.removeAll()
        uploads.removeAll()
        wanted.removeAll()
        // Budget and loaders as before: the old cache's loads in flight are cancelled and dropped.
        cache.request([])
        if let fresh = try? PageCache(pageCount: Int.max, budget: cache.budget, loaders: 2, load: load, cost: cost, kind: Self.costKind) { cache = fresh }
    }

    /// The size a document's pages are rasterised at now, in pixels (their coarse level).
    var displaySize: (width: Int, height: Int) { target.value.withLock { $0 } }

    /// Whether `index` (a page, or a packed tile key) has its texture uploaded.
    func isUploaded(_ index: Int) -> Bool { uploaded.contains(index) && !stale.contains(index) }

    /// Pages and tiles whose texture is kept past the cache's budget until its replacement
    /// arrives: placeholders, rasters of an older display size, a landed page's finer raster.
    var keptUntilReplaced: Set<Int> { stale }

    /// Which raster page `page`'s texture is (0: the display size, k ≥ 1: the finer raster
    /// ``rasterScale(ofLevel:)`` times the display size, 1.62 at level 1); nil while it shows a
    /// placeholder, a texture kept from an older size, or nothing.
    func shownLevel(ofPage page: Int) -> Int? { shownKey[page].map(Self.level) }

    /// How many times finer than the display size page `page`'s texture is, along each axis
    /// (1, or 1.62 for a page a leaf in flight carries); nil where ``shownLevel(ofPage:)`` is.
    func shownRasterScale(ofPage page: Int) -> Double? { shownLevel(ofPage: page).map(Self.rasterScale(ofLevel:)) }

    /// The texture handle of a page, of a page's finer raster (the page's own handle) or of a
    /// tile (a packed key, bit 60 set: far past the book's page handles and the demo's text
    /// handles).
    static func handle(_ index: Int, _ book: Book) -> ContentHandle {
        TilePlanner.Key(packed: index) != nil ? ContentHandle(index) : book.handle(forPage: handleIndex(index))
    }

    /// The finest raster a page in flight is made at: level 4, 1.62 × 2³ ≈ 13 times the
    /// display size (the book asks for 1.62, level 1; the key has four bits for the level).
    nonisolated static let maximumFineLevel = 4

    /// How many times finer than the display size, along each axis, a page's raster at
    /// `level` is: 1 at level 0 (the display size); at level k ≥ 1 the book's finer raster
    /// scale (`PageMagnification.finerRasterScale`, 1.62) times 2^(k − 1), the scales
    /// `PageMagnification.rasterScale` asks for. Not a power of two: the renderer samples a
    /// raster 1.62 times finer with its −¾ bias so that λ ≈ 0 at the resting size and a draw
    /// the turn magnifies reads level 0 alone (docs/sharpness.md); on a 2 × 2 raster every
    /// draw with λ between 0 and 1 (a little magnified, or foreshortened) blended two levels
    /// of a texture four times the page's bytes. Measured through `folio bench --window`'s
    /// frames, 1.62 × 1.62 takes 0.66 of the bytes and the flip's frames 4.9% fewer
    /// instructions (docs/performance.md, "the demo's pages in flight at 1.62 × 1.62").
    nonisolated static func rasterScale(ofLevel level: Int) -> Double {
        level <= 0 ? 1 : PageMagnification.finerRasterScale * Double(1 << min(level - 1, 30))
    }

    /// The pixel size of a page's raster at `level` for a display size of `width` × `height`
    /// pixels: ``rasterScale(ofLevel:)`` on each axis, rounded up as the book's own path
    /// rounds it (`PageMagnification.pixels(width:height:)`).
    nonisolated static func rasterPixels(ofLevel level: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        let s = rasterScale(ofLevel: level)
        return PageMagnification(horizontal: s, vertical: s).pixels(width: width, height: height)
    }

    /// The cache key of page `page` rasterised at `level` (``rasterScale(ofLevel:)``):
    /// the page itself at level 0; otherwise bit 59 set, the level in bits 52–55 and the page
    /// below (a tile's key sets bit 60 instead, `TilePlanner.Key.packed`).
    nonisolated static func key(page: Int, level: Int) -> Int { level == 0 ? page : 1 << 59 | level << 52 | page }

    /// The page and level of a page's finer raster's key, or nil for any other key.
    nonisolated static func fineRaster(_ key: Int) -> (page: Int, level: Int)? {
        guard key >= 0, key >> 59 == 1 else { return nil }
        return (key & (1 << 52 - 1), key >> 52 & 15)
    }

    /// The kind of raster a cache key names, for the cache's estimate of what a key not loaded
    /// yet costs (`PageCache`'s `kind`): 0 a page at the display size, 1 a tile, 2 + level a
    /// page's finer raster (``rasterScale(ofLevel:)`` squared times a page's bytes: 2.62 at
    /// level 1). One estimate for all made every page not loaded yet count as a finer raster
    /// once one had been held, 2.62 (4 at 2 × 2) times its bytes.
    nonisolated static func costKind(_ key: Int) -> Int {
        if let (_, level) = fineRaster(key) { return 2 + level }
        return TilePlanner.Key(packed: key) != nil ? 1 : 0
    }

    /// The page or tile whose texture a key's raster becomes: a finer raster's page, else the key.
    nonisolated static func handleIndex(_ key: Int) -> Int { fineRaster(key)?.page ?? key }

    /// Which raster of its page a key names: 0 the display size, k ≥ 1 a finer raster
    /// (``rasterScale(ofLevel:)``).
    nonisolated static func level(_ key: Int) -> Int { fineRaster(key)?.level ?? 0 }

    /// Whether a page a leaf in flight carries is rasterised finer than the display size
    /// (`--no-tiles` turns it off with the tiles: every page at its display size only).
    var rastersPagesInFlightFiner = true

    /// The level page `page` wants rasterising at now: the first whose scale
    /// (``rasterScale(ofLevel:)``) covers the book's `rasterScale(ofPage:)` — level 1, 1.62 × 1.62,
    /// for a page a leaf in flight carries (the scale the book's own path and `folio bench
    /// --window` use, the renderer applying its fine raster's bias under both GL profiles),
    /// level 0 once it lies flat — kept within `Image.maximumSide` pixels a side. A whole-page
    /// raster beside the page's tiles, not a level of their power-of-two grid (2 × 2 cost more,
    /// ``rasterScale(ofLevel:)``). Always 0 for image pages (shown at their
    /// own size), with ``rastersPagesInFlightFiner`` off, and for a page with zoom tiles
    /// wanted: the tiles already show it at least as finely where it is in view, and a finer
    /// raster would only keep the loaders from them.
    func wantedLevel(ofPage page: Int, book: Book) -> Int {
        guard document != nil, rastersPagesInFlightFiner else { return 0 }
        if wantedTiles.contains(where: { TilePlanner.Key(packed: $0)?.page == page }) { return 0 }
        let scale = book.rasterScale(ofPage: page).largest
        var level = 0
        // 0.1% forgiven, as `PageMagnification.rasterScale` forgives it.
        while level < Self.maximumFineLevel && Self.rasterScale(ofLevel: level) * 1.001 < scale { level += 1 }
        let (w, h) = displaySize
        while level > 0 {
            let fine = Self.rasterPixels(ofLevel: level, width: w, height: h)
            if max(fine.width, fine.height) <= Image.maximumSide { break }
            level -= 1
        }
        return level
    }

    /// Whether an arrived raster (cache key `key`) may replace what its handle shows now: a
    /// tile always; a page on screen at the level it wants (or when it shows nothing of its
    /// own yet); a page off screen at the display size only.
    func shows(_ key: Int, book: Book) -> Bool {
        if TilePlanner.Key(packed: key) != nil { return true }
        let page = Self.handleIndex(key)
        if book.visiblePages.contains(page) { return Self.level(key) == wantedLevel(ofPage: page, book: book) || shownKey[page] == nil }
        return Self.level(key) == 0
    }

    /// The cache key of the resting raster the renderer keeps beside page `page`'s finer one,
    /// or nil.
    func restingRasterKey(ofPage page: Int) -> Int? { restingKey[page] }

    /// Forgets the resting raster key of `index`, whose textures the renderer deleted: the
    /// cache lets its bytes go too.
    private func forgetRestingRaster(_ index: Int) {
        if let key = restingKey.removeValue(forKey: index) { cache.remove(key) }
    }

    /// Whether some wanted key's raster goes to page or tile `index`.
    private func isWanted(_ index: Int) -> Bool { wanted.contains { Self.handleIndex($0) == index } }

    /// Once per frame: asks for the pages on screen and around where the book is heading,
    /// uploads at most one arrived page (the most wanted), frees evicted textures, and returns
    /// messages about pages that could not be read.
    func update(book: Book, targetOpening: Int, renderer: QuadRenderer) -> [String] {
        candidate.removeAll(keepingCapacity: true)
        // The pages on screen at the level they want: finer while a leaf in flight carries them.
        for p in book.visiblePages {
            let key = Self.key(page: p, level: wantedLevel(ofPage: p, book: book))
            if !candidate.contains(key) { candidate.append(key) }
        }
        for t in wantedTiles where !candidate.contains(t) { candidate.append(t) }
        for d in Self.prefetch {
            let o = targetOpening + d
            guard o >= 0 && o <= book.leafCount else { continue }
            let (read, unread) = book.pages(atOpening: o)
            if let p = read, !candidate.contains(p) { candidate.append(p) }
            if let p = unread, !candidate.contains(p) { candidate.append(p) }
        }
        if candidate != wanted {
            swap(&candidate, &wanted)
            cache.request(wanted)
        }
        // Placeholders of pages no longer wanted (never loaded, so never evicted) go.
        if !stale.isEmpty {
            for page in stale where !isWanted(page) && !cache.contains(page) {
                stale.remove(page)
                if uploaded.remove(page) != nil { renderer.removeImage(for: Self.handle(page, book)) }
                forgetRestingRaster(page)
            }
        }
        // A page that has landed shows the resting raster its finer one kept, while the cache
        // still holds it: no new raster, no upload.
        for page in book.visiblePages where shownKey[page].map(Self.level) ?? 0 > 0 && wantedLevel(ofPage: page, book: book) == 0 {
            guard let key = restingKey[page], cache.contains(key), let fine = shownKey[page] else { continue }
            if renderer.showRestingRaster(for: Self.handle(page, book)) {
                restingKey[page] = nil
                shownKey[page] = key
                cache.remove(fine)
            }
        }
        // A document's page on screen with no texture yet shows its placeholder at once.
        if let document {
            for page in book.visiblePages where !uploaded.contains(page) && !uploads.contains(where: { Self.handleIndex($0.key) == page }) {
                let p = document.source.placeholder(width: 8, height: 8)
                if let image = Image(width: p.width, height: p.height, pixels: p.pixels) {
                    try? renderer.setImage(image, for: book.handle(forPage: page))
                    uploaded.insert(page)
                    stale.insert(page)
                }
            }
        }
        var messages: [String] = []
        let events = cache.drain()
        if !events.isEmpty {
            for key in events.evicted {
                uploads.removeAll { $0.key == key }
                let index = Self.handleIndex(key)
                // The resting raster kept beside a finer one: only that texture goes.
                if restingKey[index] == key {
                    restingKey[index] = nil
                    renderer.removeRestingRaster(for: Self.handle(index, book))
                    continue
                }
                // Only the raster its handle shows takes the texture with it.
                guard shownKey[index] == key else { continue }
                shownKey[index] = nil
                if key != index && book.visiblePages.contains(index) {
                    // A finer raster of a page that has just landed: it shows until its
                    // raster at the display size replaces it (a frame or two past the budget).
                    stale.insert(index)
                    continue
                }
                stale.remove(index)
                if uploaded.remove(index) != nil { renderer.removeImage(for: Self.handle(index, book)) }
                forgetRestingRaster(index)
            }
            for (key, content) in events.arrived {
                if case let .pixels(image) = content { uploads.append((key, image)) }
            }
            for (page, message) in events.failed where !reported.contains(page) {
                failures += 1
                if failures <= Self.reportedFailures {
                    if let key = TilePlanner.Key(packed: page) {
                        messages.append("page \(key.page + 1), zoomed: \(message); it shows at its coarser level")
                    } else {
                        messages.append("page \(page + 1): \(message); it shows as a blank page")
                    }
                } else if failures == Self.reportedFailures + 1 {
                    messages.append("more pages cannot be read; they show as blank pages (not reported one by one)")
                }
            }
        }
        // One upload per frame, the most wanted that may show now first: decoding happened
        // off this thread. A raster that may not show yet (a page's raster at the display size
        // while a leaf in flight carries the page) waits, held and counted by the cache.
        var best: Int?
        for i in uploads.indices where shows(uploads[i].key, book: book) {
            if let b = best, (wanted.firstIndex(of: uploads[i].key) ?? .max) >= (wanted.firstIndex(of: uploads[b].key) ?? .max) { continue }
            best = i
        }
        if let best {
            let (key, image) = uploads.remove(at: best)
            let index = Self.handleIndex(key), level = Self.level(key)
            // Evicted meanwhile (and perhaps loaded again): only what the cache holds goes up.
            if cache.contains(key) {
                do throws(RenderError) {
                    let handle = Self.handle(key, book)
                    try renderer.setImage(image, for: handle, rasterScale: Self.rasterScale(ofLevel: level))
                    if let old = shownKey[index], old != key {
                        if level > 0, Self.level(old) == 0, renderer.restingRasterSize(for: handle) != nil {
                            // Kept beside the finer raster: still held, and counted, by the cache.
                            restingKey[index] = old
                        } else {
                            // The raster it replaces is gone from GL: the cache forgets it too.
                            cache.remove(old)
                        }
                    }
                    // An upload that kept no resting raster (one at the display size) deleted
                    // the one kept before: the cache lets it go too.
                    if renderer.restingRasterSize(for: handle) == nil, let kept = restingKey.removeValue(forKey: index), kept != key {
                        cache.remove(kept)
                    }
                    shownKey[index] = key
                } catch {
                    // Larger than this device's textures: reported, and the page stays as it was.
                    messages.append("page \(index + 1): \(error); it shows as a blank page")
                }
                uploaded.insert(index)
                stale.remove(index)
                cache.replace(key, with: .uploaded(bytes: PageContent.pixels(image).bytes))
            }
        }
        return messages
    }

    /// Forgets every texture (the renderer deleted them, or is about to be) so they upload again.
    func reset(renderer: QuadRenderer, book: Book) {
        for page in uploaded { renderer.removeImage(for: Self.handle(page, book)) }
        uploaded.removeAll()
        stale.removeAll()
        // The cache still holds their rasters as uploaded: they load again only once evicted.
        for key in shownKey.values { cache.remove(key) }
        for key in restingKey.values { cache.remove(key) }
        shownKey.removeAll()
        restingKey.removeAll()
    }
}
