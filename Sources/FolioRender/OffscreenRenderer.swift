import CGL
import FolioGeometry
import FolioLayers

/// Renders layer trees to images without showing a window, in a framebuffer of its own: in a
/// hidden GLFW window's context it creates (on a machine without a display run under
/// `xvfb-run -a`), or in the app's context, adopted (the app's GL state is left as it was).
/// Main thread only (`@MainActor`).
@MainActor
public final class OffscreenRenderer {
    /// The GL context.
    public let context: GLContext
    /// The drawing engine, with its textures.
    public let renderer: QuadRenderer
    let evaluator = LayerEvaluator()
    var target: RenderTarget?

    /// Creates a hidden window's context and compiles the shaders.
    ///
    /// - Throws: `RenderError.noDisplay`, `.contextCreation`, `.glVersionTooOld`, or a shader error.
    public init() throws(RenderError) {
        context = try GLContext()
        renderer = try QuadRenderer()
    }

    /// Renders in an existing context — one Folio made, or the app's (`GLContext(adopting:)`,
    /// `GLContext.current()`) — which it makes current.
    ///
    /// - Throws: a shader error.
    public init(context: GLContext) throws(RenderError) {
        self.context = context
        context.makeCurrent()
        renderer = try QuadRenderer()
    }

    /// Renders the tree under `root` into a `size × scale` pixel image over `background`.
    public func render(_ root: Layer, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                       background: Color = .white) throws(RenderError) -> Image {
        try draw(root, size: size, scale: scale, antialiasing: antialiasing, background: background)
        return readImage()!
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
        renderer.clear(background, viewport: Viewport(width: target.width, height: target.height), framebuffer: target.drawFramebuffer)
        renderer.antialiasing = antialiasing
        evaluator.evaluate(root)
        renderer.draw(evaluator, scale: scale, into: target)
    }

    /// Reads back the last drawn frame (resolving multisampling first), leaving the context's
    /// framebuffer bindings, viewport and pixel-pack state as they were.
    public func readImage() -> Image? {
        target?.readImage()
    }

    /// Blocks until the GL has finished all drawing (for timing).
    public func finish() { glFinish() }
}
