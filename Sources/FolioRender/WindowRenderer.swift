@preconcurrency import CGLFW
import CGL
import FolioGeometry
import FolioLayers

/// Draws layer trees into a visible, resizable GLFW window with vsync (the demo's surface).
///
/// Sizes come in two units: the window in screen coordinates (points) and its framebuffer in
/// pixels; their ratio is the HiDPI scale. Use from the main thread.
public final class WindowRenderer {
    /// The GL context and its window.
    public let context: GLContext
    /// The drawing engine, with its textures.
    public let renderer: QuadRenderer
    /// The evaluator reused every frame.
    public let evaluator = LayerEvaluator()
    private var scratch: [UInt8] = []

    /// Opens a `width × height` point window titled `title`, synchronised to the display.
    public init(width: Int, height: Int, title: String) throws(RenderError) {
        guard width > 0, height > 0, width <= Image.maximumSide, height <= Image.maximumSide else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: Image.maximumSide)
        }
        context = try GLContext(width: width, height: height, visible: true, title: title)
        context.makeCurrent()
        glfwSwapInterval(1)
        renderer = try QuadRenderer()
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
        glfwGetWindowSize(context.window, &w, &h)
        windowSize = (Int(w), Int(h))
        glfwGetFramebufferSize(context.window, &w, &h)
        framebufferSize = (Int(w), Int(h))
    }

    /// Whether the user asked the window to close.
    public var shouldClose: Bool {
        get { glfwWindowShouldClose(context.window) != 0 }
        set { glfwSetWindowShouldClose(context.window, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// Clears to `background` and draws the tree under `root` (its superlayer space is the
    /// window, in points) into the back buffer.
    public func draw(_ root: Layer, background: Color) {
        let (fw, fh) = framebufferSize
        guard fw > 0, fh > 0 else { return } // minimised
        context.makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(fw), GLsizei(fh))
        renderer.clear(background)
        evaluator.evaluate(root)
        renderer.draw(evaluator, scale: scale, pixelWidth: fw, pixelHeight: fh)
    }

    /// Reads the back buffer (call after `draw`, before `present`).
    public func readImage() -> Image {
        let (fw, fh) = framebufferSize
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        glReadBuffer(GLenum(GL_BACK))
        return Image.readPixels(width: max(1, fw), height: max(1, fh), scratch: &scratch)
    }

    /// Shows the back buffer (waits for vsync).
    public func present() { glfwSwapBuffers(context.window) }
}
