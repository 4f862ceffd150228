import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender

extension ReaderBenchmarks {
    static let firstPageSize = Size(width: 1280, height: 800)
    /// The floor's texture; far from any book page's handle.
    static let floorHandle = ContentHandle(1 << 40)

    /// Time to the first page against its floor, in alternating rounds after one untimed
    /// round of both (which loads the GL driver, and brings poppler's, fontconfig's and the
    /// document's files into the page cache for both alike).
    func firstPage() throws -> FirstPage {
        let size = Self.firstPageSize
        var measured: [Double] = [], floors: [Double] = []
        // Untimed: the reader first (its framing decides the page's pixel size), then the floor.
        var pixels = try readerFirstPage(size: size).pixels
        _ = try floorFirstPage(size: size, pixels: pixels)
        for round in 1...max(1, rounds) {
            var m = 0.0, f = 0.0
            if round % 2 == 1 {
                f = try floorFirstPage(size: size, pixels: pixels)
                (m, pixels) = try readerFirstPage(size: size)
            } else {
                (m, pixels) = try readerFirstPage(size: size)
                f = try floorFirstPage(size: size, pixels: pixels)
            }
            measured.append(m)
            floors.append(f)
        }
        let ms = Self.median(measured) * 1e3, floorMs = Self.median(floors) * 1e3
        return FirstPage(size: [Int(size.width), Int(size.height)], pagePixels: [pixels.width, pixels.height], rounds: rounds,
                         ms: ms, floorMs: floorMs, ratio: ms / floorMs)
    }

    /// The reader's way, timed: a context, the document opened through `PDFDocumentSource`
    /// (its first worker started, every page's size read; the second worker starts in the
    /// background), the book framed (`DocumentBook`, spread layout), the pages it shows
    /// rasterised in the worker and uploaded, one frame drawn and finished. Closing the
    /// source and the context comes after the clock stops.
    func readerFirstPage(size: Size) throws -> (seconds: Double, pixels: (width: Int, height: Int)) {
        let start = Self.now()
        let offscreen = try OffscreenRenderer()
        let source = try PDFDocumentSource(path: bookPath, options: sourceOptions)
        let pages = try DocumentBook(source: source, configuration: BookConfiguration(viewSize: size, layout: .spread), frame: size)
        try pages.uploadVisiblePages(to: offscreen.renderer)
        try offscreen.draw(pages.stage, size: size, scale: 1, antialiasing: .analytic)
        offscreen.finish()
        return (Self.now() - start, pages.pagePixels)
    }

    /// The floor, timed: a context, `folio-pdf-worker --first-page` run to its exit (process
    /// start, poppler's open, page 1 rasterised into a mapped file), the page mapped, uploaded
    /// and drawn as one textured quad over the view, finished.
    func floorFirstPage(size: Size, pixels: (width: Int, height: Int)) throws -> Double {
        let out = folder + "/first-page.rgba"
        let start = Self.now()
        let offscreen = try OffscreenRenderer()
        let status = try Self.spawn([worker, "--first-page", bookPath, "--width", "\(pixels.width)", "--height", "\(pixels.height)", "--out", out],
                                    output: "/dev/null")
        guard status == 0 else { throw CommandFailure(message: "folio bench --reader: folio-pdf-worker --first-page ended with status \(status)") }
        let image = try Self.mappedImage(out, width: pixels.width, height: pixels.height)
        try offscreen.renderer.setImage(image, for: Self.floorHandle)
        try offscreen.drawFloor(Self.floorHandle, size: size, scale: 1)
        offscreen.finish()
        return Self.now() - start
    }
}
