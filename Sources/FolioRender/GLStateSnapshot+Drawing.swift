import CGL

/// The drawing parts of a `GLStateSnapshot`: what `QuadRenderer.draw` binds and sets.
extension GLStateSnapshot {
    /// The active texture unit and unit 0's 2D texture and sampler bindings: what drawing and
    /// uploads change. Capturing it makes unit 0 active (the bindings are per unit).
    struct TextureUnitState {
        /// `GL_ACTIVE_TEXTURE`: the unit the app had active.
        var activeTexture: GLint = 0
        /// Unit 0's `GL_TEXTURE_BINDING_2D`.
        var texture2D: GLint = 0
        /// Unit 0's `GL_SAMPLER_BINDING`.
        var sampler: GLint = 0

        /// Reads the active unit, then makes unit 0 active and reads its bindings.
        init() {
            activeTexture = integer(GL_ACTIVE_TEXTURE)
            glActiveTexture(GLenum(GL_TEXTURE0))
            texture2D = integer(GL_TEXTURE_BINDING_2D)
            sampler = integer(GL_SAMPLER_BINDING)
        }

        /// Puts unit 0's bindings back, then the active unit.
        func restore() {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture2D))
            glBindSampler(0, GLuint(sampler))
            glActiveTexture(GLenum(activeTexture))
        }
    }

    /// Blending: whether it is on, and its separate functions and equations.
    struct BlendState {
        /// Whether `GL_BLEND` is enabled.
        var enabled: GLboolean = 0
        /// `GL_BLEND_SRC_RGB` and `GL_BLEND_DST_RGB`.
        var sourceRGB: GLint = 0, destinationRGB: GLint = 0
        /// `GL_BLEND_SRC_ALPHA` and `GL_BLEND_DST_ALPHA`.
        var sourceAlpha: GLint = 0, destinationAlpha: GLint = 0
        /// `GL_BLEND_EQUATION_RGB` and `GL_BLEND_EQUATION_ALPHA`.
        var equationRGB: GLint = 0, equationAlpha: GLint = 0

        /// Reads the current blending state.
        init() {
            enabled = glIsEnabled(GLenum(GL_BLEND))
            sourceRGB = integer(GL_BLEND_SRC_RGB); destinationRGB = integer(GL_BLEND_DST_RGB)
            sourceAlpha = integer(GL_BLEND_SRC_ALPHA); destinationAlpha = integer(GL_BLEND_DST_ALPHA)
            equationRGB = integer(GL_BLEND_EQUATION_RGB); equationAlpha = integer(GL_BLEND_EQUATION_ALPHA)
        }

        /// Puts the enable, functions and equations back.
        func restore() {
            setEnabled(GL_BLEND, enabled)
            glBlendFuncSeparate(GLenum(sourceRGB), GLenum(destinationRGB), GLenum(sourceAlpha), GLenum(destinationAlpha))
            glBlendEquationSeparate(GLenum(equationRGB), GLenum(equationAlpha))
        }
    }

    /// The program, vertex input bindings and fixed-function state that drawing sets
    /// (`QuadRenderer.setDrawingState`), texture unit aside (`TextureUnitState`).
    struct DrawingState {
        /// `GL_CURRENT_PROGRAM`.
        var program: GLint = 0
        /// `GL_VERTEX_ARRAY_BINDING`.
        var vertexArray: GLint = 0
        /// `GL_ARRAY_BUFFER_BINDING` (not part of the vertex array's state).
        var arrayBuffer: GLint = 0
        /// Blending, captured after the bindings above.
        var blend: BlendState
        /// Whether `GL_DEPTH_TEST` and `GL_CULL_FACE` are enabled.
        var depthTest: GLboolean = 0, cullFace: GLboolean = 0
        /// The polygon mode (core profile keeps one for both faces); nil where the context has
        /// no `glPolygonMode` (OpenGL ES, which only fills).
        var polygonMode: GLint?

        /// Reads the current state; the polygon mode only where the context has one.
        init(hasPolygonMode: Bool) {
            program = integer(GL_CURRENT_PROGRAM)
            vertexArray = integer(GL_VERTEX_ARRAY_BINDING)
            arrayBuffer = integer(GL_ARRAY_BUFFER_BINDING)
            blend = BlendState()
            depthTest = glIsEnabled(GLenum(GL_DEPTH_TEST))
            cullFace = glIsEnabled(GLenum(GL_CULL_FACE))
            if hasPolygonMode {
                // Room for two values: compatibility contexts answer front and back.
                var mode: (GLint, GLint) = (GL_FILL, GL_FILL)
                withUnsafeMutableBytes(of: &mode) { glGetIntegerv(GLenum(GL_POLYGON_MODE), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
                polygonMode = mode.0
            }
        }

        /// Puts the bindings and state back.
        func restore() {
            glUseProgram(GLuint(program))
            glBindVertexArray(GLuint(vertexArray))
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
            blend.restore()
            setEnabled(GL_DEPTH_TEST, depthTest)
            setEnabled(GL_CULL_FACE, cullFace)
            // Core profile keeps one mode for both faces.
            if let polygonMode { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(polygonMode)) }
        }
    }
}
