import CGL
import FolioGeometry
#if canImport(Glibc)
import Glibc
#endif

/// What the current GL device can allocate, queried once per context, and the memory checks
/// that let a job be refused before it allocates anything.
///
/// Drivers report their own limits (llvmpipe: 16,384 per side, 4 samples; many GPUs 32,768);
/// a size past them used to fail late, after seconds and gigabytes, as "framebuffer
/// incomplete". Every render target and texture Folio creates is checked here first.
public struct RenderLimits: Sendable, Equatable {
    /// `GL_MAX_TEXTURE_SIZE`: the largest texture side, in pixels.
    public var maximumTextureSize: Int
    /// `GL_MAX_RENDERBUFFER_SIZE`: the largest render target side, in pixels.
    public var maximumRenderbufferSize: Int
    /// `GL_MAX_SAMPLES`: the most samples per pixel of a multisampled target.
    public var maximumSamples: Int
    /// `GL_MAX_VIEWPORT_DIMS`: the largest viewport, in pixels.
    public var maximumViewportWidth: Int
    /// `GL_MAX_VIEWPORT_DIMS`: the largest viewport, in pixels.
    public var maximumViewportHeight: Int

    /// The largest single buffer Folio asks a driver for, in bytes (2 GiB − 1), with each side
    /// rounded up to a multiple of 64 pixels as tiling drivers store it. Drivers size
    /// allocations with 32-bit signed integers; llvmpipe refuses a larger render target only
    /// once it is attached, which used to surface as "framebuffer incomplete".
    public static let maximumBufferBytes = Int(Int32.max)

    /// Creates limits from known values (tests, or a device described elsewhere).
    public init(maximumTextureSize: Int, maximumRenderbufferSize: Int, maximumSamples: Int,
                maximumViewportWidth: Int, maximumViewportHeight: Int) {
        self.maximumTextureSize = maximumTextureSize
        self.maximumRenderbufferSize = maximumRenderbufferSize
        self.maximumSamples = maximumSamples
        self.maximumViewportWidth = maximumViewportWidth
        self.maximumViewportHeight = maximumViewportHeight
    }

    /// Queries the limits of the GL context current on this thread.
    public static func query() -> RenderLimits {
        func integer(_ name: Int32) -> Int {
            var v: GLint = 0
            glGetIntegerv(GLenum(name), &v)
            return Int(v)
        }
        var viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        return RenderLimits(maximumTextureSize: integer(GL_MAX_TEXTURE_SIZE), maximumRenderbufferSize: integer(GL_MAX_RENDERBUFFER_SIZE),
                            maximumSamples: max(1, integer(GL_MAX_SAMPLES)),
                            maximumViewportWidth: Int(viewport[0]), maximumViewportHeight: Int(viewport[1]))
    }

    /// The largest render target side this device allows.
    public var maximumTargetSide: Int { min(maximumRenderbufferSize, maximumViewportWidth, maximumViewportHeight) }

    /// The pixel size of a `size` (points) at `scale`, rounded; checked for being finite, at
    /// least one pixel and representable before any conversion to an integer.
    ///
    /// - Throws: `RenderError.invalidPixelSize`.
    public static func pixelSize(_ size: Size, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        guard w >= 1, h >= 1, w <= Double(Int32.max), h <= Double(Int32.max) else {
            throw .invalidPixelSize(width: w, height: h, limit: Int(Int32.max))
        }
        return (Int(w), Int(h))
    }

