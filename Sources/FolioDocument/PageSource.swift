/// A document that can be read as a book: a number of pages, each with its own size, each
/// rendered on demand to an RGBA bitmap at the pixel size the reader asks for.
///
/// FolioDocument has two: ``PDFDocumentSource`` (poppler, in worker processes) and
/// ``ImageFolderSource`` (PNG and JPEG scans). An app adds its own (a network source, a
/// generated book) by conforming to this protocol.
///
/// **Threads.** `render` is called on background threads, several at once (a `PageCache`
/// with `loaders: 2` calls it from two threads), never on the main thread: it blocks until the
/// page is ready. Everything else is cheap and may be called anywhere.
///
/// **Errors.** A page that cannot be rendered throws a ``DocumentError`` for that page only;
/// the reader shows a placeholder in its place and carries on.
public protocol PageSource: AnyObject, Sendable {
    /// The number of pages (at least 1).
    var pageCount: Int { get }

    /// The size of every page, in points, indexed from 0. Known without rendering anything.
    var pageSizes: [PageSize] { get }

    /// Renders page `page` (0-based) scaled to exactly `width` × `height` pixels (pass a size
    /// with the page's aspect, see ``PageSource/pixelSize(of:fitting:)``). Blocks until done;
    /// returns early with ``DocumentError/cancelled(page:)`` once `cancellation` is set.
    ///
    /// - Throws: ``DocumentError`` for this page: out of range, a size refused by the limits,
    ///   a page the engine cannot render, a crashed or hung worker, cancellation.
    func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap

    /// Renders only `region` of page `page` as it would be drawn at `width` × `height` pixels:
    /// a tile of a zoomed page, `region.width` × `region.height` pixels, without the rest of
    /// the page ever being rasterised. The whole size may exceed the limits on one bitmap (a
    /// page at 8×); the region may not.
    ///
    /// The default renders the whole page and crops it (right, but as costly as the whole
    /// page); ``PDFDocumentSource`` asks its worker for the region alone and
    /// ``ImageFolderSource`` samples it from the decoded image.
    ///
    /// - Throws: ``DocumentError/invalidRegion(page:region:width:height:)`` for a region not
    ///   inside the page's raster, and whatever ``render(page:width:height:cancellation:)``
    ///   throws.
    func render(page: Int, width: Int, height: Int, region: PixelRegion, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap
}

extension PageSource {
    /// The size of page `page`, in points; zero for a page out of range.
    public func pageSize(_ page: Int) -> PageSize {
        page >= 0 && page < pageSizes.count ? pageSizes[page] : PageSize(width: 0, height: 0)
    }

    /// The largest pixel size with page `page`'s aspect that fits in `box` (width, height in
    /// pixels), each side at least 1. A page without a usable size gets the box itself.
    public func pixelSize(of page: Int, fitting box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let size = pageSize(page)
        guard size.isUsable, box.width >= 1, box.height >= 1 else { return (max(1, box.width), max(1, box.height)) }
        let scale = min(Double(box.width) / size.width, Double(box.height) / size.height)
        let w = min(box.width, max(1, Int((size.width * scale).rounded())))
        let h = min(box.height, max(1, Int((size.height * scale).rounded())))
        return (w, h)
    }

    /// Renders `region` of page `page` at `width` × `height` by rendering the whole page and
    /// cropping it (the protocol's default; see the requirement).
    public func render(page: Int, width: Int, height: Int, region: PixelRegion, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        guard region.fits(width: width, height: height) else { throw .invalidRegion(page: page, region: region, width: width, height: height) }
        return try render(page: page, width: width, height: height, cancellation: cancellation).cropped(to: region)
    }

    /// Renders page `page` without a way to cancel it.
    public func render(page: Int, width: Int, height: Int) throws(DocumentError) -> PageBitmap {
        try render(page: page, width: width, height: height, cancellation: nil)
    }

    /// A grey bitmap standing for a page that could not be rendered, at the size asked for
    /// (clamped to 1…2048 per side so a refused size cannot make a huge placeholder).
    public func placeholder(width: Int, height: Int) -> PageBitmap {
        PageBitmap(width: min(2048, max(1, width)), height: min(2048, max(1, height)), fill: (r: 200, g: 200, b: 200, a: 255))
    }
}
