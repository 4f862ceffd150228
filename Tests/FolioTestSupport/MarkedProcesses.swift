#if canImport(Glibc)
import Glibc
#endif

/// Finds processes by a mark in their environment, and starts a command carrying one: how the
/// worker-lifetime tests see every process a command started, whatever became of its parent
/// (a worker whose reader died is reparented, so a scan by parent would miss it).
public enum MarkedProcesses {
    /// A mark unique to this call: `FOLIO_TEST_MARK=<pid>-<counter>-<time>`.
    public static func newMark() -> String {
        counter += 1
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return "FOLIO_TEST_MARK=\(getpid())-\(counter)-\(now.tv_sec)\(now.tv_nsec)"
    }
    nonisolated(unsafe) private static var counter = 0

    /// Starts `arguments` with our environment plus `mark`, standard output and error to
    /// /dev/null; its process id.
    public static func start(_ arguments: [String], mark: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee { environment.append(strdup(entry)); e += 1 }
        environment += [strdup(mark), nil]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv + environment { free(p) } }
        // Default dispositions and no blocked signals, whatever the test runner ignores or blocks:
        // a signal the tests send must act as it would on a command started from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment) == 0 ? pid : nil
    }

    /// Waits for `pid` (a child of ours) to end; its exit status, or 128 + the signal.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f != 0 ? 128 + (status & 0x7f) : (status >> 8) & 0xff
    }

    /// The live processes (not zombies) whose environment holds `mark`, except `excluding`.
    public static func find(_ mark: String, excluding: Set<pid_t> = []) -> [pid_t] {
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        var found: [pid_t] = []
        let needle = Array(mark.utf8)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), !excluding.contains(pid), isLive(pid) else { continue }
            let bytes = read("/proc/\(pid)/environ")
            if bytes.split(separator: 0).contains(where: { Array($0) == needle }) { found.append(pid) }
        }
        return found
    }

    /// Polls ``find(_:excluding:)`` until it is empty or `seconds` pass; what is left.
    public static func waitUntilGone(_ mark: String, excluding: Set<pid_t> = [], seconds: Double) -> [pid_t] {
        let tries = max(1, Int(seconds / 0.05))
        for _ in 0..<tries {
            if find(mark, excluding: excluding).isEmpty { return [] }
            usleep(50_000)
        }
        return find(mark, excluding: excluding)
    }

    /// Polls until `count` marked processes other than `excluding` run, or `seconds` pass.
    public static func waitFor(_ count: Int, _ mark: String, excluding: Set<pid_t> = [], seconds: Double) -> [pid_t] {
        let tries = max(1, Int(seconds / 0.05))
        for _ in 0..<tries {
            let now = find(mark, excluding: excluding)
            if now.count >= count { return now }
            usleep(50_000)
        }
        return find(mark, excluding: excluding)
    }

    /// Whether `pid` exists and is not a zombie (state `Z`: dead, waiting to be reaped).
    public static func isLive(_ pid: pid_t) -> Bool {
        let stat = read("/proc/\(pid)/stat")
        // "pid (comm) S ...": the state follows the last ')'.
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count else { return false }
        return stat[close + 2] != UInt8(ascii: "Z")
    }

    private static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 8192) }
            if n <= 0 { break }
            out += buffer[..<n]
        }
        return out
    }
}
