/// An 8-bit RGBA image with straight (not premultiplied) alpha, rows top to bottom.
public struct Image: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A per pixel, the top row first.
    public var pixels: [UInt8]

    /// The largest side the loaders and renderer accept, in pixels.
    public static let maximumSide = 16384

    /// Creates an image filled with one colour (components 0…255).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        if fill != (0, 0, 0, 0) { Self.fill(&pixels, from: 0, count: self.width * self.height, with: fill) }
    }

    /// Wraps existing bytes; nil unless there are exactly `width · height · 4`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (from the top).
    @inlinable
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Sets the pixel at column `x`, row `y` (from the top).
    @inlinable
    public mutating func setPixel(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * width + x) * 4
        pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2; pixels[i + 3] = c.3
    }

    /// Sets the pixels of row `y` from column `from` up to, not including, `to` to `c`; columns
    /// outside the image are skipped, and a row outside it changes nothing.
    public mutating func fillRow(_ y: Int, from: Int, to: Int, with c: (UInt8, UInt8, UInt8, UInt8)) {
        let start = max(0, from), end = min(width, to)
        guard y >= 0, y < height, start < end else { return }
        Self.fill(&pixels, from: y * width + start, count: end - start, with: c)
    }

    /// Writes `c` into `count` pixels of `pixels` from pixel `first` on, one 32-bit store per
    /// pixel (fast in a debug build too, where tests draw many images).
    private static func fill(_ pixels: inout [UInt8], from first: Int, count: Int, with c: (UInt8, UInt8, UInt8, UInt8)) {
        let word = (UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | UInt32(c.3) << 24).littleEndian
        pixels.withUnsafeMutableBytes { raw in
            raw.baseAddress!.advanced(by: first * 4).withMemoryRebound(to: UInt32.self, capacity: count) {
                $0.update(repeating: word, count: count)
            }
        }
    }

    /// Copies `other` into this image with its top-left corner at (x, y), clipped to the bounds.
    public mutating func blit(_ other: Image, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for col in 0..<other.width where x + col >= 0 && x + col < width {
                setPixel(x + col, y + row, other.pixel(col, row))
            }
        }
    }
}
