@preconcurrency import CGLFW
import CGL
import CGLEW
import Foundation

/// An OpenGL 3.3 core or OpenGL ES 3.0 context (``profile``): with the GLFW window that owns it
/// (one Folio creates, or the app's own, adopted), or headless, with no window and no X server
/// (EGL on Mesa's surfaceless platform; see ``offscreen()`` and ``headless(profile:)``).
///
/// GLFW and GL want the main thread, so the type is `@MainActor`.
@MainActor
public final class GLContext {
    /// The GLFW window that owns the context (`GLFWwindow *`); nil for a headless context.
    public let window: OpaquePointer?
    /// The EGL context of a headless context; nil for a window's.
    let headless: HeadlessEGLContext?
    /// Whether the context has no window (EGL, surfaceless): it draws only into framebuffers.
    public var isHeadless: Bool { headless != nil }
    /// The driver's `GL_VERSION` string.
    public let version: String
    /// The driver's `GL_RENDERER` string.
    public let renderer: String
    /// Desktop OpenGL core or OpenGL ES, as the driver reports it (`GL_VERSION`): what Folio's
    /// renderers compile their shaders for.
    public let profile: GLProfile
    /// Whether Folio created the window, and destroys it with this object; an adopted window is
    /// the app's and is left alone.
    public let ownsWindow: Bool

