import CGL
import FolioGeometry
import FolioLayers

/// Renders layer trees to images without showing a window (a hidden GLFW window supplies the
/// context; on a machine without a display run under `xvfb-run -a`).
public final class OffscreenRenderer {
    /// The GL context.
    public let context: GLContext
    /// The drawing engine, with its textures.
    public let renderer: QuadRenderer
    let evaluator = LayerEvaluator()
    var target: RenderTarget?

    /// Creates the context and compiles the shaders.
    public init() throws(RenderError) {
        context = try GLContext()
        renderer = try QuadRenderer()
    }

    /// Renders the tree under `root` into a `size × scale` pixel image over `background`.
    public func render(_ root: Layer, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                       background: Color = .white) throws(RenderError) -> Image {
        try draw(root, size: size, scale: scale, antialiasing: antialiasing, background: background)
        return target!.readImage()
    }

    /// Draws the tree into the offscreen target without reading it back (for timing, or before
    /// `readImage`).
    public func draw(_ root: Layer, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                     background: Color = .white) throws(RenderError) {
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        guard w >= 1, h >= 1, w <= Double(Image.maximumSide), h <= Double(Image.maximumSide) else {
            throw .invalidPixelSize(width: w, height: h, limit: Image.maximumSide)
        }
        let multisampled = antialiasing == .msaa
        let target: RenderTarget
        if let existing = self.target, existing.width == Int(w), existing.height == Int(h), (existing.samples > 1) == multisampled {
            target = existing
        } else {
            target = try RenderTarget(width: Int(w), height: Int(h), samples: multisampled ? 4 : 1)
            self.target = target
        }
        context.makeCurrent()
        target.bind()
        renderer.clear(background)
        renderer.antialiasing = antialiasing
        evaluator.evaluate(root)
        renderer.draw(evaluator, scale: scale, pixelWidth: target.width, pixelHeight: target.height)
    }

    /// Reads back the last drawn frame (resolving multisampling first).
    public func readImage() -> Image? { target?.readImage() }

    /// Blocks until the GL has finished all drawing (for timing).
    public func finish() { glFinish() }
}
