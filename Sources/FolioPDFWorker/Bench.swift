import CPoppler
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// poppler alone, in this process: the baseline that `PDFDocumentSource` through its workers
/// is compared with (issue #27 asks for at least 0.85× of it on 2 threads).
enum Bench {
    /// Renders every page (or the first `pages`) of `path` at `height` pixels high on
    /// `threads` threads, each with its own poppler document, and prints pages per second.
    static func run(path: String, threads: Int, height: Int, pages: Int?) {
        let next = Atomic<Int>(0)
        let fd0 = open(path, O_RDONLY | O_CLOEXEC)
        guard fd0 >= 0, let probe = try? PopplerDocument(fd: fd0, password: nil) else {
            print("cannot open \(path)")
            return
        }
        let count = min(pages ?? probe.pageCount, probe.pageCount)
        let start = SocketIOClock.now()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard let document = try? PopplerDocument(fd: fd, password: nil) else { return }
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                if i >= count { break }
                let (w, h) = document.size(ofPage: i)
                guard w > 0, h > 0 else { continue }
                _ = document.render(page: i, width: max(1, Int(Double(height) * w / h)), height: height)
            }
        }
        let seconds = Double(SocketIOClock.now() - start) / 1e9
        print("poppler alone: \(count) pages at \(height) px high on \(threads) threads in \(seconds) s: \(Double(count) / seconds) pages/s")
    }
}

/// The monotonic clock (the same one the reader's timeouts use).
enum SocketIOClock {
    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
