// A weak reference: resolved when FolioPDFEngine (which defines the entry) is linked into the
// executable, null otherwise. FolioDocument cannot import the engine (the engine imports
// FolioDocument's protocol), so it asks the linker instead.
#include "folio_worker_role.h"

extern int folio_pdf_worker_main(int argc, char **argv) __attribute__((weak));

int folio_pdf_engine_is_linked(void) { return folio_pdf_worker_main != 0; }
