import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioLayers
import FolioMotion
@_spi(Benchmarks) import FolioRender
#if canImport(Glibc)
import Glibc
#endif

extension ReaderBenchmarks {
    /// What one riffle through a document's book saw.
    struct BookRun {
        var pagePixels = (width: 0, height: 0)
        var leaves = 0, frames = 0, placeholderFrames = 0, pagesLoaded = 0, workersStarted = 0
        var frameSeconds: [Double] = [], floorSeconds: [Double] = [], uploadSeconds: [Double] = []
        /// Zoomed: frames in which a tile planned for a page shown had not arrived (its coarse
        /// level showed there), tiles uploaded, and the seconds of each tile's upload.
        var coarseFrames = 0, tilesLoaded = 0
        var tileUploadSeconds: [Double] = []
        var workerPeakKiB: [Int32: Int] = [:]
        var budget = PageCache<PageBitmap?>.Budget(pages: 16, bytes: 128 << 20)
    }

    /// The long document riffled end to end at 1280×800, as fast as frames render, its peak
    /// memory in every process.
    func memory() throws -> Memory {
        let size = Self.firstPageSize
        let reset = Self.resetPeak()
        let run = try riffleBook(path: longPath, size: size, framesPerLeaf: 2, leaves: nil, paced: false, timesFloor: false)
        let reader = Double(Self.peakKiB(getpid())) / 1024
        let workers = run.workerPeakKiB.values.sorted().map { Double($0) / 1024 }
        return Memory(pages: 2 * pages, size: [Int(size.width), Int(size.height)], frames: run.frames, pagesLoaded: run.pagesLoaded,
                      placeholderFrames: run.placeholderFrames, budgetPages: run.budget.pages, budgetMiB: Double(run.budget.bytes) / 1_048_576,
                      readerPeakMiB: reader, readerPeakReset: reset, workerPeakMiB: workers, workersStarted: run.workersStarted,
                      peakMiB: reader + workers.reduce(0, +))
    }

    /// Leaves of the document turned at 1920×1200 in 8 frames each at 60 frames a second,
    /// every frame followed by the floor.
    func turn() throws -> Turn {
        let size = Size(width: 1920, height: 1200)
        let run = try riffleBook(path: bookPath, size: size, framesPerLeaf: 8, leaves: 30, paced: true, timesFloor: true)
        let frame = Self.median(run.frameSeconds) * 1e3, floor = Self.median(run.floorSeconds) * 1e3
        return Turn(size: [Int(size.width), Int(size.height)], pagePixels: [run.pagePixels.width, run.pagePixels.height], leaves: run.leaves,
                    framesPerLeaf: 8, frames: run.frames, frameMs: frame, floorMs: floor, ratio: frame / floor,
                    uploadMs: run.uploadSeconds.isEmpty ? 0 : Self.median(run.uploadSeconds) * 1e3, pagesLoaded: run.pagesLoaded,
                    placeholderFrames: run.placeholderFrames, coarseFrames: 0)
    }

    /// Leaves of the document turned at 1920×1200 zoomed 3× about the unread page's middle, as
    /// a reader of small print turns: each leaf in 30 frames (half a second) after 30 frames at
    /// rest, paced at 60 frames a second, every frame followed by the floor; the pages lying
    /// flat and the flipping leaf carry the tiles of their parts in the window.
    func zoomedTurn() throws -> ZoomedTurn {
        let size = Size(width: 1920, height: 1200)
        let run = try riffleBook(path: bookPath, size: size, framesPerLeaf: 30, leaves: 6, paced: true, timesFloor: true,
                                 restFrames: 30, zoom: 3)
        let frame = Self.median(run.frameSeconds) * 1e3, floor = Self.median(run.floorSeconds) * 1e3
        return ZoomedTurn(size: [Int(size.width), Int(size.height)], zoom: 3, level: Self.tilePlanner.level(forScale: 3),
                          tileSide: Self.tilePlanner.side.rawValue, leaves: run.leaves, framesPerLeaf: 30, restFrames: 30, frames: run.frames,
                          frameMs: frame, floorMs: floor, ratio: frame / floor, tilesLoaded: run.tilesLoaded,
                          tileUploadMs: run.tileUploadSeconds.isEmpty ? 0 : Self.median(run.tileUploadSeconds) * 1e3,
                          placeholderFrames: run.placeholderFrames, coarseFrames: run.coarseFrames)
    }

    /// How the zoomed turn cuts pages into tiles: the demo's (512 pixels, a 4-pixel gutter).
    static let tilePlanner = TilePlanner(side: .large, maximumLevel: 3)

