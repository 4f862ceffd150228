import Foundation
import XCTest
import FolioRender

/// PNG reading and writing through libpng's simplified API, and its errors.
final class ImageIOTests: XCTestCase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-png-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testWriteThenReadRoundTrips() throws {
        var image = Image(width: 5, height: 3, fill: (10, 20, 30, 255))
        image.setPixel(4, 2, (200, 100, 50, 128))
        let path = folder.appendingPathComponent("a.png").path
        try image.writePNG(path: path)
        XCTAssertEqual(try Image.readPNG(path: path), image)
    }

    func testMissingCorruptAndUnwritableFilesGiveClearErrors() throws {
        XCTAssertThrowsError(try Image.readPNG(path: folder.appendingPathComponent("none.png").path)) { error in
            XCTAssertEqual(error as? RenderError, .unreadableImage(path: self.folder.appendingPathComponent("none.png").path, reason: "no such file"))
        }
        let corrupt = folder.appendingPathComponent("corrupt.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: corrupt)
        XCTAssertThrowsError(try Image.readPNG(path: corrupt.path)) { error in
            guard case .unreadableImage(let path, _)? = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, corrupt.path)
        }
        let text = folder.appendingPathComponent("text.png")
        try Data("not a png".utf8).write(to: text)
        XCTAssertThrowsError(try Image.readPNG(path: text.path))
        XCTAssertThrowsError(try Image(width: 2, height: 2).writePNG(path: "/nonexistent-folder/x.png")) { error in
            XCTAssertEqual(error as? RenderError, .unwritableOutput(path: "/nonexistent-folder/x.png", reason: "no such directory '/nonexistent-folder'"))
        }
    }

    func testTruncatedPNGsNeverCrashTheLoader() throws {
        let good = folder.appendingPathComponent("good.png")
        try SamplePages.page(3, width: 40, height: 30).writePNG(path: good.path)
        let bytes = try Data(contentsOf: good)
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
            let path = folder.appendingPathComponent("cut-\(cut).png")
            try bytes.prefix(cut).write(to: path)
            // Cut inside the pixel data it must fail; cut after it (only IEND lost) libpng may
            // still decode it, and then every pixel must be intact.
            do {
                let image = try Image.readPNG(path: path.path)
                XCTAssertEqual(image, try Image.readPNG(path: good.path), "a PNG cut at \(cut) of \(bytes.count) bytes loaded wrong pixels")
            } catch {
                _ = error // a typed RenderError: a clear message, no crash
            }
        }
    }
}
