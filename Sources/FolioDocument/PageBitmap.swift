/// A rasterised page: 8-bit RGBA with straight alpha, rows top to bottom, no padding — the
/// layout of FolioRender's `Image`, so a renderer converts with
/// `Image(width: b.width, height: b.height, pixels: b.pixels)!` without touching the bytes.
///
/// It lives here rather than in FolioRender so that a document source needs no GL. Pages
/// rendered from PDFs are opaque (painted on white first); image pages keep their alpha.
public struct PageBitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A per pixel, the top row first.
    public var pixels: [UInt8]

    /// Wraps `pixels`; nil unless there are exactly `width · height · 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).partialValue * 4 == pixels.count else { return nil }
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A bitmap of one colour (components 0…255), used for placeholders.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        self.width = max(0, width); self.height = max(0, height)
        var p = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in stride(from: 0, to: p.count, by: 4) { p[i] = fill.r; p[i + 1] = fill.g; p[i + 2] = fill.b; p[i + 3] = fill.a }
        pixels = p
    }

    /// The bytes held: what a `PageCache` cost function should count for this page in memory.
    public var byteCount: Int { pixels.count }

    /// The pixel at column `x`, row `y` (from the top).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
