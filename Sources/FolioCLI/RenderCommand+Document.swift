import ArgumentParser
import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioRender

extension RenderCommand {
    /// `--document` usage checks (exit 64): it needs `--effect book`, and the document decides
    /// the pages, so `--page-count` goes without it; `--password` needs a document.
    func validateDocument() throws {
        guard let document else {
            if password != nil { throw ValidationError("--password applies to --document") }
            return
        }
        guard options.effectOption == .book else {
            throw ValidationError("--document '\(document)' applies to --effect book (a flipbook preview of the document)")
        }
        if options.pageCount != nil { throw ValidationError("--page-count does not apply with --document: the document's pages are the book's") }
    }

    /// The book's settings from the options; the view size is the framing's to choose.
    func documentConfiguration(frame: Size) throws -> BookConfiguration {
        try options.bookConfiguration(viewSize: frame)
    }

    /// Opens the document and frames its book in the output, with the `--leaf` leaves in
    /// flight; checks the frame and the pages against the device and the free memory.
    @MainActor func documentSetUp(extraBytes: Int = 0) throws -> (DocumentBook, OffscreenRenderer) {
        let size = try options.parsedSize()
        let configuration = try documentConfiguration(frame: size)
        let source = try DocumentBook.open(document!, password: password)
        let pages = try DocumentBook(source: source, configuration: configuration, frame: size)
        try options.setLeaves(try options.bookLeaves(), on: pages.book)
        pages.book.showsShadows = !noShadows
        let mode = AntialiasingMode(rawValue: aa)!
        let paperLight = try parsedLight()
        pages.book.isLit = paperLight != nil && !noShadows
        do {
            let (fw, fh) = try RenderLimits.pixelSize(size, scale: options.scale)
            let offscreen = try OffscreenRenderer()
            offscreen.renderer.light = paperLight
            offscreen.renderer.castsShadows = !noShadows
            // Unlit, a curled leaf casts the lit look's shadow all the same (docs/curl.md §8).
            offscreen.renderer.castsUnlitShadows = !noShadows
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: fw, height: fh, samples: samples)
            try offscreen.limits.checkTexture(width: pages.pagePixels.width, height: pages.pagePixels.height, what: "document page")
            try RenderLimits.checkMemory(pages.pageBytes + RenderLimits.frameBytes(width: fw, height: fh, samples: samples) + fw * fh * 4 + extraBytes,
                                         for: "rendering the document's book at \(fw)x\(fh) pixels")
            return (pages, offscreen)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// One frame of the document's book (`--out *.png`).
    @MainActor func documentImage() throws -> Image {
        let (pages, offscreen) = try documentSetUp()
        do {
            try pages.uploadVisiblePages(to: offscreen.renderer, maximumSide: offscreen.limits.maximumTextureSize)
            return try offscreen.render(pages.stage, size: try options.parsedSize(), scale: options.scale,
                                        antialiasing: AntialiasingMode(rawValue: aa)!, background: try Self.parseColor(background))
        } catch {
            throw CommandFailure(error)
        }
    }

    /// A flipbook preview of the whole document (`--out *.webp`): `--frames` frames over a
    /// riffle that turns every leaf in reading order, held at each end, then played back
    /// (unless `--once`).
    @MainActor func documentAnimation() throws -> Data {
        let size = try options.parsedSize()
        let (w, h): (Int, Int)
        do {
            (w, h) = try RenderLimits.pixelSize(size, scale: options.scale)
            try AnimatedWebPEncoder.checkSize(width: w, height: h)
        } catch { throw CommandFailure(error) }
        let (pages, offscreen) = try documentSetUp(extraBytes: AnimatedWebPEncoder.workingBytes(width: w, height: h))
        do {
            let encoder = try AnimatedWebPEncoder(width: w, height: h, quality: try parsedQuality())
            let step = duration / Double(frames - 1), hold = 0.5
            let order = Array(0..<frames) + (once ? [] : Array((1..<(frames - 1)).reversed()))
            for (k, i) in order.enumerated() {
                try pages.poseRiffle(frame: i, of: frames)
                try pages.uploadVisiblePages(to: offscreen.renderer, maximumSide: offscreen.limits.maximumTextureSize)
                let frame = try offscreen.render(pages.stage, size: size, scale: options.scale,
                                                 antialiasing: AntialiasingMode(rawValue: aa)!, background: try Self.parseColor(background))
                try encoder.add(frame, duration: k == 0 || i == frames - 1 ? hold : step)
            }
            return try encoder.encode()
        } catch let error as RenderError {
            throw CommandFailure(error)
        } catch let error as BookError {
            throw CommandFailure(error)
        }
    }

    /// `--pages-from`: the document's first two pages (the first twice if it has one), each
    /// fitted to the frame's pixel size on white paper and rasterised at the size shown, so a
    /// fold or flip preview shows real, sharp pages.
    ///
    /// - Throws: `CommandFailure` (exit 1, one line) for a document that cannot be opened or
    ///   whose page cannot be rendered, or a frame too large.
    static func documentPages(_ path: String, size: Size, scale: Double) throws -> (Image, Image) {
        let (w, h): (Int, Int)
        do { (w, h) = try RenderLimits.pixelSize(size, scale: scale) } catch { throw CommandFailure(error) }
        let source = try DocumentBook.open(path, password: nil)
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .singlePages)
        func page(_ slot: Int) throws -> Image {
            do throws(DocumentError) {
                let bitmap = try Self.fitted(page: layout.slots[slot].page ?? 0, of: source, width: w, height: h)
                guard let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) else {
                    throw DocumentError.invalidPixelSize(page: slot, width: w, height: h, reason: "the bitmap has the wrong length")
                }
                return image
            } catch {
                throw CommandFailure(message: "'\(path)': \(error)")
            }
        }
        let count = layout.slots.count
        return (try page(0), try page(min(1, count - 1)))
    }

    /// Page `page` of `source` fitted into `width` × `height` pixels and centred on white.
    static func fitted(page: Int, of source: any PageSource, width: Int, height: Int) throws(DocumentError) -> PageBitmap {
        let (pw, ph) = source.pixelSize(of: page, fitting: (width, height))
        let bitmap = try source.render(page: page, width: pw, height: ph)
        if pw == width && ph == height { return bitmap }
        var out = PageBitmap(width: width, height: height, fill: (255, 255, 255, 255))
        let (x0, y0) = ((width - pw) / 2, (height - ph) / 2)
        for row in 0..<ph {
            let d = ((y0 + row) * width + x0) * 4, s = row * pw * 4
            out.pixels.replaceSubrange(d..<d + pw * 4, with: bitmap.pixels[s..<s + pw * 4])
        }
        return out
    }
}
