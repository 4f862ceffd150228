import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender
#if canImport(Glibc)
import Glibc
#endif

/// `folio bench --reader`: issue #27's reader figures, each against a floor measured in the
/// same run, on PDFs generated at bench time (`ReaderBenchDocument`: 500 pages of text, and
/// twice as many for the memory riffle).
///
/// - **First page**: opening the document to its first page drawn in the book at 1280×800,
///   against a floor that makes a context, rasterises that page at the same pixel size with
///   poppler in a process of its own (`folio-pdf-worker --first-page`: poppler is never linked
///   into `folio`) and draws it as one textured quad.
/// - **Riffle rate**: pages per second through `PDFDocumentSource` on 2 threads and 2 workers,
///   against poppler alone on 2 threads of one process (`folio-pdf-worker --bench`).
/// - **Memory**: the long document riffled end to end as a book at 1280×800 through a
///   `PageCache` (the demo's budget) with GL textures: peak resident memory of this process
///   and of each worker.
/// - **Turn**: a riffle of the document as a book at 1920×1200, paced at 60 frames a second,
///   each frame timed against the bare textured quad at 1920×1200 drawn right after it; frames
///   that show a placeholder are counted.
/// - **Zoomed turn**: the same book zoomed 3×, leaves turned in half a second after half a
///   second at rest, the parts of pages in view in tiles given to the book as page details;
///   frames showing a page's coarse level where a tile had not arrived are counted.
///
/// Wall times on a shared machine drift, so measured and floor runs alternate round by round
/// (the order swapped every round) and each ratio is the median measured over the median floor.
@MainActor
package struct ReaderBenchmarks {
    /// The figures, under `reader` in `folio bench --reader --json`.
    struct Report: Encodable {
        /// Pages of the generated document (the memory riffle's has twice as many).
        var pages: Int
        /// Seconds to write both documents (not part of any figure).
        var generateSeconds: Double
        var firstPage: FirstPage
        var riffle: Riffle
        var memory: Memory
        var turn: Turn
        var zoomedTurn: ZoomedTurn
        /// The targets: `firstPageOverFloor` ≤, `riffleOverFloor` ≥, `peakMiB` ≤,
        /// `turnOverFloor` ≤.
        var targets: [String: Double]
        /// Whether each target is met in this run.
        var met: [String: Bool]
    }

    /// Opening the document to its first page on screen.
    struct FirstPage: Encodable {
        var size: [Int]
        /// The page's pixel size in the framed book (the floor rasterises the same).
        var pagePixels: [Int]
        /// Timed rounds of each (after one untimed round of both).
        var rounds: Int
        /// Median milliseconds: context, `PDFDocumentSource` (worker start, open, all page
        /// sizes), the framed book, page 1 rendered in the worker, uploaded, one frame drawn.
        var ms: Double
        /// Median milliseconds of the floor: context, `folio-pdf-worker --first-page` (start,
        /// poppler open, page 1 rasterised into a mapped file, exit), upload, one quad.
        var floorMs: Double
        /// `ms / floorMs`.
        var ratio: Double
    }

    /// Pages rasterised per second while riffling.
    struct Riffle: Encodable {
        var pages: Int
        var threads: Int
        /// Pixel height of every page (width from its aspect).
        var height: Int
        var rounds: Int
        /// Median pages per second through `PDFDocumentSource`, its two workers started and
        /// warmed up, the allocator set by `PageMemory.releaseFreedPagesPromptly()` (as the demo).
        var pagesPerSecond: Double
        /// Median pages per second of poppler alone, one document per thread, one process.
        var floorPagesPerSecond: Double
        /// `pagesPerSecond / floorPagesPerSecond`.
        var ratio: Double
        /// Median pages per second through `PDFDocumentSource` with page-sized blocks served
        /// from the heap rather than fresh mappings (`PageMemory` not asked to release promptly).
        var heapPagesPerSecond: Double
        /// `heapPagesPerSecond / floorPagesPerSecond`.
        var heapRatio: Double
    }

    /// Peak resident memory over a riffle of the long document, end to end.
    struct Memory: Encodable {
        var pages: Int
        var size: [Int]
        var frames: Int
        var pagesLoaded: Int
        var placeholderFrames: Int
        /// The page cache's budget (the demo's): pages and MiB, textures with mipmaps counted.
        var budgetPages: Int
        var budgetMiB: Double
        /// This process's peak (VmHWM, reset before the riffle when the kernel allows).
        var readerPeakMiB: Double
        /// Whether `readerPeakMiB` is the riffle's own (the peak was reset) rather than the
        /// process's since it started.
        var readerPeakReset: Bool
        /// Each worker's peak (VmHWM, read before it exits).
        var workerPeakMiB: [Double]
        var workersStarted: Int
        /// The reader's and every worker's peaks added (a bound on their sum at any moment).
        var peakMiB: Double
    }

    /// Turning with PDF pages at 1920×1200.
    struct Turn: Encodable {
        var size: [Int]
        var pagePixels: [Int]
        var leaves: Int
        var framesPerLeaf: Int
        var frames: Int
        /// Median milliseconds per frame: pose, evaluate, draw, finish (uploads not included).
        var frameMs: Double
        /// Median milliseconds of the bare textured quad over the whole view, drawn after each frame.
        var floorMs: Double
        /// `frameMs / floorMs`.
        var ratio: Double
        /// Median milliseconds to upload one page (with mipmaps), and how many were uploaded.
        var uploadMs: Double
        var pagesLoaded: Int
        /// Frames in which a page shown was not rasterised yet (it showed a placeholder).
        var placeholderFrames: Int
        /// Frames showing a coarser level of a page: none, as the bench turns unzoomed and each
        /// page is rasterised whole at the size shown (the coarse level and tiles are zoom's).
        var coarseFrames: Int
    }

    /// Turning with PDF pages at 1920×1200 while zoomed in, the pages' parts in view in tiles.
    struct ZoomedTurn: Encodable {
        var size: [Int]
        /// The zoom (the book magnified this much about the unread page's middle), the tile
        /// level it uses (2^level × the page's size unzoomed) and the tiles' side in pixels.
        var zoom: Double
        var level: Int
        var tileSide: Int
        var leaves: Int
        /// Each leaf turns in `framesPerLeaf` frames after `restFrames` at rest.
        var framesPerLeaf: Int
        var restFrames: Int
        var frames: Int
        /// Median milliseconds per frame (pose, evaluate, draw, finish; uploads apart), of the
        /// floor after it, and their ratio (held to the same target as `turn`).
        var frameMs: Double
        var floorMs: Double
        var ratio: Double
        /// Tiles rasterised and uploaded, and the median milliseconds of one upload (with mipmaps).
        var tilesLoaded: Int
        var tileUploadMs: Double
        /// Frames in which a page shown was not rasterised yet (a placeholder showed).
        var placeholderFrames: Int
        /// Frames in which a tile planned for a part in view had not arrived (the page's coarse
        /// level showed there).
        var coarseFrames: Int
    }

    static let firstPageTarget = 1.3
    static let riffleTarget = 0.85
    static let peakTarget = 300.0
    static let turnTarget = 2.5

    /// The folder holding the documents and the floor's page.
    let folder: String
    /// `folio-pdf-worker`, for the sources and the floors alike.
    let worker: String
    let pages: Int
    let rounds: Int

    var bookPath: String { folder + "/book.pdf" }
    var longPath: String { folder + "/long.pdf" }

    /// The sources' options: two workers, the executable the floors run too.
    var sourceOptions: PDFDocumentSource.Options {
        var options = PDFDocumentSource.Options()
        options.workers = 2
        options.workerPath = worker
        return options
    }

    /// Writes the documents in a fresh temporary folder, measures, removes the folder.
    static func run(pages: Int, rounds: Int = 5) throws -> Report {
        PageMemory.releaseFreedPagesPromptly()
        let worker = try workerPath()
        var template = Array((URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-reader-bench-XXXXXX").path).utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure(message: "folio bench --reader: cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let bench = ReaderBenchmarks(folder: String(cString: made), worker: worker, pages: pages, rounds: rounds)
        defer { try? FileManager.default.removeItem(atPath: bench.folder) }
        let start = now()
        try ReaderBenchDocument.write(pages: pages, to: bench.bookPath)
        try ReaderBenchDocument.write(pages: 2 * pages, to: bench.longPath)
        let generated = now() - start
        // First, while the process is small: its peak is part of the figure.
        let memory = try bench.memory()
        let first = try bench.firstPage()
        let riffle = try bench.riffleRate()
        let turn = try bench.turn()
        let zoomedTurn = try bench.zoomedTurn()
        return Report(
            pages: pages, generateSeconds: generated, firstPage: first, riffle: riffle, memory: memory, turn: turn, zoomedTurn: zoomedTurn,
            targets: ["firstPageOverFloor": firstPageTarget, "riffleOverFloor": riffleTarget, "peakMiB": peakTarget, "turnOverFloor": turnTarget],
            met: ["firstPageOverFloor": first.ratio <= firstPageTarget, "riffleOverFloor": riffle.ratio >= riffleTarget,
                  "peakMiB": memory.peakMiB <= peakTarget, "turnOverFloor": turn.ratio <= turnTarget])
    }

    /// Monotonic seconds.
    nonisolated static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    nonisolated static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
