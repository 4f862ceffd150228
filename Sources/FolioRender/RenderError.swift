/// Why rendering could not start or finish; each case names the failing value or carries the driver's log.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// GLFW could not initialise: usually no X display (run under `xvfb-run -a`).
    case noDisplay(reason: String)
    /// The GL context could not be created.
    case contextCreation(reason: String)
    /// The driver offers an older GL than 3.3 core.
    case glVersionTooOld(found: String)
    /// A shader failed to compile.
    case shaderCompile(name: String, log: String)
    /// The program failed to link.
    case shaderLink(log: String)
    /// A framebuffer is incomplete (status code).
    case framebufferIncomplete(status: UInt32)
    /// A size in pixels that is zero, negative, not finite or beyond the limit.
    case invalidPixelSize(width: Double, height: Double, limit: Int)
    /// An image that could not be read.
    case unreadableImage(path: String, reason: String)
    /// An image larger than the loader accepts.
    case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
    /// An output file that could not be written.
    case unwritableOutput(path: String, reason: String)
    /// Pixel bytes that do not hold the image they claim: too few bytes for `height` rows of
    /// `bytesPerRow`, or rows shorter than `width · 4` bytes.
    case invalidPixelBuffer(width: Int, height: Int, bytesPerRow: Int, byteCount: Int)
    /// A GL texture name that is not a 2D texture with storage in the current context.
    case notATexture(name: UInt32)
    /// No GLFW window's context is current on this thread (adopting the current context).
    case noCurrentContext
    /// Frames of an animation that differ in size from the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// An animation parameter out of range (frame delay, quality, frame count).
    case invalidAnimation(reason: String)
    /// The image encoder failed (libwebp's own message or status).
    case encodingFailed(reason: String)

    /// The error as one line of text that names the failing value.
    public var description: String {
        switch self {
        case let .noDisplay(reason): return "no display for OpenGL (\(reason)); on a headless machine run under 'xvfb-run -a'"
        case let .contextCreation(reason): return "cannot create an OpenGL 3.3 core context: \(reason)"
        case let .glVersionTooOld(found): return "OpenGL 3.3 core is required; the driver offers \(found)"
        case let .shaderCompile(name, log): return "shader \(name) failed to compile: \(log)"
        case let .shaderLink(log): return "shader program failed to link: \(log)"
        case let .framebufferIncomplete(status): return "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .invalidPixelSize(w, h, limit): return "pixel size \(w)x\(h) must be positive, finite and at most \(limit) per side"
        case let .unreadableImage(path, reason): return "cannot read image '\(path)': \(reason)"
        case let .imageTooLarge(path, w, h, limit): return "image '\(path)' is \(w)x\(h); the limit is \(limit) pixels per side"
        case let .unwritableOutput(path, reason): return "cannot write '\(path)': \(reason)"
        case let .invalidPixelBuffer(w, h, stride, count):
            return "pixel buffer of \(count) bytes cannot hold a \(w)x\(h) RGBA image with \(stride) bytes per row (rows need at least \(w * 4) bytes, the buffer \(h > 0 ? (h - 1) * stride + w * 4 : 0))"
        case let .notATexture(name): return "GL name \(name) is not a 2D texture with storage in the current context"
        case .noCurrentContext: return "no GLFW window's OpenGL context is current on this thread"
        case let .frameSizeMismatch(i, w, h, ew, eh): return "frame \(i) is \(w)x\(h); every frame must be \(ew)x\(eh) like the first"
        case let .invalidAnimation(reason): return "invalid animation: \(reason)"
        case let .encodingFailed(reason): return "image encoding failed: \(reason)"
        }
    }
}
