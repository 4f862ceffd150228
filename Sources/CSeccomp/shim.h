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
static inline struct scmp_arg_cmp folio_seccomp_equal(unsigned int arg, scmp_datum_t value) {
    struct scmp_arg_cmp c = { arg, SCMP_CMP_EQ, value, 0 };
    return c;
}
static inline uint32_t folio_seccomp_errno(int error) { return SCMP_ACT_ERRNO(error); }

// Two system calls the escape fault makes directly (syscall(2) is variadic, which Swift does
// not import): -1 with errno set, as the kernel answers.
#include <unistd.h>
static inline long folio_tkill(int tid, int signal) { return syscall(SYS_tkill, tid, signal); }
static inline long folio_pidfd_open(int pid) { return syscall(SYS_pidfd_open, pid, 0); }

// The escape fault's tries at what outlives the worker or grows memory outside its address
// space: a POSIX message queue, System V shared memory and a message queue, and growing the
// shared pixel buffer. Each returns -1 with errno set when refused.
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/msg.h>
static inline long folio_mq_open_create(const char *name) { return syscall(SYS_mq_open, name, O_RDWR | O_CREAT, 0600, (void *)0); }
static inline long folio_mq_unlink(const char *name) { return syscall(SYS_mq_unlink, name); }
static inline long folio_shmget_private(void) { return syscall(SYS_shmget, IPC_PRIVATE, 4096, IPC_CREAT | 0600); }
static inline long folio_shm_remove(int id) { return syscall(SYS_shmctl, id, IPC_RMID, (void *)0); }
static inline long folio_msgget_private(void) { return syscall(SYS_msgget, IPC_PRIVATE, IPC_CREAT | 0600); }
static inline long folio_msg_remove(int id) { return syscall(SYS_msgctl, id, IPC_RMID, (void *)0); }
static inline long folio_fallocate(int fd, long offset, long length) { return syscall(SYS_fallocate, fd, 0, offset, length); }
static inline long folio_memfd_create(const char *name) { return syscall(SYS_memfd_create, name, 0); }
