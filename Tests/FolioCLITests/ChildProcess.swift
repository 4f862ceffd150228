import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a built executable in a child process and measures it: exit status, wall time, CPU
/// time (`wait4`'s `rusage`), peak resident memory (GNU time's, of the command alone), and its
/// standard error.
struct ChildProcess {
    /// How the child ended.
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        var seconds: Double
        /// CPU time of the child (user + system), in seconds: unlike wall time, not stretched by
        /// other processes on a shared machine.
        var cpuSeconds: Double
        /// Peak resident set size, in bytes.
        var peakBytes: Int
        var standardOutput: String
        var standardError: String
    }

    /// A product built next to the test bundle (`.build/<configuration>/NAME`).
    static func product(_ name: String) -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for base in [dir, dir.deletingLastPathComponent(), dir.deletingLastPathComponent().deletingLastPathComponent()] {
            let p = base.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return dir.appendingPathComponent(name).path
    }

    /// Runs `arguments[0]` with the rest; standard output goes to `stdoutPath` (a file it
    /// creates, or a device such as /dev/full), standard error to a temporary file.
    static func run(_ arguments: [String], stdoutPath: String? = nil) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = stdoutPath ?? folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path
        // The peak comes from GNU time, which forks the command from its own small process.
        // Linux hands a process its parent's memory high-water mark when it is spawned and
        // execs (vfork or fork, then exec: `ru_maxrss` keeps the old image's peak), so a child
        // of this test process — hundreds of MiB by the time these tests run — would report at
        // least that much whatever it did itself. GNU time keeps the exit status (128 + the
        // signal when one ended the command).
        let rssPath = folder.appendingPathComponent("rss").path
        let arguments = ["/usr/bin/time", "-f", "%M", "-o", rssPath] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw NSError(domain: "ChildProcess", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(arguments[0])"])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        func text(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        func time(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        // GNU time's last line is the peak in KiB (a line about the status may come first).
        let peakKiB = text(rssPath).split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Result(status: code, seconds: seconds, cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime), peakBytes: (peakKiB ?? Int.max / 2048) * 1024,
                      standardOutput: stdoutPath == nil ? text(outPath) : "", standardError: text(errPath))
    }
}
