import CPNG
import CTurboJPEG
import FolioFiles
#if canImport(Glibc)
import Glibc
#endif

/// Reads PNG (libpng's simplified API) and JPEG (libjpeg-turbo's TurboJPEG API) files into
/// page bitmaps. Both libraries report errors by return code, never by `longjmp` across Swift.
/// Files are opened through `InputFile` (regular files only, never blocking, size-capped) by
/// their path's exact bytes, and the pixel count a header claims is checked before anything
/// is decoded. A file's format is its signature's, whatever its name says (a PNG saved as
/// `.jpg` is read as the PNG it is).
enum ImageDecoder {
    /// The formats read.
    enum Format { case png, jpeg }

    /// A file to read: its path's bytes, and the path as messages show it.
    struct File {
        var bytes: [UInt8]
        var shown: String
    }

    /// Whether a file name (bytes) names a page: `.png`, `.jpg` or `.jpeg` in any case.
    static func isPageName(_ name: [UInt8]) -> Bool {
        let lower = name.suffix(5).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return [".png", ".jpg", ".jpeg"].contains { lower.reversed().starts(with: $0.utf8.reversed()) }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format a file's first bytes announce: the PNG signature, or a JPEG's SOI marker
    /// followed by another marker.
    static func format(ofSignature head: [UInt8], path: String) throws(DocumentError) -> Format {
        if head.starts(with: pngSignature) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        let shown = head.prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        throw .badImage(path: path, reason: "neither a PNG nor a JPEG (it starts \(head.isEmpty ? "empty" : shown))")
    }

    /// Bytes read to find a JPEG's size, tried in turn: a scan's headers fit in the first
    /// 16 KiB, a camera's EXIF data and thumbnail in 64 KiB, and 256 KiB is the most read —
    /// so opening a folder of a thousand scans reads megabytes, not gigabytes.
    static let jpegHeaderReads = [16 << 10, 64 << 10, 256 << 10]

    /// The pixel size the file's header claims, checked against the limits, and its format.
    static func probe(_ source: File, limits: DocumentLimits) throws(DocumentError) -> (width: Int, height: Int, format: Format) {
        let path = source.shown
        let file = try open(source, limits)
        let size: (width: Int, height: Int)
        let head: [UInt8]
        do { head = try file.read(upTo: 24) } catch { throw .file(error) }
        let format = try format(ofSignature: head, path: path)
        switch format {
        case .png:
            size = try pngHeader(head, path: path)
        case .jpeg:
            var found: (width: Int, height: Int)?
            var failure = DocumentError.badImage(path: path, reason: "no JPEG header")
            for count in jpegHeaderReads where found == nil {
                let head: [UInt8]
                do { try file.rewind(); head = try file.read(upTo: count) } catch { throw .file(error) }
                do { found = try jpegHeader(head, path: path) } catch { failure = error }
                // Cut before the frame header, libjpeg-turbo may report success and 0 × 0.
                if let f = found, f.width == 0 || f.height == 0 {
                    found = nil
                    failure = .badImage(path: path, reason: "no frame header in its first \(head.count) bytes")
                }
                if head.count < count { break } // the whole file was read
            }
            guard let found else { throw failure }
            size = found
        }
        try check(size, path: path, limits: limits)
        return (size.width, size.height, format)
    }

    /// Decodes the whole file. A JPEG is decoded at the smallest of libjpeg-turbo's scales
    /// (1/8 … 1) that still gives at least `target` pixels each way, which makes shrinking a
    /// large scan for the screen several times cheaper.
    static func decode(_ source: File, target: (width: Int, height: Int), limits: DocumentLimits) throws(DocumentError) -> PageBitmap {
        let file = try open(source, limits)
        let bytes: [UInt8]
        do { bytes = try file.readAll() } catch { throw .file(error) }
        switch try format(ofSignature: Array(bytes.prefix(8)), path: source.shown) {
        case .png: return try decodePNG(bytes, path: source.shown, limits: limits)
        case .jpeg: return try decodeJPEG(bytes, path: source.shown, target: target, limits: limits)
        }
    }

    static func open(_ source: File, _ limits: DocumentLimits) throws(DocumentError) -> InputFile {
        do { return try InputFile(pathBytes: source.bytes, maximumBytes: limits.maximumImageBytes) } catch { throw .file(error) }
    }

    static func check(_ size: (width: Int, height: Int), path: String, limits: DocumentLimits) throws(DocumentError) {
        guard size.width >= 1, size.height >= 1 else { throw .badImage(path: path, reason: "it claims \(size.width)×\(size.height) pixels") }
        guard size.width <= limits.maximumSide * 4, size.height <= limits.maximumSide * 4,
              size.width * size.height <= limits.maximumImagePixels else {
            throw .imageTooLarge(path: path, width: size.width, height: size.height, limit: limits.maximumImagePixels)
        }
    }

    /// A PNG's size from its signature and IHDR chunk (the first 24 bytes).
    static func pngHeader(_ head: [UInt8], path: String) throws(DocumentError) -> (width: Int, height: Int) {
        guard head.count >= 24, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              head[12..<16].elementsEqual([0x49, 0x48, 0x44, 0x52]) else { throw .badImage(path: path, reason: "no PNG signature and header") }
        func be(_ i: Int) -> Int { head[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    static func decodePNG(_ bytes: [UInt8], path: String, limits: DocumentLimits) throws(DocumentError) -> PageBitmap {
        // The claimed size is checked before libpng allocates anything for it.
        try check(try pngHeader(Array(bytes.prefix(24)), path: path), path: path, limits: limits)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .badImage(path: path, reason: message(&image)) }
        let size = (width: Int(image.width), height: Int(image.height))
        do throws(DocumentError) { try check(size, path: path, limits: limits) } catch { png_image_free(&image); throw error }
        image.format = FOLIO_PNG_FORMAT_RGBA
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(size.width * 4), nil) }
        guard ok != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw .badImage(path: path, reason: reason)
        }
        return PageBitmap(width: size.width, height: size.height, pixels: pixels)!
    }

