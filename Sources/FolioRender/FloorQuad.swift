import CGL

/// The benchmark floor: a bare textured quad over the whole viewport, drawn with the same
/// blending as the renderer's own draws but nothing else (one texture sample per pixel).
///
/// `folio bench` times it in the same context, target and texture as the transitions and
/// reports every render time as a multiple of it, so the figures say what Folio adds to the
/// cheapest possible way of putting a page on screen.
@MainActor
final class FloorQuad {
    let program: ShaderProgram
    let textureLocation: GLint
    var vertexArray: GLuint = 0
    var buffer: GLuint = 0

    /// Compiles `Shaders/floor.*` and uploads the four corners; the context's vertex array and
    /// array buffer bindings are left as they were.
    init(profile: GLProfile) throws(RenderError) {
        program = try ShaderProgram(vertex: ShaderSource.floorVert, fragment: ShaderSource.floorFrag,
                                    names: ("Shaders/floor.vert", "Shaders/floor.frag"), profile: profile)
        textureLocation = program.uniform("uTexture")
        var savedArray: GLint = 0, savedBuffer: GLint = 0
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &savedArray)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &savedBuffer)
        defer {
            glBindVertexArray(GLuint(savedArray))
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(savedBuffer))
        }
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        // A triangle strip: position (x, y) in normalised device coordinates, then (u, v) with
        // the image's first row at the top, as Folio uploads it.
        let corners: [Float] = [-1, -1, 0, 1, 1, -1, 1, 1, -1, 1, 0, 0, 1, 1, 1, 0]
        corners.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size))
    }

    /// The caller has set the drawing state (`setDrawingState`: blending, texture unit 0),
    /// viewport and framebuffer; this binds its program, vertex array and `texture` and draws.
    func draw(texture: GLuint) {
        glUseProgram(program.id)
        glUniform1i(textureLocation, 0)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }

    isolated deinit {
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }
}
