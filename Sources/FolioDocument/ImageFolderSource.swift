import FolioFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A folder of scanned pages: its PNG and JPEG files (`.png`, `.jpg`, `.jpeg`, any case) in
/// natural order (`page2` before `page10`), one page each.
///
/// Opening reads only each file's header (24 bytes of a PNG, at most 256 KiB of a JPEG) for
/// the page sizes; a page is decoded when it is rendered, on the caller's thread, in this
/// process (libpng and libjpeg-turbo are bounded here by the size and pixel checks; PDFs get
/// a worker process because poppler is a much larger attack surface). A file whose header
/// cannot be read still counts as a page: its size is taken from the first readable page and
/// rendering it throws, so the reader shows a placeholder there and the page numbers stay
/// those of the folder.
public final class ImageFolderSource: PageSource {
    /// The folder given.
    public let folder: String
    /// The pages' paths, in page order, as messages show them: a name whose bytes are not
    /// UTF-8 shows each such byte as `\xHH` (the file itself is opened by its exact bytes).
    public let paths: [String]
    /// The number of pages.
    public var pageCount: Int { paths.count }
    /// Each page's size: its pixel size (one pixel counts as one point).
    public let pageSizes: [PageSize]
    /// Why each page whose header could not be read was refused, by page.
    public let problems: [Int: DocumentError]
    /// The limits checked.
    public let limits: DocumentLimits
    /// The pages' files: their paths' exact bytes (names are bytes on Linux, not text).
    let files: [ImageDecoder.File]

    /// Lists `folder` and reads every page's header.
    ///
    /// Pages are the files named `.png`, `.jpg` or `.jpeg` (any case, not hidden); each is read
    /// as the format its first bytes announce, whatever its name says.
    ///
    /// - Throws: ``DocumentError/file(_:)`` if the folder cannot be listed,
    ///   ``DocumentError/noImages(folder:)`` if it holds no PNG or JPEG file.
    public init(folder: String, limits: DocumentLimits = .standard) throws(DocumentError) {
        self.folder = folder
        self.limits = limits
        guard let dir = opendir(folder) else {
            let code = errno
            throw .file(code == ENOENT ? .notFound(path: folder) : .readFailed(path: folder, reason: String(cString: strerror(code))))
        }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: "."), ImageDecoder.isPageName(name) { names.append(name) }
        }
        closedir(dir)
        guard !names.isEmpty else { throw .noImages(folder: folder) }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let ordered = names.sorted { NaturalOrder.precedes(bytes: $0, $1) }
        files = ordered.map { ImageDecoder.File(bytes: Array(base.utf8) + $0, shown: base + MessageText.escaped(bytes: $0)) }
        paths = files.map(\.shown)
        var sizes: [PageSize?] = []
        var problems: [Int: DocumentError] = [:]
        for (i, file) in files.enumerated() {
            do {
                let (w, h, _) = try ImageDecoder.probe(file, limits: limits)
                sizes.append(PageSize(width: Double(w), height: Double(h)))
            } catch {
                sizes.append(nil)
                problems[i] = error
            }
        }
        let fallback = sizes.lazy.compactMap { $0 }.first ?? PageSize(width: 595, height: 842)
        pageSizes = sizes.map { $0 ?? fallback }
        self.problems = problems
    }

    /// Decodes page `page` and scales it to `width` × `height` pixels.
    ///
    /// - Throws: ``DocumentError/pageOutOfRange(page:count:)``,
    ///   ``DocumentError/invalidPixelSize(page:width:height:reason:)``, ``DocumentError/cancelled(page:)``,
    ///   and for the file: ``DocumentError/file(_:)``, ``DocumentError/badImage(path:reason:)``,
    ///   ``DocumentError/imageTooLarge(path:width:height:limit:)``.
    public func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        guard page >= 0, page < pageCount else { throw .pageOutOfRange(page: page, count: pageCount) }
        try limits.check(page: page, width: width, height: height)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        let decoded = try ImageDecoder.decode(files[page], target: (width, height), limits: limits)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        return decoded.resampled(width: width, height: height)
    }

    /// Renders `region` of page `page` scaled to `width` × `height`: the image decoded at its
    /// own size (a scan zoomed past it has nothing finer), and only the region's pixels
    /// sampled from it.
    ///
    /// - Throws: ``DocumentError/invalidRegion(page:region:width:height:)``, and as
    ///   ``render(page:width:height:cancellation:)`` for the region's size and the file.
    public func render(page: Int, width: Int, height: Int, region: PixelRegion, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        guard page >= 0, page < pageCount else { throw .pageOutOfRange(page: page, count: pageCount) }
        guard region.fits(width: width, height: height) else { throw .invalidRegion(page: page, region: region, width: width, height: height) }
        try limits.check(page: page, width: region.width, height: region.height)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        // The decoder's target is capped at the limits: past them the image's own size serves.
        let target = (min(width, limits.maximumSide), min(height, limits.maximumSide))
        let decoded = try ImageDecoder.decode(files[page], target: target, limits: limits)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        return decoded.resampled(width: width, height: height, region: region)
    }
}
