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
        }
    }
}
