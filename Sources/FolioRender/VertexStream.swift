import CGL
import FolioTessellation

/// The renderer's vertex array and the one array buffer behind it, which every frame's draw
/// list is streamed into (`DrawList.vertices`, `DrawList.floatsPerVertex` floats a vertex).
///
/// It owns the GL objects and the buffer's size: the buffer grows (at least doubling) when a
/// list needs more and never shrinks, so steady-state frames upload into it without
/// reallocating. A vertex array is a container object, which contexts do not share: the stream
/// belongs to the context current when it was made.
struct VertexStream {
    /// The vertex array object describing the layout of `buffer`.
    private(set) var vertexArray: GLuint = 0
    /// The array buffer the vertices are uploaded into.
    private(set) var buffer: GLuint = 0
    /// The bytes `buffer` has storage for (0 before the first upload).
    private(set) var capacity = 0

    /// Makes the vertex array and its buffer in the current context and describes the vertex
    /// layout (position, texture coordinate, edge slots, normal), leaving the context's vertex
    /// array and array-buffer bindings as they were.
    init() {
        var savedArray: GLint = 0
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &savedArray)
        var savedBuffer: GLint = 0
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &savedBuffer)
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(DrawList.floatsPerVertex * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 4 * MemoryLayout<Float>.size))
        // The edge slots: (nx, ny, c) each, at locations 2… (`aEdge0`… in Shaders/quad.vert).
        for slot in 0..<ShaderVariant.Coverage.maximumEdges {
            let location = GLuint(2 + slot)
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: (6 + 3 * slot) * MemoryLayout<Float>.size))
        }
        // The visible side's normal, after the edge slots (`aNormal` in Shaders/quad.vert, LIGHT).
        let normalLocation = GLuint(2 + ShaderVariant.Coverage.maximumEdges)
        glEnableVertexAttribArray(normalLocation)
        glVertexAttribPointer(normalLocation, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                              UnsafeRawPointer(bitPattern: DrawList.normalOffset * MemoryLayout<Float>.size))
        glBindVertexArray(GLuint(savedArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(savedBuffer))
    }

    /// Binds the vertex array and buffer and uploads `vertices` to the start of the buffer,
    /// growing it first when they do not fit. The bindings stay for the draws that follow.
    mutating func upload(_ vertices: [Float]) {
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let bytes = vertices.count * MemoryLayout<Float>.size
        vertices.withUnsafeBytes { raw in
            if bytes > capacity {
                capacity = max(bytes, capacity * 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_STREAM_DRAW))
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress)
        }
    }

    /// Deletes the buffer and vertex array (the renderer is going away; its context current).
    func release() {
        var buffer = buffer, vertexArray = vertexArray
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }
}
