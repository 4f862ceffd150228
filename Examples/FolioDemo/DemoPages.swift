import FolioBook
import FolioLayers
import FolioRender

/// What the page cache holds for a page: its decoded image until it is uploaded, then nothing
/// but the texture (owned by the renderer, released when the cache evicts the page).
enum PageContent: Sendable {
    case pixels(Image)
    case uploaded
}

/// The demo's pages: the built-in sample pages or a folder of PNGs, loaded through the book's
/// `PageCache` on background threads, uploaded as textures a page per frame and deleted when
/// the cache evicts them, so textures stay within the cache's budget however long the book.
@MainActor
final class DemoPages {
    /// Pages in the book.
    let count: Int
    /// The natural page size in pixels (the first readable page's header, or the sample pages').
    let naturalPixelSize: (width: Int, height: Int)
    /// Problems found while opening the pages (one line each).
    private(set) var warnings: [String] = []
    let cache: PageCache<PageContent>
    /// The budget: 16 pages or 128 MiB of textures (mipmaps included).
    static let budget = PageCache<PageContent>.Budget(pages: 16, bytes: 128 << 20)
    static let sampleCount = 6
    nonisolated static let sampleSize = (width: 400, height: 560)
    /// Failures printed one by one before the rest are only counted.
    static let reportedFailures = 5

    /// The openings wanted besides what is on screen, nearest first, relative to the target.
    static let prefetch = [0, 1, -1, 2, -2]

    private var wanted: [Int] = []
    private var candidate: [Int] = []
    private var uploads: [(page: Int, image: Image)] = []
    private var uploaded = Set<Int>()
    private(set) var failures = 0
    /// Pages whose problem was already told when the book opened.
    private var reported = Set<Int>()

    /// Opens `folder`'s PNG pages, or the sample pages when `folder` is nil, or has no page
    /// that can be read (with a warning).
    ///
    /// - Throws: `PageFileError.folder` when `folder` is named but cannot be opened as a folder:
    ///   the built-in pages are for when no source is named, not a stand-in for a wrong one.
    init(folder: String?) throws {
        var pageFolder: PageFolder?
        var natural = Self.sampleSize
        if let folder {
            let f = try PageFolder(folder: folder)
            let (size, problems) = f.naturalSize()
            // A few lines at most, however many pages are bad.
            warnings += problems.prefix(3).map(\.message)
            reported = Set(problems.map(\.page))
            if problems.count > 3 { warnings.append("\(problems.count - 3) more of the first pages cannot be read") }
            if f.paths.isEmpty {
                warnings.append("no .png pages in '\(folder)'; showing the built-in pages")
            } else if let size {
                pageFolder = f
                natural = size
                if !problems.isEmpty { warnings.append("pages that cannot be read show as blank pages") }
            } else {
                warnings.append("none of the first pages of '\(folder)' is a readable PNG; showing the built-in pages")
            }
        }
        naturalPixelSize = natural
        count = pageFolder?.paths.count ?? Self.sampleCount
        let cost: @Sendable (PageContent) -> Int = { content in
            guard case let .pixels(image) = content else { return 0 }
            // The texture with its mipmaps: a third more than the image.
            return image.width * image.height * 4 * 4 / 3
        }
        let load: @Sendable (Int) throws -> PageContent
        if let pageFolder {
            load = { .pixels(try pageFolder.load($0)) }
        } else {
            load = { .pixels(SamplePages.page($0 + 1, width: Self.sampleSize.width, height: Self.sampleSize.height)) }
        }
        cache = try PageCache(pageCount: count, budget: Self.budget, loaders: 2, load: load, cost: cost)
        wanted.reserveCapacity(32)
        candidate.reserveCapacity(32)
    }

    /// Once per frame: asks for the pages on screen and around where the book is heading,
    /// uploads at most one arrived page (the most wanted), frees evicted textures, and returns
    /// messages about pages that could not be read.
    func update(book: Book, targetOpening: Int, renderer: QuadRenderer) -> [String] {
        candidate.removeAll(keepingCapacity: true)
        for p in book.visiblePages where !candidate.contains(p) { candidate.append(p) }
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
        var messages: [String] = []
        let events = cache.drain()
        if !events.isEmpty {
            for page in events.evicted {
                if uploaded.remove(page) != nil { renderer.removeImage(for: book.handle(forPage: page)) }
                uploads.removeAll { $0.page == page }
            }
            for (page, content) in events.arrived {
                if case let .pixels(image) = content { uploads.append((page, image)) }
            }
            for (page, message) in events.failed where !reported.contains(page) {
                failures += 1
                if failures <= Self.reportedFailures {
                    messages.append("page \(page + 1): \(message); it shows as a blank page")
                } else if failures == Self.reportedFailures + 1 {
                    messages.append("more pages cannot be read; they show as blank pages (not reported one by one)")
                }
            }
        }
        // One upload per frame, the most wanted first: decoding happened off this thread.
        if !uploads.isEmpty {
            var best = 0
            for i in uploads.indices where (wanted.firstIndex(of: uploads[i].page) ?? .max) < (wanted.firstIndex(of: uploads[best].page) ?? .max) {
                best = i
            }
            let (page, image) = uploads.remove(at: best)
            do throws(RenderError) {
                try renderer.setImage(image, for: book.handle(forPage: page))
            } catch {
                // Larger than this device's textures: reported, and the page stays blank.
                messages.append("page \(page + 1): \(error); it shows as a blank page")
            }
            uploaded.insert(page)
            cache.replace(page, with: .uploaded)
        }
        return messages
    }

    /// Forgets every texture (the renderer deleted them, or is about to be) so they upload again.
    func reset(renderer: QuadRenderer, book: Book) {
        for page in uploaded { renderer.removeImage(for: book.handle(forPage: page)) }
        uploaded.removeAll()
    }
}
