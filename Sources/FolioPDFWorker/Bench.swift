import CPoppler
import Dispatch
import FolioDocument
import FolioPDFEngine
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// poppler alone, in this process: the baseline that `PDFDocumentSource` through its workers
/// is compared with (issue #27 asks for at least 0.85× of it on 2 threads).
enum Bench {
    /// Renders every page (or the first `pages`) of `path` at `height` pixels high on
    /// `threads` threads, each with its own poppler document, and prints pages per second.
    /// With `warmUp`, each thread first renders that many pages from the document's end and
    /// the clock starts when all have: a steady riffle, fonts and caches already loaded.
    static func run(path: String, threads: Int, height: Int, pages: Int?, warmUp: Int = 0) {
        let next = Atomic<Int>(0)
        let fd0 = open(path, O_RDONLY | O_CLOEXEC)
        guard fd0 >= 0, let probe = try? PopplerDocument(fd: fd0, password: nil) else {
            print("cannot open \(path)")
            return
        }
        let count = min(pages ?? probe.pageCount, probe.pageCount), total = probe.pageCount
        var start = SocketIO.now()
        let ready = Atomic<Int>(0), released = Atomic<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            let document = try? PopplerDocument(fd: fd, password: nil)
            if warmUp > 0 {
                for k in 0..<warmUp {
                    let i = max(0, total - 1 - (thread + k * threads) % total)
                    let (w, h) = document?.size(ofPage: i) ?? (0, 0)
                    if w > 0, h > 0 { _ = document?.render(page: i, width: max(1, Int(Double(height) * w / h)), height: height) }
                }
                ready.add(1, ordering: .acquiringAndReleasing)
                while ready.load(ordering: .acquiring) < threads { usleep(100) }
                _ = released.compareExchange(expected: 0, desired: SocketIO.now(), ordering: .relaxed)
            }
            guard let document else { return }
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                if i >= count { break }
                let (w, h) = document.size(ofPage: i)
                guard w > 0, h > 0 else { continue }
                _ = document.render(page: i, width: max(1, Int(Double(height) * w / h)), height: height)
            }
        }
        if warmUp > 0 { start = released.load(ordering: .relaxed) }
        let seconds = Double(SocketIO.now() - start) / 1e9
        print("poppler alone: \(count) pages at \(height) px high on \(threads) threads in \(seconds) s: \(Double(count) / seconds) pages/s; \(cpuSeconds()) CPU s")
    }
}

extension Bench {
    /// The same riffle through `PDFDocumentSource` and `workers` worker processes (this very
    /// executable), `threads` threads asking: what the reader pays for the isolation.
    static func riffle(path: String, threads: Int, height: Int, pages: Int?) {
        riffleAndClose(path: path, threads: threads, height: height, pages: pages)
        // The workers are reaped now, so their CPU time is counted.
        print("  \(cpuSeconds()) CPU s, this process and its workers")
    }

    /// User and system CPU seconds of this process and its reaped children.
    static func cpuSeconds() -> Double {
        var total = 0.0
        for who in [RUSAGE_SELF, RUSAGE_CHILDREN] {
            var usage = rusage()
            getrusage(__rusage_who_t(who.rawValue), &usage)
            total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return total
    }

    static func riffleAndClose(path: String, threads: Int, height: Int, pages: Int?) {
        var start = SocketIO.now()
        var options = PDFDocumentSource.Options()
        options.workers = threads
        options.workerPath = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : nil
        let source: PDFDocumentSource
        do { source = try PDFDocumentSource(path: path, options: options) } catch {
            print("cannot open \(path): \(error)")
            return
        }
        let open = Double(SocketIO.now() - start) / 1e9
        let count = min(pages ?? source.pageCount, source.pageCount)
        let next = Atomic<Int>(0), failures = Atomic<Int>(0)
        start = SocketIO.now()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                if i >= count { break }
                let size = source.pixelSize(of: i, fitting: (width: 100_000, height: height))
                do { _ = try source.render(page: i, width: size.width, height: size.height) } catch { failures.add(1, ordering: .relaxed) }
            }
        }
        let seconds = Double(SocketIO.now() - start) / 1e9
        // Peak resident memory of every process (VmHWM), in MiB.
        func peak(_ pid: Int32) -> Int {
            let fd = Glibc.open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return 0 }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 8192)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let text = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
        }
        let peaks = [peak(getpid())] + source.workerProcessIDs.map(peak)
        print("  peak resident MiB: reader \(peaks[0]), workers \(peaks.dropFirst().map(String.init).joined(separator: ", ")); sum \(peaks.reduce(0, +))")
        print("through workers: \(count) pages at \(height) px high on \(threads) threads in \(seconds) s: \(Double(count) / seconds) pages/s (open \(open) s, \(failures.load(ordering: .relaxed)) failed)")
    }
}
