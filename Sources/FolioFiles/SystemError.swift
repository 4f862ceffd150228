#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's message for an `errno` value ("No space left on device").
func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// A short name for the kind of file in a `stat` mode, as in "it is a FIFO".
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: return "a regular file"
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
}
