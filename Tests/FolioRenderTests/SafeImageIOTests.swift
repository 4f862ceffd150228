import Foundation
import XCTest
import FolioFiles
@testable import FolioRender

/// PNG input that could hang, lie about its size or exhaust memory, and PNG output that must
/// never destroy what was there.
final class SafeImageIOTests: XCTestCase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-safe-png-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A PNG signature and IHDR claiming `width × height` (RGBA8), plus `padding` bytes.
    func forgedHeader(width: UInt32, height: UInt32, colorType: UInt8 = 6, padding: Int = 0) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [width, height] { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        bytes += [8, colorType, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes + [UInt8](repeating: 0, count: padding))
    }

    func testTheHeaderProbeReadsTheSizeWithoutDecoding() throws {
        try SamplePages.page(1, width: 30, height: 20).writePNG(path: path("page.png"))
        let info = try Image.pngInfo(path: path("page.png"))
        XCTAssertEqual(info.width, 30)
        XCTAssertEqual(info.height, 20)
        XCTAssertEqual(info.bitDepth, 8)
        XCTAssertEqual(info.colorType, 6)
        XCTAssertEqual(info.decodedBytes, 30 * 20 * 4)
        XCTAssertEqual(info.fileBytes, try Data(contentsOf: folder.appendingPathComponent("page.png")).count)
        XCTAssertGreaterThanOrEqual(info.fileBytes, info.minimumFileBytes)
        // A probe of a header alone (no pixel data): the probe answers, the decoder refuses.
        try forgedHeader(width: 30, height: 20, padding: 20).write(to: folder.appendingPathComponent("header-only.png"))
        XCTAssertEqual(try Image.pngInfo(path: path("header-only.png")).width, 30)
        XCTAssertThrowsError(try Image.readPNG(path: path("header-only.png")))
    }

    func testAForgedHeaderIsRefusedBeforeAnythingIsAllocated() throws {
        // 33 bytes claiming 8000 × 8000 (256 MB decoded): deflate cannot pack that into 33 bytes.
        try forgedHeader(width: 8000, height: 8000).write(to: folder.appendingPathComponent("forged.png"))
        let expected = RenderError.imageTruncated(path: path("forged.png"), width: 8000, height: 8000, fileBytes: 33,
                                                  minimumBytes: 33 + 8000 * (1 + 8000 * 4) / 1032)
        XCTAssertThrowsError(try Image.pngInfo(path: path("forged.png"))) { XCTAssertEqual($0 as? RenderError, expected) }
        // The decoder gives the same header error, not libpng's complaint about missing data:
        // it never got as far as allocating the pixels.
        XCTAssertThrowsError(try Image.readPNG(path: path("forged.png"))) { XCTAssertEqual($0 as? RenderError, expected) }
        XCTAssertTrue("\(expected)".contains("claims 8000x8000 pixels but has only 33 bytes"))
    }

    func testSideAndPixelLimitsAreCheckedAgainstTheHeader() throws {
        try forgedHeader(width: 20000, height: 10, padding: 1000).write(to: folder.appendingPathComponent("wide.png"))
        XCTAssertThrowsError(try Image.readPNG(path: path("wide.png"))) {
            XCTAssertEqual($0 as? RenderError, .imageTooLarge(path: self.path("wide.png"), width: 20000, height: 10, limit: 16384))
        }
        // 16384² is within the side limit but 268 M pixels, four times the default pixel limit.
        try forgedHeader(width: 16384, height: 16384, padding: 2_000_000).write(to: folder.appendingPathComponent("huge.png"))
        XCTAssertThrowsError(try Image.pngInfo(path: path("huge.png"))) {
            XCTAssertEqual($0 as? RenderError, .imageTooManyPixels(path: self.path("huge.png"), width: 16384, height: 16384, limit: 1 << 26))
        }
        // Limits are the caller's to choose.
        try SamplePages.page(2, width: 40, height: 40).writePNG(path: path("small.png"))
        let tight = PNGLimits(maximumSide: 100, maximumPixels: 1000, maximumFileBytes: 1 << 20)
        XCTAssertThrowsError(try Image.readPNG(path: path("small.png"), limits: tight)) {
            XCTAssertEqual($0 as? RenderError, .imageTooManyPixels(path: self.path("small.png"), width: 40, height: 40, limit: 1000))
        }
        let tinyFile = PNGLimits(maximumSide: 100, maximumPixels: 10_000, maximumFileBytes: 100)
        XCTAssertThrowsError(try Image.pngInfo(path: path("small.png"), limits: tinyFile)) { error in
            guard case let .unreadableImage(_, reason)? = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasSuffix("bytes; the limit is 100"), reason)
        }
        XCTAssertEqual(try Image.readPNG(path: path("small.png")).width, 40)
    }

    func testInvalidHeadersAreRefused() throws {
        try forgedHeader(width: 10, height: 10, colorType: 5, padding: 100).write(to: folder.appendingPathComponent("type5.png"))
        XCTAssertThrowsError(try Image.pngInfo(path: path("type5.png"))) { error in
            XCTAssertTrue("\(error)".contains("colour type 5"), "\(error)")
        }
        try forgedHeader(width: 0, height: 10, padding: 100).write(to: folder.appendingPathComponent("empty.png"))
        XCTAssertThrowsError(try Image.pngInfo(path: path("empty.png"))) { error in
            XCTAssertTrue("\(error)".contains("size 0x10"), "\(error)")
        }
    }

    func testFIFOsAndDevicesAreRefusedWithoutBlocking() throws {
        let fifo = path("page.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let start = Date()
        XCTAssertThrowsError(try Image.readPNG(path: fifo)) {
            XCTAssertEqual($0 as? RenderError, .unreadableImage(path: fifo, reason: "it is a FIFO, not a regular file"))
        }
        XCTAssertThrowsError(try Image.pngInfo(path: fifo))
        XCTAssertThrowsError(try Image.readPNG(path: "/dev/urandom")) {
            XCTAssertEqual($0 as? RenderError, .unreadableImage(path: "/dev/urandom", reason: "it is a character device, not a regular file"))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testAFailedWriteLeavesThePreviousImageIntact() throws {
        let out = path("frame.png")
        let previous = Image(width: 3, height: 2, fill: (1, 2, 3, 255))
        try previous.writePNG(path: out)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        // The file step fails part of the way, as on a full device.
        let image = SamplePages.page(4, width: 64, height: 48)
        XCTAssertThrowsError(try image.writePNG(path: out) { (bytes: [UInt8]) throws(FileError) in
            try AtomicFile.write(to: out) { (w: borrowing AtomicFile.Writer) throws(FileError) in
                try w.write(Array(bytes.prefix(bytes.count / 2)))
                throw .writeFailed(path: out, reason: "No space left on device")
            }
        }) {
            XCTAssertEqual($0 as? RenderError, .unwritableOutput(path: out, reason: "No space left on device"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), before)
        XCTAssertEqual(try Image.readPNG(path: out), previous)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["frame.png"])
        // The real write replaces it whole.
        try image.writePNG(path: out)
        XCTAssertEqual(try Image.readPNG(path: out), image)
    }

    func testAFIFOOrFolderAtTheOutputIsRefusedNotReplaced() throws {
        let fifo = path("out.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try Image(width: 2, height: 2).writePNG(path: fifo)) {
            XCTAssertEqual($0 as? RenderError, .unwritableOutput(path: fifo, reason: "it is a FIFO, not a regular file"))
        }
        var info = stat()
        XCTAssertTrue(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        XCTAssertThrowsError(try Image(width: 2, height: 2).writePNG(path: folder.path)) {
            XCTAssertEqual($0 as? RenderError, .unwritableOutput(path: self.folder.path, reason: "it is a directory, not a regular file"))
        }
        XCTAssertThrowsError(try Image(width: 0, height: 0).writePNG(path: path("empty.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("empty.png")))
    }

    func testSamplePagesOfImpossibleSizesAreEmptyNotACrash() {
        for (w, h) in [(-5, 10), (10, -5), (0, 0), (Int.min, 3)] {
            let page = SamplePages.page(1, width: w, height: h)
            XCTAssertEqual(page.pixels.count, 0)
        }
    }
}