    /// libpng's message for a failed read.
    static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "libpng refused it" : text
        }
    }

    /// A JPEG's size from its first bytes.
    static func jpegHeader(_ head: [UInt8], path: String) throws(DocumentError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw .badImage(path: path, reason: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let r = head.withUnsafeBufferPointer { tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) }
        guard r == 0 else { throw .badImage(path: path, reason: String(cString: tjGetErrorStr2(handle))) }
        return (Int(w), Int(h))
    }

    static func decodeJPEG(_ bytes: [UInt8], path: String, target: (width: Int, height: Int), limits: DocumentLimits) throws(DocumentError) -> PageBitmap {
        guard let handle = tjInitDecompress() else { throw .badImage(path: path, reason: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let r = bytes.withUnsafeBufferPointer { tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) }
        guard r == 0 else { throw .badImage(path: path, reason: String(cString: tjGetErrorStr2(handle))) }
        try check((Int(w), Int(h)), path: path, limits: limits)
        // The smallest scale that keeps at least the target size (factors come largest first).
        var scaled = (width: Int(w), height: Int(h))
        var count: Int32 = 0
        if let factors = tjGetScalingFactors(&count) {
            for k in 0..<Int(count) {
                let f = factors[k]
                guard f.num <= f.denom, f.num > 0 else { continue }
                let sw = (Int(w) * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
                let sh = (Int(h) * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
                if sw >= target.width, sh >= target.height, sw * sh < scaled.width * scaled.height { scaled = (sw, sh) }
            }
        }
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * 4)
        // Stop at the first warning (a truncated or corrupt file is an error, not half a page)
        // and bound progressive scans (a tiny hostile file can otherwise ask for millions).
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        // libjpeg-turbo converts CMYK and YCCK files to CMYK only (RGB is refused as an
        // "unsupported color conversion request"): decode to CMYK, then to RGB here.
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        let decoded = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(scaled.width), Int32(scaled.width * 4),
                              Int32(scaled.height), Int32(format.rawValue), flags)
            }
        }
        guard decoded == 0 else { throw .badImage(path: path, reason: String(cString: tjGetErrorStr2(handle))) }
        if cmyk { CMYKConversion.toRGBA(&pixels, inverted: CMYKConversion.hasAdobeMarker(bytes)) }
        return PageBitmap(width: scaled.width, height: scaled.height, pixels: pixels)!
    }
}
