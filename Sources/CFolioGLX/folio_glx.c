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
    out->copy = copy;
    return 1;
}

void folio_glx_copy_sub_buffer(const FolioGLXSubBuffer *copy, int x, int y, int width, int height) {
    if (!copy || !copy->copy || width <= 0 || height <= 0) return;
    ((CopySubBufferProc)copy->copy)((Display *)copy->display, (GLXDrawable)copy->drawable, x, y, width, height);
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
