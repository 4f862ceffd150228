import Foundation
import Testing
import FolioDocument
import FolioRender

/// `folio render --document` and `folio sheet --document` (docs/command-line.md): a real
/// document read as a book, framed so that nothing is clipped, and bad documents refused with
/// one line and exit 1, never a crash.
@Suite struct DocumentCommandTests {
    /// A PDF of `pages`, each a content stream on a `width` × `height` pt page, Helvetica as F1.
    static func pdf(_ pages: [String], width: Int = 300, height: Int = 400) -> [UInt8] {
        pdf(sized: pages.map { (width, height, $0) })
    }

    /// A PDF of pages of their own sizes in points.
    static func pdf(sized pages: [(width: Int, height: Int, content: String)]) -> [UInt8] {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        objects.append("<< /Type /Pages /Kids [\(pages.indices.map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (i, (width, height, content)) in pages.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents \(5 + 2 * i) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
            objects.append(PDFWriter.stream(content))
        }
        return PDFWriter.document(objects)
    }

    /// Pages filled with one colour each (a margin of white), with a line of text.
    static func colourPages(_ colours: [(Double, Double, Double)]) -> [UInt8] {
        pdf(colours.enumerated().map { i, c in "\(c.0) \(c.1) \(c.2) rg 20 20 260 360 re f 0 g BT /F1 18 Tf 40 370 Td (Page \(i + 1)) Tj ET" })
    }

    /// A new scratch folder, inside one folder per test process that is removed when the process
    /// exits (each test's folder used to stay in /tmp: thousands piled up over a day's runs).
    static func folder() throws -> String {
        let path = scratchRoot + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// This process's scratch root, made on first use and removed by an `atexit` handler.
    static let scratchRoot: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-doc-\(getpid())-\(UUID().uuidString)").path
        atexit { try? FileManager.default.removeItem(atPath: DocumentCommandTests.scratchRoot) }
        return path
    }()

    static func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    static func folio(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(["/usr/bin/env", "-u", "DISPLAY", "/usr/bin/timeout", "60", ChildProcess.product("folio")] + arguments)
    }

    static func lines(_ r: ChildProcess.Result) -> [Substring] {
        r.standardError.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See ") && !$0.isEmpty }
    }

    static func isBackground(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        abs(Int(c.r) - 0x2E) < 3 && abs(Int(c.g) - 0x31) < 3 && abs(Int(c.b) - 0x38) < 3
    }

    @Test func aDocumentsPagesAreShownAndNoLeafInFlightReachesTheEdgeOfTheOutput() throws {
        let dir = try Self.folder()
        let doc = dir + "/book.pdf"
        try Self.write(Self.colourPages([(1, 0, 0), (0, 0, 1), (0, 0.6, 0), (1, 1, 0)]), doc)
        // At rest: page 1 (red) in the middle of the output.
        let rest = dir + "/rest.png"
        var r = try Self.folio(["render", "--effect", "book", "--document", doc, "--size", "320x320", "--background", "2E3138", "--out", rest])
        #expect(r.status == 0, "\(r.standardError)")
        let image = try Image.readPNG(path: rest)
        let mid = image.pixel(160, 160)
        #expect(mid.r > 200 && mid.g < 60 && mid.b < 60, "page 1 is red: \(mid)")
        // Leaves in flight, every effect: the output's border is background all round (the
        // book is framed with room for what rises toward the viewer; without framing a flip
        // leaf edge-on stands 13.6% past the top and bottom).
        for effect in ["flip", "fold", "curl"] {
            for progress in ["0.1", "0.3", "0.5", "0.7", "0.9"] {
                let out = dir + "/\(effect)-\(progress).png"
                r = try Self.folio(["render", "--effect", "book", "--document", doc, "--leaf-effect", effect, "--size", "320x320",
                                    "--leaf", "1:\(progress)", "--background", "2E3138", "--out", out])
                #expect(r.status == 0, "\(effect) \(progress): \(r.standardError)")
                let frame = try Image.readPNG(path: out)
                var touching = 0
                for i in 0..<320 {
                    for (x, y) in [(i, 0), (i, 319), (0, i), (319, i)] where !Self.isBackground(frame.pixel(x, y)) { touching += 1 }
                }
                #expect(touching == 0, "\(effect) at \(progress): \(touching) border pixels are not the background")
            }
        }
    }

