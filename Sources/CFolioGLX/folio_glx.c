// GLFW's native access (X11 display, GLX window) and GLX_MESA_copy_sub_buffer, kept in this C
// file so that no Swift module imports Xlib's headers.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_GLX
#include <GLFW/glfw3native.h>
#include <GL/glx.h>
#include <X11/Xutil.h>
#include <string.h>
#include "folio_glx.h"

typedef void (*CopySubBufferProc)(Display *, GLXDrawable, int, int, int, int);

/// Whether the space-separated `list` holds `name` as a whole word (a prefix match would take
/// GLX_MESA_copy_sub_buffer_2 for the extension).
static int has_extension(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *p = list; p && (p = strstr(p, name)) != NULL; p += n) {
        int starts = p == list || p[-1] == ' ';
        int ends = p[n] == ' ' || p[n] == '\0';
        if (starts && ends) return 1;
    }
    return 0;
}

int folio_glx_sub_buffer_probe(void *glfw_window, FolioGLXSubBuffer *out) {
    memset(out, 0, sizeof *out);
    GLFWwindow *window = glfw_window;
    // An EGL context (or none) has no GLX context; each call reports GLFW_NO_WINDOW_CONTEXT then.
    if (!window || glfwGetGLXContext(window) == NULL) return 0;
    Display *display = glfwGetX11Display();
    GLXWindow drawable = glfwGetGLXWindow(window);
    if (!display || !drawable) return 0;
    const char *extensions = glXQueryExtensionsString(display, DefaultScreen(display));
    if (!extensions || !has_extension(extensions, "GLX_MESA_copy_sub_buffer")) return 0;
    void *copy = (void *)glXGetProcAddress((const GLubyte *)"glXCopySubBufferMESA");
    if (!copy) return 0;
    out->display = display;
    out->drawable = (unsigned long)drawable;
    out->window = (unsigned long)glfwGetX11Window(window);
    out->copy = copy;
    return 1;
}

/// Set by `note_x_error` while a copy is in flight.
static int copy_failed = 0;

/// Notes an X error of a copy instead of ending the process (Xlib's default handler exits).
static int note_x_error(Display *display, XErrorEvent *event) {
    (void)display; (void)event;
    copy_failed = 1;
    return 0;
}

int folio_glx_copy_sub_buffer(const FolioGLXSubBuffer *copy, int x, int y, int width, int height,
                              int buffer_width, int buffer_height) {
    if (!copy || !copy->copy) return 0;
    if (width <= 0 || height <= 0) return 1;
    Display *display = (Display *)copy->display;
    // A resize the window system made after the frame was drawn: Mesa would copy with the new
    // height (its y origin flips with it) from the old buffer, which the server refuses.
    Window root;
    int gx, gy;
    unsigned int gw, gh, border, depth;
    // XGetGeometry is a round trip: it also flushes what was queued before it (an error of
    // those would be noted here too, and cost one swap instead of the process).
    copy_failed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(note_x_error);
    if (!copy->window || !XGetGeometry(display, (Drawable)copy->window, &root, &gx, &gy, &gw, &gh, &border, &depth)
        || copy_failed || (int)gw != buffer_width || (int)gh != buffer_height) {
        XSetErrorHandler(previous);
        return 0;
    }
    // A resize can still land between that answer and the copy: its error is caught too.
    ((CopySubBufferProc)copy->copy)(display, (GLXDrawable)copy->drawable, x, y, width, height);
    XSync(display, False);
    XSetErrorHandler(previous);
    return copy_failed ? 0 : 1;
}

/// The bits of `mask`'s value in `pixel`, scaled to 0...255.
static unsigned char channel(unsigned long pixel, unsigned long mask) {
    if (!mask) return 0;
    int shift = 0;
    while (!((mask >> shift) & 1)) shift++;
    unsigned long max = mask >> shift;
    unsigned long value = (pixel & mask) >> shift;
    return (unsigned char)(max == 255 ? value : (value * 255 + max / 2) / max);
}

/// Swallows the X error of a failed read (Xlib's default handler would end the process).
static int ignore_x_error(Display *display, XErrorEvent *event) {
    (void)display; (void)event;
    return 0;
}

int folio_x11_read_window(void *glfw_window, int width, int height, unsigned char *rgb) {
    GLFWwindow *window = glfw_window;
    Display *display = glfwGetX11Display();
    Window xwindow = window ? glfwGetX11Window(window) : 0;
    if (!display || !xwindow || width <= 0 || height <= 0) return 0;
    // Everything sent (the copies included) reaches the server before the read.
    XSync(display, False);
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(ignore_x_error);
    XImage *image = XGetImage(display, xwindow, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    XSync(display, False);
    XSetErrorHandler(previous);
    if (!image) return 0;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            unsigned long p = XGetPixel(image, x, y);
            unsigned char *o = rgb + ((size_t)y * (size_t)width + (size_t)x) * 3;
            o[0] = channel(p, image->red_mask);
            o[1] = channel(p, image->green_mask);
            o[2] = channel(p, image->blue_mask);
        }
    }
    XDestroyImage(image);
    return 1;
}
