import CSeccomp
#if canImport(Glibc)
import Glibc
#endif

/// The system calls a worker gives up as it starts, before it reads a byte of the document.
///
/// A hostile PDF that takes over poppler runs with the worker's rights. Memory, CPU time and
/// core files are bounded already (`WorkerLimits`); this seccomp filter (through libseccomp)
/// takes away what such code would want next, each refused with `EPERM`, which poppler, cairo
/// and fontconfig handle as the ordinary failures they are:
///
/// - **starting programs and processes:** `execve`, `execveat`, `fork`, `vfork`, and `clone`
///   without `CLONE_THREAD` (`clone3` answers `ENOSYS`, so the C library falls back to `clone`,
///   whose flags the filter can read);
/// - **the network:** `socket`, `socketpair`, `connect`, `bind`, `listen`, `accept`, `accept4`
///   (the socket to the reader is already open: reading and writing it stays allowed);
/// - **changing files:** `open`, `openat` and `creat` for writing, creating or truncating
///   (reading fonts and the document stays allowed), `openat2` (`ENOSYS`), and every call that
///   removes, renames, links, makes or changes the metadata of a file: `unlink`, `rename`,
///   `mkdir`, `chmod`, `chown`, `truncate`, `utimensat` and their relatives;
/// - **other processes and the kernel:** signalling another process (`kill`, `tgkill`,
///   `rt_sigqueueinfo` and `rt_tgsigqueueinfo` aimed elsewhere; `tkill` and the `pidfd_`
///   calls at all), lowering another's limits or priority (`prlimit64`, `setpriority`,
///   `ioprio_set` for anyone but itself), `ptrace`, `process_vm_readv`/`writev`,
///   `process_madvise`, `kcmp`, `userfaultfd`, `mount`, `chroot`, `unshare`, `setns`, `bpf`,
///   `perf_event_open`, `init_module`, `keyctl`, `io_uring_setup`, `personality`;
/// - **a terminal:** `ioctl` `TIOCSTI` and `TIOCLINUX` (typing into a terminal's input). The
///   reader also starts its workers in a session of their own, with no controlling terminal;
/// - **what outlives the worker or escapes its memory limit:** POSIX message queues
///   (`mq_open`), System V shared memory, message queues and semaphores (`shmget`, `msgget`,
///   `semget`), new memory files (`memfd_create`), and growing a file's storage (`fallocate`;
///   writing to the shared pixel buffer, descriptor 4, by `write`, `pwrite64`, `writev`,
///   `pwritev` and `pwritev2`, and copying into it by `sendfile`, `splice`, `tee` or
///   `copy_file_range`): shared memory is not counted in `RLIMIT_AS`, so these would let a
///   taken-over worker hold a gigabyte past its cap. The worker writes pixels through its
///   mapping of the buffer, which the reader sized.
///
/// Everything else is allowed: a list of what poppler needs would have to follow every font
/// library and allocator through every release, and a call it missed would fail documents
/// that are not hostile at all. `SCMP_FLTATR_CTL_NNP` (libseccomp's default) sets
/// `no_new_privs`, so a set-user-ID program could not regain rights either.
enum WorkerSandbox {
    /// Calls refused outright, with `EPERM`.
    static let refused = [
        "execve", "execveat", "fork", "vfork",
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
        "unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "mknod", "mknodat",
        "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod", "fchmodat", "chown", "fchown", "lchown", "fchownat",
        "truncate", "ftruncate", "utime", "utimes", "utimensat", "futimesat", "setxattr", "lsetxattr", "fsetxattr",
        "removexattr", "lremovexattr", "fremovexattr",
        "ptrace", "process_vm_readv", "process_vm_writev", "mount", "umount2", "pivot_root", "chroot", "unshare", "setns",
        "bpf", "perf_event_open", "init_module", "finit_module", "delete_module", "keyctl", "add_key", "request_key",
        "io_uring_setup", "personality", "kexec_load", "reboot", "swapon", "swapoff", "acct", "quotactl",
        "tkill", "pidfd_open", "pidfd_send_signal", "pidfd_getfd", "process_madvise", "kcmp", "userfaultfd",
        "mq_open", "shmget", "msgget", "semget", "memfd_create", "fallocate",
        "sendfile", "splice", "tee", "vmsplice", "copy_file_range",
    ]
    /// Calls refused when their first argument is the shared pixel buffer's descriptor.
    static let refusedOnSharedBuffer = ["write", "pwrite64", "writev", "pwritev", "pwritev2"]
    /// Calls answered `ENOSYS`, as if the kernel were older: their arguments live in memory
    /// the filter cannot read, and the C library falls back to the calls above.
    static let unsupported = ["clone3", "openat2"]

