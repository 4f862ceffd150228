@preconcurrency import CGLFW
import CGL
import CGLEW

/// An OpenGL 3.3 core context in a GLFW window (hidden for offscreen work).
///
/// GLFW wants the main thread; create and use a context there.
public final class GLContext {
    /// The GLFW window that owns the context.
    public let window: OpaquePointer
    /// The driver's `GL_VERSION` string.
    public let version: String
    /// The driver's `GL_RENDERER` string.
    public let renderer: String

    /// Creates a context; `visible` windows are `width × height` screen coordinates.
    public init(width: Int = 64, height: Int = 64, visible: Bool = false, title: String = "Folio", samples: Int32 = 0) throws(RenderError) {
        glfwSetErrorCallback { _, description in
            GLContext.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() != 0 else {
            throw .noDisplay(reason: GLContext.lastError ?? "glfwInit failed")
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        glfwWindowHint(GLFW_SAMPLES, samples)
        guard let w = glfwCreateWindow(Int32(max(1, width)), Int32(max(1, height)), title, nil, nil) else {
            throw .contextCreation(reason: GLContext.lastError ?? "glfwCreateWindow failed")
        }
        window = w
        glfwMakeContextCurrent(w)
        folio_glew_init_experimental()
        // On EGL contexts glewInit reports GLEW_ERROR_NO_GLX_DISPLAY though every pointer
        // loads; GL calls go through CGL anyway, so only a missing core version matters.
        _ = glewInit()
        version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "unknown"
        renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard major > 3 || (major == 3 && minor >= 3) else {
            glfwDestroyWindow(w)
            throw .glVersionTooOld(found: version)
        }
    }

    deinit {
        glfwDestroyWindow(window)
    }

    /// Makes this context current on the calling thread.
    public func makeCurrent() { glfwMakeContextCurrent(window) }

    nonisolated(unsafe) static var lastError: String?
}