    @Test func pagesAreRasterisedAtTheSizeTheyAreShown() throws {
        // Fine vertical stripes one point apart: drawn at 3 pixels per point they stay stripes
        // (pixels alternate between dark and light); a page rasterised at its natural size and
        // magnified would smear them to a flat grey.
        let dir = try Self.folder()
        let doc = dir + "/stripes.pdf"
        let stripes = stride(from: 20, to: 280, by: 2).map { "\($0) 20 1 360 re" }.joined(separator: " ") + " 0 g f"
        try Self.write(Self.pdf([stripes]), doc)
        let out = dir + "/stripes.png"
        let r = try Self.folio(["render", "--effect", "book", "--document", doc, "--size", "200x200", "--scale", "3", "--out", out])
        #expect(r.status == 0, "\(r.standardError)")
        let image = try Image.readPNG(path: out)
        #expect(image.width == 600 && image.height == 600)
        var dark = 0, light = 0
        for x in 250..<350 {
            let v = Int(image.pixel(x, 300).g)
            if v < 80 { dark += 1 } else if v > 175 { light += 1 }
        }
        #expect(dark > 25 && light > 25, "stripes stay crisp: \(dark) dark and \(light) light pixels of 100")
    }

    @Test func anAnimationRifflesThroughTheDocument() throws {
        let dir = try Self.folder()
        let doc = dir + "/book.pdf"
        try Self.write(Self.colourPages([(1, 0, 0), (0, 0, 1), (0, 0.6, 0)]), doc)
        let out = dir + "/riffle.webp"
        let r = try Self.folio(["render", "--effect", "book", "--document", doc, "--layout", "spread", "--size", "320x200",
                                "--frames", "8", "--once", "--out", out])
        #expect(r.status == 0, "\(r.standardError)")
        let data = try #require(FileManager.default.contents(atPath: out))
        #expect(data.count > 100 && String(decoding: data.prefix(4), as: UTF8.self) == "RIFF" && String(decoding: data[8..<12], as: UTF8.self) == "WEBP")
    }

