import FolioBook
import FolioCLISupport
import FolioGeometry
import FolioRender

extension RenderCommand {
    /// Renders the book with its leaves in flight, each page a built-in numbered page (page
    /// index + 1) at the page's own pixel size.
    ///
    /// Sizes are checked as for the other effects: the pixel size against the GL device's
    /// limits and the pages and frame against the free memory, before anything is drawn.
    @MainActor func bookImage() throws -> Image {
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
        let mode = AntialiasingMode(rawValue: aa)!
        let paperLight = try parsedLight()
        // Lit with shadows, the leaves' cast shadows replace the tints on the pages beneath.
        book.isLit = paperLight != nil && !noShadows
        do {
            let (w, h) = try RenderLimits.pixelSize(pageSize, scale: scale)
            let (fw, fh) = try RenderLimits.pixelSize(size, scale: scale)
            let offscreen = try OffscreenRenderer()
            offscreen.renderer.light = paperLight
            offscreen.renderer.castsShadows = !noShadows
            // Unlit, a curled leaf casts the lit look's shadow all the same (docs/curl.md §8).
            offscreen.renderer.castsUnlitShadows = !noShadows
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: fw, height: fh, samples: samples)
            try offscreen.limits.checkTexture(width: w, height: h, what: "built-in page")
            try RenderLimits.checkMemory(book.visiblePages.count * RenderLimits.pageBytes(width: w, height: h)
                                         + RenderLimits.frameBytes(width: fw, height: fh, samples: samples) + fw * fh * 4,
                                         for: "rendering the book at \(fw)x\(fh) pixels")
            for page in book.visiblePages {
                try offscreen.renderer.setImage(SamplePages.page(page + 1, width: w, height: h), for: book.handle(forPage: page))
            }
            return try offscreen.render(book.root, size: size, scale: scale, antialiasing: mode,
                                        background: try Self.parseColor(background))
        } catch {
            // Every call in the block throws `RenderError` only.
            throw CommandFailure(error)
        }
    }
}
