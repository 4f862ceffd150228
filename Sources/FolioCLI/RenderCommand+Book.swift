import FolioBook
import FolioGeometry
import FolioRender

extension RenderCommand {
    /// Renders the book with its leaves in flight, each page a built-in numbered page (page
    /// index + 1) at the page's own pixel size.
    func bookImage() throws -> Image {
        let book = try options.makeBook()
        book.showsShadows = !noShadows
        let size = try options.parsedSize()
        let scale = options.scale
        var pageSize = size
        if book.configuration.layout == .spread {
            // The larger part of the split (pages are drawn at it, the other one a pixel smaller).
            let part = book.frame.split.leading, height = book.frame.height
            pageSize = book.configuration.direction == .topToBottom ? Size(width: height, height: part) : Size(width: part, height: height)
        }
        let w = Int((pageSize.width * scale).rounded()), h = Int((pageSize.height * scale).rounded())
        do {
            guard w >= 1, h >= 1, w <= Image.maximumSide, h <= Image.maximumSide else {
                throw RenderError.invalidPixelSize(width: Double(w), height: Double(h), limit: Image.maximumSide)
            }
            let offscreen = try OffscreenRenderer()
            for page in book.visiblePages {
                offscreen.renderer.setImage(SamplePages.page(page + 1, width: w, height: h), for: book.handle(forPage: page))
            }
            return try offscreen.render(book.root, size: size, scale: scale, antialiasing: AntialiasingMode(rawValue: aa)!,
                                        background: try Self.parseColor(background))
        } catch let error as RenderError {
            throw CommandFailure(error)
        }
    }
}
