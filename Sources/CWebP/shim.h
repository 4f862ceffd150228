// libwebp's encoder and its animation encoder (WebPAnimEncoder lives in libwebpmux); the
// animation decoder (libwebpdemux) lets tests read back what was written.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
