#if canImport(Glibc)
import Glibc
#endif

/// The worker's side of the shared pixel buffer (descriptor 4, made and sized by the reader).
/// Mapped once and kept, remapped only when the reader has grown it, so that rendering into
/// it does not fault in every page of memory again for every page of the document.
enum SharedOutput {
    /// The descriptor the reader hands over.
    static let descriptor: Int32 = 4
    /// The mapping and its size. The worker has one thread, which alone touches these.
    nonisolated(unsafe) static var mapping: UnsafeMutableRawPointer?
    nonisolated(unsafe) static var mappedBytes = 0

    /// Runs `body` on the buffer's first `bytes` bytes; a message if the buffer cannot hold
    /// them (the reader did not make it large enough), else `body`'s result.
    static func withMapping(bytes: Int, _ body: (UnsafeMutableRawPointer) -> String?) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= bytes else { return "the shared pixel buffer is too small" }
        if mapping == nil || mappedBytes < bytes {
            if let mapping { munmap(mapping, mappedBytes) }
            mapping = nil
            let size = Int(info.st_size)
            guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), map != MAP_FAILED else {
                return "cannot map the shared pixel buffer: \(String(cString: strerror(errno)))"
            }
            mapping = map
            mappedBytes = size
        }
        return body(mapping!)
    }
}
