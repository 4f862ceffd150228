#if canImport(Glibc)
import Glibc
#endif

/// The bounds a worker puts on itself as it starts (posix_spawn cannot set them for it).
enum WorkerLimits {
    /// Sets `RLIMIT_AS` to `memory` bytes and `RLIMIT_CPU` to `cpuSeconds` (0: unchanged), and
    /// `RLIMIT_CORE` to 0; crash signals get their default action back.
    static func apply(memory: Int, cpuSeconds: Int) {
        // A crash must end the process at once: the Swift runtime's own handlers for these
        // signals (its backtracer) would otherwise run on a corrupted process.
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { Glibc.signal(signal, SIG_DFL) }
        set(RLIMIT_CORE, 0)
        if memory > 0 { set(RLIMIT_AS, rlim_t(memory)) }
        // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
        if cpuSeconds > 0 { set(RLIMIT_CPU, rlim_t(cpuSeconds), hard: rlim_t(cpuSeconds + 1)) }
    }

    private static func set(_ resource: __rlimit_resource, _ soft: rlim_t, hard: rlim_t? = nil) {
        var limit = rlimit(rlim_cur: soft, rlim_max: hard ?? soft)
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
}
