import FolioFiles
#if canImport(Glibc)
import Glibc
#endif

/// The reader's one-line diagnostics.
public enum DocumentLog {
    /// Writes `line` and a newline to standard error in one `write`, so lines from several
    /// rendering threads never interleave; `line` is escaped (`MessageText.escaped(_:)`), so it
    /// is one line whatever names it holds.
    public static func standardError(_ line: String) {
        var bytes = Array("folio: \(MessageText.escaped(line))\n".utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
