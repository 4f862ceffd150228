// Runs the PDF worker before the program's own main when the reader started this executable as
// one: argv[1] is "--folio-pdf-worker" and FOLIO_PDF_WORKER_ROLE=1 is in the environment. This
// is how an app that reads PDFs needs no second binary: the reader starts the app itself again
// (/proc/self/exe) in the worker role, as browsers start their helper processes from one
// binary. A constructor, not a call the app must make, so that linking FolioDocument is the
// whole step. glibc passes argc, argv and envp to constructors.
#include "folio_pdf_engine_entry.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// FolioPDFEngine's entry (Swift, @_cdecl): parses the worker's options, bounds and sandboxes
// the process, answers the reader's requests and exits; it does not return.
extern int folio_pdf_worker_main(int argc, char **argv);

__attribute__((constructor)) static void folio_pdf_engine_entry(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || argv == NULL || argv[1] == NULL || strcmp(argv[1], FOLIO_PDF_WORKER_ROLE_ARGUMENT) != 0) return;
    const char *role = getenv(FOLIO_PDF_WORKER_ROLE_VARIABLE);
    if (role == NULL || strcmp(role, "1") != 0) return;
    _exit(folio_pdf_worker_main(argc, argv));
}
