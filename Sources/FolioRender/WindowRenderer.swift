@preconcurrency import CGLFW
import CGL
import FolioGeometry
import FolioLayers

/// Draws layer trees into a GLFW window: a visible, resizable one it opens with vsync (the
/// demo's surface), or the app's own, adopted.
///
/// Sizes come in two units: the window in screen coordinates (points) and its framebuffer in
/// pixels; their ratio is the HiDPI scale. Main thread only (`@MainActor`).
@MainActor
public final class WindowRenderer {
    /// The GL context and its window.
    public let context: GLContext
    /// The GLFW window drawn into (`GLFWwindow *`).
    public let window: OpaquePointer
    /// The drawing engine, with its textures.
    public let renderer: QuadRenderer
    /// The evaluator reused every frame.
    public let evaluator = LayerEvaluator()
    /// The tree `evaluateAhead(_:)` evaluated for the next draw, and its `subtreeVersion` then
    /// (WindowRenderer+Evaluation.swift).
    var evaluatedAhead: (root: ObjectIdentifier, version: UInt64)?
    private var scratch: [UInt8] = []
    /// Issue 29 hook: the retained framebuffer of damage-driven frames (WindowRenderer+Damage.swift).
    var retained: RenderTarget?
    /// Issue 29 hook: what the last damage-driven frame redrew (nil: it drew the whole window).
    var lastRegion: FrameDamage.Region?
    /// GLX_MESA_copy_sub_buffer for this window, where its context offers it and Folio opened
    /// it (nil otherwise: damage-driven frames then go through `retained`).
    let subBuffer: SubBufferCopy?
    /// The back buffer's picture, where damage-driven frames are drawn into it (`BackBufferState`).
    var backBuffer = BackBufferState()
    /// How many sub-buffer copies `present` has made (tests: a still frame makes none).
    var subBufferCopies: Int { backBuffer.copies }

    /// Whether damage-driven frames may use the sub-buffer copy where the window offers it (on
    /// by default). Off, they go through the retained framebuffer: the benchmark measures both.
    @_spi(Benchmarks) public var allowsSubBufferCopy = true

    /// How damage-driven frames reach this window: ``DamagePresentation/subBufferCopy`` where
    /// its GLX context offers GLX_MESA_copy_sub_buffer and Folio opened it, the retained
    /// framebuffer otherwise (EGL or Wayland, the extension missing, an adopted window, whose
    /// swaps and refresh callback are the app's).
    public var damagePresentation: DamagePresentation {
        subBuffer != nil && allowsSubBufferCopy ? .subBufferCopy : .retainedFramebuffer
    }

    /// Whether frames are damage-driven (issue 29): each frame redraws only what changed since
    /// the last, and a frame where nothing changed draws, copies and swaps nothing. Where the
    /// window offers a sub-buffer copy (``damagePresentation``), the frame is drawn in the back
    /// buffer and only its damaged box presented, with no swap; elsewhere it is drawn in a
    /// retained framebuffer of the window's size, copied to the back buffer and swapped.
    /// The pixels equal a full redraw's. Off by default: the window's back buffer then gets
    /// every pixel drawn each frame, as an app that draws its own things around Folio's needs.
    public var drawsOnlyDamage = false