    /// Checks a render target of `width × height` pixels with `samples` per pixel (1 = none)
    /// against the device: its side limits and the largest single buffer.
    ///
    /// - Throws: `RenderError.invalidPixelSize` (under one pixel), `.exceedsDeviceLimit`,
    ///   `.exceedsBufferLimit`.
    public func checkTarget(width: Int, height: Int, samples: Int = 1) throws(RenderError) {
        guard width >= 1, height >= 1 else { throw .invalidPixelSize(width: Double(width), height: Double(height), limit: maximumTargetSide) }
        if width > maximumRenderbufferSize || height > maximumRenderbufferSize {
            throw .exceedsDeviceLimit(what: "render target", width: width, height: height,
                                      limit: "GL_MAX_RENDERBUFFER_SIZE", value: maximumRenderbufferSize)
        }
        if width > maximumViewportWidth || height > maximumViewportHeight {
            throw .exceedsDeviceLimit(what: "render target", width: width, height: height, limit: "GL_MAX_VIEWPORT_DIMS",
                                      value: min(maximumViewportWidth, maximumViewportHeight))
        }
        let stored = max(1, min(samples, maximumSamples))
        let bytes = Self.storedBytes(width: width, height: height, samples: stored)
        if bytes > Self.maximumBufferBytes {
            throw .exceedsBufferLimit(width: width, height: height, samples: stored, bytes: bytes, limit: Self.maximumBufferBytes)
        }
    }

    /// Checks a texture (a page image) of `width × height` pixels against `GL_MAX_TEXTURE_SIZE`.
    ///
    /// - Throws: `RenderError.exceedsDeviceLimit` naming `what` (e.g. the image's path).
    public func checkTexture(width: Int, height: Int, what: String = "texture") throws(RenderError) {
        if width > maximumTextureSize || height > maximumTextureSize {
            throw .exceedsDeviceLimit(what: what, width: width, height: height, limit: "GL_MAX_TEXTURE_SIZE", value: maximumTextureSize)
        }
    }

    /// Bytes a driver stores for an RGBA8 buffer, sides rounded up to 64-pixel tiles.
    static func storedBytes(width: Int, height: Int, samples: Int) -> Int {
        let w = (width + 63) / 64 * 64, h = (height + 63) / 64 * 64
        let (pixels, o1) = w.multipliedReportingOverflow(by: h)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4 * samples)
        return o1 || o2 ? .max : bytes
    }

    /// The memory one offscreen frame of `width × height` pixels needs while rendering and
    /// reading back: the resolve buffer, the multisampled buffer (if any), the read-back
    /// scratch and the image returned.
    public static func frameBytes(width: Int, height: Int, samples: Int) -> Int {
        let plane = width * height * 4
        return plane * (3 + (samples > 1 ? samples : 0))
    }

    /// The memory a page image of `width × height` pixels takes: the image, its premultiplied
    /// copy during upload, and the mipmapped texture (4/3 of the base level).
    public static func pageBytes(width: Int, height: Int) -> Int {
        width * height * 4 * 2 + width * height * 16 / 3
    }

    /// Memory this process can still use, in bytes: the kernel's `MemAvailable`, lowered to
    /// what the control group allows if it sets a limit; `Int.max` when neither is known.
    public static func availableMemory() -> Int {
        var available = Int.max
        if let meminfo = readSmallFile("/proc/meminfo") {
            for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
                let fields = line.split(separator: " ")
                if fields.count >= 2, let kib = Int(fields[1]) { available = kib * 1024 }
            }
        }
        if let limit = readSmallFile("/sys/fs/cgroup/memory.max").flatMap({ Int($0.filter { !$0.isWhitespace }) }),
           let used = readSmallFile("/sys/fs/cgroup/memory.current").flatMap({ Int($0.filter { !$0.isWhitespace }) }) {
            available = min(available, max(0, limit - used))
        }
        return available
    }

    /// Refuses a job of `bytes` that the machine cannot hold (see `availableMemory`).
    ///
    /// - Throws: `RenderError.insufficientMemory` naming `what`.
    public static func checkMemory(_ bytes: Int, for what: String) throws(RenderError) {
        let available = availableMemory()
        if bytes > available { throw .insufficientMemory(what: what, bytes: bytes, available: available) }
    }

    /// `bytes` for people: "512 KiB", "2.0 GiB".
    public static func format(bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }

    /// A short text file (a /proc or /sys entry), or nil.
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 16384)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
