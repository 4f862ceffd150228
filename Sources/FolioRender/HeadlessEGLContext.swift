import CEGL

/// An OpenGL 3.3 core or OpenGL ES 3.0 context with no window and no X server: EGL on Mesa's
/// surfaceless platform (llvmpipe here, a GPU's driver where there is one). It has no default framebuffer;
/// Folio draws into framebuffers of its own. Owns its display connection and context.
final class HeadlessEGLContext {
    let display: EGLDisplay
    let context: EGLContext
    /// `EGL_OPENGL_API` or `EGL_OPENGL_ES_API`: bound again before each `eglMakeCurrent`,
    /// because EGL keeps the bound API per thread and a thread may switch between profiles.
    let api: EGLenum

    /// `EGL_PLATFORM_SURFACELESS_MESA` (EGL_MESA_platform_surfaceless).
    static let surfacelessPlatform = EGLenum(0x31DD)

    /// Opens the surfaceless display and creates a 3.3 core or an ES 3.0 context on it.
    ///
    /// - Throws: `RenderError.contextCreation` naming the EGL step and error that failed.
    init(profile: GLProfile = .core33) throws(RenderError) {
        guard let display = eglGetPlatformDisplay(Self.surfacelessPlatform, nil, nil), display != EGLDisplay(bitPattern: 0) else {
            throw .contextCreation(reason: "EGL has no surfaceless display (Mesa's libegl-mesa0 missing?): \(Self.lastError())")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw .contextCreation(reason: "eglInitialize failed: \(Self.lastError())")
        }
        // On failure below the display stays initialised: it is the one display every context
        // here shares (EGL counts nothing), and terminating it would break live contexts.
        let api = profile == .gles30 ? EGLenum(EGL_OPENGL_ES_API) : EGLenum(EGL_OPENGL_API)
        guard eglBindAPI(api) == EGL_TRUE else {
            throw .contextCreation(reason: "EGL cannot bind \(profile == .gles30 ? "OpenGL ES" : "desktop OpenGL"): \(Self.lastError())")
        }
        // No surface is ever made: any config that renders this API will do.
        let renderable = profile == .gles30 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT
        let configAttributes: [EGLint] = [EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, renderable, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
            throw .contextCreation(reason: "EGL offers no \(profile == .gles30 ? "OpenGL ES 3" : "OpenGL") config: \(Self.lastError())")
        }
        // ES: version 3.0 at least (Mesa gives its newest, 3.2, which Folio uses as 3.0).
        let contextAttributes: [EGLint] = profile == .gles30
            ? [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
            : [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes), context != EGLContext(bitPattern: 0) else {
            throw .contextCreation(reason: "eglCreateContext (\(profile == .gles30 ? "OpenGL ES 3.0" : "OpenGL 3.3 core")) failed: \(Self.lastError())")
        }
        self.display = display
        self.context = context
        self.api = api
        guard makeCurrent() else {
            eglDestroyContext(display, context)
            throw .contextCreation(reason: "eglMakeCurrent without a surface failed: \(Self.lastError())")
        }
    }

    deinit {
        eglBindAPI(api)   // eglGetCurrentContext answers for the bound API
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
        // The display is shared by every context on it (EGL counts nothing): left initialised.
    }

    /// Makes the context current on the calling thread, with no surface.
    @discardableResult
    func makeCurrent() -> Bool {
        eglBindAPI(api)
        return eglMakeCurrent(display, nil, nil, context) == EGL_TRUE
    }

    /// Releases whatever EGL context is current on this thread (none: nothing to do), of
    /// either API: EGL answers `eglGetCurrentContext` for the bound API only, and some
    /// implementations keep one current context per API.
    static func releaseCurrent() {
        let bound = eglQueryAPI()
        defer { eglBindAPI(bound) }
        for api in [EGLenum(EGL_OPENGL_API), EGLenum(EGL_OPENGL_ES_API)] {
            eglBindAPI(api)
            let current = eglGetCurrentContext()
            guard current != nil, current != EGLContext(bitPattern: 0) else { continue }
            eglMakeCurrent(eglGetCurrentDisplay(), nil, nil, nil)
        }
    }

    /// The thread's last EGL error, as hex.
    static func lastError() -> String {
        "EGL error 0x" + String(eglGetError(), radix: 16)
    }
}