    /// Opens a `width × height` point window titled `title`, synchronised to the display.
    public init(width: Int, height: Int, title: String) throws(RenderError) {
        guard width > 0, height > 0, width <= Image.maximumSide, height <= Image.maximumSide else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: Image.maximumSide)
        }
        context = try GLContext(width: width, height: height, visible: true, title: title)
        // A window's context always has its window.
        window = context.window!
        context.makeCurrent()
        glfwSwapInterval(1)
        renderer = try QuadRenderer()
        subBuffer = SubBufferCopy(window: window)
        // The sub-buffer copy leaves the back buffer alone, but an uncovered window loses its
        // pixels: the refresh callback counts such exposures so that the next frame is whole.
        if subBuffer != nil { SubBufferCopy.countExposures(of: window) }
        updateSize()
    }

    /// Draws into the app's GLFW window: adopts its context (see `GLContext.init(adopting:)`)
    /// and leaves its callbacks, swap interval and hints alone.
    ///
    /// - Throws: `RenderError.glVersionTooOld`, or a shader error.
    public init(adopting window: OpaquePointer) throws(RenderError) {
        context = try GLContext(adopting: window)
        self.window = window
        renderer = try QuadRenderer()
        // The app swaps and handles exposures of its own window: the retained framebuffer.
        subBuffer = nil
        updateSize()
    }

    /// The window's size in screen coordinates (points), as of the last `updateSize()`.
    public private(set) var windowSize: (width: Int, height: Int) = (0, 0)
    /// The framebuffer's size in pixels, as of the last `updateSize()`.
    public private(set) var framebufferSize: (width: Int, height: Int) = (0, 0)

    /// Pixels per point (1 on ordinary displays, 2 on HiDPI ones).
    public var scale: Double {
        windowSize.width > 0 && framebufferSize.width > 0 ? Double(framebufferSize.width) / Double(windowSize.width) : 1
    }

    /// Re-reads the window and framebuffer sizes; call it from the window's resize callbacks.
    /// (Each query is a round trip to the X server that allocates, so frames use the cache.)
    public func updateSize() {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(window, &w, &h)
        windowSize = (Int(w), Int(h))
        glfwGetFramebufferSize(window, &w, &h)
        framebufferSize = (Int(w), Int(h))
    }

    /// Whether the user asked the window to close.
    public var shouldClose: Bool {
        get { glfwWindowShouldClose(window) != 0 }
        set { glfwSetWindowShouldClose(window, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// Clears the window to `background` (nil: leaves it) and draws the tree under `root` (its
    /// superlayer space is the window, in points) into the back buffer, all of it.
    public func draw(_ root: Layer, background: Color?) {
        let (fw, fh) = framebufferSize
        guard fw > 0, fh > 0 else { return } // minimised
        context.makeCurrent()
        if drawsOnlyDamage { drawDamage(root, background: background); return } // issue 29 hook
        lastRegion = nil
        backBuffer.forget() // drawn over, and `present` swaps it
        let whole = Viewport(width: fw, height: fh)
        if let background { renderer.clear(background, viewport: whole, framebuffer: 0) }
        evaluateForDraw(root)
        renderer.draw(evaluator, scale: scale, viewport: whole, framebuffer: 0)
    }

    /// Draws the tree as it is seen at tree time `time`: its presentation (the animations'
    /// values at `time`, `Layer.withPresentation(at:_:)`), the model restored afterwards. Damage
    /// tracking sees the presentation, so a layer that moves only by an animation is redrawn
    /// where it was and where it is. `time` is the tree's clock time (`LayerClock.time`).
    public func draw(_ root: Layer, at time: Double, background: Color?) {
        root.withPresentation(at: time) { draw(root, background: background) }
    }

    /// Reads the back buffer (call after `draw`, before `present`); for a damage-driven frame,
    /// the whole picture, wherever it is kept.
    public func readImage() -> Image {
        let (fw, fh) = framebufferSize
        let saved = GLStateSnapshot(capturing: [.framebuffer, .readback])
        defer { saved.restore() }
        GLStateSnapshot.prepareReadback()
        if drawsOnlyDamage, let retained, lastRegion != nil { return retained.readImage() } // issue 29 hook
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        glReadBuffer(GLenum(GL_BACK))
        return Image.readPixels(width: max(1, fw), height: max(1, fh), scratch: &scratch)
    }

    /// Shows the back buffer (waits for vsync).
    /// A damage-driven frame that changed nothing swaps nothing: the window still shows it.
    /// One drawn in the back buffer (``DamagePresentation/subBufferCopy``) copies its damaged
    /// box to the window and does not swap (nor wait for vsync: the copy has none).
    public func present() {
        if lastRegion == FrameDamage.Region.none { return } // issue 29 hook
        if backBuffer.holdsLastFrame, let subBuffer, let region = lastRegion {
            presentDamage(region, through: subBuffer)
            return
        }
        glfwSwapBuffers(window)
        backBuffer.isHeld = false // undefined after a swap
    }
}
