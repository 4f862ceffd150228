// libwebp's encoder and its animation encoder (WebPAnimEncoder lives in libwebpmux).
#include <webp/encode.h>
#include <webp/mux.h>
