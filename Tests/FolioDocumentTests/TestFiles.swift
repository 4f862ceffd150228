import CPNG
import CTurboJPEG
import FolioFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp, removed with its files when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/folio-document-tests.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(cString: made!)
    }

    deinit {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try AtomicFile.write(bytes, to: file)
        return file
    }
}

/// Lines logged by a source, kept for the test to look at.
final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// Images of one colour, encoded as the tests' page files.
enum TestImages {
    /// A PNG of `width` × `height` pixels of one RGBA colour.
    static func png(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = rgba.0; pixels[i + 1] = rgba.1; pixels[i + 2] = rgba.2; pixels[i + 3] = rgba.3 }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = FOLIO_PNG_FORMAT_RGBA
        var size = 0
        _ = pixels.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 4), nil) }
        var out = [UInt8](repeating: 0, count: size)
        _ = out.withUnsafeMutableBytes { o in pixels.withUnsafeBytes { png_image_write_to_memory(&image, o.baseAddress, &size, 0, $0.baseAddress, Int32(width * 4), nil) } }
        return Array(out.prefix(size))
    }

    /// A JPEG (quality 95, no chroma subsampling) of one RGB colour.
    static func jpeg(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { pixels[i] = rgb.0; pixels[i + 1] = rgb.1; pixels[i + 2] = rgb.2 }
        let handle = tjInitCompress()
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let r = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue), &buffer, &size,
                        Int32(TJSAMP_444.rawValue), 95, 0)
        }
        precondition(r == 0)
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
