import CGL

/// A linked GLSL program built from sources in `Shaders/` (embedded at build time), compiled
/// for a profile: the sources are GLSL 3.30 core, and `GLProfile.adapt` swaps their version
/// line for GLSL ES 3.00's header on an ES context (the shaders use nothing else that differs).
final class ShaderProgram {
    let id: GLuint

    init(vertex: String, fragment: String, names: (String, String),
         profile: GLProfile = .ofCurrentContext()) throws(RenderError) {
        let vs = try Self.compile(GLenum(GL_VERTEX_SHADER), profile.adapt(vertex), name: names.0)
        let fs: GLuint
        do { fs = try Self.compile(GLenum(GL_FRAGMENT_SHADER), profile.adapt(fragment), name: names.1) } catch {
            glDeleteShader(vs)
            throw error
        }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        glDeleteShader(vs)
        glDeleteShader(fs)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log(program, program: true)
            glDeleteProgram(program)
            throw .shaderLink(log: log)
        }
        id = program
    }

    deinit { glDeleteProgram(id) }

    /// The location of a uniform (−1 when unused by the shaders).
    func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    static func compile(_ kind: GLenum, _ source: String, name: String) throws(RenderError) -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { pointer in
            var p: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log(shader, program: false)
            glDeleteShader(shader)
            throw .shaderCompile(name: name, log: log)
        }
        return shader
    }

    static func log(_ object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) } else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 0 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if program { glGetProgramInfoLog(object, length, nil, &buffer) } else { glGetShaderInfoLog(object, length, nil, &buffer) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
