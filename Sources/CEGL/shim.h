// EGL 1.5 (Debian's libegl-dev, glvnd): headless contexts on Mesa's surfaceless platform.
#include <EGL/egl.h>
#include <EGL/eglext.h>