    /// Why this worker runs without the filter, or nil when it is in force (set at start;
    /// the escape fault reports it). The worker has one thread, which alone touches it.
    nonisolated(unsafe) static var problem: String? = "not applied"

    /// Installs the filter; nil when it is in force, else why not (a kernel without seccomp,
    /// a container that forbids it). The worker runs on without it then: the filter narrows
    /// what a compromised worker can do, the reader does not depend on it.
    static func apply() -> String? {
        guard let context = seccomp_init(SCMP_ACT_ALLOW) else { return "seccomp_init failed" }
        defer { seccomp_release(context) }
        let refuse = folio_seccomp_errno(EPERM), absent = folio_seccomp_errno(ENOSYS)
        for name in refused { if let problem = add(context, refuse, name, []) { return problem } }
        for name in unsupported { if let problem = add(context, absent, name, []) { return problem } }
        // clone without CLONE_THREAD makes a process; with it, a thread (allowed).
        if let problem = add(context, refuse, "clone", [folio_seccomp_masked(0, scmp_datum_t(CLONE_THREAD), 0)]) { return problem }
        // Opening for writing (O_WRONLY, O_RDWR), creating or truncating: each flag its own
        // rule (a rule's comparisons must all hold).
        for flag in [O_WRONLY, O_RDWR, O_CREAT, O_TRUNC] {
            let bits = scmp_datum_t(flag)
            if let problem = add(context, refuse, "open", [folio_seccomp_masked(1, bits, bits)]) { return problem }
            if let problem = add(context, refuse, "openat", [folio_seccomp_masked(2, bits, bits)]) { return problem }
        }
        if let problem = add(context, refuse, "creat", []) { return problem }
        // Signals to this process only (the crash and kill faults raise them on purpose).
        let me = scmp_datum_t(getpid())
        for call in ["kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"] {
            if let problem = add(context, refuse, call, [folio_seccomp_not_equal(0, me)]) { return problem }
        }
        // Limits and priorities of itself only: the C library names itself 0 there.
        if let problem = add(context, refuse, "prlimit64", [folio_seccomp_not_equal(0, 0)]) { return problem }
        for call in ["setpriority", "ioprio_set"] {
            if let problem = add(context, refuse, call, [folio_seccomp_not_equal(1, 0)]) { return problem }
        }
        // Writing to the shared pixel buffer would grow it (it is a memfd): its pixels go
        // through the mapping.
        for call in refusedOnSharedBuffer {
            if let problem = add(context, refuse, call, [folio_seccomp_equal(0, scmp_datum_t(SharedOutput.descriptor))]) { return problem }
        }
        // Typing into a terminal. The request is compared on its low 32 bits alone (the
        // kernel ignores the rest), so high bits set on purpose cannot slip past.
        for request in [TIOCSTI, TIOCLINUX] {
            let value = scmp_datum_t(request)
            if let problem = add(context, refuse, "ioctl", [folio_seccomp_masked(1, 0xFFFF_FFFF, value)]) { return problem }
        }
        let loaded = seccomp_load(context)
        return loaded == 0 ? nil : "seccomp_load failed: \(String(cString: strerror(-loaded)))"
    }

    /// Adds a rule answering `action` to `name` when every comparison in `conditions` holds
    /// (always, with none); nil when added, or when this libseccomp or architecture does not
    /// know the call (there is nothing to refuse then), else why not.
    private static func add(_ context: scmp_filter_ctx, _ action: UInt32, _ name: String, _ conditions: [scmp_arg_cmp]) -> String? {
        let call = seccomp_syscall_resolve_name(name)
        guard call != __NR_SCMP_ERROR else { return nil }
        let added = conditions.withUnsafeBufferPointer {
            seccomp_rule_add_array(context, action, call, UInt32($0.count), $0.baseAddress)
        }
        return added == 0 ? nil : "cannot add the rule for \(name): \(String(cString: strerror(-added)))"
    }
}
