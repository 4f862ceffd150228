@preconcurrency import CGLFW
import CFolioGLX

/// GLX_MESA_copy_sub_buffer for one GLFW window (issue 29): copies a box of the back buffer to
/// the window without swapping, so the back buffer keeps the whole picture and the next frame
/// redraws only what changed in it. Found once per window (``init(window:)``); nil where the
/// context is not GLX or the extension is missing, and then nothing of it is ever called.
struct SubBufferCopy {
    /// The X display, the window's GLX drawable and `glXCopySubBufferMESA` (CFolioGLX).
    private let native: FolioGLXSubBuffer

    /// Probes `window` (a `GLFWwindow *` whose context is current or not): nil unless its context
    /// is GLX on an X11 display whose screen offers GLX_MESA_copy_sub_buffer.
    init?(window: OpaquePointer) {
        var found = FolioGLXSubBuffer()
        guard folio_glx_sub_buffer_probe(UnsafeMutableRawPointer(window), &found) != 0 else { return nil }
        native = found
    }

    /// Copies `box` (framebuffer pixels, origin bottom-left, as GL's) of the back buffer of the
    /// window's current context to the window. Flushes GL first (the extension does).
    /// False, and nothing copied, when the window is no longer `bufferSize` (a resize since the
    /// frame was drawn) or the server refused the copy (its error is caught, not fatal).
    func copy(_ box: FrameDamage.PixelBox, bufferSize: (width: Int, height: Int)) -> Bool {
        guard !box.isEmpty else { return true }
        return withUnsafePointer(to: native) {
            folio_glx_copy_sub_buffer($0, Int32(box.x0), Int32(box.y0), Int32(box.x1 - box.x0), Int32(box.y1 - box.y0),
                                      Int32(clamping: bufferSize.width), Int32(clamping: bufferSize.height)) == 1
        }
    }

    /// How many times the window system said that part of a Folio window must be drawn again
    /// (an Expose event: uncovered, mapped, restored), counted by the refresh callback
    /// ``countExposures(of:)`` installs. Its window pixels are then lost while the back buffer
    /// is not, so the next frame must be copied whole; a window compares the count with the one
    /// it last saw. One count for every window: an exposure of any redraws each in full once,
    /// which is rare and always correct.
    nonisolated(unsafe) static var exposures = 0

    /// Installs the refresh callback that counts exposures on `window` (one Folio opened: an
    /// adopted window's callbacks are the app's).
    @MainActor static func countExposures(of window: OpaquePointer) {
        // GLFW calls it from glfwPollEvents/glfwWaitEvents on the main thread.
        _ = glfwSetWindowRefreshCallback(window) { _ in SubBufferCopy.exposures &+= 1 }
    }

    /// The window's pixels as the X server shows them (what was presented, not the back
    /// buffer): `width × height × 3` bytes of RGB, top row first; nil when the window cannot be
    /// read (not mapped, off screen, not X11). For tests.
    static func readWindow(_ window: OpaquePointer, width: Int, height: Int) -> [UInt8]? {
        var rgb = [UInt8](repeating: 0, count: max(0, width * height * 3))
        let ok = rgb.withUnsafeMutableBufferPointer {
            folio_x11_read_window(UnsafeMutableRawPointer(window), Int32(width), Int32(height), $0.baseAddress)
        }
        return ok != 0 ? rgb : nil
    }
}
