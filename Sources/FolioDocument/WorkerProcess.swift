#if canImport(Glibc)
import Glibc
#endif

/// One running PDF worker (`folio-pdf-worker`, or an executable in the worker role): its process id and the reader's end of the socket that is
/// the worker's standard input and output. The document is handed over as descriptor 3, the
/// shared pixel buffer (if the system has memfd) as descriptor 4.
///
/// Not thread-safe: a ``PDFWorkerPool`` lends each worker to one thread at a time.
final class WorkerProcess {
    /// The child's process id.
    let pid: pid_t
    /// The reader's end of the socket (close-on-exec, so other children never inherit it).
    let socket: Int32
    /// Where the worker leaves rendered pixels (its descriptor 4); nil: they come over the socket.
    let pixels: SharedPixels?
    /// Whether a reply to an abandoned (cancelled) request is still on its way and must be
    /// read and thrown away before the next request.
    var owesReply = false
    /// When the owed reply stops being worth waiting for (monotonic ns).
    var owedDeadline: UInt64 = 0
    /// The most payload bytes the reply to the request in flight may carry.
    var owedPayloadLimit = 0
    /// Whether the process has been reaped.
    private var reaped = false
    /// How the process ended, once reaped ("killed by signal 9", "exited with status 3").
    private(set) var exitDescription = "is still running"

    /// The socket buffer asked for each way: a page of 1 MB passes in a few system calls.
    static let socketBuffer: Int32 = 4 << 20

    /// Starts `executable` with `arguments`, `document` as descriptor 3, a shared pixel buffer
    /// as descriptor 4 if `sharedPixels` (and the system has memfd), standard error sent to
    /// /dev/null unless `inheritStderr`, and `extraEnvironment` ("NAME=value") added to ours.
    init(executable: String, arguments: [String], document: Int32, inheritStderr: Bool, sharedPixels: Bool,
         extraEnvironment: [String]) throws(DocumentError) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw .workerUnavailable(path: executable, reason: "socketpair: \(String(cString: strerror(errno)))")
        }
        var size = Self.socketBuffer
        for fd in fds {
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        defer { close(fds[1]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so exactly 0, 1, 2 and 3 reach the worker.
        posix_spawn_file_actions_adddup2(&actions, fds[1], 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if !inheritStderr { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, document, 3)
        let shared = sharedPixels ? SharedPixels() : nil
        if let shared { posix_spawn_file_actions_adddup2(&actions, shared.descriptor, 4) }
        // Nothing else of the reader's reaches the worker, close-on-exec or not (other
        // modules' descriptors). glibc 2.34 has it; the Glibc module does not declare it.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 5)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling in the child whatever the reader ignores or blocks.
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        // A session of its own: the worker has no controlling terminal, so a taken-over worker
        // cannot reach the reader's (to type into its shell). glibc's POSIX_SPAWN_SETSID, a GNU
        // extension the Glibc module does not declare.
        let setSessionID: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | setSessionID))

        var environment: [String] = []
        var e = environ
        while let entry = e.pointee { environment.append(String(cString: entry)); e += 1 }
        // Ours replace the reader's: a fault left in the reader's environment is never injected.
        let replaced = ["FOLIO_PDF_WORKER_FAULTS=", "SWIFT_BACKTRACE=", "FOLIO_PDF_WORKER_ROLE="]
        environment.removeAll { entry in replaced.contains { entry.hasPrefix($0) } }
        environment += extraEnvironment
        let argv = [executable] + arguments
        var child: pid_t = 0
        var result: Int32 = 0
        // Under the registry's lock: a worker started now is killed with the others at exit.
        let started = WorkerRegistry.launch {
            result = withCStrings(argv) { cArgv in
                withCStrings(environment) { cEnv in posix_spawn(&child, executable, &actions, &attributes, cArgv, cEnv) }
            }
            return result == 0 ? child : nil
        }
        guard started else {
            close(fds[0])
            throw .workerUnavailable(path: executable, reason: "the process is exiting")
        }
        guard result == 0 else {
            close(fds[0])
            throw .workerUnavailable(path: executable, reason: String(cString: strerror(result)))
        }
        pid = child
        socket = fds[0]
        pixels = shared
    }

    deinit {
        stop()
        close(socket)
    }

    /// Sends a request; false if the worker is gone.
    func send(_ request: [UInt8]) -> Bool { SocketIO.write(socket, request) }

    /// Whether an idle worker is still there: nothing to read on its socket (no end of file,
    /// no stray bytes) while it owes no reply.
    var isIdleAndAlive: Bool {
        var p = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 0
    }

    /// Kills the worker (SIGKILL: it may be stuck inside poppler) and reaps it.
    func stop() {
        guard !reaped else { return }
        kill(pid, SIGKILL)
        reap(wait: true)
    }

    /// Reaps the worker after its socket closed: it is exiting, so wait for it briefly, then
    /// kill it if it has not (a worker that closed its socket but hangs on).
    func reapAfterClose() {
        for _ in 0..<50 where !reaped {
            reap(wait: false)
            if !reaped { usleep(2000) }
        }
        stop()
    }

    private func reap(wait: Bool) {
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, wait ? 0 : WNOHANG) } while r < 0 && errno == EINTR
        guard r == pid else {
            if r < 0 { reaped = true; exitDescription = "vanished"; WorkerRegistry.forget(pid) }
            return
        }
        reaped = true
        WorkerRegistry.forget(pid)
        // WIFSIGNALED / WEXITSTATUS are macros Swift does not import.
        let signal = status & 0x7f
        if signal != 0 {
            exitDescription = "was killed by signal \(signal)" + (signal == SIGKILL ? "" : " (\(String(cString: strsignal(signal))))")
        } else {
            exitDescription = "exited with status \((status >> 8) & 0xff)"
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings that live until it returns.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
