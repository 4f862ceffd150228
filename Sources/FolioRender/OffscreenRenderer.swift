import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

/// Renders layer trees to images without showing a window, in a framebuffer of its own: in a
/// context it creates (headless through EGL when there is no X display, so no X server is
/// needed; a hidden GLFW window's when there is one), or in the app's context, adopted (the
/// app's GL state is left as it was).
/// Main thread only (`@MainActor`).
@MainActor
public final class OffscreenRenderer {
    /// The GL context.
    public let context: GLContext
    /// The drawing engine, with its textures.
    public let renderer: QuadRenderer
    let evaluator = LayerEvaluator()
    var target: RenderTarget?

    /// The device's limits, queried once when the context is created.
    public let limits: RenderLimits

    /// Creates a context of its own (``GLContext/offscreen()``: headless through EGL when
    /// there is no X display, a hidden window's otherwise) and compiles the shaders.
    ///
    /// - Throws: `RenderError.noDisplay`, `.contextCreation`, `.glVersionTooOld`, or a shader error.
    public init() throws(RenderError) {
        context = try GLContext.offscreen()
        limits = RenderLimits.query()
        renderer = try QuadRenderer()
    }

    /// Renders in an existing context — one Folio made, or the app's (`GLContext(adopting:)`,
    /// `GLContext.current()`) — which it makes current.
    ///
    /// - Throws: a shader error.
    public init(context: GLContext) throws(RenderError) {
        self.context = context
        context.makeCurrent()
        limits = RenderLimits.query()
        renderer = try QuadRenderer()
    }

    /// Renders the tree under `root` into a `size × scale` pixel image over `background`.
    ///
    /// - Parameters:
    ///   - root: the tree to draw; its superlayer space is the image, in points, origin top-left.
    ///   - size: the image in points. Anything the tree draws outside `0…size` is cut off: a
    ///     standalone transition whose panels rise past its view renders whole at its framing's
    ///     canvas (`Transition.framing(margin:)` in FolioTransitions), not at its view size.
    ///   - scale: pixels per point; the image is `size × scale` pixels, rounded.
    ///   - antialiasing: how edges are smoothed (default analytic coverage).
    ///   - background: the colour every pixel is cleared to before the tree is drawn over it —
    ///     straight (not premultiplied) RGBA in 0…1, as `Color` always is; default opaque
    ///     white. It fills whatever the tree leaves uncovered, the room around a framed
    ///     transition included. Folio draws premultiplied colour and the image holds the
    ///     framebuffer's bytes as drawn: over an opaque background every pixel ends opaque and
    ///     the bytes are the same either way; over a translucent one (`Color.clear`, to cut the
    ///     drawing out) the partly covered pixels come back premultiplied (colour already
    ///     multiplied by alpha) — divide by alpha before treating them as straight, or read the
    ///     target with `Image.readFramebuffer(_:framebuffer:premultiplied:)` and `false`.
    /// - Returns: the image, rows top to bottom.
    /// - Throws: a size or scale out of range (`RenderLimits`), a target the device or memory
    ///   cannot hold.
    public func render(_ root: Layer, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                       background: Color = .white) throws(RenderError) -> Image {
        try draw(root, size: size, scale: scale, antialiasing: antialiasing, background: background)
        return readImage()!
    }

    /// Renders the tree as it is seen at tree time `time`: its presentation (the animations'
    /// values at `time`, `Layer.withPresentation(at:_:)`), the model restored afterwards. The
    /// other parameters, the result and the errors are `render(_:size:scale:antialiasing:background:)`'s.
    public func render(_ root: Layer, at time: Double, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                       background: Color = .white) throws(RenderError) -> Image {
        var failure: RenderError?
        root.withPresentation(at: time) {
            do throws(RenderError) {
                try draw(root, size: size, scale: scale, antialiasing: antialiasing, background: background)
            } catch { failure = error }
        }
        if let failure { throw failure }
        return readImage()!
    }

    /// Draws the tree into the offscreen target without reading it back (for timing, or before
    /// `readImage`). The parameters are `render(_:size:scale:antialiasing:background:)`'s
    /// (`background`: straight RGBA, default opaque white, cleared first).
    public func draw(_ root: Layer, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                     background: Color = .white) throws(RenderError) {
        let target = try prepareTarget(size: size, scale: scale, antialiasing: antialiasing, background: background)
        evaluator.evaluate(root)
        renderer.draw(evaluator, scale: scale, into: target)
    }

    /// Renders a recorded `frame` (its tree may be gone, or in another process) as `render`
    /// renders a tree; its contents handles name this renderer's images. `background` is as in
    /// `render(_:size:scale:antialiasing:background:)`: straight RGBA cleared first, default
    /// opaque white, and the pixels come back premultiplied where it is translucent.
    public func render(_ frame: Frame, size: Size, scale: Double, antialiasing: AntialiasingMode = .analytic,
                        background: Color = .white) throws(RenderError) -> Image {
        let target = try prepareTarget(size: size, scale: scale, antialiasing: antialiasing, background: background)
        renderer.draw(frame, scale: scale, viewport: Viewport(width: target.width, height: target.height),
                      framebuffer: target.drawFramebuffer)
        return readImage()!
    }

    /// Makes the context current, sizes the target for `size × scale` pixels and clears it to
    /// `background`, with `antialiasing` set.
    private func prepareTarget(size: Size, scale: Double, antialiasing: AntialiasingMode,
                               background: Color) throws(RenderError) -> RenderTarget {
        // Current before any GL call, the target's creation included (another context may
        // have been made current, or destroyed, since the last frame).
        context.makeCurrent()
        let (w, h) = try RenderLimits.pixelSize(size, scale: scale)
        let multisampled = antialiasing == .msaa
        let target: RenderTarget
        if let existing = self.target, existing.width == w, existing.height == h, (existing.samples > 1) == multisampled {
            target = existing
        } else {
            // Checked against the device and the free memory before the old target goes.
            let samples = multisampled ? min(4, limits.maximumSamples) : 1
            try limits.checkTarget(width: w, height: h, samples: samples)
            try RenderLimits.checkMemory(RenderLimits.frameBytes(width: w, height: h, samples: samples),
                                         for: "a \(w)x\(h) render target")
            self.target = nil
            target = try RenderTarget(width: w, height: h, samples: samples, limits: limits)
            self.target = target
        }
        renderer.clear(background, viewport: Viewport(width: target.width, height: target.height), framebuffer: target.drawFramebuffer)
        renderer.antialiasing = antialiasing
        return target
    }

    /// Reads back the last drawn frame (resolving multisampling first), leaving the context's
    /// framebuffer bindings, viewport and pixel-pack state as they were.
    public func readImage() -> Image? {
        context.makeCurrent()
        return target?.readImage()
    }

    /// Blocks until the GL has finished all drawing (for timing).
    public func finish() { glFinish() }
}