    /// Riffles `path` as a spread book framed in `size` (`DocumentBook`), as a reader does:
    /// the leaves turn one after another in `framesPerLeaf` frames each (easeInEaseOut); a
    /// `PageCache` with 2 loaders and the demo's budget rasterises the pages shown and those
    /// of the next two openings through `PDFDocumentSource` at the size shown; a page that
    /// arrives is uploaded (with mipmaps) in the frame that receives it and the cache then
    /// holds only its cost; a page shown before it arrives shows a placeholder texture. Each
    /// frame is drawn and finished; with `timesFloor` the bare textured quad over the view
    /// follows it; `paced` holds frames to 60 a second, as a display would. With `restFrames`
    /// each leaf turns in `framesPerLeaf` frames after that many frames at rest (without, the
    /// first of its frames is at rest). With `zoom` the book is zoomed that much about the
    /// unread page's middle, and the parts of pages that show and can carry details
    /// (`Book.pagePartsShowingDetails`) are cut into tiles (`tilePlanner`), rasterised through
    /// the same cache (after the pages shown, before those ahead) and given to the book as
    /// page details once uploaded.
    func riffleBook(path: String, size: Size, framesPerLeaf: Int, leaves: Int?, paced: Bool, timesFloor: Bool,
                    restFrames: Int = 0, zoom zoomFactor: Double? = nil) throws -> BookRun {
        let offscreen = try OffscreenRenderer()
        let renderer = offscreen.renderer
        let source = try PDFDocumentSource(path: path, options: sourceOptions)
        let pages = try DocumentBook(source: source, configuration: BookConfiguration(viewSize: size, layout: .spread), frame: size)
        let book = pages.book, layout = pages.layout
        let (pw, ph) = pages.pagePixels
        var run = BookRun()
        run.pagePixels = (pw, ph)
        var zoom: BookZoom?
        if let zoomFactor {
            var z = try BookZoom(viewSize: book.configuration.viewSize)
            let view = book.configuration.viewSize, spine = book.frame.spine
            z.zoom(by: zoomFactor, about: Point(x: (spine + view.width) / 2, y: view.height / 2))
            z.apply(to: book)
            zoom = z
            // The demo's budget for a document, its pages and tiles together.
            run.budget = PageCache<PageBitmap?>.Budget(pages: 64, bytes: 128 << 20)
        }
        let planner = Self.tilePlanner
        // The stage (the output frame) in the book's placed space: the window the tiles fill.
        let window = Rect(x: -pages.framing.origin.x, y: -pages.framing.origin.y, width: size.width, height: size.height)
        let cache = try PageCache<PageBitmap?>(pageCount: zoom == nil ? book.pageCount : Int.max, budget: run.budget, loaders: 2,
                                               load: { slot, ticket in
                                                   // A page riffled past is given up, as the demo does.
                                                   let cancellation = Cancellation(watching: { ticket.isCancelled })
                                                   if let key = TilePlanner.Key(packed: slot), let tile = planner.tile(key, fitWidth: pw, fitHeight: ph) {
                                                       return try layout.renderTile(slot: key.page, from: source, width: tile.rasterWidth,
                                                                                    height: tile.rasterHeight, region: tile.raster, cancellation: cancellation)
                                                   }
                                                   return try layout.render(slot: slot, from: source, width: pw, height: ph, cancellation: cancellation)
                                               },
                                               // A texture with its mipmaps: a third more than the bitmap (as the demo counts).
                                               cost: { bitmap in bitmap.map { $0.width * $0.height * 4 * 4 / 3 } ?? 0 })
        if timesFloor { try renderer.setImage(SamplePages.page(1, width: Int(size.width), height: Int(size.height)), for: Self.floorHandle) }
        let placeholder = Image(width: 8, height: 8, fill: (200, 200, 200, 255))
        let leafCount = book.leafCount
        run.leaves = min(leaves ?? leafCount, leafCount)
        var uploaded = Set<Int>(), placeheld = Set<Int>(), tilesUploaded = Set<Int>()
        var tiles: [Int] = []
        func samplePeaks() {
            for pid in source.workerProcessIDs { run.workerPeakKiB[pid] = max(run.workerPeakKiB[pid] ?? 0, Self.peakKiB(pid)) }
        }
        let start = Self.now()
        let cycle = framesPerLeaf + restFrames
        let frameCount = run.leaves * cycle + 1
        for k in 0..<frameCount {
            let leaf = k / cycle, step = k % cycle - restFrames
            let local = restFrames > 0 ? Double(max(0, step)) / Double(framesPerLeaf) : Double(k % framesPerLeaf) / Double(framesPerLeaf)
            if leaf >= run.leaves || step < 0 || local == 0 {
                try book.setLeaves([], opening: min(leaf, run.leaves))
            } else {
                try book.setLeaves([BookLeaf(index: leaf, progress: TimingFunction.easeInEaseOut.value(at: local))], opening: leaf)
            }
            let visible = book.visiblePages
            var wanted = visible
            // Zoomed: the tiles of the parts that show, after the pages shown.
            tiles.removeAll(keepingCapacity: true)
            if let zoom {
                for (page, part) in book.pagePartsShowingDetails(in: window, zoom: zoom) {
                    for tile in planner.tiles(page: page, fitWidth: pw, fitHeight: ph, scale: zoom.scale,
                                              visible: (part.minX, part.minY, part.width, part.height)) {
                        if let key = tile.key.packed, !tiles.contains(key) { tiles.append(key) }
                    }
                }
                wanted.append(contentsOf: tiles)
            }
            for o in [leaf + 1, leaf + 2] where o <= leafCount {
                let (read, unread) = book.pages(atOpening: o)
                for p in [read, unread].compactMap({ $0 }) where !wanted.contains(p) { wanted.append(p) }
            }
            cache.request(wanted)
            let events = cache.drain()
            for p in events.evicted {
                if tilesUploaded.remove(p) != nil { renderer.removeImage(for: ContentHandle(p)) }
                if uploaded.remove(p) != nil { renderer.removeImage(for: book.handle(forPage: p)) }
            }
            for (p, bitmap) in events.arrived {
                guard let bitmap, let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) else { continue }
                let t = Self.now()
                if TilePlanner.Key(packed: p) != nil {
                    // A tile's handle is its packed key (bit 60 set: past every page's handle).
                    try renderer.setImage(image, for: ContentHandle(p))
                    run.tileUploadSeconds.append(Self.now() - t)
                    tilesUploaded.insert(p)
                    run.tilesLoaded += 1
                } else {
                    try renderer.setImage(image, for: book.handle(forPage: p))
                    run.uploadSeconds.append(Self.now() - t)
                    uploaded.insert(p)
                    placeheld.remove(p)
                }
                cache.replace(p, with: nil)
            }
            if zoom != nil {
                var details: [Int: [PageDetail]] = [:]
                var incomplete: Set<Int> = []
                for key in tiles {
                    guard let k = TilePlanner.Key(packed: key), let tile = planner.tile(k, fitWidth: pw, fitHeight: ph) else { continue }
                    guard tilesUploaded.contains(key) else {
                        incomplete.insert(k.page)
                        continue
                    }
                    let c = tile.contentsRect
                    details[k.page, default: []].append(PageDetail(rect: Rect(x: tile.unitX, y: tile.unitY, width: tile.unitWidth, height: tile.unitHeight),
                                                                   handle: ContentHandle(key), contentsRect: Rect(x: c.x, y: c.y, width: c.width, height: c.height)))
                }
                book.pageDetails = details
                // As the demo: a page whose tiles in view have all arrived is drawn by them alone.
                book.pagesCoveredByDetails = Set(details.keys).subtracting(incomplete)
                if tiles.contains(where: { !tilesUploaded.contains($0) }) { run.coarseFrames += 1 }
            }
            for p in events.failed.map(\.page) { uploaded.remove(p) }
            for p in placeheld where !visible.contains(p) {
                renderer.removeImage(for: book.handle(forPage: p))
                placeheld.remove(p)
            }
            var placeholderShown = false
            for p in visible where !uploaded.contains(p) {
                placeholderShown = true
                if placeheld.insert(p).inserted { try renderer.setImage(placeholder, for: book.handle(forPage: p)) }
            }
            if placeholderShown { run.placeholderFrames += 1 }
            let t = Self.now()
            try offscreen.draw(pages.stage, size: size, scale: 1, antialiasing: .analytic)
            offscreen.finish()
            run.frameSeconds.append(Self.now() - t)
            if timesFloor {
                let f = Self.now()
                try offscreen.drawFloor(Self.floorHandle, size: size, scale: 1)
                offscreen.finish()
                run.floorSeconds.append(Self.now() - f)
            }
            if k % 8 == 0 { samplePeaks() }
            if paced {
                let due = start + Double(k + 1) / 60
                let left = due - Self.now()
                if left > 0 { usleep(UInt32(left * 1e6)) }
            }
        }
        // Loads still in flight finish (each loader's last page) before the workers are read.
        let deadline = Self.now() + 10
        while cache.isLoading && Self.now() < deadline { usleep(2000) }
        samplePeaks()
        run.frames = frameCount
        run.pagesLoaded = cache.statistics.loads
        run.workersStarted = source.workersStarted
        return run
    }
}
