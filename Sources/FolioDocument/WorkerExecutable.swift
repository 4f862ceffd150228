import CFolioWorkerRole
#if canImport(Glibc)
import Glibc
#endif

/// The program a PDF worker runs as, and how it is told to be one.
///
/// In order: the path the app gave (`Options.workerPath`), `$FOLIO_PDF_WORKER`, a
/// `folio-pdf-worker` next to the running executable (SwiftPM builds it there for this
/// package's own tools and tests), and otherwise the running executable itself in the worker
/// role — any executable that links FolioPDFEngine, which the `FolioDocument` and `Folio`
/// products bring, so an app built with a plain `swift build` reads PDFs with no other step.
struct WorkerExecutable: Equatable, Sendable {
    /// What `posix_spawn` starts.
    var path: String
    /// The arguments before the worker's options (the role argument, for the running executable).
    var roleArguments: [String]
    /// Environment entries ("NAME=value") the role needs.
    var environment: [String]
    /// How messages name it.
    var name: String

    /// The argument and environment entry that start an executable linking FolioPDFEngine as a
    /// worker (folio_pdf_engine_entry.h has the same two).
    static let roleArgument = "--folio-pdf-worker"
    static let roleEnvironment = "FOLIO_PDF_WORKER_ROLE=1"

    /// A separate worker binary at `path`.
    static func binary(_ path: String) -> WorkerExecutable {
        WorkerExecutable(path: path, roleArguments: [], environment: [], name: path)
    }

    /// The running executable in the worker role (nil if FolioPDFEngine is not linked into it).
    static var ownExecutable: WorkerExecutable? {
        guard folio_pdf_engine_is_linked() != 0 else { return nil }
        // /proc/self/exe names the running executable whatever its path's bytes, and names
        // the child's (the same file) when the child execs it.
        return WorkerExecutable(path: "/proc/self/exe", roleArguments: [roleArgument], environment: [roleEnvironment],
                                name: "\(runningExecutablePath) (as its own PDF worker)")
    }

    /// Finds the worker: `explicit`, `$FOLIO_PDF_WORKER`, `folio-pdf-worker` beside the running
    /// executable, else the running executable itself (``ownExecutable``); `preferOwn` skips
    /// the neighbour (tests of the role).
    static func find(explicit: String?, preferOwn: Bool = false) throws(DocumentError) -> WorkerExecutable {
        if let named = explicit ?? getenv("FOLIO_PDF_WORKER").map({ String(cString: $0) }), !named.isEmpty {
            guard access(named, X_OK) == 0 else { throw .workerUnavailable(path: named, reason: String(cString: strerror(errno))) }
            return .binary(named)
        }
        if preferOwn, let own = ownExecutable { return own }
        let exe = runningExecutablePath
        let neighbour = (exe.lastIndex(of: "/").map { String(exe[..<$0]) } ?? ".") + "/folio-pdf-worker"
        if access(neighbour, X_OK) == 0 { return .binary(neighbour) }
        let reason = String(cString: strerror(errno))
        if let own = ownExecutable { return own }
        throw .workerUnavailable(path: neighbour, reason: "\(reason), and this executable does not link FolioPDFEngine "
                                     + "(depend on the FolioDocument or Folio product, which bring it)")
    }

    /// The running executable's path, for messages and for finding its neighbour.
    static var runningExecutablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
    }
}
