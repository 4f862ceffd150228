import CGL

/// The pieces of GL state that `QuadRenderer` changes, captured before it changes them and put
/// back afterwards, so that drawing into an app's context leaves the app's state as it was.
///
/// Plain integers only: capturing and restoring allocates nothing, and costs a few dozen
/// `glGet` calls that drivers answer from client-side state.
struct GLStateSnapshot {
    var program: GLint = 0
    var vertexArray: GLint = 0
    var arrayBuffer: GLint = 0
    var activeTexture: GLint = 0
    var texture2D: GLint = 0
    var sampler: GLint = 0
    var blend: GLboolean = 0
    var blendSourceRGB: GLint = 0, blendDestinationRGB: GLint = 0
    var blendSourceAlpha: GLint = 0, blendDestinationAlpha: GLint = 0
    var blendEquationRGB: GLint = 0, blendEquationAlpha: GLint = 0
    var depthTest: GLboolean = 0
    var cullFace: GLboolean = 0
    var scissorTest: GLboolean = 0
    var scissorBox: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
    var polygonMode: (GLint, GLint) = (0, 0)
    var drawFramebuffer: GLint = 0
    var readFramebuffer: GLint = 0
    var renderbuffer: GLint = 0
    var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
    var unpackBuffer: GLint = 0
    var unpack: (alignment: GLint, rowLength: GLint, skipRows: GLint, skipPixels: GLint) = (4, 0, 0, 0)
    var packBuffer: GLint = 0
    var clearColor: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var pack: (alignment: GLint, rowLength: GLint, skipRows: GLint, skipPixels: GLint) = (4, 0, 0, 0)

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

    let parts: Parts
    /// Whether the context has `glPolygonMode` (desktop GL; OpenGL ES has none, and only fills).
    let hasPolygonMode: Bool

    /// Reads the current values of `parts`; `profile` is the context's (only `.drawing` depends
    /// on it: ES has no polygon mode to capture).
    init(capturing parts: Parts, profile: GLProfile = .core33) {
        self.parts = parts
        hasPolygonMode = profile == .core33
        func int(_ name: Int32) -> GLint { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return v }
        if parts.contains(.drawing) || parts.contains(.upload) {
            activeTexture = int(GL_ACTIVE_TEXTURE)
            glActiveTexture(GLenum(GL_TEXTURE0))
            texture2D = int(GL_TEXTURE_BINDING_2D)
            sampler = int(GL_SAMPLER_BINDING)
        }
        if parts.contains(.drawing) {
            program = int(GL_CURRENT_PROGRAM)
            vertexArray = int(GL_VERTEX_ARRAY_BINDING)
            arrayBuffer = int(GL_ARRAY_BUFFER_BINDING)
            blend = glIsEnabled(GLenum(GL_BLEND))
            blendSourceRGB = int(GL_BLEND_SRC_RGB); blendDestinationRGB = int(GL_BLEND_DST_RGB)
            blendSourceAlpha = int(GL_BLEND_SRC_ALPHA); blendDestinationAlpha = int(GL_BLEND_DST_ALPHA)
            blendEquationRGB = int(GL_BLEND_EQUATION_RGB); blendEquationAlpha = int(GL_BLEND_EQUATION_ALPHA)
            depthTest = glIsEnabled(GLenum(GL_DEPTH_TEST))
            cullFace = glIsEnabled(GLenum(GL_CULL_FACE))
            var mode: (GLint, GLint) = (GL_FILL, GL_FILL)
            if hasPolygonMode {
                withUnsafeMutableBytes(of: &mode) { glGetIntegerv(GLenum(GL_POLYGON_MODE), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            }
            polygonMode = mode
        }
        if parts.contains(.framebuffer) {
            drawFramebuffer = int(GL_DRAW_FRAMEBUFFER_BINDING)
            readFramebuffer = int(GL_READ_FRAMEBUFFER_BINDING)
            renderbuffer = int(GL_RENDERBUFFER_BINDING)
            var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            viewport = box
        }
        if parts.contains(.scissor) {
            scissorTest = glIsEnabled(GLenum(GL_SCISSOR_TEST))
            var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_SCISSOR_BOX), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            scissorBox = box
        }
        if parts.contains(.upload) {
            unpackBuffer = int(GL_PIXEL_UNPACK_BUFFER_BINDING)
            unpack = (int(GL_UNPACK_ALIGNMENT), int(GL_UNPACK_ROW_LENGTH), int(GL_UNPACK_SKIP_ROWS), int(GL_UNPACK_SKIP_PIXELS))
        }
        if parts.contains(.clearColor) {
            var c: (Float, Float, Float, Float) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &c) { glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), $0.baseAddress!.assumingMemoryBound(to: GLfloat.self)) }
            clearColor = c
        }
        if parts.contains(.readback) {
            packBuffer = int(GL_PIXEL_PACK_BUFFER_BINDING)
            pack = (int(GL_PACK_ALIGNMENT), int(GL_PACK_ROW_LENGTH), int(GL_PACK_SKIP_ROWS), int(GL_PACK_SKIP_PIXELS))
        }
    }

    /// Puts every captured value back.
    func restore() {
        func enable(_ cap: Int32, _ on: GLboolean) { if on != 0 { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        if parts.contains(.drawing) {
            glUseProgram(GLuint(program))
            glBindVertexArray(GLuint(vertexArray))
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
            enable(GL_BLEND, blend)
            glBlendFuncSeparate(GLenum(blendSourceRGB), GLenum(blendDestinationRGB), GLenum(blendSourceAlpha), GLenum(blendDestinationAlpha))
            glBlendEquationSeparate(GLenum(blendEquationRGB), GLenum(blendEquationAlpha))
            enable(GL_DEPTH_TEST, depthTest)
            enable(GL_CULL_FACE, cullFace)
            // Core profile keeps one mode for both faces.
            if hasPolygonMode { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(polygonMode.0)) }
        }
        if parts.contains(.upload) {
            glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(unpackBuffer))
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), unpack.alignment)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), unpack.rowLength)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), unpack.skipRows)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), unpack.skipPixels)
        }
        if parts.contains(.clearColor) {
            glClearColor(clearColor.0, clearColor.1, clearColor.2, clearColor.3)
        }
        if parts.contains(.readback) {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), GLuint(packBuffer))
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), pack.alignment)
            glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), pack.rowLength)
            glPixelStorei(GLenum(GL_PACK_SKIP_ROWS), pack.skipRows)
            glPixelStorei(GLenum(GL_PACK_SKIP_PIXELS), pack.skipPixels)
        }
        if parts.contains(.drawing) || parts.contains(.upload) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture2D))
            glBindSampler(0, GLuint(sampler))
            glActiveTexture(GLenum(activeTexture))
        }
        if parts.contains(.framebuffer) {
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(drawFramebuffer))
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer))
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(renderbuffer))
            glViewport(viewport.0, viewport.1, viewport.2, viewport.3)
        }
        if parts.contains(.scissor) {
            enable(GL_SCISSOR_TEST, scissorTest)
            glScissor(scissorBox.0, scissorBox.1, scissorBox.2, scissorBox.3)
        }
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

    /// The viewport that was bound when the snapshot was taken (`.framebuffer` only).
    var capturedViewport: Viewport {
        Viewport(x: Int(viewport.0), y: Int(viewport.1), width: Int(viewport.2), height: Int(viewport.3))
    }
}
