// poppler's GLib API and cairo (image surfaces to render into; the PDF surface makes test
// documents). Only the PDF worker process and the tests link this: the reader never loads
// poppler into its own address space.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <glib.h>
