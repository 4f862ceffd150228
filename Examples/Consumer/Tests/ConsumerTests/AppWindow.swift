@preconcurrency import CGLFW
import CGL
import FolioRender

/// The app's own window, as an app would make it: GLFW directly, a 3.3 core context, the
/// default framebuffer (no Folio types involved). One per test run; GLFW wants the main thread.
@MainActor
enum AppWindow {
    static let (width, height) = (800, 600)

    static let window: OpaquePointer = {
        guard glfwInit() != 0 else { fatalError("GL tests need a display: run under 'xvfb-run -a'") }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), "Folio consumer", nil, nil) else {
            fatalError("cannot create the app's window")
        }
        glfwMakeContextCurrent(window)
        return window
    }()

    /// The app's framebuffer size in pixels.
    static var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Clears the whole back buffer to `grey` (0…1) the app's way.
    static func clear(grey: Float) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(grey, grey, grey, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Reads the back buffer, top row first, RGBA.
    static func read() -> (pixels: [UInt8], width: Int, height: Int) {
        let (w, h) = framebufferSize
        var raw = [UInt8](repeating: 0, count: w * h * 4)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        glReadBuffer(GLenum(GL_BACK))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &raw)
        var flipped = [UInt8](repeating: 0, count: raw.count)
        for row in 0..<h {
            flipped[(row * w * 4)..<((row + 1) * w * 4)] = raw[((h - 1 - row) * w * 4)..<((h - row) * w * 4)]
        }
        return (flipped, w, h)
    }
}
