// libpng simplified API only (the classic API needs setjmp, which Swift cannot call).
#include <png.h>
// PNG_FORMAT_RGBA is a compound macro Swift cannot import.
static const unsigned int FOLIO_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
