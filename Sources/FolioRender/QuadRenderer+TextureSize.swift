import CGL

extension QuadRenderer {
    /// The size of level 0 of the texture bound to `GL_TEXTURE_2D` (0 × 0 when it has none).
    ///
    /// Desktop GL and OpenGL ES 3.1+ answer `glGetTexLevelParameteriv`; ES 3.0 has no query for
    /// a texture's size, so there it is found by ``probeBoundTextureSize()``.
    func boundTextureSize() -> (width: GLint, height: GLint) {
        var w: GLint = 0, h: GLint = 0
        if profile == .core33 || Self.currentMinorVersion() >= 1 {
            glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_WIDTH), &w)
            glGetTexLevelParameteriv(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_TEXTURE_HEIGHT), &h)
            return (w, h)
        }
        return probeBoundTextureSize()
    }

    /// The size of level 0 of the bound 2D texture without a size query (OpenGL ES 3.0): an
    /// empty `glTexSubImage2D` at offset (x, 0) is valid exactly when x ≤ the width, so a binary
    /// search over x (and y) finds it, with no texel written. Each step reads `glGetError`,
    /// so errors the app left pending are cleared first (an ES 3.0 app handing Folio a texture
    /// loses them). A texture whose format an RGBA/`UNSIGNED_BYTE` update does not fit (an
    /// integer or float texture) measures 0 × 0.
    func probeBoundTextureSize() -> (width: GLint, height: GLint) {
        while glGetError() != GLenum(GL_NO_ERROR) {}
        var unpackBuffer: GLint = 0
        glGetIntegerv(GLenum(GL_PIXEL_UNPACK_BUFFER_BINDING), &unpackBuffer)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        defer { glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(unpackBuffer)) }
        var pixel: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        func fits(_ x: GLint, _ y: GLint) -> Bool {
            withUnsafeMutableBytes(of: &pixel) {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, x, y, 0, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            return glGetError() == GLenum(GL_NO_ERROR)
        }
        var limit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        // The largest offset that fits, along one axis: fits(0) holds for any texture with storage.
        func largest(_ fitsAt: (GLint) -> Bool) -> GLint {
            guard fitsAt(0) else { return 0 }
            var low: GLint = 0, high = max(limit, 1) + 1   // fits(low), !fits(high)
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if fitsAt(middle) { low = middle } else { high = middle }
            }
            return low
        }
        return (largest { fits($0, 0) }, largest { fits(0, $0) })
    }

    /// `GL_MINOR_VERSION` of the current context.
    static func currentMinorVersion() -> GLint {
        var minor: GLint = 0
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        return minor
    }
}
