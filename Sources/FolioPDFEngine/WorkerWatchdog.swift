#if canImport(Glibc)
import Glibc
#endif

/// Ends the worker as soon as its reader is gone, whatever the worker is doing.
///
/// The reader kills and reaps its workers when it exits normally (`WorkerRegistry` in
/// FolioDocument), but a reader killed by a signal runs no code at all. Its end of the socket
/// then closes, and the worker may be deep inside poppler on a page that takes minutes, never
/// reading the socket again. So a thread of the worker's own waits on the socket for the hang
/// up alone (events 0: `poll` always reports `POLLHUP`; it reads nothing, so the request
/// loop's bytes are untouched), and checks that its parent is still the process that started
/// it (a reparented worker is an orphan even if something else still holds the socket).
enum WorkerWatchdog {
    /// How often the parent is checked, in milliseconds, when the socket stays quiet.
    static let interval: Int32 = 200

    /// The parent the worker started with, read before the watchdog starts.
    nonisolated(unsafe) static var parent: pid_t = 0

    /// Starts the watchdog thread (before the sandbox: creating a thread stays allowed anyway).
    static func start() {
        parent = getppid()
        var thread = pthread_t()
        _ = pthread_create(&thread, nil, { _ in
            while true {
                var p = pollfd(fd: 0, events: 0, revents: 0)
                let ready = poll(&p, 1, WorkerWatchdog.interval)
                if ready > 0 && p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { _exit(0) }
                if getppid() != WorkerWatchdog.parent { _exit(0) }
            }
        }, nil)
        pthread_detach(thread)
    }
}
