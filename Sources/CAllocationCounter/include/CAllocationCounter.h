#ifndef FOLIO_ALLOCATION_COUNTER_H
#define FOLIO_ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, aligned forms) made so far by the calling
/// thread, counted by this target's interposed allocator entry points.
unsigned long long folio_allocations_this_thread(void);

/// Allocates and frees one small block through `malloc`; with the counter interposed this
/// moves `folio_allocations_this_thread()` by exactly one (used to check the counter works).
void folio_allocation_probe(void);

#endif
