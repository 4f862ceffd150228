#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for reading without any chance of blocking on the open.
///
/// The path is opened with `O_NONBLOCK` and then checked with `fstat` on the open descriptor,
/// so there is no moment in which a FIFO, socket or device swapped in at the path could make
/// the open wait forever (a FIFO without a writer) or the read never end (`/dev/zero`): they
/// are refused with `FileError.notARegularFile`. The size is checked before anything is read,
/// and reads stop one byte past the limit, so a file that grows meanwhile is refused too.
public final class InputFile {
    /// The path as given.
    public let path: String
    /// The file's size when it was opened, in bytes.
    public let byteCount: Int
    /// The most bytes `readAll` accepts.
    public let maximumBytes: Int
    /// The open descriptor (read only, close-on-exec); closed when the value goes away.
    public let descriptor: Int32

    /// Opens `path` for reading and checks that it is a regular file of at most `maximumBytes`.
    ///
    /// - Throws: `FileError.notFound`, `.permissionDenied`, `.notARegularFile` (directories,
    ///   FIFOs, sockets, devices), `.tooLarge` or `.readFailed`.
    public convenience init(path: String, maximumBytes: Int) throws(FileError) {
        try self.init(pathBytes: Array(path.utf8), shownAs: path, maximumBytes: maximumBytes)
    }

    /// Opens the file whose path is exactly `pathBytes` (Linux names are bytes; one that is not
    /// UTF-8 cannot round-trip through a `String`) and checks it as ``init(path:maximumBytes:)``
    /// does. Errors and ``path`` show it as `MessageText.escaped(bytes:)` does (`\xHH` for
    /// bytes that are not UTF-8).
    ///
    /// - Throws: as ``init(path:maximumBytes:)``; a path with a NUL byte is `.notFound`.
    public convenience init(pathBytes: [UInt8], maximumBytes: Int) throws(FileError) {
        try self.init(pathBytes: pathBytes, shownAs: MessageText.escaped(bytes: pathBytes), maximumBytes: maximumBytes)
    }

    private init(pathBytes: [UInt8], shownAs path: String, maximumBytes: Int) throws(FileError) {
        self.path = path
        self.maximumBytes = maximumBytes
        guard !pathBytes.contains(0) else { throw .notFound(path: path) }
        let fd = (pathBytes + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        }
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .notFound(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case ENXIO: throw .notARegularFile(path: path, kind: "a socket or a device")
            default: throw .readFailed(path: path, reason: systemMessage(code))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .readFailed(path: path, reason: systemMessage(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notARegularFile(path: path, kind: fileKind(info.st_mode))
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            close(fd)
            throw .tooLarge(path: path, bytes: size, limit: maximumBytes)
        }
        descriptor = fd
        byteCount = size
    }

    deinit { close(descriptor) }

    /// Reads up to `count` bytes from the current position (fewer at the end of the file).
    public func read(upTo count: Int) throws(FileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, reason: systemMessage(errno))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    /// Reads the whole file from the start.
    ///
    /// - Throws: `FileError.tooLarge` if it has grown past `maximumBytes` since it was opened,
    ///   `.readFailed` if the system refuses.
    public func readAll() throws(FileError) -> [UInt8] {
        try rewind()
        // One byte past the size seen at the open tells whether the file has grown since.
        var bytes = try read(upTo: byteCount + 1)
        if bytes.count > byteCount {
            bytes += try read(upTo: maximumBytes + 1 - bytes.count)
            if bytes.count > maximumBytes { throw .tooLarge(path: path, bytes: bytes.count, limit: maximumBytes) }
        }
        return bytes
    }

    /// Moves the read position back to the start.
    public func rewind() throws(FileError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .readFailed(path: path, reason: systemMessage(errno)) }
    }
}
