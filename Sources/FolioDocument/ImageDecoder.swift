import CPNG
import CTurboJPEG
import FolioFiles
#if canImport(Glibc)
import Glibc
#endif

/// Reads PNG (libpng's simplified API) and JPEG (libjpeg-turbo's TurboJPEG API) files into
/// page bitmaps. Both libraries report errors by return code, never by `longjmp` across Swift.
/// Files are opened through `InputFile` (regular files only, never blocking, size-capped) and
/// the pixel count a header claims is checked before anything is decoded.
enum ImageDecoder {
    /// The formats read, by file name extension.
    enum Format { case png, jpeg }

    /// The format a file name's extension names, or nil.
    static func format(ofName name: String) -> Format? {
        let lower = name.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        return nil
    }

    /// Bytes read to find a JPEG's size, tried in turn: a scan's headers fit in the first
    /// 16 KiB, a camera's EXIF data and thumbnail in 64 KiB, and 256 KiB is the most read —
    /// so opening a folder of a thousand scans reads megabytes, not gigabytes.
    static let jpegHeaderReads = [16 << 10, 64 << 10, 256 << 10]

    /// The pixel size the file's header claims, checked against the limits.
    static func probe(path: String, format: Format, limits: DocumentLimits) throws(DocumentError) -> (width: Int, height: Int) {
        let file = try open(path, limits)
        let size: (width: Int, height: Int)
        switch format {
        case .png:
            let head: [UInt8]
            do { head = try file.read(upTo: 24) } catch { throw .file(error) }
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
        return size
    }

    /// Decodes the whole file. A JPEG is decoded at the smallest of libjpeg-turbo's scales
    /// (1/8 … 1) that still gives at least `target` pixels each way, which makes shrinking a
    /// large scan for the screen several times cheaper.
    static func decode(path: String, format: Format, target: (width: Int, height: Int), limits: DocumentLimits) throws(DocumentError) -> PageBitmap {
        let file = try open(path, limits)
        let bytes: [UInt8]
        do { bytes = try file.readAll() } catch { throw .file(error) }
        switch format {
        case .png: return try decodePNG(bytes, path: path, limits: limits)
        case .jpeg: return try decodeJPEG(bytes, path: path, target: target, limits: limits)
        }
    }

    static func open(_ path: String, _ limits: DocumentLimits) throws(DocumentError) -> InputFile {
        do { return try InputFile(path: path, maximumBytes: limits.maximumImageBytes) } catch { throw .file(error) }
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
        let decoded = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(scaled.width), Int32(scaled.width * 4),
                              Int32(scaled.height), Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        guard decoded == 0 else { throw .badImage(path: path, reason: String(cString: tjGetErrorStr2(handle))) }
        return PageBitmap(width: scaled.width, height: scaled.height, pixels: pixels)!
    }
}
