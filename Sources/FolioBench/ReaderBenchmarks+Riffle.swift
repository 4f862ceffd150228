import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import Synchronization

extension ReaderBenchmarks {
    /// Pages a riffle rasterises (the first 300, or all of a smaller document), at this
    /// height. 100 pages of this document take a tenth of a second on two cores: too short a
    /// window on a shared machine, where one late wake-up of a worker moves the figure.
    var rifflePages: Int { min(300, pages) }
    static let riffleHeight = 800

    /// Pages per second through the workers against poppler alone, 2 threads each, in
    /// rounds after one untimed round, the order rotated every round. The reader runs twice a
    /// round: with the allocator as `PageMemory.releaseFreedPagesPromptly()` sets it (as the
    /// demo runs, and the figure held to the target), and with blocks of a page's size served
    /// from the heap (glibc's own behaviour once a large block has been freed), which shows
    /// what the prompt release costs.
    func riffleRate() throws -> Riffle {
        var measured: [Double] = [], heap: [Double] = [], floors: [Double] = []
        defer { PageMemory.releaseFreedPagesPromptly() }
        for round in 0...rounds {
            var m = 0.0, h = 0.0, f = 0.0
            for k in 0..<3 {
                switch (k + round) % 3 {
                case 0:
                    PageMemory.releaseFreedPagesPromptly()
                    m = try readerRiffle()
                case 1:
                    // glibc's largest dynamic threshold on 64-bit: pages come from the heap.
                    PageMemory.releaseFreedPagesPromptly(threshold: 32 << 20)
                    h = try readerRiffle()
                default:
                    f = try popplerRiffle()
                }
            }
            if round > 0 { measured.append(m); heap.append(h); floors.append(f) }
        }
        let rate = Self.median(measured), heapRate = Self.median(heap), floor = Self.median(floors)
        return Riffle(pages: rifflePages, threads: 2, height: Self.riffleHeight, rounds: rounds,
                      pagesPerSecond: rate, floorPagesPerSecond: floor, ratio: rate / floor,
                      heapPagesPerSecond: heapRate, heapRatio: heapRate / floor)
    }

    /// Pages each thread renders before the clock starts, from the document's end: a riffle
    /// is timed once both workers run and have drawn text (fonts found and loaded), as when a
    /// reader riffles a document it has opened; poppler alone warms up the same way.
    nonisolated static let riffleWarmUp = 4

    /// The reader's way: the document opened and warmed up (not timed), then two threads of
    /// their own — as a `PageCache`'s loaders are — each rendering the next page through
    /// `PDFDocumentSource`, so through its two workers.
    func readerRiffle() throws -> Double {
        let source = try PDFDocumentSource(path: bookPath, options: sourceOptions)
        let count = rifflePages, height = Self.riffleHeight, total = source.pageCount
        let warmUp = Atomic<Int>(0), next = Atomic<Int>(0), failures = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        func riffle(_ pages: @escaping @Sendable (Int) -> Int?) {
            for _ in 0..<2 {
                Thread {
                    defer { finished.signal() }
                    while let page = pages(0) {
                        let size = source.pixelSize(of: page, fitting: (100_000, height))
                        do { _ = try source.render(page: page, width: size.width, height: size.height) } catch { failures.add(1, ordering: .relaxed) }
                    }
                }.start()
            }
            for _ in 0..<2 { finished.wait() }
        }
        riffle { _ in
            let k = warmUp.add(1, ordering: .relaxed).oldValue
            return k < 2 * Self.riffleWarmUp ? max(0, total - 1 - k % total) : nil
        }
        let start = Self.now()
        riffle { _ in
            let page = next.add(1, ordering: .relaxed).oldValue
            return page < count ? page : nil
        }
        let seconds = Self.now() - start
        let failed = failures.load(ordering: .relaxed)
        guard failed == 0 else { throw CommandFailure(message: "folio bench --reader: \(failed) of \(count) pages failed in the riffle") }
        return Double(count) / seconds
    }

    /// The floor: `folio-pdf-worker --bench --warm-up` — poppler alone in one process, two
    /// threads, each with its own poppler document, warmed up as the reader is, the same pages
    /// at the same height — its own figure.
    func popplerRiffle() throws -> Double {
        let out = folder + "/poppler-bench.txt"
        let status = try Self.spawn([worker, "--bench", bookPath, "--threads", "2", "--height", "\(Self.riffleHeight)", "--pages", "\(rifflePages)", "--warm-up", "\(Self.riffleWarmUp)"],
                                    output: out)
        // "poppler alone: N pages at H px high on T threads in S s: R pages/s; C CPU s"
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard status == 0, let unit = text.range(of: " pages/s"),
              let rate = Double(text[..<unit.lowerBound].split(separator: " ").last ?? ""), rate.isFinite, rate > 0 else {
            throw CommandFailure(message: "folio bench --reader: folio-pdf-worker --bench gave no rate (status \(status)): \(text)")
        }
        return rate
    }
}
