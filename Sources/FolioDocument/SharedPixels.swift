#if canImport(Glibc)
import Glibc
#endif

/// The memory a worker renders a page into and the reader copies it out of: an anonymous
/// shared file (`memfd`), so a page's pixels never pass through the socket (which would cost
/// a copy into the kernel and one out, in pieces the size of the socket buffer).
///
/// The reader alone sizes it, and seals it against shrinking: a confused worker cannot make
/// the reader's mapping point past the end of the file (which would kill the reader with
/// SIGBUS). Not thread-safe; it belongs to one ``WorkerProcess``.
final class SharedPixels {
    /// The descriptor (close-on-exec, at 10 or above so it survives the worker's dup2s).
    let descriptor: Int32
    /// The file's size in bytes.
    private(set) var byteCount = 0

    /// A new empty buffer, or nil where the system has no memfd (then pixels go over the socket).
    init?() {
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        // memfd_create is declared only with _GNU_SOURCE, which the Glibc module leaves out.
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "memfd_create") else { return nil }
        let create = unsafeBitCast(symbol, to: MemfdCreate.self)
        let cloexec: UInt32 = 1, allowSealing: UInt32 = 2 // MFD_CLOEXEC, MFD_ALLOW_SEALING
        let fd = create("folio-page", cloexec | allowSealing)
        guard fd >= 0 else { return nil }
        let high = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        guard high >= 0 else { return nil }
        let addSeals: Int32 = 1033, sealShrink: Int32 = 0x0002 // F_ADD_SEALS, F_SEAL_SHRINK
        guard fcntl(high, addSeals, sealShrink) == 0 else { close(high); return nil }
        descriptor = high
    }

    /// The whole file mapped read-only, kept from one page to the next: mapping it afresh for
    /// every page would cost a page fault per 4 KiB each time.
    private var mapping: UnsafeMutableRawPointer?

    deinit {
        if let mapping { munmap(mapping, byteCount) }
        close(descriptor)
    }

    /// Grows the file to at least `bytes` (it never shrinks) and maps it; false if the system
    /// refuses.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > byteCount || mapping == nil else { return true }
        let size = max(bytes, byteCount, 1)
        guard ftruncate(descriptor, off_t(size)) == 0 else { return false }
        if let mapping { munmap(mapping, byteCount); self.mapping = nil }
        byteCount = size
        guard let map = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), map != MAP_FAILED else { return false }
        mapping = map
        return true
    }

    /// Gives the memory past the first `bytes` back to the system when that is more than
    /// ``slack`` (a punched hole: the size stays, so the seal holds and both mappings stay
    /// valid, reading zeros there). Without it one page rendered large — a zoom — would pin
    /// that much shared memory for the worker's life.
    func release(beyond bytes: Int) {
        let start = (bytes + 4095) & ~4095
        guard byteCount - start > Self.slack else { return }
        typealias Fallocate = @convention(c) (Int32, Int32, off_t, off_t) -> Int32
        // fallocate is declared only with _GNU_SOURCE, which the Glibc module leaves out.
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "fallocate") else { return }
        let keepSize: Int32 = 1, punchHole: Int32 = 2 // FALLOC_FL_KEEP_SIZE, FALLOC_FL_PUNCH_HOLE
        _ = unsafeBitCast(symbol, to: Fallocate.self)(descriptor, punchHole | keepSize, off_t(start), off_t(byteCount - start))
    }

    /// How much unused memory the buffer may keep past the page just rendered: 8 MiB.
    static let slack = 8 << 20

    /// The first `bytes` bytes, copied out; nil if they were never reserved.
    func copy(_ bytes: Int) -> [UInt8]? {
        guard bytes <= byteCount, let mapping else { return nil }
        return [UInt8](unsafeUninitializedCapacity: bytes) { out, initialized in
            if bytes > 0 { memcpy(out.baseAddress!, mapping, bytes) }
            initialized = bytes
        }
    }
}
