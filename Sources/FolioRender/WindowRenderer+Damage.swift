import CGL
import FolioLayers

/// Damage-driven window frames (issue 29): the picture lives in a retained framebuffer where
/// each frame redraws only its damaged box (`QuadRenderer.drawDamaged`), and the back buffer
/// gets a copy of it.
///
/// Why a retained framebuffer and not the back buffer: after a swap the back buffer's contents
/// are undefined unless the platform reports its age (`GLX_EXT_buffer_age`,
/// `EGL_EXT_buffer_age`), which GLFW does not expose; the retained framebuffer is defined on
/// every platform, at the cost of one copy per changed frame.
extension WindowRenderer {
    /// Evaluates `root` and redraws what changed of it in the retained framebuffer, then copies
    /// the framebuffer to the back buffer (nothing at all when nothing changed). A nil
    /// `background` draws over transparent black.
    func drawDamage(_ root: Layer, background: Color?) {
        let (fw, fh) = framebufferSize
        if retained.map({ $0.width != fw || $0.height != fh }) ?? true {
            retained = nil
            do { retained = try RenderTarget(width: fw, height: fh) } catch {
                // No memory for a second framebuffer: this frame draws the whole window.
                lastRegion = nil
                drawsOnlyDamage = false
                draw(root, background: background)
                drawsOnlyDamage = true
                return
            }
            renderer.invalidateDamage()
        }
        guard let retained else { return }
        evaluator.evaluate(root)
        let whole = Viewport(width: fw, height: fh)
        let region = renderer.drawDamaged(evaluator, scale: scale, viewport: whole, framebuffer: retained.framebuffer,
                                          background: background ?? .clear)
        lastRegion = region
        guard region != .none else { return }
        // The back buffer's old contents are undefined after a swap: the whole picture, always.
        let saved = GLStateSnapshot(capturing: [.framebuffer, .scissor])
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), retained.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(0, 0, GLint(fw), GLint(fh), 0, 0, GLint(fw), GLint(fh), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        saved.restore()
    }

    /// Forgets the retained picture: the next damage-driven frame redraws the whole window
    /// (call after changing a texture's pixels behind the renderer, e.g. an app texture given
    /// to `QuadRenderer.setTexture` and redrawn in place).
    public func invalidateRetainedPixels() {
        renderer.invalidateDamage()
    }
}
