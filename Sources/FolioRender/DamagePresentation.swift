/// How a damage-driven window frame (``WindowRenderer/drawsOnlyDamage``) reaches the screen
/// (issue 29): which one a window uses is ``WindowRenderer/damagePresentation``.
public enum DamagePresentation: String, Sendable {
    /// The frame is drawn straight into the window's back buffer, which is never swapped (so it
    /// keeps its pixels from frame to frame), and only the damaged box is copied to the window
    /// (`glXCopySubBufferMESA`, GLX_MESA_copy_sub_buffer). A still frame copies nothing. Offered
    /// where the window's context is GLX with that extension (Mesa: llvmpipe under Xvfb or
    /// X11, and Mesa's hardware drivers), for windows Folio opened.
    case subBufferCopy
    /// The frame is redrawn in a retained framebuffer of the window's size, which is copied
    /// whole to the back buffer and swapped (a swap leaves the back buffer undefined, so the
    /// picture must live elsewhere). Every other platform (EGL, Wayland, an adopted window).
    case retainedFramebuffer
}
