import FolioFiles
import Testing
@testable import FolioDocument

/// Scans are read by their files' exact names and their contents' own format: a name that is
/// not UTF-8 opens, a name with a line break cannot forge a message line, a PNG named `.jpg`
/// (and the reverse) reads as what it is, and a CMYK JPEG shows its colours.
@Suite struct ScanFileTests {
    @Test func aScanWhoseNameIsNotUTF8IsReadByItsBytes() throws {
        let folder = TemporaryFolder()
        try folder.write("01.png", TestImages.png(width: 20, height: 30, rgba: (0, 0, 255, 255)))
        folder.write(nameBytes: Array("02-".utf8) + [0xFF, 0xFE] + Array(".png".utf8), TestImages.png(width: 20, height: 30, rgba: (255, 0, 0, 255)))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.problems.isEmpty, "\(source.problems)")
        #expect(source.paths.last == folder.path + "/02-\\xFF\\xFE.png")
        #expect(try source.render(page: 1, width: 10, height: 15).pixel(5, 7) == (255, 0, 0, 255))
    }

    @Test func aNameWithALineBreakStaysOnOneLineInEveryMessage() throws {
        let folder = TemporaryFolder()
        try folder.write("01.png", TestImages.png(width: 20, height: 30, rgba: (0, 0, 255, 255)))
        let forged = "02\nfolio: page 9 shows as a placeholder: FORGED.png"
        try folder.write(forged, Array("not an image".utf8))
        let source = try ImageFolderSource(folder: folder.path)
        let problem = try #require(source.problems[1])
        #expect(!problem.description.contains("\n"), "\(problem.description)")
        #expect(problem.description.contains("02\\nfolio: page 9"))
        // A missing PDF whose name has a line break, and the escaping itself.
        #expect(!DocumentError.file(.notFound(path: "/tmp/a\nb.pdf")).description.contains("\n"))
        #expect(MessageText.escaped("a\r\n\u{1B}[2J\u{202E}b\\c") == "a\\r\\n\\u{1B}[2J\\u{202E}b\\c")
        #expect(MessageText.escaped(bytes: [0x61, 0xC3, 0xA4, 0xFF, 0x0A, 0xE2, 0x82]) == "aä\\xFF\\n\\xE2\\x82")
        // Escaping twice changes nothing: a line escaped where it is made and where it is written reads the same.
        let once = MessageText.escaped(forged)
        #expect(MessageText.escaped(once) == once)
    }

    @Test func aScanIsReadAsTheFormatItsBytesAnnounceWhateverItsName() throws {
        let folder = TemporaryFolder()
        try folder.write("01.jpg", TestImages.png(width: 20, height: 30, rgba: (0, 255, 0, 255)))
        try folder.write("02.png", TestImages.jpeg(width: 24, height: 36, rgb: (255, 0, 0)))
        try folder.write("03.png", Array("GIF89a, not a page".utf8))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.pageSizes[0] == PageSize(width: 20, height: 30) && source.pageSizes[1] == PageSize(width: 24, height: 36))
        #expect(try source.render(page: 0, width: 10, height: 15).pixel(5, 7) == (0, 255, 0, 255))
        let red = try source.render(page: 1, width: 12, height: 18).pixel(6, 9)
        #expect(red.r > 245 && red.g < 10 && red.b < 10)
        let problem = try #require(source.problems[2])
        #expect(problem.description.contains("neither a PNG nor a JPEG (it starts 47 49 46 38)"), "\(problem)")
    }

    @Test(arguments: [((255, 0, 0, 255), (255, 0, 0)), ((0, 255, 0, 255), (0, 255, 0)), ((0, 0, 255, 255), (0, 0, 255)),
                      ((255, 255, 255, 255), (255, 255, 255)), ((255, 255, 255, 0), (0, 0, 0)), ((255, 255, 255, 128), (128, 128, 128))])
    func aCMYKJPEGShowsItsColours(stored: (UInt8, UInt8, UInt8, UInt8), rgb: (Int, Int, Int)) throws {
        let folder = TemporaryFolder()
        try folder.write("01.jpg", TestImages.cmykJPEG(width: 16, height: 16, stored: stored))
        let source = try ImageFolderSource(folder: folder.path)
        #expect(source.problems.isEmpty, "\(source.problems)")
        let p = try source.render(page: 0, width: 16, height: 16).pixel(8, 8)
        // Adobe's inverted inks: R = C·K/255 in stored values; JPEG's rounding within 3.
        #expect(abs(Int(p.r) - rgb.0) <= 3 && abs(Int(p.g) - rgb.1) <= 3 && abs(Int(p.b) - rgb.2) <= 3 && p.a == 255, "\(p)")
    }

    @Test func theCMYKConversionWithoutAdobesMarkerTakesInksAsStored() {
        var pixels: [UInt8] = [0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0]
        CMYKConversion.toRGBA(&pixels, inverted: false)
        #expect(pixels == [255, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255])
    }
}
