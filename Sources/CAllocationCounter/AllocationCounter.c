// Counts heap allocations per thread by interposing the C allocator's entry points.
//
// Symbols defined in the executable take precedence over libc's for every shared library
// (the Swift runtime included), so each allocation passes through here; we count it in a
// thread-local (initial-exec TLS needs no allocation itself) and forward to glibc's own
// implementation. Counting per thread keeps driver worker threads out of the figure.
#include "CAllocationCounter.h"
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocations __attribute__((tls_model("initial-exec")));

unsigned long long folio_allocations_this_thread(void) { return allocations; }

void *malloc(size_t size) { allocations++; return __libc_malloc(size); }

void *calloc(size_t count, size_t size) { allocations++; return __libc_calloc(count, size); }

void *realloc(void *pointer, size_t size) { allocations++; return __libc_realloc(pointer, size); }

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }

void *aligned_alloc(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    allocations++;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *result = p;
    return 0;
}

void folio_allocation_probe(void) {
    // volatile: keep the compiler from eliding the malloc/free pair.
    void *volatile p = malloc(8);
    free(p);
}
