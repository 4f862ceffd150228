import Testing
@testable import FolioDocument

@Suite struct ImageFolderSourceTests {
    @Test func readsPNGAndJPEGInNaturalOrderWithABrokenFileAsOnePage() throws {
        let folder = TemporaryFolder()
        try folder.write("page10.png", TestImages.png(width: 60, height: 40, rgba: (0, 0, 255, 255)))
        try folder.write("page2.JPG", TestImages.jpeg(width: 32, height: 48, rgb: (255, 0, 0)))
        try folder.write("page1.png", TestImages.png(width: 30, height: 40, rgba: (0, 255, 0, 128)))
        try folder.write("page3.jpeg", Array("not a jpeg at all".utf8))
        try folder.write("notes.txt", Array("ignored".utf8))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.paths.map { String($0.split(separator: "/").last!) } == ["page1.png", "page2.JPG", "page3.jpeg", "page10.png"])
        #expect(source.pageSizes == [PageSize(width: 30, height: 40), PageSize(width: 32, height: 48), PageSize(width: 30, height: 40), PageSize(width: 60, height: 40)])
        #expect(source.problems.keys.sorted() == [2])

        let green = try source.render(page: 0, width: 15, height: 20)
        #expect(green.width == 15 && green.pixel(7, 10) == (0, 255, 0, 128))
        let red = try source.render(page: 1, width: 32, height: 48).pixel(16, 24)
        #expect(red.r > 245 && red.g < 10 && red.b < 10 && red.a == 255)
        // A JPEG shrunk by libjpeg-turbo's own scaling, then to the exact size.
        #expect(try source.render(page: 1, width: 8, height: 12).width == 8)
        #expect(try source.render(page: 3, width: 120, height: 80).pixel(119, 79) == (0, 0, 255, 255))
        #expect { try source.render(page: 2, width: 10, height: 10) } throws: {
            if case .badImage = $0 as? DocumentError { true } else { false }
        }
    }

    @Test func findsAJPEGSizeBehindALargeMetadataBlock() throws {
        let folder = TemporaryFolder()
        let plain = TestImages.jpeg(width: 24, height: 16, rgb: (0, 0, 255))
        // An APP1 segment of 60,000 bytes after SOI, as a camera's EXIF data with a thumbnail.
        let app1 = [0xFF, 0xE1, UInt8(60002 >> 8), UInt8(60002 & 0xFF)] + [UInt8](repeating: 0x20, count: 60000)
        try folder.write("camera.jpg", Array(plain.prefix(2)) + app1 + Array(plain.dropFirst(2)))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.problems.isEmpty)
        #expect(source.pageSizes == [PageSize(width: 24, height: 16)])
        let blue = try source.render(page: 0, width: 24, height: 16).pixel(12, 8)
        #expect(blue.b > 245 && blue.r < 10)
    }

    @Test func refusesEmptyAndMissingFolders() throws {
        let folder = TemporaryFolder()
        #expect(throws: DocumentError.noImages(folder: folder.path)) { try ImageFolderSource(folder: folder.path) }
        #expect(throws: DocumentError.file(.notFound(path: folder.path + "/nope"))) { try ImageFolderSource(folder: folder.path + "/nope") }
    }

    @Test func refusesAHeaderClaimingTooManyPixels() throws {
        let folder = TemporaryFolder()
        var png = TestImages.png(width: 4, height: 4, rgba: (0, 0, 0, 255))
        // IHDR claims 100,000 × 100,000 (the CRC is now wrong too; the size check comes first).
        for (i, b) in [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0].enumerated() { png[16 + i] = UInt8(b) }
        try folder.write("big.png", png)
        try folder.write("ok.png", TestImages.png(width: 4, height: 4, rgba: (0, 0, 0, 255)))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.problems[0] == .imageTooLarge(path: source.paths[0], width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(throws: DocumentError.imageTooLarge(path: source.paths[0], width: 100_000, height: 100_000, limit: 100_000_000)) {
            try source.render(page: 0, width: 10, height: 10)
        }
    }

    @Test func naturalOrder() {
        #expect(NaturalOrder.sorted(["p10", "p9", "P1", "p01a", "p001", "a", "p2b", "p2a"]) == ["a", "P1", "p001", "p01a", "p2a", "p2b", "p9", "p10"])
        #expect(NaturalOrder.sorted(["x99999999999999999999999999", "x100000000000000000000000000"]).first == "x99999999999999999999999999")
    }

    @Test func resamplingAveragesAndKeepsExactSizes() {
        var pixels = [UInt8](repeating: 0, count: 4 * 2 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = (i / 4) % 2 == 0 ? 0 : 200; pixels[i + 3] = 255 }
        let bitmap = PageBitmap(width: 4, height: 2, pixels: pixels)!
        let half = bitmap.resampled(width: 2, height: 1)
        #expect(half.pixel(0, 0) == (100, 0, 0, 255))
        let up = bitmap.resampled(width: 7, height: 5)
        #expect(up.width == 7 && up.height == 5 && up.pixels.count == 140)
    }
}
