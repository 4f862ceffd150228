// libjpeg-turbo's TurboJPEG API: errors come back as return codes (tjGetErrorStr2), never as
// a longjmp across Swift frames, which the classic libjpeg API would need.
#include <stddef.h>
#include <turbojpeg.h>
