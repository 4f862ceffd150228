import CGL

/// The target parts of a `GLStateSnapshot`: where drawing and clears go.
extension GLStateSnapshot {
    /// The draw and read framebuffer bindings, the renderbuffer binding and the viewport.
    struct FramebufferState {
        /// `GL_DRAW_FRAMEBUFFER_BINDING` (0: the default framebuffer).
        var drawFramebuffer: GLint = 0
        /// `GL_READ_FRAMEBUFFER_BINDING`.
        var readFramebuffer: GLint = 0
        /// `GL_RENDERBUFFER_BINDING`.
        var renderbuffer: GLint = 0
        /// `GL_VIEWPORT`: x, y, width, height in framebuffer pixels.
        var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)

        /// Reads the current bindings and viewport.
        init() {
            drawFramebuffer = integer(GL_DRAW_FRAMEBUFFER_BINDING)
            readFramebuffer = integer(GL_READ_FRAMEBUFFER_BINDING)
            renderbuffer = integer(GL_RENDERBUFFER_BINDING)
            var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            viewport = box
        }

        /// Puts the bindings and the viewport back.
        func restore() {
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(drawFramebuffer))
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer))
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(renderbuffer))
            glViewport(viewport.0, viewport.1, viewport.2, viewport.3)
        }
    }

    /// The scissor test and box.
    struct ScissorState {
        /// Whether `GL_SCISSOR_TEST` is enabled.
        var enabled: GLboolean = 0
        /// `GL_SCISSOR_BOX`: x, y, width, height in framebuffer pixels.
        var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)

        /// Reads the current test and box.
        init() {
            enabled = glIsEnabled(GLenum(GL_SCISSOR_TEST))
            var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_SCISSOR_BOX), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            self.box = box
        }

        /// Puts the test and box back.
        func restore() {
            setEnabled(GL_SCISSOR_TEST, enabled)
            glScissor(box.0, box.1, box.2, box.3)
        }
    }

    /// The colour `glClear` fills with.
    struct ClearColorState {
        /// `GL_COLOR_CLEAR_VALUE`: red, green, blue, alpha as the app set them.
        var color: (Float, Float, Float, Float) = (0, 0, 0, 0)

        /// Reads the current clear colour.
        init() {
            var c: (Float, Float, Float, Float) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &c) { glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), $0.baseAddress!.assumingMemoryBound(to: GLfloat.self)) }
            color = c
        }

        /// Puts the clear colour back.
        func restore() {
            glClearColor(color.0, color.1, color.2, color.3)
        }
    }
}
