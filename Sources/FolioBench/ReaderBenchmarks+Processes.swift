import Foundation
import FolioCLISupport
import FolioRender
#if canImport(Glibc)
import Glibc
#endif

extension ReaderBenchmarks {
    /// `folio-pdf-worker`: `$FOLIO_PDF_WORKER`, else next to this executable (where SwiftPM
    /// builds it), as `PDFDocumentSource` looks for it.
    ///
    /// - Throws: `CommandFailure` naming the path when there is no executable there.
    nonisolated static func workerPath() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["FOLIO_PDF_WORKER"], !explicit.isEmpty { return explicit }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("folio-pdf-worker").path
        guard access(path, X_OK) == 0 else {
            throw CommandFailure(message: "folio bench --reader: no PDF worker at '\(path)' (build it: swift build --product folio-pdf-worker, or set FOLIO_PDF_WORKER)")
        }
        return path
    }

    /// Runs `arguments` (the executable first) to its end with standard output into the file
    /// `output`; standard error is this process's. Returns the exit status (128 + a signal).
    nonisolated static func spawn(_ arguments: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CommandFailure(message: "folio bench --reader: cannot start '\(arguments[0])': \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The RGBA page the floor's worker left in `path`, mapped and copied into an `Image` (one
    /// copy, as the reader copies its page out of the worker's shared buffer).
    nonisolated static func mappedImage(_ path: String, width: Int, height: Int) throws -> Image {
        let bytes = width * height * 4
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        guard fd >= 0, let memory = mmap(nil, bytes, PROT_READ, MAP_SHARED, fd, 0), memory != MAP_FAILED else {
            throw CommandFailure(message: "folio bench --reader: cannot map the floor's page '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { munmap(memory, bytes) }
        let pixels = Array(UnsafeRawBufferPointer(start: memory, count: bytes))
        guard let image = Image(width: width, height: height, pixels: pixels) else {
            throw CommandFailure(message: "folio bench --reader: the floor's page is not \(width)x\(height)")
        }
        return image
    }

    /// A process's peak resident set (VmHWM) in KiB; 0 when it cannot be read (it has exited).
    nonisolated static func peakKiB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Resets this process's peak resident set to its current one (`/proc/self/clear_refs`,
    /// Linux 4.0 and later), so that a later VmHWM is the peak of what came after. Returns
    /// whether the kernel took it.
    nonisolated static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }
}
