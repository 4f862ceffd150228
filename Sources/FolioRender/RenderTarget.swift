import CGL

/// An offscreen framebuffer of `width × height` pixels, optionally multisampled, that
/// resolves (by blit) and reads back into an `Image`. Main thread only (`@MainActor`).
@MainActor
public final class RenderTarget {
    /// Size in pixels.
    public let width: Int, height: Int
    /// Samples per pixel (1 = not multisampled).
    public let samples: Int
    var drawFramebuffer: GLuint = 0, drawColor: GLuint = 0
    var resolveFramebuffer: GLuint = 0, resolveColor: GLuint = 0
    var readback: [UInt8] = []

    /// Creates the framebuffer; the context must be current. The context's framebuffer and
    /// renderbuffer bindings are left as they were.
    ///
    /// The size is checked against the device's `limits` (queried from the current context
    /// when not given) before anything is allocated; `samples` beyond `GL_MAX_SAMPLES` are
    /// clamped to it. A target the driver still cannot allocate is reported with its size.
    ///
    /// - Throws: `RenderError.invalidPixelSize`, `.exceedsDeviceLimit`, `.framebufferUnavailable`.
    public init(width: Int, height: Int, samples: Int = 1, limits: RenderLimits? = nil) throws(RenderError) {
        let saved = GLStateSnapshot(capturing: .framebuffer)
        defer { saved.restore() }
        let limits = limits ?? RenderLimits.query()
        try limits.checkTarget(width: width, height: height, samples: samples)
        self.width = width; self.height = height
        self.samples = max(1, min(samples, limits.maximumSamples))
        (resolveFramebuffer, resolveColor) = try Self.make(width, height, samples: 1)
        if self.samples > 1 {
            do {
                (drawFramebuffer, drawColor) = try Self.make(width, height, samples: self.samples)
            } catch {
                glDeleteFramebuffers(1, &resolveFramebuffer)
                glDeleteRenderbuffers(1, &resolveColor)
                throw error
            }
        } else {
            (drawFramebuffer, drawColor) = (resolveFramebuffer, resolveColor)
        }
        readback = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The GL name of the framebuffer drawing goes into (multisampled when `samples > 1`).
    public var framebuffer: UInt32 { drawFramebuffer }

    isolated deinit {
        if drawFramebuffer != resolveFramebuffer {
            glDeleteFramebuffers(1, &drawFramebuffer)
            glDeleteRenderbuffers(1, &drawColor)
        }
        glDeleteFramebuffers(1, &resolveFramebuffer)
        glDeleteRenderbuffers(1, &resolveColor)
    }

    /// One framebuffer with an RGBA8 colour renderbuffer; deleted again if the driver cannot
    /// complete it (out of memory, or a size it will not store).
    static func make(_ w: Int, _ h: Int, samples: Int) throws(RenderError) -> (GLuint, GLuint) {
        var fbo: GLuint = 0, color: GLuint = 0
        while glGetError() != GLenum(GL_NO_ERROR) {} // earlier errors are not this allocation's
        glGenFramebuffers(1, &fbo)
        glGenRenderbuffers(1, &color)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        if samples > 1 {
            glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_RGBA8), GLsizei(w), GLsizei(h))
        } else {
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(w), GLsizei(h))
        }
        let storageError = glGetError()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard storageError == GLenum(GL_NO_ERROR), status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            glDeleteFramebuffers(1, &fbo)
            glDeleteRenderbuffers(1, &color)
            throw .framebufferUnavailable(width: w, height: h, samples: samples,
                                          status: storageError != GLenum(GL_NO_ERROR) ? storageError : status)
        }
        return (fbo, color)
    }

    /// Binds the framebuffer to draw into.
    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawFramebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Resolves multisampling (a blit into the single-sample buffer) and reads the pixels back,
    /// top row first; the context's framebuffer bindings, viewport and pixel-pack state are
    /// left as they were.
    public func readImage() -> Image {
        let saved = GLStateSnapshot(capturing: [.framebuffer, .readback])
        defer { saved.restore() }
        GLStateSnapshot.prepareReadback()
        if drawFramebuffer != resolveFramebuffer {
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), drawFramebuffer)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), resolveFramebuffer)
            glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), resolveFramebuffer)
        return Image.readPixels(width: width, height: height, scratch: &readback)
    }
}
