import CPNG
import FolioFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Image {
    /// Reads a PNG file's header, checked as `readPNG` checks it, without decoding any pixels:
    /// a page cache can plan its memory from it.
    ///
    /// The file is opened without blocking and must be a regular file (FIFOs, sockets,
    /// devices and directories are refused at once) of at most `limits.maximumFileBytes`.
    /// Its header must be a well-formed PNG `IHDR` whose size is within `limits`, and the file
    /// must be large enough to hold that many pixels (`PNGInfo.minimumFileBytes`), so a short
    /// file with a forged header is refused before anything is allocated for it.
    ///
    /// - Throws: `RenderError.unreadableImage` (missing, not a regular file, not a PNG, too
    ///   large a file), `.imageTooLarge` (a side), `.imageTooManyPixels`, `.imageTruncated`.
    public static func pngInfo(path: String, limits: PNGLimits = .standard) throws(RenderError) -> PNGInfo {
        let file = try open(path, limits)
        return try header(of: file, limits)
    }

    /// Reads a PNG file (any PNG colour type, converted to RGBA8) with libpng's simplified API.
    ///
    /// Applies every check of `pngInfo(path:limits:)` before allocating the pixels, then
    /// decodes from the same open file (no second open by path, so nothing can be swapped in
    /// between); libpng checks the data itself (CRCs, lengths) against the header.
    ///
    /// - Throws: the errors of `pngInfo`, and `RenderError.unreadableImage` for corrupt data.
    public static func readPNG(path: String, limits: PNGLimits = .standard) throws(RenderError) -> Image {
        let file = try open(path, limits)
        let info = try header(of: file, limits)
        do { try file.rewind() } catch { throw .unreadableImage(path: path, reason: error.reason) }
        // libpng reads through stdio; give it its own descriptor so closing its stream leaves ours.
        let copy = dup(file.descriptor)
        guard copy >= 0, let stream = fdopen(copy, "rb") else {
            if copy >= 0 { close(copy) }
            throw .unreadableImage(path: path, reason: "cannot open a stream on it")
        }
        defer { fclose(stream) }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_stdio(&image, stream) != 0 else {
            throw .unreadableImage(path: path, reason: Self.message(&image))
        }
        guard Int(image.width) == info.width, Int(image.height) == info.height else {
            png_image_free(&image)
            throw .unreadableImage(path: path, reason: "the file changed while it was read")
        }
        image.format = FOLIO_PNG_FORMAT_RGBA
        var pixels = [UInt8](repeating: 0, count: info.decodedBytes)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(info.width * 4), nil)
        }
        guard ok != 0 else {
            let reason = Self.message(&image)
            png_image_free(&image)
            throw .unreadableImage(path: path, reason: reason)
        }
        return Image(width: info.width, height: info.height, pixels: pixels)!
    }

    /// Opens `path` as a regular file within the byte limit.
    static func open(_ path: String, _ limits: PNGLimits) throws(RenderError) -> InputFile {
        do {
            return try InputFile(path: path, maximumBytes: limits.maximumFileBytes)
        } catch {
            throw .unreadableImage(path: path, reason: error.reason)
        }
    }

    /// The checked header of an open PNG file (read from its start).
    static func header(of file: InputFile, _ limits: PNGLimits) throws(RenderError) -> PNGInfo {
        let path = file.path
        let bytes: [UInt8]
        do {
            try file.rewind()
            bytes = try file.read(upTo: 33)
        } catch {
            throw .unreadableImage(path: path, reason: error.reason)
        }
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .unreadableImage(path: path, reason: "not a PNG file (bad signature)")
        }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        guard bytes.count == 33, u32(8) == 13, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else {
            throw .unreadableImage(path: path, reason: "not a valid PNG (no IHDR header chunk after the signature)")
        }
        let width = u32(16), height = u32(20)
        let bitDepth = Int(bytes[24]), colorType = Int(bytes[25]), interlace = Int(bytes[28])
        let allowedDepths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowedDepths[colorType], depths.contains(bitDepth), bytes[26] == 0, bytes[27] == 0, interlace <= 1 else {
            throw .unreadableImage(path: path, reason: "not a valid PNG (colour type \(colorType) with bit depth \(bitDepth))")
        }
        // The PNG format caps sides at 2³¹ − 1; zero is not an image.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw .unreadableImage(path: path, reason: "not a valid PNG (size \(width)x\(height))")
        }
        guard width <= limits.maximumSide, height <= limits.maximumSide else {
            throw .imageTooLarge(path: path, width: width, height: height, limit: limits.maximumSide)
        }
        guard width * height <= limits.maximumPixels else {
            throw .imageTooManyPixels(path: path, width: width, height: height, limit: limits.maximumPixels)
        }
        let info = PNGInfo(width: width, height: height, bitDepth: bitDepth, colorType: colorType,
                           isInterlaced: interlace == 1, fileBytes: file.byteCount)
        guard info.fileBytes >= info.minimumFileBytes else {
            throw .imageTruncated(path: path, width: width, height: height, fileBytes: info.fileBytes, minimumBytes: info.minimumFileBytes)
        }
        return info
    }

    /// Writes the image as an 8-bit RGBA PNG, atomically: it is encoded in memory, written to
    /// a temporary file in the same folder, flushed and renamed over `path`. A failure (full
    /// device, file size limit, missing folder, a FIFO or folder at `path`) leaves whatever was
    /// at `path` untouched.
    ///
    /// - Throws: `RenderError.unwritableOutput` naming the path and the reason;
    ///   `.invalidPixelSize` for an empty image or one too wide for libpng's row stride.
    public func writePNG(path: String) throws(RenderError) {
        try writePNG(path: path) { (bytes: [UInt8]) throws(FileError) in try AtomicFile.write(bytes, to: path) }
    }

    /// `writePNG(path:)` with the file step injectable (tests make it fail part of the way).
    func writePNG(path: String, store: ([UInt8]) throws(FileError) -> Void) throws(RenderError) {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4 else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: Int(Int32.max) / 4)
        }
        let encoded = try encodePNG(path: path)
        do { try store(encoded) } catch { throw .unwritableOutput(path: path, reason: error.reason) }
    }

    /// The PNG encoding of the image, in memory.
    func encodePNG(path: String) throws(RenderError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = FOLIO_PNG_FORMAT_RGBA
        // First ask for the size, then encode into a buffer of exactly that size.
        var size = 0
        let sized = pixels.withUnsafeBytes { buffer in
            png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard sized != 0, size > 0 else {
            let reason = Self.message(&image)
            png_image_free(&image)
            throw .unwritableOutput(path: path, reason: "PNG encoding failed: \(reason)")
        }
        var encoded = [UInt8](repeating: 0, count: size)
        let ok = encoded.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { buffer in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
            }
        }
        guard ok != 0 else {
            let reason = Self.message(&image)
            png_image_free(&image)
            throw .unwritableOutput(path: path, reason: "PNG encoding failed: \(reason)")
        }
        encoded.removeLast(encoded.count - size)
        return encoded
    }

    static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "not a valid PNG" : text
        }
    }
}
