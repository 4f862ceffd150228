import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Every worker process this process has started and not yet reaped, so that none outlives it.
///
/// On a normal exit (`exit`, a return from `main`, an error that ends the program) an `atexit`
/// handler kills and reaps them all: a worker may be deep in a page that takes minutes, and the
/// reader's objects are not torn down at exit, so nothing else would stop it. A reader killed
/// by a signal runs no handler; the worker's own watchdog (FolioPDFEngine's `WorkerWatchdog`)
/// sees the socket close and exits then.
///
/// Starting a worker happens under the registry's lock, so the exit handler never misses one
/// that another thread is starting at that moment, and none starts after it has run.
enum WorkerRegistry {
    private struct State {
        var live: [pid_t] = []
        var exiting = false
        var handlerInstalled = false
    }
    private static let state = Mutex(State())

    /// Runs `spawn` (which starts a process and returns its id, or nil) unless the process is
    /// exiting, and records the id; false if the process is exiting and nothing was started.
    static func launch(_ spawn: () -> pid_t?) -> Bool {
        state.withLock { s in
            if s.exiting { return false }
            if !s.handlerInstalled {
                s.handlerInstalled = true
                atexit { WorkerRegistry.stopAll() }
            }
            if let pid = spawn() { s.live.append(pid) }
            return true
        }
    }

    /// Forgets `pid` once it has been reaped.
    static func forget(_ pid: pid_t) {
        state.withLock { s in s.live.removeAll { $0 == pid } }
    }

    /// The workers now running, for tests.
    static var liveWorkers: [pid_t] { state.withLock { $0.live } }

    /// Kills and reaps every recorded worker and refuses new ones (the exit handler).
    static func stopAll() {
        let pids = state.withLock { s -> [pid_t] in
            s.exiting = true
            defer { s.live = [] }
            return s.live
        }
        for pid in pids { kill(pid, SIGKILL) }
        for pid in pids {
            var status: Int32 = 0
            // Another thread may reap it first (ECHILD): then it is gone already.
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }
}