    @Test func theSheetShowsADocumentsFirstPages() throws {
        let dir = try Self.folder()
        let doc = dir + "/book.pdf"
        try Self.write(Self.colourPages([(1, 0, 0), (0, 0, 1)]), doc)
        let r = try Self.folio(["sheet", "--document", doc, "--frames", "2", "--size", "120x160", "--out", dir + "/sheet"])
        #expect(r.status == 0, "\(r.standardError)")
        // Frame 0 of the flip (progress 0) shows page 1 whole: red in the middle.
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/sheet/frames").sorted()
        let first = try Image.readPNG(path: dir + "/sheet/frames/" + #require(frames.first { $0.contains("-flip-00") }))
        let c = first.pixel(60, 80)
        #expect(c.r > 200 && c.b < 60, "\(c)")
    }

    @Test(arguments: [
        ("garbage.pdf", Array("this is not a PDF at all".utf8), "is not a readable PDF"),
        ("empty.pdf", [UInt8](), "is not a readable PDF"),
        ("nopages.pdf", DocumentCommandTests.pdf([]), "has no pages"),
        ("truncated.pdf", Array(DocumentCommandTests.colourPages([(1, 0, 0)]).prefix(40)), "is not a readable PDF"),
    ])
    func aBadDocumentIsOneLineAndExitStatus1(name: String, bytes: [UInt8], message: String) throws {
        let dir = try Self.folder()
        let doc = dir + "/" + name
        try Self.write(bytes, doc)
        for arguments in [["render", "--effect", "book", "--document", doc, "--out", dir + "/a.png"],
                          ["render", "--effect", "book", "--document", doc, "--out", dir + "/a.webp"],
                          ["sheet", "--document", doc, "--out", dir + "/sheet"]] {
            let r = try Self.folio(arguments)
            #expect(r.status == 1, "\(arguments): \(r.standardError)")
            #expect(Self.lines(r).count == 1 && r.standardError.contains(message) && r.standardError.contains(doc), "\(arguments): \(r.standardError)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/a.png") && !FileManager.default.fileExists(atPath: dir + "/a.webp"))
        }
    }

    @Test func aMissingDocumentOrAFolderWithoutImagesIsOneLineAndExitStatus1() throws {
        let dir = try Self.folder()
        for (doc, message) in [(dir + "/missing.pdf", "missing.pdf"), (dir, "no PNG or JPEG files")] {
            let r = try Self.folio(["render", "--effect", "book", "--document", doc, "--out", dir + "/a.png"])
            #expect(r.status == 1 && Self.lines(r).count == 1 && r.standardError.contains(message), "\(r.standardError)")
        }
    }

    @Test func pagesFromShowsADocumentsFirstTwoPagesInAFoldOrFlipFittedOnWhite() throws {
        let dir = try Self.folder()
        let doc = dir + "/pages.pdf"
        try Self.write(Self.colourPages([(1, 0, 0), (0, 0, 1), (0, 0.6, 0)]), doc)
        // At rest the transition shows what turns away (page 1, red); at its end what appears
        // (page 2, blue) — not page 3, not the numbered pages.
        for (progress, isRed) in [("0", true), ("1", false)] {
            let out = dir + "/flip-\(progress).png"
            let r = try Self.folio(["render", "--effect", "flip", "--pages-from", doc, "--size", "150x200", "--progress", progress, "--out", out])
            #expect(r.status == 0, "\(r.standardError)")
            let mid = try Image.readPNG(path: out).pixel(75, 100)
            #expect(isRed ? mid.r > 200 && mid.b < 60 : mid.b > 200 && mid.r < 60, "progress \(progress): \(mid)")
        }
        // A frame wider than the page: the page fitted and centred, white paper either side.
        let wide = dir + "/wide.png"
        let r = try Self.folio(["render", "--effect", "fold", "--pages-from", doc, "--size", "300x200", "--progress", "0", "--out", wide])
        #expect(r.status == 0, "\(r.standardError)")
        let image = try Image.readPNG(path: wide)
        let side = image.pixel(10, 100), middle = image.pixel(150, 100)
        #expect(side.r > 240 && side.g > 240 && side.b > 240, "letterbox is white paper: \(side)")
        #expect(middle.r > 200 && middle.g < 60, "the page in the middle: \(middle)")
        // Misuse is a usage error; a missing document one line and exit 1.
        for (arguments, status, fragment) in [
            (["render", "--effect", "book", "--pages-from", doc, "--out", dir + "/a.png"], Int32(64), "applies to fold, flip and curl"),
            (["render", "--effect", "fold", "--pages-from", doc, "--from", wide, "--to", wide, "--out", dir + "/a.png"], 64, "not both"),
            (["render", "--effect", "fold", "--pages-from", dir + "/missing.pdf", "--out", dir + "/a.png"], 1, "missing.pdf"),
        ] {
            let r = try Self.folio(arguments)
            #expect(r.status == status && r.standardError.contains(fragment), "\(arguments): \(r.standardError)")
            if status == 1 { #expect(Self.lines(r).count == 1, "\(r.standardError)") }
        }
    }

    @Test func documentOptionsOutsideABookAreUsageErrors() throws {
        let dir = try Self.folder()
        let doc = dir + "/book.pdf"
        try Self.write(Self.colourPages([(1, 0, 0)]), doc)
        for (arguments, fragment) in [
            (["render", "--effect", "flip", "--document", doc, "--out", dir + "/a.png"], "applies to --effect book"),
            (["render", "--effect", "book", "--document", doc, "--page-count", "4", "--out", dir + "/a.png"], "--page-count does not apply"),
            (["render", "--effect", "book", "--password", "x", "--out", dir + "/a.png"], "--password applies to --document"),
            (["render", "--effect", "book", "--document", doc, "--leaf", "0:0.5", "--out", dir + "/a.webp"], "drop --leaf"),
            (["render", "--scene", dir + "/s.json", "--document", doc, "--out", dir + "/a.png"], "apply to --effect book"),
            (["sheet", "--password", "x", "--out", dir + "/sheet"], "--password applies to --document"),
        ] {
            let r = try Self.folio(arguments)
            #expect(r.status == 64, "\(arguments): \(r.standardError)")
            #expect(r.standardError.contains(fragment), "\(arguments): \(r.standardError)")
        }
    }

    @Test func anEncryptedPDFNeedsItsPassword() throws {
        // FolioDocumentTests' fixture (scripts/make-document-fixtures): AES-256, password "folio".
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FolioDocumentTests/Fixtures/encrypted.pdf").path
        let dir = try Self.folder()
        for (password, status, fragment) in [(nil, Int32(1), "is encrypted; a password is needed"), ("wrong", 1, "the password does not open"),
                                             ("folio", 0, dir + "/a.png")] as [(String?, Int32, String)] {
            let r = try Self.folio(["render", "--effect", "book", "--document", doc, "--size", "200x200", "--out", dir + "/a.png"]
                                   + (password.map { ["--password", $0] } ?? []))
            #expect(r.status == status, "\(password ?? "no password"): \(r.standardError)")
            #expect((status == 0 ? r.standardOutput : r.standardError).contains(fragment), "\(r.standardError)")
        }
    }

    @Test func aFolderOfScansIsABookInNaturalOrder() throws {
        let dir = try Self.folder()
        let scans = dir + "/scans"
        try FileManager.default.createDirectory(atPath: scans, withIntermediateDirectories: true)
        // "p10" after "p9", as a scanner numbers its files.
        try Image(width: 150, height: 200, fill: (220, 30, 30, 255)).writePNG(path: scans + "/p9.png")
        try Image(width: 150, height: 200, fill: (30, 30, 220, 255)).writePNG(path: scans + "/p10.png")
        for (leaf, expectRed) in [([String](), true), (["--leaf", "0:1"], false)] {
            let out = dir + "/scans-\(expectRed).png"
            let r = try Self.folio(["render", "--effect", "book", "--document", scans, "--size", "300x300"] + leaf + ["--out", out])
            #expect(r.status == 0, "\(r.standardError)")
            let c = try Image.readPNG(path: out).pixel(150, 150)
            #expect(expectRed ? (c.r > 200 && c.b < 60) : (c.b > 200 && c.r < 60), "\(leaf): \(c)")
        }
    }

    @Test func aLandscapeSpreadIsSplitAcrossAnOpeningInEitherReadingDirection() throws {
        // Page 2 is a double page (twice as wide): green on its left half, blue on its right.
        // Laid out as a spread it covers the opening after the cover, its halves meeting at the
        // gutter so the picture reads left to right in either direction.
        let dir = try Self.folder()
        let doc = dir + "/spread.pdf"
        try Self.write(Self.pdf(sized: [(300, 400, "1 0 0 rg 0 0 300 400 re f"),
                                        (600, 400, "0 0.6 0 rg 0 0 300 400 re f 0 0 1 rg 300 0 300 400 re f"),
                                        (300, 400, "1 1 0 rg 0 0 300 400 re f")]), doc)
        for direction in ["ltr", "rtl"] {
            let out = dir + "/\(direction).png"
            let r = try Self.folio(["render", "--effect", "book", "--document", doc, "--layout", "spread", "--direction", direction,
                                    "--size", "500x300", "--leaf", "0:1", "--out", out])
            #expect(r.status == 0, "\(r.standardError)")
            let image = try Image.readPNG(path: out)
            let left = image.pixel(170, 150), right = image.pixel(330, 150)
            #expect(left.g > 120 && left.r < 40 && left.b < 40, "\(direction): the spread's left half on the left: \(left)")
            #expect(right.b > 200 && right.r < 40 && right.g < 40, "\(direction): its right half on the right: \(right)")
        }
    }
}
