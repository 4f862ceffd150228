import Foundation
import FolioBook
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

    /// Riffles `path` as a spread book framed in `size` (`DocumentBook`), as a reader does:
    /// the leaves turn one after another in `framesPerLeaf` frames each (easeInEaseOut); a
    /// `PageCache` with 2 loaders and the demo's budget rasterises the pages shown and those
    /// of the next two openings through `PDFDocumentSource` at the size shown; a page that
    /// arrives is uploaded (with mipmaps) in the frame that receives it and the cache then
    /// holds only its cost; a page shown before it arrives shows a placeholder texture. Each
    /// frame is drawn and finished; with `timesFloor` the bare textured quad over the view
    /// follows it; `paced` holds frames to 60 a second, as a display would.
    func riffleBook(path: String, size: Size, framesPerLeaf: Int, leaves: Int?, paced: Bool, timesFloor: Bool) throws -> BookRun {
        let offscreen = try OffscreenRenderer()
        let renderer = offscreen.renderer
        let source = try PDFDocumentSource(path: path, options: sourceOptions)
        let pages = try DocumentBook(source: source, configuration: BookConfiguration(viewSize: size, layout: .spread), frame: size)
        let book = pages.book, layout = pages.layout
        let (pw, ph) = pages.pagePixels
        var run = BookRun()
        run.pagePixels = (pw, ph)
        // A texture with its mipmaps: a third more than the bitmap (as the demo counts).
        let cost = pw * ph * 4 * 4 / 3
        let cache = try PageCache<PageBitmap?>(pageCount: book.pageCount, budget: run.budget, loaders: 2,
                                               load: { slot, ticket in
                                                   // A page riffled past is given up, as the demo does.
                                                   try layout.render(slot: slot, from: source, width: pw, height: ph,
                                                                     cancellation: Cancellation(watching: { ticket.isCancelled }))
                                               },
                                               cost: { _ in cost })
        if timesFloor { try renderer.setImage(SamplePages.page(1, width: Int(size.width), height: Int(size.height)), for: Self.floorHandle) }
        let placeholder = Image(width: 8, height: 8, fill: (200, 200, 200, 255))
        let leafCount = book.leafCount
        run.leaves = min(leaves ?? leafCount, leafCount)
        let frameCount = run.leaves * framesPerLeaf + 1
        var uploaded = Set<Int>(), placeheld = Set<Int>()
        func samplePeaks() {
            for pid in source.workerProcessIDs { run.workerPeakKiB[pid] = max(run.workerPeakKiB[pid] ?? 0, Self.peakKiB(pid)) }
        }
        let start = Self.now()
        for k in 0..<frameCount {
            let leaf = k / framesPerLeaf, local = Double(k % framesPerLeaf) / Double(framesPerLeaf)
            if leaf >= run.leaves || local == 0 {
                try book.setLeaves([], opening: min(leaf, run.leaves))
            } else {
                try book.setLeaves([BookLeaf(index: leaf, progress: TimingFunction.easeInEaseOut.value(at: local))], opening: leaf)
            }
            let visible = book.visiblePages
            var wanted = visible
            for o in [leaf + 1, leaf + 2] where o <= leafCount {
                let (read, unread) = book.pages(atOpening: o)
                for p in [read, unread].compactMap({ $0 }) where !wanted.contains(p) { wanted.append(p) }
            }
            cache.request(wanted)
            let events = cache.drain()
            for p in events.evicted where uploaded.remove(p) != nil { renderer.removeImage(for: book.handle(forPage: p)) }
            for (p, bitmap) in events.arrived {
                guard let bitmap, let image = Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) else { continue }
                let t = Self.now()
                try renderer.setImage(image, for: book.handle(forPage: p))
                run.uploadSeconds.append(Self.now() - t)
                uploaded.insert(p)
                placeheld.remove(p)
                cache.replace(p, with: nil)
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
