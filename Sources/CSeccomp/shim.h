// libseccomp: the PDF worker's system-call filter (FolioPDFWorker's WorkerSandbox). Only the
// worker links this.
#include <seccomp.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h> // CLONE_THREAD, without _GNU_SOURCE
#include <sys/ioctl.h>   // TIOCSTI, TIOCLINUX
#include <sys/syscall.h> // SYS_ numbers

// The rule arguments libseccomp builds with macros (compound literals, which Swift does not
// import), as functions.
static inline struct scmp_arg_cmp folio_seccomp_masked(unsigned int arg, scmp_datum_t mask, scmp_datum_t value) {
    struct scmp_arg_cmp c = { arg, SCMP_CMP_MASKED_EQ, mask, value };
    return c;
}
static inline struct scmp_arg_cmp folio_seccomp_not_equal(unsigned int arg, scmp_datum_t value) {
    struct scmp_arg_cmp c = { arg, SCMP_CMP_NE, value, 0 };
    return c;
}
static inline uint32_t folio_seccomp_errno(int error) { return SCMP_ACT_ERRNO(error); }

// Two system calls the escape fault makes directly (syscall(2) is variadic, which Swift does
// not import): -1 with errno set, as the kernel answers.
#include <unistd.h>
static inline long folio_tkill(int tid, int signal) { return syscall(SYS_tkill, tid, signal); }
static inline long folio_pidfd_open(int pid) { return syscall(SYS_pidfd_open, pid, 0); }
