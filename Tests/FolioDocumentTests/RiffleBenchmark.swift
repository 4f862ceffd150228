import Dispatch
import FolioFiles
import Foundation
import Synchronization
import Testing
@testable import FolioDocument

/// Not a test: pages per second riffling a PDF through the workers, open time, and peak memory
/// of every process. Runs only with `FOLIO_DOCUMENT_BENCH=/path/to.pdf` (point
/// `FOLIO_PDF_WORKER` at a release build of the worker to measure it rather than a debug one):
///
///     swift build -c release --product folio-pdf-worker
///     FOLIO_PDF_WORKER=$PWD/.build/release/folio-pdf-worker FOLIO_DOCUMENT_BENCH=book.pdf \
///         swift test --skip-build --filter RiffleBenchmark
///
/// Compare with poppler alone: `.build/release/folio-pdf-worker --bench book.pdf --threads 2`.
@Suite(.serialized) struct RiffleBenchmark {
    static let path = ProcessInfo.processInfo.environment["FOLIO_DOCUMENT_BENCH"]

    @Test(.enabled(if: path != nil)) func riffle() throws {
        let path = try #require(Self.path)
        let height = Int(ProcessInfo.processInfo.environment["FOLIO_DOCUMENT_BENCH_HEIGHT"] ?? "") ?? 800
        let threads = Int(ProcessInfo.processInfo.environment["FOLIO_DOCUMENT_BENCH_THREADS"] ?? "") ?? 2
        var start = SocketIO.now()
        let source = try PDFDocumentSource(path: path)
        let openSeconds = Double(SocketIO.now() - start) / 1e9
        // As a reader with a page cache of 2 loaders does: each thread takes the next page.
        let next = Atomic<Int>(0), failures = Atomic<Int>(0)
        let workerPeaks = Mutex<[Int32: Int]>([:])
        start = SocketIO.now()
        // Threads of its own, as a PageCache's loaders have (a busy dispatch pool could run
        // the two loops one after the other).
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads { Thread {
            defer { finished.signal() }
            while true {
                let page = next.add(1, ordering: .relaxed).oldValue
                guard page < source.pageCount else { break }
                let size = source.pixelSize(of: page, fitting: (100_000, height))
                do { _ = try source.render(page: page, width: size.width, height: size.height) } catch { failures.add(1, ordering: .relaxed) }
                if page % 50 == 0 {
                    for pid in source.workerProcessIDs { workerPeaks.withLock { $0[pid] = max($0[pid] ?? 0, Self.peakKiB(pid)) } }
                }
            }
        }.start() }
        for _ in 0..<threads { finished.wait() }
        let seconds = Double(SocketIO.now() - start) / 1e9
        for pid in source.workerProcessIDs { workerPeaks.withLock { $0[pid] = max($0[pid] ?? 0, Self.peakKiB(pid)) } }
        let peaks = workerPeaks.withLock { $0 }
        let own = Self.peakKiB(getpid())
        print("""
            riffle '\(path)': \(source.pageCount) pages at \(height) px high on \(threads) threads through \(source.workersStarted) workers \
            in \(String(format: "%.3f", seconds)) s: \(String(format: "%.1f", Double(source.pageCount) / seconds)) pages/s, \
            \(failures.load(ordering: .relaxed)) failed; open \(String(format: "%.3f", openSeconds)) s; \
            peak resident: reader \(own / 1024) MiB, workers \(peaks.values.sorted().map { "\($0 / 1024) MiB" }.joined(separator: ", ")), \
            sum \((own + peaks.values.reduce(0, +)) / 1024) MiB
            """)
    }

    /// A process's peak resident set (VmHWM), in KiB; 0 if it cannot be read.
    static func peakKiB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

extension RiffleBenchmark {
    /// Opening a generated 100,000-page PDF: seconds, and the worker's peak resident memory.
    @Test(.enabled(if: path != nil)) func openHundredThousandPages() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("many.pdf", TestPDF.many(100_000))
        let start = SocketIO.now()
        let source = try PDFDocumentSource(path: path)
        let seconds = Double(SocketIO.now() - start) / 1e9
        let worker = source.workerProcessIDs.map { Self.peakKiB($0) / 1024 }
        print("open 100,000 pages (\(try InputFile(path: path, maximumBytes: 1 << 30).byteCount) bytes): \(String(format: "%.3f", seconds)) s; worker peak resident \(worker) MiB")
    }
}
