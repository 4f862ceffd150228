#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FolioBook
import FolioDocument
import FolioFiles
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender

/// A document named by `--document` (a PDF, or a folder of PNG and JPEG scans) read as a book
/// for `folio render` and `folio sheet`, and by `folio bench --reader` as a reader shows it: its
/// pages laid out (`DocumentLayout`), the book framed in the output so that no leaf in flight is
/// clipped (`BookFraming`), and each page rasterised at the size it is displayed — the page's
/// view size times the pixel scale — when a frame first shows it.
@MainActor
package final class DocumentBook {
    package let source: any PageSource
    package let layout: DocumentLayout
    package let book: Book
    /// The output frame: the book's view hangs in it at the framing's origin.
    package let stage = Layer(name: "frame")
    package let framing: BookFraming
    /// A page's size in pixels (the larger part of a spread's split, as the numbered book draws).
    package let pagePixels: (width: Int, height: Int)
    /// The pages uploaded, with the raster scale each was rasterised at
    /// (``Book/rasterScale(ofPage:withLevelOfDetailBias:)`` when it was uploaded).
    private var uploaded: [Int: PageMagnification] = [:]
    private var reported = Set<Int>()

    /// Opens `path`: a folder as image scans, anything else as a PDF (with `password`).
    ///
    /// - Throws: `CommandFailure` with the `DocumentError`'s one line (exit 1): missing,
    ///   damaged, encrypted without the right password, no pages, too many pages.
    package nonisolated static func open(_ path: String, password: String?) throws -> any PageSource {
        var info = stat()
        let isFolder = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        do throws(DocumentError) {
            if isFolder { return try ImageFolderSource(folder: path) }
            // A page that fails costs one line, the book's own ("page 3 of 'book.pdf' shows as a
            // placeholder: …"), written when the page is shown: the source's log is silenced.
            var options = PDFDocumentSource.Options(password: password)
            options.log = { _ in }
            return try PDFDocumentSource(path: path, options: options)
        } catch {
            throw CommandFailure(message: "\(error)")
        }
    }

    /// The book of `source`'s pages for `configuration` (its view size is chosen by the
    /// framing), framed in an output of `frame` points.
    package init(source: any PageSource, configuration: BookConfiguration, frame: Size) throws {
        self.source = source
        let c = configuration
        let mode: DocumentLayout.Mode = c.layout == .spread && c.direction != .topToBottom
            ? .openings(firstPageAlone: true, rightToLeft: c.direction == .rightToLeft) : .singlePages
        layout = DocumentLayout(pageSizes: source.pageSizes, mode: mode)
        do throws(BookError) {
            // The output is the viewport: the largest book that fits with room for its leaves.
            framing = try BookFraming.fit(pageSize: Size(width: layout.slotSize.width, height: layout.slotSize.height), in: frame,
                                          configuration: c, margin: Self.margin(frame), maximumZoom: 64)
            var sized = c
            sized.viewSize = framing.viewSize
            book = try Book(pageCount: layout.slots.count, configuration: sized)
        } catch {
            throw CommandFailure(error)
        }
        var pageSize = framing.viewSize
        if book.configuration.layout == .spread {
            let part = book.frame.split.leading, height = book.frame.height
            pageSize = book.configuration.direction == .topToBottom ? Size(width: height, height: part) : Size(width: part, height: height)
        }
        do {
            pagePixels = try RenderLimits.pixelSize(pageSize, scale: c.scale)
        } catch {
            throw CommandFailure(error)
        }
        stage.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        stage.position = Point(x: frame.width / 2, y: frame.height / 2)
        let hanger = TransformLayer(name: "book frame")
        hanger.anchorPoint = .zero
        hanger.position = framing.origin
        try? hanger.addSublayer(book.root)
        try? stage.addSublayer(hanger)
    }

    /// One line on standard error.
    /// How the page lines name a document: its path or folder, quoted.
    package nonisolated static func name(of source: any PageSource) -> String {
        if let pdf = source as? PDFDocumentSource { return "'\(pdf.path)'" }
        if let folder = source as? ImageFolderSource { return "'\(folder.folder)'" }
        return "the document"
    }

    /// Writes one line to standard error, escaped (`MessageText.escaped(_:)`): the names in it
    /// come from outside and must not forge a second line.
    package nonisolated static func warn(_ line: String) {
        FileHandle.standardError.write(Data("\(MessageText.escaped(line))\n".utf8))
    }

    /// The room kept clear around everything the book can draw: 3% of the output's shorter
    /// side, at least 4 points, so that even a fold (which reaches nothing past its pages)
    /// stands clear of the picture's edge.
    package nonisolated static func margin(_ frame: Size) -> Double {
        max(4, (0.03 * min(frame.width, frame.height)).rounded())
    }

    /// The bytes the pages a frame shows take: at most six pages in flight at once are held,
    /// each at most at the book's largest raster scale (1.5 × 1.5: Folio's renderer applies
    /// the fine raster's level-of-detail bias under both GL profiles,
    /// ``Book/largestRasterScale(withLevelOfDetailBias:)``) with its resting raster kept
    /// beside it (`QuadRenderer.setImage(_:for:rasterScale:keepsRestingRaster:)`): 1 + 2.25 =
    /// 3.25 resting pages per page in flight (3.62 at the earlier 1.62 × 1.62), less than 2 × 2's 4.
    package var pageBytes: Int {
        let fine = book.largestRasterScale(withLevelOfDetailBias: true).pixels(width: pagePixels.width, height: pagePixels.height)
        let resting = fine == pagePixels ? 0 : RenderLimits.pageBytes(width: pagePixels.width, height: pagePixels.height)
        return min(book.pageCount, 6) * (RenderLimits.pageBytes(width: fine.width, height: fine.height) + resting)
    }

    /// Uploads the pages the book shows now that are not uploaded yet or were rasterised at
    /// another scale, and frees those it no longer shows. Each page is rasterised at its
    /// ``Book/rasterScale(ofPage:withLevelOfDetailBias:)`` of the size it is displayed: finer while a leaf in flight
    /// carries it, so that the turn shows the detail it magnifies, and at the size shown once
    /// it lies flat again (a finer raster at rest would be minified, and blurred by its
    /// mipmaps). A page that cannot be rendered shows as the source's placeholder, with one
    /// line on standard error (once per page).
    ///
    /// A finer raster is kept within `maximumSide` pixels a side (the device's largest
    /// texture): past it the page is rasterised as fine as the device allows.
    package func uploadVisiblePages(to renderer: QuadRenderer, maximumSide: Int = .max) throws(RenderError) {
        let visible = Set(book.visiblePages)
        for page in Set(uploaded.keys).subtracting(visible) {
            renderer.removeImage(for: book.handle(forPage: page))
            uploaded[page] = nil
        }
        for page in book.visiblePages {
            let scale = book.rasterScale(ofPage: page, withLevelOfDetailBias: renderer.appliesLevelOfDetailBias)
            guard uploaded[page] != scale else { continue }
            // A page that has landed shows the resting raster its finer one kept: no new raster.
            if scale == .one, uploaded[page] != nil, renderer.showRestingRaster(for: book.handle(forPage: page)) {
                uploaded[page] = scale
                continue
            }
            var (w, h) = scale.pixels(width: pagePixels.width, height: pagePixels.height)
            (w, h) = (max(pagePixels.width, min(w, maximumSide)), max(pagePixels.height, min(h, maximumSide)))
            let bitmap: PageBitmap
            do {
                bitmap = try layout.render(slot: page, from: source, width: w, height: h)
            } catch {
                if reported.insert(page).inserted { Self.warn("folio: page \(page + 1) of \(Self.name(of: source)) shows as a placeholder: \(error)") }
                bitmap = source.placeholder(width: w, height: h)
            }
            // The layout of FolioRender's `Image` exactly: no conversion.
            if let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) {
                try renderer.setImage(image, for: book.handle(forPage: page), rasterScale: scale.largest)
            }
            uploaded[page] = scale
        }
    }

    /// Poses the book for frame `index` of `count` of a riffle through the whole document:
    /// the leaves turn one after another in reading order, each through easeInEaseOut.
    package func poseRiffle(frame index: Int, of count: Int) throws(BookError) {
        let leaves = book.leafCount
        guard leaves > 0, count > 1 else { return }
        let u = Double(index) / Double(count - 1) * Double(leaves)
        let leaf = min(leaves - 1, Int(u.rounded(.down)))
        let local = min(1, max(0, u - Double(leaf)))
        if local <= 0 {
            try book.setLeaves([], opening: leaf)
        } else if local >= 1 {
            try book.setLeaves([], opening: leaf + 1)
        } else {
            try book.setLeaves([BookLeaf(index: leaf, progress: TimingFunction.easeInEaseOut.value(at: local))], opening: leaf)
        }
    }

    /// Page `page` of `source` fitted and centred in `width` × `height` pixels on white,
    /// rasterised at the size it is shown; a page that cannot be rendered is the source's
    /// placeholder, with one line on standard error.
    package nonisolated static func fitted(page: Int, of source: any PageSource, width: Int, height: Int) -> Image {
        var out = Image(width: width, height: height, fill: (255, 255, 255, 255))
        let (w, h) = source.pixelSize(of: page, fitting: (width, height))
        let bitmap: PageBitmap
        do {
            bitmap = try source.render(page: page, width: w, height: h)
        } catch {
            Self.warn("folio: page \(page + 1) of \(Self.name(of: source)) shows as a placeholder: \(error)")
            bitmap = source.placeholder(width: w, height: h)
        }
        if let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) {
            out.blit(image, x: (width - bitmap.width) / 2, y: (height - bitmap.height) / 2)
        }
        return out
    }
}
