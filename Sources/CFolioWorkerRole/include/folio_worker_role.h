// Whether the running executable can be its own PDF worker (FolioDocument asks before it
// starts a worker process).
#ifndef FOLIO_WORKER_ROLE_H
#define FOLIO_WORKER_ROLE_H

/// 1 when FolioPDFEngine is linked into this executable (its entry point is present), so that
/// starting /proc/self/exe in the worker role runs a worker; 0 otherwise.
int folio_pdf_engine_is_linked(void);

#endif
