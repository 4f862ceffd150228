import CGL

extension Image {
    /// Reads one viewport of a framebuffer into an image: what `QuadRenderer.draw` (or the
    /// app) drew there, for a screenshot, a thumbnail or a test.
    ///
    /// - The viewport is in framebuffer pixels with the origin at the **bottom-left** (as
    ///   `glViewport` takes it, and as `draw(_:scale:viewport:framebuffer:)` drew into it); any
    ///   part of it may lie anywhere in the framebuffer. Pixels outside the framebuffer come back
    ///   undefined (GL's rule): keep the viewport inside it.
    /// - The image's rows run **top to bottom**: its row 0 is the viewport's top row, framebuffer
    ///   row `viewport.y + viewport.height − 1`, so pixel `(column, row)` covers view points
    ///   `column / scale …` across and `row / scale …` down when the viewport is the one drawn
    ///   into at `scale` pixels per point.
    /// - Folio draws **premultiplied** colour (blending `ONE, ONE_MINUS_SRC_ALPHA`), so a
    ///   framebuffer holds premultiplied bytes. `premultiplied: true` returns them as they are;
    ///   `false` divides each colour by its alpha (rounded; 0 where alpha is 0), giving the
    ///   straight alpha that ``Image``'s other APIs (``writePNG(path:)``,
    ///   `QuadRenderer.setImage`) expect. Where everything is opaque (a window cleared to an
    ///   opaque colour) the two are the same bytes.
    ///
    /// It reads the framebuffer's own read buffer (`glReadBuffer`): a double-buffered window's
    /// back buffer unless the app chose otherwise, so call it after drawing and before swapping;
    /// an FBO's first colour attachment. It waits for the GPU to finish drawing (a readback
    /// stalls the pipeline): a few frames for a screenshot are fine, every frame is not.
    ///
    /// Call it with the GL context current, on the main thread. It leaves the framebuffer
    /// bindings, the viewport and the pixel-pack state as it found them.
    ///
    /// - Parameters:
    ///   - viewport: the pixels to read, in framebuffer pixels, origin bottom-left.
    ///   - framebuffer: the framebuffer to read (0 the default one); nil, the one bound for
    ///     drawing (`GL_DRAW_FRAMEBUFFER_BINDING`): where `draw(_:scale:)` just drew.
    ///   - premultiplied: whether to return the premultiplied bytes the framebuffer holds
    ///     (true) or straight alpha (false).
    /// - Throws: ``RenderError/invalidPixelSize(width:height:limit:)`` for a viewport with no
    ///   pixels or a side over ``maximumSide``; ``RenderError/notAFramebuffer(name:)`` for a
    ///   name that is no framebuffer object; ``RenderError/framebufferIncomplete(status:)`` for
    ///   a framebuffer that cannot be read — among them a headless context's default framebuffer,
    ///   which does not exist (`GL_FRAMEBUFFER_UNDEFINED`, 0x8219).
    @MainActor
    public static func readFramebuffer(_ viewport: Viewport, framebuffer: UInt32? = nil,
                                       premultiplied: Bool) throws(RenderError) -> Image {
        guard !viewport.isEmpty, viewport.width <= maximumSide, viewport.height <= maximumSide else {
            throw .invalidPixelSize(width: Double(viewport.width), height: Double(viewport.height), limit: maximumSide)
        }
        let saved = GLStateSnapshot(capturing: [.framebuffer, .readback])
        defer { saved.restore() }
        let name = framebuffer ?? GLuint(saved.drawFramebuffer)
        // glIsFramebuffer answers false for 0, which is the default framebuffer, not an error.
        guard name == 0 || glIsFramebuffer(name) != 0 else { throw .notAFramebuffer(name: name) }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), name)
        let status = glCheckFramebufferStatus(GLenum(GL_READ_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .framebufferIncomplete(status: UInt32(status)) }
        GLStateSnapshot.prepareReadback()
        var scratch: [UInt8] = []
        var image = readPixels(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height, scratch: &scratch)
        if !premultiplied { image.unpremultiply() }
        return image
    }

    /// Divides each pixel's colour by its alpha, rounding to nearest; a pixel with alpha 0
    /// becomes (0, 0, 0, 0). Opaque pixels are untouched.
    mutating func unpremultiply() {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                if a == 255 { continue }
                if a == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; continue }
                for c in i..<(i + 3) { p[c] = UInt8(min(255, (Int(p[c]) * 255 + a / 2) / a)) }
            }
        }
    }
}
