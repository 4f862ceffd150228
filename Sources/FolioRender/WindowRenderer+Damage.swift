@preconcurrency import CGLFW
import CGL
import FolioLayers

/// Damage-driven window frames (issue 29), presented one of two ways (`DamagePresentation`):
///
/// - **Sub-buffer copy** (GLX_MESA_copy_sub_buffer): the picture lives in the window's back
///   buffer, which is never swapped, so it keeps its pixels between frames; each frame redraws
///   only its damaged box there (`QuadRenderer.drawDamaged` into framebuffer 0) and `present`
///   copies that box to the window. No second framebuffer, no full-window blit, no full swap.
/// - **Retained framebuffer** (every other platform): after a swap the back buffer's contents
///   are undefined unless the platform reports its age (`GLX_EXT_buffer_age`,
///   `EGL_EXT_buffer_age`), which GLFW does not expose; the picture lives in a framebuffer of
///   the window's size, redrawn the same way, and is copied whole to the back buffer and
///   swapped.
///
/// The back buffer holds a picture the damage can be measured against only while nothing else
/// touched it. Each of these makes the next frame a full redraw and a full copy: the first
/// damage-driven frame in the back buffer; a resize (the back buffer is reallocated); an
/// exposure (the window was uncovered or mapped: its pixels are gone, the back buffer's are
/// not, but the copy must be whole); a swap, a full draw or the benchmark's floor in between
/// (switching `drawsOnlyDamage` or `allowsSubBufferCopy` goes through one of them);
/// `invalidateRetainedPixels()`.
extension WindowRenderer {
    /// Evaluates `root` and redraws what changed of it where the picture is kept (the back
    /// buffer or the retained framebuffer, per `damagePresentation`); `present` shows it. A nil
    /// `background` draws over transparent black.
    func drawDamage(_ root: Layer, background: Color?) {
        if damagePresentation == .subBufferCopy {
            drawDamageInBackBuffer(root, background: background)
            return
        }
        backBuffer.forget() // overwritten by the blit below, then swapped
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
        evaluateForDraw(root)
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

    /// The sub-buffer-copy frame: redraws the damaged box in the back buffer (everything, when
    /// the back buffer's picture cannot be trusted: see the rule above). `present` copies it.
    func drawDamageInBackBuffer(_ root: Layer, background: Color?) {
        let (fw, fh) = framebufferSize
        // The retained framebuffer is not needed here; dropping it also makes a later switch
        // back to it start from a fresh (hence fully redrawn) one.
        retained = nil
        let exposures = SubBufferCopy.exposures
        if !backBuffer.isHeld || backBuffer.size != (fw, fh) || backBuffer.seenExposures != exposures {
            if !backBuffer.isHeld || backBuffer.size != (fw, fh) {
                // Mesa resizes a window's back buffer only when the drawable is revalidated
                // after a swap (binding the same context again does not); without one, a
                // resized window would be drawn into the old buffer and its copy read past it
                // (an X error that ends the process). So the first frame in the back buffer
                // and the first after a resize swap once beforehand, showing a picture about
                // to be replaced; the frame is then drawn whole and copied whole.
                glfwSwapBuffers(window)
            }
            renderer.invalidateDamage()
            backBuffer.isHeld = true
            backBuffer.size = (fw, fh)
            backBuffer.seenExposures = exposures
        }
        evaluateForDraw(root)
        lastRegion = renderer.drawDamaged(evaluator, scale: scale, viewport: Viewport(width: fw, height: fh), framebuffer: 0,
                                          background: background ?? .clear)
        backBuffer.holdsLastFrame = true
    }

    /// Copies what the last frame redrew in the back buffer to the window: its box, or all of it.
    func presentDamage(_ region: FrameDamage.Region, through copy: SubBufferCopy) {
        context.makeCurrent()
        let box: FrameDamage.PixelBox
        switch region {
        case .none: return
        case .box(let b): box = b
        case .full: box = FrameDamage.PixelBox(x0: 0, y0: 0, x1: backBuffer.size.width, y1: backBuffer.size.height)
        }
        guard copy.copy(box, bufferSize: backBuffer.size) else {
            // The window was resized after this frame was drawn (a window manager's or
            // another client's resize, landing between frames): the back buffer holds the whole
            // frame, so a swap shows it, and lets Mesa size the buffer to the window.
            glfwSwapBuffers(window)
            backBuffer.forget()
            return
        }
        backBuffer.copies += 1
    }

    /// Forgets the retained picture: the next damage-driven frame redraws and presents the
    /// whole window (call after changing a texture's pixels behind the renderer, e.g. an app
    /// texture given to `QuadRenderer.setTexture` and redrawn in place, or from an app's own
    /// refresh callback on a window Folio opened, which replaces Folio's).
    public func invalidateRetainedPixels() {
        renderer.invalidateDamage()
    }
}
