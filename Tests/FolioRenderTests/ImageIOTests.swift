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

    func testSeededMutationsOfAPNGNeverCrashTheLoader() throws {
        let good = folder.appendingPathComponent("mutate-source.png")
        try SamplePages.page(2, width: 24, height: 16).writePNG(path: good.path)
        let original = [UInt8](try Data(contentsOf: good))
        var state: UInt64 = 0x9_F00D
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var loaded = 0, refused = 0
        let path = folder.appendingPathComponent("mutant.png").path
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<(1 + next(6)) {
                switch next(4) {
                case 0: bytes[next(bytes.count)] ^= UInt8(1 << next(8))
                case 1: bytes[next(bytes.count)] = UInt8(next(256))
                case 2: bytes.insert(UInt8(next(256)), at: next(bytes.count))
                default: if bytes.count > 1 { bytes.remove(at: next(bytes.count)) }
                }
            }
            // Now and then claim an enormous size in the header (IHDR width at byte 16).
            if next(10) == 0 && bytes.count > 24 { bytes[16] = 0x7F; bytes[17] = 0xFF }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let image = try Image.readPNG(path: path)
                XCTAssertTrue(image.width > 0 && image.width <= Image.maximumSide && image.height > 0 && image.height <= Image.maximumSide)
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                loaded += 1
            } catch {
                XCTAssertFalse("\(error)".isEmpty)
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 1000, "mutations should mostly be caught (loaded \(loaded))")
    }
}
