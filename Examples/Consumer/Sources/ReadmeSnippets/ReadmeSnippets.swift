import CGL

/// Where README.md's Swift snippets run: each snippet is extracted verbatim at build time into
/// a method of this class (see ReadmeSnippetsPlugin), so the names a snippet uses without
/// defining them are members here.
///
/// Create it with the app's GL context current (a snippet may draw), on the main thread.
@MainActor
public final class ReadmeSnippets {
    /// A texture "the app made": 64×64, premultiplied, filled on the GPU through the app's own
    /// framebuffer (its first row is the bottom one, as for any rendered texture).
    public let appTexture: UInt32

    /// Makes `appTexture` in the current context.
    public init() {
        var texture: GLuint = 0, framebuffer: GLuint = 0
        var savedFramebuffer: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &savedFramebuffer)
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 64, 64, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        glClearColor(0.9, 0.75, 0.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(savedFramebuffer))
        glDeleteFramebuffers(1, &framebuffer)
        appTexture = texture
    }

    isolated deinit {
        var texture = appTexture
        glDeleteTextures(1, &texture)
    }
}
