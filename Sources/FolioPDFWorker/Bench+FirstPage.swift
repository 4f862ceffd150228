import FolioDocument
import FolioPDFEngine
#if canImport(Glibc)
import Glibc
#endif

extension Bench {
    /// `--first-page FILE --width W --height H --out PATH`: opens `path` with poppler, renders
    /// its first page at `width` × `height` straight into `out` (made that size and mapped, so
    /// the pixels are written once, as RGBA bytes) and exits. The poppler half of the floor
    /// that `folio bench --reader` holds its time to the first page to: poppler is linked only
    /// here, never into `folio`, so the floor's rasteriser is this process, started for it.
    /// Returns the exit status: 0, or 1 with one line on standard error.
    static func firstPage(path: String, width: Int, height: Int, out: String) -> Int32 {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            say("folio-pdf-worker: --first-page needs --width and --height in 1…16384, not \(width) × \(height)\n")
            return 1
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, let document = try? PopplerDocument(fd: fd, password: nil) else {
            say("folio-pdf-worker: cannot open '\(path)'\n")
            return 1
        }
        let bytes = width * height * 4
        let output = open(out, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0, ftruncate(output, off_t(bytes)) == 0,
              let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, output, 0), memory != MAP_FAILED else {
            say("folio-pdf-worker: cannot make '\(out)' of \(bytes) bytes: \(String(cString: strerror(errno)))\n")
            return 1
        }
        defer { munmap(memory, bytes); close(output) }
        if let problem = document.render(page: 0, width: width, height: height, into: memory) {
            say("folio-pdf-worker: page 1 of '\(path)': \(problem)\n")
            return 1
        }
        return 0
    }

    /// One line on standard error (through the descriptor: C's `stderr` is shared mutable state to Swift 6).
    static func say(_ line: String) {
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
