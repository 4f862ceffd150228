import CSeccomp
#if canImport(Glibc)
import Glibc
#endif

/// Faults injected on purpose so that tests can watch the reader survive them, read from
/// `FOLIO_PDF_WORKER_FAULTS` ("crash:3,hang:5,hog:7,kill:9,spin:11,escape:13,crash-open,hang-open"); empty
/// otherwise.
struct WorkerFaults {
    var crash: Set<Int> = [], kill: Set<Int> = [], hang: Set<Int> = [], hog: Set<Int> = [], spin: Set<Int> = []
    /// Pages at which the worker tries what `WorkerSandbox` refuses, as code that took poppler
    /// over would, and answers with what happened instead of the page.
    var escape: Set<Int> = []
    var crashOnOpen = false, hangOnOpen = false

    static func fromEnvironment() -> WorkerFaults {
        var f = WorkerFaults()
        guard let text = getenv("FOLIO_PDF_WORKER_FAULTS").map({ String(cString: $0) }) else { return f }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: ":")
            let page = parts.count > 1 ? Int(parts[1]) : nil
            switch (parts[0], page) {
            case ("crash", let p?): f.crash.insert(p)
            case ("kill", let p?): f.kill.insert(p)
            case ("hang", let p?): f.hang.insert(p)
            case ("hog", let p?): f.hog.insert(p)
            case ("spin", let p?): f.spin.insert(p)
            case ("escape", let p?): f.escape.insert(p)
            case ("crash-open", _): f.crashOnOpen = true
            case ("hang-open", _): f.hangOnOpen = true
            default: break
            }
        }
        return f
    }

    /// Acts on a fault for `page`, if one is set: never returns then.
    func strike(page: Int) {
        if crash.contains(page) { raise(SIGSEGV) }
        if kill.contains(page) { Glibc.kill(getpid(), SIGKILL) }
        if hang.contains(page) { while true { sleep(1000) } }
        if spin.contains(page) {
            // Burn CPU until RLIMIT_CPU stops the process.
            while true { spinSink = spinSink &* 6364136223846793005 &+ 1442695040888963407 }
        }
        if hog.contains(page) {
            // Touch memory until the address-space limit refuses more, then die as a real
            // runaway would when its allocation fails.
            while let block = malloc(64 << 20) { memset(block, 1, 64 << 20) }
            abort()
        }
    }
}

extension WorkerFaults {
    /// For an escape page, whether the sandbox is on, then what became of each attempt — as
    /// "name: allowed" or "name: refused (reason)", comma-separated — at what code that took
    /// poppler over would try: writing, creating or truncating a file, forking, starting a
    /// program, opening a network socket, signalling the reader (directly, by `tkill` and
    /// through a pidfd), typing into a terminal, creating a message queue, shared memory or a
    /// memory file, growing the shared pixel buffer; and one thing it may still do, starting a
    /// thread. Nil for any other page. Whatever was allowed is undone at once.
    func escapeReport(page: Int) -> String? {
        guard escape.contains(page) else { return nil }
        func outcome(_ name: String, _ result: Int) -> String {
            result >= 0 ? "\(name): allowed" : "\(name): refused (\(String(cString: strerror(errno))))"
        }
        var lines = [WorkerSandbox.problem.map { "sandbox: off (\($0))" } ?? "sandbox: on"]
        // A path that does not exist: without the filter, only the opens that create it succeed.
        let path = "/tmp/folio-pdf-worker-escape-\(getpid())"
        for (name, flags) in [("open for writing", O_WRONLY | O_CREAT), ("open for reading and writing", O_RDWR | O_CREAT),
                              ("create a file", O_RDONLY | O_CREAT), ("truncate a file", O_RDONLY | O_TRUNC)] {
            let fd = open(path, flags, 0o600)
            lines.append(outcome(name, Int(fd)))
            if fd >= 0 { close(fd); unlink(path) }
        }
        let child = fork()
        if child == 0 { _exit(0) }
        lines.append(outcome("fork", Int(child)))
        if child > 0 { var status: Int32 = 0; waitpid(child, &status, 0) }
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        var spawned: pid_t = 0
        let spawn = posix_spawn(&spawned, "/bin/true", nil, nil, &argv, nil)
        free(argv[0])
        if spawn == 0 { var status: Int32 = 0; waitpid(spawned, &status, 0) } else { errno = spawn }
        lines.append(outcome("start a program", spawn == 0 ? 0 : -1))
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        lines.append(outcome("open a network socket", Int(s)))
        if s >= 0 { close(s) }
        // Signal 0 only asks whether the signal could be sent.
        let reader = getppid()
        lines.append(outcome("signal the reader", Int(Glibc.kill(reader, 0))))
        lines.append(outcome("signal the reader by tkill", folio_tkill(reader, 0)))
        let pidfd = folio_pidfd_open(reader)
        lines.append(outcome("open the reader's pidfd", pidfd))
        if pidfd >= 0 { close(Int32(pidfd)) }
        // The socket on descriptor 0 is no terminal: without the filter this fails with ENOTTY.
        var character: CChar = 0x20
        lines.append(outcome("type into a terminal", Int(ioctl(0, UInt(TIOCSTI), &character))))
        // What would outlive the worker, or hold memory its address-space limit does not count.
        let queue = "/folio-escape-\(getpid())"
        let mq = folio_mq_open_create(queue)
        lines.append(outcome("create a message queue", mq))
        if mq >= 0 { close(Int32(mq)); _ = folio_mq_unlink(queue) }
        let shm = folio_shmget_private()
        lines.append(outcome("create shared memory", shm))
        if shm >= 0 { _ = folio_shm_remove(Int32(shm)) }
        let msg = folio_msgget_private()
        lines.append(outcome("create a System V message queue", msg))
        if msg >= 0 { _ = folio_msg_remove(Int32(msg)) }
        let memfd = folio_memfd_create("folio-escape")
        lines.append(outcome("create a memory file", memfd))
        if memfd >= 0 { close(Int32(memfd)) }
        // Past the buffer's end, so that a success would grow it (undone at once).
        var before = stat()
        let sized = fstat(SharedOutput.descriptor, &before) == 0
        let grown = folio_fallocate(SharedOutput.descriptor, Int(before.st_size), 1 << 20)
        lines.append(outcome("grow the shared pixel buffer", grown))
        if grown >= 0 && sized { _ = ftruncate(SharedOutput.descriptor, before.st_size) }
        var byte: UInt8 = 0
        let wrote = pwrite(SharedOutput.descriptor, &byte, 1, before.st_size + (1 << 20))
        lines.append(outcome("write past the shared pixel buffer", wrote))
        if wrote >= 0 && sized { _ = ftruncate(SharedOutput.descriptor, before.st_size) }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in nil }, nil)
        if started == 0 { pthread_join(thread, nil) } else { errno = started }
        lines.append(outcome("start a thread", started == 0 ? 0 : -1))
        return lines.joined(separator: ", ")
    }
}

/// Where the spin fault's arithmetic goes, so the optimiser keeps it (never printed: the
/// worker's standard output is the reader's socket).
nonisolated(unsafe) var spinSink: UInt64 = 1
