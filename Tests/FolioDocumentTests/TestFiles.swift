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
                // By the name's bytes: a test's file name need not be UTF-8.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name != [0x2E], name != [0x2E, 0x2E] {
                    _ = (Array(path.utf8) + [0x2F] + name + [0]).withUnsafeBufferPointer {
                        $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
                    }
                }
            }
            closedir(dir)
        }
        rmdir(path)
    }

    /// Writes `bytes` to the file whose name is exactly `name` (bytes, UTF-8 or not).
    func write(nameBytes name: [UInt8], _ bytes: [UInt8]) {
        let fd = (Array(path.utf8) + [0x2F] + name + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
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

    /// A CMYK JPEG of one colour given as the bytes stored (libjpeg-turbo writes it as YCCK
    /// with Adobe's APP14 marker, whose convention is inverted inks: 255 is no ink).
    static func cmykJPEG(width: Int, height: Int, stored cmyk: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = cmyk.0; pixels[i + 1] = cmyk.1; pixels[i + 2] = cmyk.2; pixels[i + 3] = cmyk.3 }
        let handle = tjInitCompress()
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let r = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue), &buffer, &size,
                        Int32(TJSAMP_444.rawValue), 95, 0)
        }
        precondition(r == 0)
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
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
