import CPNG
import Foundation

extension Image {
    /// Reads a PNG file (any PNG colour type, converted to RGBA8) with libpng's simplified API.
    ///
    /// - Throws: `RenderError.unreadableImage` for a missing, unreadable or corrupt file;
    ///   `RenderError.imageTooLarge` past `Image.maximumSide` per side.
    public static func readPNG(path: String) throws(RenderError) -> Image {
        guard FileManager.default.fileExists(atPath: path) else { throw .unreadableImage(path: path, reason: "no such file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadableImage(path: path, reason: "not readable") }
        let signature = (try? handle.read(upToCount: 8)) ?? nil
        try? handle.close()
        guard signature == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .unreadableImage(path: path, reason: "not a PNG file (bad signature)")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw .unreadableImage(path: path, reason: Self.message(&image))
        }
        let (w, h) = (Int(image.width), Int(image.height))
        guard w > 0, h > 0, w <= maximumSide, h <= maximumSide else {
            png_image_free(&image)
            throw .imageTooLarge(path: path, width: w, height: h, limit: maximumSide)
        }
        image.format = FOLIO_PNG_FORMAT_RGBA
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(w * 4), nil)
        }
        guard ok != 0 else {
            let reason = Self.message(&image)
            png_image_free(&image)
            throw .unreadableImage(path: path, reason: reason)
        }
        return Image(width: w, height: h, pixels: pixels)!
    }

    /// Writes the image as an 8-bit RGBA PNG.
    public func writePNG(path: String) throws(RenderError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = FOLIO_PNG_FORMAT_RGBA
        let ok = pixels.withUnsafeBytes { buffer in
            png_image_write_to_file(&image, path, 0, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let directory = (path as NSString).deletingLastPathComponent
            let reason = !directory.isEmpty && !FileManager.default.fileExists(atPath: directory)
                ? "no such directory '\(directory)'" : Self.message(&image)
            png_image_free(&image)
            throw .unwritableOutput(path: path, reason: reason)
        }
    }

    static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "not a valid PNG" : text
        }
    }
}
