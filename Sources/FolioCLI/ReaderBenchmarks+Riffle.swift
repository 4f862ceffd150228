import Foundation
import FolioDocument
import Synchronization

extension ReaderBenchmarks {
    /// Pages a riffle rasterises (the first 100, or all of a smaller document), at this height.
    var rifflePages: Int { min(100, pages) }
    static let riffleHeight = 800

    /// Pages per second through the workers against poppler alone, 2 threads each, in
    /// alternating rounds after one untimed round of both.
    func riffleRate() throws -> Riffle {
        var measured: [Double] = [], floors: [Double] = []
        for round in 0...rounds {
            let m: Double, f: Double
            if round % 2 == 1 {
                f = try popplerRiffle(); m = try readerRiffle()
            } else {
                m = try readerRiffle(); f = try popplerRiffle()
            }
            if round > 0 { measured.append(m); floors.append(f) }
        }
        let rate = Self.median(measured), floor = Self.median(floors)
        return Riffle(pages: rifflePages, threads: 2, height: Self.riffleHeight, rounds: rounds,
                      pagesPerSecond: rate, floorPagesPerSecond: floor, ratio: rate / floor)
    }

    /// The reader's way: the document opened (not timed; the second worker starts in the
    /// background and its start is counted), then two threads of their own — as a
    /// `PageCache`'s loaders are — each rendering the next page through `PDFDocumentSource`.
    func readerRiffle() throws -> Double {
        let source = try PDFDocumentSource(path: bookPath, options: sourceOptions)
        let count = rifflePages, height = Self.riffleHeight
        let next = Atomic<Int>(0), failures = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        let start = Self.now()
        for _ in 0..<2 {
            Thread {
                defer { finished.signal() }
                while true {
                    let page = next.add(1, ordering: .relaxed).oldValue
                    guard page < count else { break }
                    let size = source.pixelSize(of: page, fitting: (100_000, height))
                    do { _ = try source.render(page: page, width: size.width, height: size.height) } catch { failures.add(1, ordering: .relaxed) }
                }
            }.start()
        }
        for _ in 0..<2 { finished.wait() }
        let seconds = Self.now() - start
        let failed = failures.load(ordering: .relaxed)
        guard failed == 0 else { throw CommandFailure(message: "folio bench --reader: \(failed) of \(count) pages failed in the riffle") }
        return Double(count) / seconds
    }

    /// The floor: `folio-pdf-worker --bench` — poppler alone in one process, two threads, each
    /// with its own poppler document, the same pages at the same height — its own figure.
    func popplerRiffle() throws -> Double {
        let out = folder + "/poppler-bench.txt"
        let status = try Self.spawn([worker, "--bench", bookPath, "--threads", "2", "--height", "\(Self.riffleHeight)", "--pages", "\(rifflePages)"],
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
