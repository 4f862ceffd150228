@preconcurrency import CGLFW
import CGL
import FolioLayers

/// What `folio bench --window` needs of a window beyond drawing into it. Not part of the
/// library's API: the `Benchmarks` SPI may change with the benchmarks.
extension WindowRenderer {
    /// Swaps without waiting for the display (`glfwSwapInterval(0)`), so that a frame takes as
    /// long as its work and not a multiple of the refresh period.
    @_spi(Benchmarks) public func presentsWithoutVSync() {
        context.makeCurrent()
        glfwSwapInterval(0)
    }

    /// Maps (`true`) or unmaps the window. A benchmark opens one window per size and shows one
    /// at a time: windows stacked on one another would each present only their visible part.
    @_spi(Benchmarks) public func setShown(_ shown: Bool) {
        if shown { glfwShowWindow(window) } else { glfwHideWindow(window) }
        // Lets the X server's map or unmap reach GLFW before the next frame is timed.
        glfwPollEvents()
        updateSize()
    }

    /// Waits until the GL has finished every command sent, the present included.
    @_spi(Benchmarks) public func finish() {
        context.makeCurrent()
        glFinish()
    }

    /// The benchmark floor in the window: clears the back buffer to `background` and draws the
    /// texture for `handle` over all of it with the bare floor shader (`QuadRenderer.drawFloor`).
    @_spi(Benchmarks) public func drawFloor(_ handle: ContentHandle, background: Color) throws(RenderError) {
        let (fw, fh) = framebufferSize
        guard fw > 0, fh > 0 else { return }
        context.makeCurrent()
        lastRegion = nil // issue 29 hook: the floor draws the back buffer, whose swap `present` must not skip
        backBuffer.forget()
        let whole = Viewport(width: fw, height: fh)
        renderer.clear(background, viewport: whole, framebuffer: 0)
        try renderer.drawFloor(handle, viewport: whole, framebuffer: 0)
    }

    /// The primary display's size in pixels, or nil when GLFW reports no monitor (call after a
    /// window has started GLFW).
    @_spi(Benchmarks) public static func screenSize() -> (width: Int, height: Int)? {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return nil }
        return (Int(mode.pointee.width), Int(mode.pointee.height))
    }
}
