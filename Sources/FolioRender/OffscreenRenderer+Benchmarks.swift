import FolioGeometry
import FolioLayers

/// The benchmark floor in the offscreen target (see `QuadRenderer.drawFloor`). Not part of the
/// library's API: the `Benchmarks` SPI may change with the benchmarks.
extension OffscreenRenderer {
    /// Clears the `size × scale` pixel target to `background` and draws the texture for
    /// `handle` over all of it with the bare floor shader — the same context, target, clear
    /// and blending as `draw`, with the cheapest possible fragment work.
    ///
    /// - Throws: the errors of `draw` (target size) and a shader error the first time.
    @_spi(Benchmarks) public func drawFloor(_ handle: ContentHandle, size: Size, scale: Double, background: Color = .white) throws(RenderError) {
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        if target.map({ $0.width != w || $0.height != h || $0.samples > 1 }) ?? true {
            // Makes (or remakes) the single-sample target exactly as a frame would.
            try draw(Layer(), size: size, scale: scale, antialiasing: .none, background: background)
        }
        guard let target else { return }
        context.makeCurrent()
        let whole = Viewport(width: target.width, height: target.height)
        renderer.clear(background, viewport: whole, framebuffer: target.drawFramebuffer)
        try renderer.drawFloor(handle, viewport: whole, framebuffer: target.drawFramebuffer)
    }
}
