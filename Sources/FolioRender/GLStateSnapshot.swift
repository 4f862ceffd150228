import CGL

/// The pieces of GL state that `QuadRenderer` changes, captured before it changes them and put
/// back afterwards, so that drawing into an app's context leaves the app's state as it was.
///
/// Plain integers only, in small optional values: capturing and restoring allocates nothing,
/// and costs a few dozen `glGet` calls that drivers answer from client-side state.
///
/// Each part is a small value that captures and restores itself (GLStateSnapshot+Drawing.swift,
/// GLStateSnapshot+Framebuffer.swift, GLStateSnapshot+PixelStore.swift); a part not asked for
/// is nil and is neither read nor put back.
struct GLStateSnapshot {
    /// What a snapshot covers.
    struct Parts: OptionSet {
        let rawValue: Int
        /// Program, vertex array, array buffer, texture unit 0 and its sampler, blending, depth
        /// test, face culling, polygon mode (desktop GL only: ES has none).
        static let drawing = Parts(rawValue: 1)
        /// Draw and read framebuffer bindings, the renderbuffer binding and the viewport.
        static let framebuffer = Parts(rawValue: 2)
        /// Scissor test and box.
        static let scissor = Parts(rawValue: 4)
        /// Texture unit 0's binding and the pixel-unpack state (buffer binding, alignment, row
        /// length, skips) that uploads change.
        static let upload = Parts(rawValue: 8)
        /// The pixel-pack state that reading pixels back changes.
        static let readback = Parts(rawValue: 16)
        /// The colour `glClear` fills with.
        static let clearColor = Parts(rawValue: 32)
    }

    /// Texture unit 0's bindings and the active unit (`.drawing` or `.upload`).
    private(set) var textureUnit: TextureUnitState?
    /// Program, vertex array, array buffer, blending, depth test, culling, polygon mode.
    private(set) var drawing: DrawingState?
    /// Framebuffer and renderbuffer bindings and the viewport.
    private(set) var framebuffer: FramebufferState?
    /// The scissor test and box.
    private(set) var scissor: ScissorState?
    /// The pixel-unpack state (`.upload`).
    private(set) var unpack: PixelStoreState?
    /// The pixel-pack state (`.readback`).
    private(set) var pack: PixelStoreState?
    /// The colour `glClear` fills with.
    private(set) var clearColor: ClearColorState?

    /// Reads the current values of `parts`; `profile` is the context's (only `.drawing` depends
    /// on it: ES has no polygon mode to capture).
    ///
    /// The order of the reads is fixed: the texture unit first, because capturing it makes
    /// unit 0 active.
    init(capturing parts: Parts, profile: GLProfile = .core33) {
        if parts.contains(.drawing) || parts.contains(.upload) { textureUnit = TextureUnitState() }
        if parts.contains(.drawing) { drawing = DrawingState(hasPolygonMode: profile == .core33) }
        if parts.contains(.framebuffer) { framebuffer = FramebufferState() }
        if parts.contains(.scissor) { scissor = ScissorState() }
        if parts.contains(.upload) { unpack = PixelStoreState(.unpack) }
        if parts.contains(.clearColor) { clearColor = ClearColorState() }
        if parts.contains(.readback) { pack = PixelStoreState(.pack) }
    }

    /// Puts every captured value back, in a fixed order: drawing state, pixel-store state and
    /// clear colour, then the texture unit, then the framebuffer and scissor.
    func restore() {
        drawing?.restore()
        unpack?.restore()
        clearColor?.restore()
        pack?.restore()
        textureUnit?.restore()
        framebuffer?.restore()
        scissor?.restore()
    }

    /// Resets the pixel-unpack state for a tightly packed client-memory upload whose rows are
    /// `rowLength` pixels apart (0 = the width).
    static func prepareUpload(rowLength: Int) {
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowLength))
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
    }

    /// Resets the pixel-pack state so that `glReadPixels` writes tightly packed rows into
    /// client memory.
    static func prepareReadback() {
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_PACK_SKIP_ROWS), 0)
        glPixelStorei(GLenum(GL_PACK_SKIP_PIXELS), 0)
    }

    /// One integer of GL state (`glGetIntegerv` of `name`), for the parts' captures.
    static func integer(_ name: Int32) -> GLint {
        var v: GLint = 0
        glGetIntegerv(GLenum(name), &v)
        return v
    }

    /// Enables `capability` when `on` is true (non-zero), disables it otherwise: puts back what
    /// `glIsEnabled` read.
    static func setEnabled(_ capability: Int32, _ on: GLboolean) {
        if on != 0 { glEnable(GLenum(capability)) } else { glDisable(GLenum(capability)) }
    }

    /// The draw framebuffer that was bound when the snapshot was taken (`.framebuffer` only; 0
    /// otherwise).
    var drawFramebuffer: GLint { framebuffer?.drawFramebuffer ?? 0 }

    /// The viewport that was bound when the snapshot was taken (`.framebuffer` only; empty
    /// otherwise).
    var capturedViewport: Viewport {
        let v = framebuffer?.viewport ?? (0, 0, 0, 0)
        return Viewport(x: Int(v.0), y: Int(v.1), width: Int(v.2), height: Int(v.3))
    }
}
