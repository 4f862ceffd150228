/// Limits on reading a PNG, checked against its header before any pixel memory is allocated
/// and against the file's real size (see `Image.pngInfo(path:limits:)`).
public struct PNGLimits: Sendable, Equatable {
    /// The largest width or height accepted, in pixels.
    public var maximumSide: Int
    /// The most pixels accepted (`width · height`); each takes 4 bytes once decoded.
    public var maximumPixels: Int
    /// The largest file accepted, in bytes.
    public var maximumFileBytes: Int

    /// Creates limits.
    public init(maximumSide: Int, maximumPixels: Int, maximumFileBytes: Int) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
        self.maximumFileBytes = maximumFileBytes
    }

    /// The default: 16,384 pixels per side, 64 Mi pixels (8192 × 8192, 256 MiB decoded) and
    /// 256 MiB of file — more than any page on any screen, far less than a hostile header
    /// could ask for.
    public static let standard = PNGLimits(maximumSide: Image.maximumSide, maximumPixels: 1 << 26, maximumFileBytes: 256 << 20)

    /// The decoded size of `width × height` RGBA pixels, in bytes.
    public static func decodedBytes(width: Int, height: Int) -> Int { width * height * 4 }
}