    /// Creates a window with a fresh context and makes it current; `visible` windows are
    /// `width × height` screen coordinates.
    ///
    /// - Parameters:
    ///   - width: the window's width in screen coordinates.
    ///   - height: the window's height in screen coordinates.
    ///   - visible: whether the window shows.
    ///   - title: the window's title.
    ///   - samples: multisample count of the default framebuffer (0: none).
    /// - Throws: `RenderError.noDisplay` when GLFW cannot start (no X display),
    ///   `.contextCreation` when no 3.3 core context can be made, `.glVersionTooOld`.
    public init(width: Int = 64, height: Int = 64, visible: Bool = false, title: String = "Folio", samples: Int32 = 0) throws(RenderError) {
        glfwSetErrorCallback { _, description in
            GLContext.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() != 0 else {
            throw .noDisplay(reason: GLContext.lastError ?? "glfwInit failed")
        }
        Self.glfwStarted = true
        Self.releaseHeadless()
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
        glfwMakeContextCurrent(w)
        do {
            (version, renderer, profile) = try Self.checkCurrentContext()
        } catch {
            glfwDestroyWindow(w)
            throw error
        }
        window = w
        headless = nil
        ownsWindow = true
    }

    /// Adopts the app's GLFW window: makes its context current and checks that it is OpenGL 3.3
    /// core or newer, or OpenGL ES 3.0 or newer (its ``profile`` says which). The window stays
    /// the app's (never destroyed here); GLFW's error callback and the window's hints and swap
    /// interval are left as the app set them.
    ///
    /// - Parameter window: a `GLFWwindow *` with an OpenGL context.
    /// - Throws: `RenderError.glVersionTooOld` for an older context.
    public init(adopting window: OpaquePointer) throws(RenderError) {
        Self.glfwStarted = true
        Self.releaseHeadless()
        glfwMakeContextCurrent(window)
        (version, renderer, profile) = try Self.checkCurrentContext()
        self.window = window
        headless = nil
        ownsWindow = false
    }

    /// Adopts the GLFW window whose context is current on this thread.
    ///
    /// - Throws: `RenderError.noCurrentContext` when none is; `.glVersionTooOld`.
    public static func current() throws(RenderError) -> GLContext {
        guard let window = glfwGetCurrentContext() else { throw .noCurrentContext }
        return try GLContext(adopting: window)
    }

    /// A headless context: OpenGL 3.3 core, or OpenGL ES 3.0 with `profile` ``GLProfile/gles30``,
    /// through EGL on Mesa's surfaceless platform, with no window and no X server (`DISPLAY` may
    /// be unset). It draws only into framebuffers of its own, as ``OffscreenRenderer`` does.
    ///
    /// - Parameter profile: the API to ask EGL for.
    /// - Throws: `RenderError.contextCreation` naming the EGL step that failed (no EGL vendor
    ///   library, no surfaceless platform, no context of that profile), `.glVersionTooOld`.
    public static func headless(profile: GLProfile = .core33) throws(RenderError) -> GLContext {
        // A thread has one current context across GLX and EGL (libglvnd): a window's context
        // still current would make the new one's first eglMakeCurrent fail.
        if glfwStarted { glfwMakeContextCurrent(nil) }
        return try GLContext(egl: HeadlessEGLContext(profile: profile))
    }

    private init(egl: HeadlessEGLContext) throws(RenderError) {
        egl.makeCurrent()
        (version, renderer, profile) = try Self.checkCurrentContext()
        window = nil
        headless = egl
        ownsWindow = false
    }

    /// The context for offscreen work: headless (EGL) when there is no X display (`DISPLAY`
    /// unset or empty, or naming a display that cannot be opened), a hidden GLFW window's
    /// otherwise. `FOLIO_GL=egl` or `FOLIO_GL=glfw` in
    /// the environment picks one. Either way, Folio renders the same pixels (the tests compare
    /// them).
    ///
    /// `FOLIO_GL_PROFILE=gles` (``GLProfile/environmentVariable``) asks for OpenGL ES 3.0
    /// instead of 3.3 core: always headless, through EGL (`FOLIO_GL=glfw` is then refused).
    ///
    /// - Throws: what ``headless(profile:)`` or ``init(width:height:visible:title:samples:)``
    ///   throws; `RenderError.unknownGLProfile` for an unknown `FOLIO_GL_PROFILE`,
    ///   `.unknownGLBackend` for an unknown `FOLIO_GL`, `.contextCreation` for `FOLIO_GL=glfw`
    ///   with `FOLIO_GL_PROFILE=gles`.
    public static func offscreen() throws(RenderError) -> GLContext {
        let environment = ProcessInfo.processInfo.environment
        if let backend = environment["FOLIO_GL"], !["", "egl", "glfw"].contains(backend) {
            throw .unknownGLBackend(value: backend)
        }
        let profile = try GLProfile.fromEnvironment()
        if profile == .gles30 {
            // Folio's own GLFW windows ask for desktop GL; its ES contexts are EGL's, headless.
            if environment["FOLIO_GL"] == "glfw" {
                throw .contextCreation(reason: "FOLIO_GL=glfw with FOLIO_GL_PROFILE=gles: OpenGL ES contexts are made headless, through EGL")
            }
            return try headless(profile: .gles30)
        }
        switch environment["FOLIO_GL"] {
        case "egl": return try headless()
        case "glfw": return try GLContext()
        default:
            let display = environment["DISPLAY"] ?? ""
            if display.isEmpty { return try headless() }
            do { return try GLContext() } catch .noDisplay {
                // A display named but not reachable (a closed ssh -X session, an X server gone
                // or refusing clients): offscreen work does not need it, and EGL draws the same
                // pixels.
                return try headless()
            }
        }
    }

    isolated deinit {
        if ownsWindow, let window { glfwDestroyWindow(window) }
    }

    /// Makes this context current on the calling thread.
    public func makeCurrent() {
        if let headless {
            if Self.glfwStarted && glfwGetCurrentContext() != nil { glfwMakeContextCurrent(nil) }
            headless.makeCurrent()
        } else {
            Self.releaseHeadless()
            glfwMakeContextCurrent(window)
        }
    }

    /// Whether GLFW has been started (its calls before `glfwInit` only report errors).
    nonisolated(unsafe) static var glfwStarted = false

    /// Releases a headless context current on this thread, before a window's is made current.
    static func releaseHeadless() {
        HeadlessEGLContext.releaseCurrent()
    }

    /// Loads GLEW's pointers for the current context and reads its version and profile; refuses
    /// desktop GL older than 3.3 and OpenGL ES older than 3.0.
    static func checkCurrentContext() throws(RenderError) -> (version: String, renderer: String, profile: GLProfile) {
        folio_glew_init_experimental()
        // On EGL contexts glewInit reports GLEW_ERROR_NO_GLX_DISPLAY though every pointer
        // loads; GL calls go through CGL anyway, so only a missing core version matters.
        _ = glewInit()
        let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "unknown"
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        let profile = GLProfile(version: version)
        let minimum = profile.minimumVersion
        guard Int(major) > minimum.major || (Int(major) == minimum.major && Int(minor) >= minimum.minor) else {
            throw .glVersionTooOld(found: version)
        }
        return (version, renderer, profile)
    }

    nonisolated(unsafe) static var lastError: String?
}
