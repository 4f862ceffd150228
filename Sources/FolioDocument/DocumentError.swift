import FolioFiles

/// Why a document could not be opened or one of its pages rendered. Every case names the
/// value at fault: the path, the page (0-based, shown 1-based in messages), the size.
///
/// Errors about the whole document come from the sources' initialisers; errors about one
/// page come from `render` and leave the other pages usable (show a placeholder).
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder could not be opened or read (not found, a FIFO, too large …).
    case file(FileError)
    /// The PDF is encrypted and no password was given.
    case encrypted(path: String)
    /// The PDF is encrypted and the password given does not open it.
    case wrongPassword(path: String)
    /// The file is not a PDF poppler can read (truncated, garbage, xref beyond repair);
    /// `reason` is poppler's message.
    case damaged(path: String, reason: String)
    /// The document has no pages (a book needs at least one).
    case noPages(path: String)
    /// The document has more pages than ``DocumentLimits/maximumPages``.
    case tooManyPages(path: String, count: Int, limit: Int)
    /// A folder holds no PNG or JPEG files.
    case noImages(folder: String)
    /// An image file could not be decoded (not a PNG or JPEG, truncated, corrupt).
    case badImage(path: String, reason: String)
    /// An image file claims more pixels than ``DocumentLimits/maximumImagePixels``.
    case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
    /// `page` is not a page of the document (`count` pages).
    case pageOutOfRange(page: Int, count: Int)
    /// The page's own size cannot be rendered (zero, negative or not finite), in points.
    case invalidPageSize(page: Int, width: Double, height: Double)
    /// The requested bitmap size is refused before any work.
    case invalidPixelSize(page: Int, width: Int, height: Int, reason: String)
    /// The engine could not render the page (poppler or cairo refused it); the document is fine.
    case renderFailed(page: Int, reason: String)
    /// The PDF worker process died while working on `page` (nil: while opening); `reason`
    /// says how ("killed by signal 11"). It is restarted for the next request.
    case workerCrashed(page: Int?, reason: String)
    /// The PDF worker did not answer within `seconds`; it was killed and is restarted.
    case timedOut(page: Int?, seconds: Double)
    /// The PDF worker executable could not be started.
    case workerUnavailable(path: String, reason: String)
    /// The render was cancelled before it finished.
    case cancelled(page: Int)
    /// A tile (`region`) that does not lie inside page `page`'s raster of `width` × `height`
    /// pixels (``PageSource/render(page:width:height:region:cancellation:)``).
    case invalidRegion(page: Int, region: PixelRegion, width: Int, height: Int)

    /// One line naming the value at fault (pages counted from 1). Names and the engines'
    /// reasons come from outside (a file's name, poppler's message about a file's content), so
    /// the line is escaped (`MessageText.escaped(_:)`): it stays one line whatever they hold.
    public var description: String { MessageText.escaped(unescapedDescription) }

    private var unescapedDescription: String {
        switch self {
        case let .file(error): return error.description
        case let .encrypted(path): return "'\(path)' is encrypted; a password is needed"
        case let .wrongPassword(path): return "the password does not open '\(path)'"
        case let .damaged(path, reason): return "'\(path)' is not a readable PDF (\(reason))"
        case let .noPages(path): return "'\(path)' has no pages"
        case let .tooManyPages(path, count, limit): return "'\(path)' has \(count) pages; the limit is \(limit)"
        case let .noImages(folder): return "no PNG or JPEG files in '\(folder)'"
        case let .badImage(path, reason): return "cannot decode '\(path)': \(reason)"
        case let .imageTooLarge(path, w, h, limit): return "'\(path)' claims \(w)×\(h) pixels; the limit is \(limit) pixels"
        case let .pageOutOfRange(page, count): return "page \(page + 1) does not exist; the document has \(count) pages"
        case let .invalidPageSize(page, w, h):
            return "page \(page + 1) has an unusable size \(PageSize(width: w, height: h))"
        case let .invalidPixelSize(page, w, h, reason): return "page \(page + 1) cannot be rendered at \(w)×\(h) pixels: \(reason)"
        case let .renderFailed(page, reason): return "page \(page + 1) could not be rendered: \(reason)"
        case let .workerCrashed(page, reason):
            return page.map { "the PDF worker \(reason) while rendering page \($0 + 1)" } ?? "the PDF worker \(reason) while opening the document"
        case let .timedOut(page, seconds):
            return page.map { "page \($0 + 1) took longer than \(seconds) s; the PDF worker was stopped" }
                ?? "opening the document took longer than \(seconds) s; the PDF worker was stopped"
        case let .workerUnavailable(path, reason): return "cannot start the PDF worker '\(path)': \(reason)"
        case let .cancelled(page): return "page \(page + 1) was cancelled"
        case let .invalidRegion(page, region, w, h): return "page \(page + 1): the region \(region) is not inside its \(w)×\(h) raster"
        }
    }
}
