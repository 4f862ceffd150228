import Foundation
import FolioCLISupport

extension ReaderBenchmarks.Report {
    /// The report as lines of text, each figure with its floor, ratio and target.
    var lines: [String] {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        func verdict(_ key: String) -> String { met[key] == true ? "met" : "NOT met" }
        let p = firstPage, r = riffle, m = memory, t = turn, z = zoomedTurn
        return [
            "reader: generated PDFs of \(pages) and \(2 * pages) pages of text (\(f(generateSeconds, 2)) s to write)",
            "  first page \(p.size[0])x\(p.size[1]) (page \(p.pagePixels[0])x\(p.pagePixels[1]))  \(f(p.ms)) ms; floor \(f(p.floorMs)) ms; \(f(p.ratio, 2))× (target ≤ \(f(targets["firstPageOverFloor"] ?? .nan, 1)): \(verdict("firstPageOverFloor")))",
            "  riffle, \(r.pages) pages at \(r.height) px, \(r.threads) threads  \(f(r.pagesPerSecond)) pages/s; poppler alone \(f(r.floorPagesPerSecond)) pages/s; \(f(r.ratio, 2))× (target ≥ \(f(targets["riffleOverFloor"] ?? .nan, 2)): \(verdict("riffleOverFloor")))",
            "    pages from the heap instead of fresh mappings (no prompt release): \(f(r.heapPagesPerSecond)) pages/s, \(f(r.heapRatio, 2))×",
            "  \(m.pages)-page riffle \(m.size[0])x\(m.size[1])  peak resident \(f(m.peakMiB)) MiB: reader \(f(m.readerPeakMiB))\(m.readerPeakReset ? "" : " (since start)"), workers \(m.workerPeakMiB.map { f($0) }.joined(separator: ", ")) (target ≤ \(f(targets["peakMiB"] ?? .nan, 0)): \(verdict("peakMiB"))); \(m.pagesLoaded) pages loaded, \(m.placeholderFrames) of \(m.frames) frames showed a placeholder",
            "  turn \(t.size[0])x\(t.size[1]) with PDF pages (\(t.pagePixels[0])x\(t.pagePixels[1]))  \(f(t.frameMs, 2)) ms/frame; floor \(f(t.floorMs, 2)) ms; \(f(t.ratio, 2))× (target ≤ \(f(targets["turnOverFloor"] ?? .nan, 1)): \(verdict("turnOverFloor")))",
            "    \(t.leaves) leaves at 60 frames/s: \(t.placeholderFrames) of \(t.frames) frames showed a placeholder, \(t.coarseFrames) a coarse level; \(t.pagesLoaded) pages uploaded, \(f(t.uploadMs, 2)) ms each",
            "  turn zoomed \(f(z.zoom, 0))× (tiles of \(z.tileSide) px at level \(z.level))  \(f(z.frameMs, 2)) ms/frame; floor \(f(z.floorMs, 2)) ms; \(f(z.ratio, 2))× (target ≤ \(f(targets["turnOverFloor"] ?? .nan, 1)))",
            "    \(z.leaves) leaves, each \(z.framesPerLeaf) frames after \(z.restFrames) at rest: \(z.placeholderFrames) of \(z.frames) frames showed a placeholder, \(z.coarseFrames) a coarse level where a tile had not arrived; \(z.tilesLoaded) tiles uploaded, \(f(z.tileUploadMs, 2)) ms each",
        ]
    }
}

extension ReaderBenchmarks {
    /// `folio bench --reader`: runs the reader's section alone (on the main thread, where GL
    /// runs) and prints it, as `{"reader": …}` with `--json`. (`BenchCommand` refuses the
    /// options it cannot be combined with.)
    ///
    /// - Throws: `CommandFailure` when a measurement fails.
    package nonisolated static func command(pages: Int, json: Bool) throws {
        let report = try MainActor.assumeIsolated { try run(pages: pages) }
        if json {
            print(try JSONOutput.string(["reader": report]))
        } else {
            for line in report.lines { print(line) }
        }
    }
}
