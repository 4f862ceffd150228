/// Bounds checked before any work, so that a document's claims cannot make the reader
/// allocate without limit.
public struct DocumentLimits: Sendable, Equatable {
    /// The longest side of a rendered bitmap, in pixels (FolioRender's `Image.maximumSide`).
    public var maximumSide = 16384
    /// The most bytes of one rendered bitmap (RGBA, 4 bytes a pixel): 256 MiB, 8192 × 8192.
    public var maximumBitmapBytes = 256 << 20
    /// The most pages a document may have. Each page costs 16 bytes of sizes in the reader
    /// and a page object in the worker, nothing more until it is rendered.
    public var maximumPages = 1_000_000
    /// The largest PDF file accepted, in bytes.
    public var maximumPDFBytes = 4 << 30
    /// The largest image file accepted, in bytes (a scan is a few megabytes).
    public var maximumImageBytes = 256 << 20
    /// The most pixels an image file may claim (decoding needs 4 bytes each): 100 megapixels.
    public var maximumImagePixels = 100_000_000

    /// The standard limits.
    public init() {}

    /// The standard limits.
    public static let standard = DocumentLimits()

    /// Checks a requested bitmap size against ``maximumSide`` and ``maximumBitmapBytes``.
    ///
    /// - Throws: ``DocumentError/invalidPixelSize(page:width:height:reason:)``.
    public func check(page: Int, width: Int, height: Int) throws(DocumentError) {
        guard width >= 1, height >= 1 else { throw .invalidPixelSize(page: page, width: width, height: height, reason: "both sides must be at least 1") }
        guard width <= maximumSide, height <= maximumSide else {
            throw .invalidPixelSize(page: page, width: width, height: height, reason: "the longest side allowed is \(maximumSide)")
        }
        guard width * height * 4 <= maximumBitmapBytes else {
            throw .invalidPixelSize(page: page, width: width, height: height, reason: "it needs \(width * height * 4) bytes; the limit is \(maximumBitmapBytes)")
        }
    }
}
