/// Why rendering could not start or finish; each case names the failing value or carries the driver's log.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// GLFW could not initialise: usually no X display (run under `xvfb-run -a`).
    case noDisplay(reason: String)
    /// The GL context could not be created.
    case contextCreation(reason: String)
    /// The driver offers an older GL than 3.3 core (or, for OpenGL ES, older than ES 3.0).
    case glVersionTooOld(found: String)
    /// `FOLIO_GL_PROFILE` (``GLProfile/environmentVariable``) names no profile Folio knows;
    /// `value` is what it said (`core` and `gles` are known).
    case unknownGLProfile(value: String)
    /// `FOLIO_GL` names no way of making an offscreen context Folio knows; `value` is what it
    /// said (`egl` and `glfw` are known; unset or empty picks by the display).
    case unknownGLBackend(value: String)
    /// A shader failed to compile.
    case shaderCompile(name: String, log: String)
    /// The program failed to link.
    case shaderLink(log: String)
    /// A framebuffer is incomplete (status code).
    case framebufferIncomplete(status: UInt32)
    /// The driver could not create a render target of this size and sample count (`status`:
    /// its GL error or framebuffer status code), though the size is within the device's limits.
    case framebufferUnavailable(width: Int, height: Int, samples: Int, status: UInt32)
    /// A size in pixels that is zero, negative, not finite or beyond the limit.
    case invalidPixelSize(width: Double, height: Double, limit: Int)
    /// An image that could not be read.
    case unreadableImage(path: String, reason: String)
    /// An image with a side larger than the loader accepts (`PNGLimits.maximumSide`).
    case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
    /// An image with more pixels than the loader accepts (`PNGLimits.maximumPixels`).
    case imageTooManyPixels(path: String, width: Int, height: Int, limit: Int)
    /// A PNG whose header claims more pixels than its file could hold: truncated or forged.
    case imageTruncated(path: String, width: Int, height: Int, fileBytes: Int, minimumBytes: Int)
    /// A size beyond what the GL device supports: `what` ("render target", "texture"), its
    /// size in pixels, and the device limit by its GL name and value.
    case exceedsDeviceLimit(what: String, width: Int, height: Int, limit: String, value: Int)
    /// A render target whose single buffer (`bytes`, sides rounded up to 64-pixel tiles)
    /// would exceed the largest allocation a GL driver makes (`RenderLimits.maximumBufferBytes`).
    case exceedsBufferLimit(width: Int, height: Int, samples: Int, bytes: Int, limit: Int)
    /// A job that would need more memory than the machine has available, in bytes.
    case insufficientMemory(what: String, bytes: Int, available: Int)
    /// An output file that could not be written.
    case unwritableOutput(path: String, reason: String)
    /// Pixel bytes that do not hold the image they claim: too few bytes for `height` rows of
    /// `bytesPerRow`, or rows shorter than `width · 4` bytes.
    case invalidPixelBuffer(width: Int, height: Int, bytesPerRow: Int, byteCount: Int)
    /// A GL texture name that is not a 2D texture with storage in the current context.
    case notATexture(name: UInt32)
    /// A GL name that is not a framebuffer object in the current context (reading pixels back).
    case notAFramebuffer(name: UInt32)
    /// No GLFW window's context is current on this thread (adopting the current context).
    case noCurrentContext
    /// Frames of an animation that differ in size from the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// An animation parameter out of range (frame delay, quality, frame count).
    case invalidAnimation(reason: String)
    /// The image encoder failed (libwebp's own message or status).
    case encodingFailed(reason: String)

    /// The error as one line of text that names the failing value.
    /// A gradient layer has more colour stops than the renderer draws (`limit`, the scene
    /// loader's limit too); the layer is not drawn.
    case tooManyGradientStops(count: Int, limit: Int)
    /// The offscreen pictures of a frame's `groups` compositing groups, drawn at
    /// `width × height` pixels, would take `bytes` bytes, more than `limit`
    /// (`RenderLimits.maximumGroupPictureBytes`). The command line refuses the scene; a
    /// `QuadRenderer` draws the groups that fit as pictures and the rest with their opacity
    /// multiplied into each layer.
    case groupPicturesTooLarge(groups: Int, width: Int, height: Int, bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case let .noDisplay(reason): return "no display for OpenGL (\(reason)); on a headless machine run under 'xvfb-run -a'"
        case let .contextCreation(reason): return "cannot create an OpenGL 3.3 core or OpenGL ES 3.0 context: \(reason)"
        case let .glVersionTooOld(found): return "OpenGL 3.3 core or OpenGL ES 3.0 is required; the driver offers \(found)"
        case let .unknownGLProfile(value):
            return "\(GLProfile.environmentVariable)='\(value)' names no OpenGL profile; use 'core' (OpenGL 3.3 core) or 'gles' (OpenGL ES 3.0)"
        case let .unknownGLBackend(value):
            return "FOLIO_GL='\(value)' names no way to make an OpenGL context; use 'egl' (headless) or 'glfw' (a hidden window), or leave it unset"
        case let .shaderCompile(name, log): return "shader \(name) failed to compile: \(log)"
        case let .shaderLink(log): return "shader program failed to link: \(log)"
        case let .framebufferIncomplete(status): return "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .framebufferUnavailable(w, h, samples, status):
            let what = samples > 1 ? "\(w)x\(h) render target with \(samples) samples per pixel" : "\(w)x\(h) render target"
            return "the GL driver could not create a \(what) (GL status 0x\(String(status, radix: 16))); "
                + "use a smaller size or scale\(samples > 1 ? ", or antialiasing other than msaa" : "")"
        case let .invalidPixelSize(w, h, limit): return "pixel size \(w)x\(h) must be positive, finite and at most \(limit) per side"
        case let .unreadableImage(path, reason): return "cannot read image '\(path)': \(reason)"
        case let .imageTooLarge(path, w, h, limit): return "image '\(path)' is \(w)x\(h); the limit is \(limit) pixels per side"
        case let .imageTooManyPixels(path, w, h, limit):
            return "image '\(path)' is \(w)x\(h) = \(w * h) pixels; the limit is \(limit) (\(RenderLimits.format(bytes: limit * 4)) decoded)"
        case let .imageTruncated(path, w, h, bytes, minimum):
            return "image '\(path)' claims \(w)x\(h) pixels but has only \(bytes) bytes; a PNG that size needs at least \(minimum) (truncated, or a forged header)"
        case let .exceedsDeviceLimit(what, w, h, limit, value):
            return "\(what) of \(w)x\(h) pixels exceeds this GL device's \(limit) = \(value); render at most \(value) pixels per side (a smaller size or scale)"
        case let .exceedsBufferLimit(w, h, samples, bytes, limit):
            let what = samples > 1 ? "\(w)x\(h) render target with \(samples) samples per pixel" : "\(w)x\(h) render target"
            return "a \(what) needs \(RenderLimits.format(bytes: bytes)) in one GL buffer; drivers allocate at most "
                + "\(RenderLimits.format(bytes: limit)) at once; use a smaller size or scale\(samples > 1 ? ", or antialiasing other than msaa" : "")"
        case let .insufficientMemory(what, bytes, available):
            return "\(what) needs about \(RenderLimits.format(bytes: bytes)) of memory but only \(RenderLimits.format(bytes: available)) is available; use a smaller size or scale (or fewer frames, or antialiasing other than msaa)"
        case let .unwritableOutput(path, reason): return "cannot write '\(path)': \(reason)"
        case let .invalidPixelBuffer(w, h, stride, count):
            return "pixel buffer of \(count) bytes cannot hold a \(w)x\(h) RGBA image with \(stride) bytes per row (rows need at least \(w * 4) bytes, the buffer \(h > 0 ? (h - 1) * stride + w * 4 : 0))"
        case let .notATexture(name): return "GL name \(name) is not a 2D texture with storage in the current context"
        case let .notAFramebuffer(name): return "GL name \(name) is not a framebuffer object in the current context"
        case .noCurrentContext: return "no GLFW window's OpenGL context is current on this thread"
        case let .frameSizeMismatch(i, w, h, ew, eh): return "frame \(i) is \(w)x\(h); every frame must be \(ew)x\(eh) like the first"
        case let .invalidAnimation(reason): return "invalid animation: \(reason)"
        case let .encodingFailed(reason): return "image encoding failed: \(reason)"
        case let .tooManyGradientStops(count, limit): return "a gradient of \(count) colour stops cannot be drawn; the limit is \(limit)"
        case let .groupPicturesTooLarge(groups, w, h, bytes, limit):
            return "\(groups) compositing group\(groups == 1 ? "" : "s") (translucent layers whose content overlaps) at \(w)x\(h) pixels "
                + "need \(RenderLimits.format(bytes: bytes)) of offscreen pictures; the limit is \(RenderLimits.format(bytes: limit)); "
                + "use a smaller size or scale, or fewer overlapping translucent layers"
        }
    }
}
