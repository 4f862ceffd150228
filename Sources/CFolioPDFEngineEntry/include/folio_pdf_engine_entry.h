// The PDF engine's way into a process: an executable that links FolioPDFEngine becomes a PDF
// worker when started as one (see folio_pdf_engine_entry.c). Nothing here is called from Swift;
// the header exists because SwiftPM wants one per C target.
#ifndef FOLIO_PDF_ENGINE_ENTRY_H
#define FOLIO_PDF_ENGINE_ENTRY_H

/// The argument that, as argv[1], starts an executable in the worker role.
#define FOLIO_PDF_WORKER_ROLE_ARGUMENT "--folio-pdf-worker"
/// The environment variable the reader sets to "1" for a worker it starts.
#define FOLIO_PDF_WORKER_ROLE_VARIABLE "FOLIO_PDF_WORKER_ROLE"

#endif
