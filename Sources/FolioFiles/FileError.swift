/// Why a file could not be opened, read or written; every case names the path.
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path (or a folder on the way is missing).
    case notFound(path: String)
    /// The path exists but may not be read or written by this process.
    case permissionDenied(path: String)
    /// The path names something other than a regular file (`kind`: "a FIFO", "a directory", …);
    /// reading one could block forever or never end, and replacing one would destroy it.
    case notARegularFile(path: String, kind: String)
    /// The file is larger than the reader accepts.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The operating system refused a read (`reason` is its message).
    case readFailed(path: String, reason: String)
    /// The operating system refused a write, a flush or the final rename (`reason` is its
    /// message); whatever was at the path before is unchanged.
    case writeFailed(path: String, reason: String)
    /// The output path names the same file as `input`, one of the command's own inputs (by
    /// name, through a link or a hard link): writing would destroy what is being read.
    case wouldOverwriteInput(path: String, input: String)

    /// The path the error is about.
    public var path: String {
        switch self {
        case let .notFound(path), let .permissionDenied(path), let .notARegularFile(path, _),
             let .tooLarge(path, _, _), let .readFailed(path, _), let .writeFailed(path, _),
             let .wouldOverwriteInput(path, _):
            return path
        }
    }

    /// What went wrong, without the path: for errors of other modules that name the path themselves.
    public var reason: String {
        switch self {
        case .notFound: return "no such file"
        case .permissionDenied: return "permission denied"
        case let .notARegularFile(_, kind): return "it is \(kind), not a regular file"
        case let .tooLarge(_, bytes, limit): return "it is \(bytes) bytes; the limit is \(limit)"
        case let .readFailed(_, reason): return reason
        case let .writeFailed(_, reason): return reason
        case let .wouldOverwriteInput(_, input): return "it is the input '\(input)', which an output never replaces"
        }
    }

    /// A one-line message naming the path (escaped: `MessageText.escaped(_:)`, so a name
    /// with a line break cannot forge a second line).
    public var description: String {
        switch self {
        case .writeFailed, .wouldOverwriteInput: return MessageText.escaped("cannot write '\(path)': \(reason)")
        default: return MessageText.escaped("cannot read '\(path)': \(reason)")
        }
    }
}
