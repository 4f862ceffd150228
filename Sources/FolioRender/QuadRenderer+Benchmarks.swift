import CGL
import FolioLayers

/// What `folio bench` measures the renderer against. Not part of the library's API: the
/// `Benchmarks` SPI may change with the benchmarks.
extension QuadRenderer {
    /// Draws the texture for `handle` over the whole of `viewport` with the bare floor shader
    /// (`Shaders/floor.*`): one texture sample per pixel, blended premultiplied like every
    /// draw, into `framebuffer` (nil: the bound one). Nothing is drawn for a handle without a
    /// texture or an empty viewport. The GL state is restored as by `draw`.
    ///
    /// - Throws: a shader error the first time, if the floor shader does not build.
    @_spi(Benchmarks) public func drawFloor(_ handle: ContentHandle, viewport: Viewport, framebuffer: UInt32? = nil) throws(RenderError) {
        guard !viewport.isEmpty, let texture = textures[handle] else { return }
        let floor: FloorQuad
        if let existing = self.floor { floor = existing } else { floor = try FloorQuad(profile: profile); self.floor = floor }
        let saved = restoresGLState ? GLStateSnapshot(capturing: [.drawing, .framebuffer], profile: profile) : nil
        if let framebuffer { glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer) }
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        setDrawingState()
        floor.draw(texture: texture.id)
        saved?.restore()
    }

    /// Whether each draw of the next frames is timed on its own, between two `glFinish` calls
    /// (`drawTimings`). Such frames are slower than real ones: the figures compare draws.
    @_spi(Benchmarks) public var timesDraws: Bool {
        get { drawProfile.isOn }
        set { drawProfile.isOn = newValue }
    }

    /// The draws of the last frame drawn with `timesDraws` on, in order, cast-shadow passes
    /// included.
    @_spi(Benchmarks) public var drawTimings: [DrawTiming] { drawProfile.timings }

    /// The area, in pixels, of the triangles the last `prepare` (or `draw`) sends to the
    /// rasterizer: divided by the viewport's area it is the frame's overdraw.
    @_spi(Benchmarks) public var preparedPixelArea: Double { list.rasterizedArea() }
}
