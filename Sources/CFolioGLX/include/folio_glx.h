#ifndef FOLIO_GLX_H
#define FOLIO_GLX_H

// GLX_MESA_copy_sub_buffer for Folio's windows (issue 29): present a damaged box of the back
// buffer without a swap. The header names no X11, GLX or GLFW type (a `GLFWwindow *` is passed
// as `void *`), so that Swift code importing it does not also import Xlib's global names
// (`None`, `Bool`, `Window`, `Status`, ...) next to GLFW's own module.

#ifdef __cplusplus
extern "C" {
#endif

/// What a sub-buffer copy needs: the X display, the window's GLX drawable and the extension's
/// entry point, found once per window by `folio_glx_sub_buffer_probe`.
typedef struct FolioGLXSubBuffer {
    void *display;
    unsigned long drawable;
    /// The X window under the GLX window (its size is the window's, as the server sees it).
    unsigned long window;
    void *copy;
} FolioGLXSubBuffer;

/// Fills `out` and returns 1 when `glfw_window`'s context is a GLX context whose screen offers
/// GLX_MESA_copy_sub_buffer; returns 0 (and leaves `out` zeroed) otherwise: no X11 display, an
/// EGL context, no GLX window, or the extension missing.
int folio_glx_sub_buffer_probe(void *glfw_window, FolioGLXSubBuffer *out);

/// Copies the box (x, y, width, height; GL pixels, origin bottom-left) of the back buffer to the
/// window, if the drawable is still `buffer_width` x `buffer_height` pixels as the X server sees
/// it. Returns 1 when copied; 0 when refused (the window was resized since the frame was drawn)
/// or when the server answered with an error (caught, never the default handler that would end
/// the process): the caller then presents with a swap, which also resizes the back buffer.
int folio_glx_copy_sub_buffer(const FolioGLXSubBuffer *copy, int x, int y, int width, int height,
                              int buffer_width, int buffer_height);

/// Reads the window's pixels as the X server shows them (XGetImage: what was presented, not the
/// back buffer) into `rgb`, `width × height × 3` bytes, top row first. Returns 0 when the
/// window cannot be read (not mapped, off screen, not an X11 window). For tests.
int folio_x11_read_window(void *glfw_window, int width, int height, unsigned char *rgb);

/// A second X connection receiving a window's touchpad pinch gestures (XInput 2.4), which GLFW
/// does not read (folio_pinch.c).
typedef struct FolioPinchSource FolioPinchSource;

/// One pinch event: `phase` 0 begin, 1 update, 2 end; `scale` the fingers' distance over their
/// distance when the gesture began (1 at its start); `x`, `y` the gesture's focus in window
/// coordinates (pixels from the top-left corner); `cancelled` on an end that cancels.
typedef struct FolioPinchEvent {
    int phase;
    int cancelled;
    double scale;
    double x, y;
} FolioPinchEvent;

/// Opens a connection to `glfw_window`'s X display and selects the window's pinch gestures
/// there. NULL where there is none to have: not an X11 window, or a server without XInput 2.4.
FolioPinchSource *folio_x11_pinch_open(void *glfw_window);

/// Moves up to `capacity` pinch events that have arrived into `out`, oldest first, and returns
/// how many; never waits.
int folio_x11_pinch_poll(FolioPinchSource *source, FolioPinchEvent *out, int capacity);

/// Closes the connection (NULL: nothing).
void folio_x11_pinch_close(FolioPinchSource *source);

#ifdef __cplusplus
}
#endif

#endif
