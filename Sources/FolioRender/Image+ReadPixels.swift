import CGL

extension Image {
    /// Reads `width × height` pixels of the bound read framebuffer from its pixel `(x, y)`
    /// (bottom-left origin) into an image, top row first (GL's rows start at the bottom).
    /// `scratch` is reused between calls.
    static func readPixels(x: Int = 0, y: Int = 0, width: Int, height: Int, scratch: inout [UInt8]) -> Image {
        if scratch.count != width * height * 4 { scratch = [UInt8](repeating: 0, count: width * height * 4) }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        scratch.withUnsafeMutableBytes { buffer in
            glReadPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
        }
        var image = Image(width: width, height: height)
        let rowBytes = width * 4
        image.pixels.withUnsafeMutableBytes { out in
            scratch.withUnsafeBytes { src in
                for row in 0..<height {
                    let from = src.baseAddress! + (height - 1 - row) * rowBytes
                    (out.baseAddress! + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        return image
    }
}
