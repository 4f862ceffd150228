// Touchpad pinch gestures for a GLFW window on X11. GLFW 3.3 reads no XInput 2.4 gesture events,
// and its event loop owns its own X connection, so this file opens a second connection to the
// same display and selects the pinch events of the window there: the X server delivers a
// window's events to each client that selected them. GLFW selects none; should another client
// hold the window's gesture selection, the server refuses this one and there is no pinch (the
// error is caught, not left to Xlib's default handler, which would end the process). Kept in C
// so that no Swift module imports Xlib.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <stdlib.h>
#include <string.h>
#include "folio_glx.h"

/// Set by `note_select_error` while the selection is made (the main thread's, as every call here).
static int select_failed;

static int note_select_error(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    select_failed = 1;
    return 0;
}

struct FolioPinchSource {
    Display *display;
    int opcode;
};

FolioPinchSource *folio_x11_pinch_open(void *glfw_window) {
    GLFWwindow *window = glfw_window;
    if (!window) return NULL;
    Display *glfw_display = glfwGetX11Display();
    Window xwindow = glfwGetX11Window(window);
    if (!glfw_display || !xwindow) return NULL;
    Display *display = XOpenDisplay(DisplayString(glfw_display));
    if (!display) return NULL;
    int opcode = 0, event = 0, error = 0;
    int major = 2, minor = 4;
    // The server answers with the version it speaks, at most the one asked for.
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        || XIQueryVersion(display, &major, &minor) != Success || major < 2 || (major == 2 && minor < 4)) {
        XCloseDisplay(display);
        return NULL;
    }
    unsigned char bits[XIMaskLen(XI_LASTEVENT)];
    memset(bits, 0, sizeof bits);
    XISetMask(bits, XI_GesturePinchBegin);
    XISetMask(bits, XI_GesturePinchUpdate);
    XISetMask(bits, XI_GesturePinchEnd);
    XIEventMask mask = { XIAllMasterDevices, (int)sizeof bits, bits };
    // The server answers a refused selection (BadAccess) asynchronously: sync inside a handler.
    select_failed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(note_select_error);
    int status = XISelectEvents(display, xwindow, &mask, 1);
    XSync(display, False);
    XSetErrorHandler(previous);
    if (status != Success || select_failed) {
        XCloseDisplay(display);
        return NULL;
    }
    FolioPinchSource *source = malloc(sizeof *source);
    if (!source) {
        XCloseDisplay(display);
        return NULL;
    }
    source->display = display;
    source->opcode = opcode;
    return source;
}

int folio_x11_pinch_poll(FolioPinchSource *source, FolioPinchEvent *out, int capacity) {
    if (!source || capacity <= 0) return 0;
    int count = 0;
    // Only what has arrived: never blocks the frame. Events past `capacity` wait for the next call.
    while (count < capacity && XPending(source->display) > 0) {
        XEvent event;
        XNextEvent(source->display, &event);
        XGenericEventCookie *cookie = &event.xcookie;
        if (cookie->type != GenericEvent || cookie->extension != source->opcode || !XGetEventData(source->display, cookie)) continue;
        if (cookie->evtype == XI_GesturePinchBegin || cookie->evtype == XI_GesturePinchUpdate || cookie->evtype == XI_GesturePinchEnd) {
            const XIGesturePinchEvent *pinch = cookie->data;
            FolioPinchEvent *e = &out[count++];
            e->phase = cookie->evtype == XI_GesturePinchBegin ? 0 : cookie->evtype == XI_GesturePinchUpdate ? 1 : 2;
            e->cancelled = (pinch->flags & XIGesturePinchEventCancelled) != 0;
            e->scale = pinch->scale;
            e->x = pinch->event_x;
            e->y = pinch->event_y;
        }
        XFreeEventData(source->display, cookie);
    }
    return count;
}

void folio_x11_pinch_close(FolioPinchSource *source) {
    if (!source) return;
    XCloseDisplay(source->display);
    free(source);
}
