import CTurboJPEG
import Foundation
import XCTest
import FolioDocument
import FolioRender

/// `folio-demo` reading real documents: the built-in sample book (typeset text), a PDF named on
/// the command line, and a folder of JPEG scans. The window title names the document and the
/// pages open, and changes as a turn lands.
final class DocumentDemoTests: XCTestCase {
    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: DemoWindowTests.demoPath), "folio-demo not built")
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        _ = try DemoWindowTests.run("xdotool", ["version"])
    }

    /// A PDF of pages each filled with one colour inside a white margin, with a line of text.
    static func pdf(_ colours: [(Double, Double, Double)], width: Int = 300, height: Int = 400) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        objects.append("<< /Type /Pages /Kids [\(colours.indices.map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(colours.count) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (i, c) in colours.enumerated() {
            let content = "\(c.0) \(c.1) \(c.2) rg 20 20 \(width - 40) \(height - 60) re f 0 g BT /F1 18 Tf 30 \(height - 30) Td (Page \(i + 1)) Tj ET"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents \(5 + 2 * i) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
            objects.append(PDFWriter.stream(content))
        }
        return Data(PDFWriter.document(objects))
    }

    /// A JPEG (quality 95, no chroma subsampling) of one RGB colour.
    static func jpeg(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> Data {
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
        return Data(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The window's title now.
    static func title(_ demo: DemoWindowTests.Demo) throws -> String {
        try DemoWindowTests.run("xdotool", ["getwindowname", demo.window]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits (bounded) until the title contains `text`; returns the last title seen.
    static func waitForTitle(_ demo: DemoWindowTests.Demo, containing text: String, seconds: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try title(demo)
        while !last.contains(text) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            last = try title(demo)
        }
        return last
    }

    /// Takes screenshot `n` (the demo's `p` key) and reads it back.
    static func shot(_ demo: DemoWindowTests.Demo, _ folder: URL, _ n: Int) throws -> Image {
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "p"])
        let path = folder.appendingPathComponent("shot-\(n).png").path
        XCTAssertTrue(DemoWindowTests.waitFor(path), "no screenshot \(n)")
        return try Image.readPNG(path: path)
    }

    /// Where the page's paper is in a screenshot: the bounding box of near-white pixels.
    static func paper(_ image: Image) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let c = image.pixel(x, y)
                guard c.r > 235 && c.g > 235 && c.b > 235 else { continue }
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
    }

    func testTheBuiltInBookIsTypesetTextAndTheTitleFollowsTheTurns() throws {
        let folder = try DemoWindowTests.folder("builtin")
        let demo = try DemoWindowTests.launch(["--size", "500x760", "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 1 of 8"), "Folio demo — sample-book.pdf — Page 1 of 8")
        // Page 2 opens the chapter: lines of dark text on white paper.
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "Right"])
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 2 of 8"), "Folio demo — sample-book.pdf — Page 2 of 8",
                       "the title changes when the turn lands")
        Thread.sleep(forTimeInterval: 1)
        let image = try Self.shot(demo, folder, 1)
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        let page = try XCTUnwrap(Self.paper(image), "no paper on screen")
        XCTAssertGreaterThan(page.x1 - page.x0, 250, "the page is shown large: \(page)")
        // Text is many short dark runs in many rows: count rows in the page's middle third that
        // hold dark ink, and the dark pixels' share (the synthetic pages' block digits are a
        // few large blobs on tinted paper, and a blank page has none).
        var inkRows = 0, dark = 0, all = 0, tinted = 0
        for y in (page.y0 + (page.y1 - page.y0) / 3)..<(page.y0 + 2 * (page.y1 - page.y0) / 3) {
            var rowInk = 0
            for x in (page.x0 + 20)..<(page.x1 - 20) {
                let c = image.pixel(x, y)
                all += 1
                if Int(c.r) + Int(c.g) + Int(c.b) < 300 { dark += 1; rowInk += 1 }
                if c.r > 200 && abs(Int(c.r) - Int(c.b)) > 12 { tinted += 1 }
            }
            if rowInk > 3 { inkRows += 1 }
        }
        let share = Double(dark) / Double(max(1, all))
        XCTAssertGreaterThan(inkRows, 40, "rows of text")
        XCTAssertTrue(share > 0.02 && share < 0.3, "ink covers \(share) of the text block")
        XCTAssertLessThan(Double(tinted) / Double(max(1, all)), 0.01, "white paper, not the synthetic pages' tints")
    }

    func testAPDFNamedOnTheCommandLineIsReadAndNamedInTheTitle() throws {
        let folder = try DemoWindowTests.folder("pdf")
        let pdf = folder.appendingPathComponent("three colours.pdf")
        try Self.pdf([(1, 0, 0), (0, 0, 1), (0, 0.6, 0)]).write(to: pdf)
        let demo = try DemoWindowTests.launch([pdf.path, "--size", "500x760", "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 1 of 3"), "Folio demo — three colours.pdf — Page 1 of 3")
        Thread.sleep(forTimeInterval: 1)
        let first = try Self.shot(demo, folder, 1)
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "End"])
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 3 of 3"), "Folio demo — three colours.pdf — Page 3 of 3")
        Thread.sleep(forTimeInterval: 1)
        let last = try Self.shot(demo, folder, 2)
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        // The page's middle: red, then green (the document's own pages, not placeholders).
        let a = DemoWindowTests.patch(first, 250, 370), b = DemoWindowTests.patch(last, 250, 370)
        XCTAssertTrue(a.0 > 200 && a.1 < 60 && a.2 < 60, "page 1 is red: \(a)")
        XCTAssertTrue(b.1 > 120 && b.0 < 60 && b.2 < 60, "page 3 is green: \(b)")
    }

    func testAFolderOfJPEGScansIsReadInNaturalOrder() throws {
        let folder = try DemoWindowTests.folder("jpeg")
        let pages = folder.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        // "page10" after "page9": natural order, as a scanner numbers its files.
        try Self.jpeg(width: 300, height: 420, rgb: (220, 30, 30)).write(to: pages.appendingPathComponent("page9.jpg"))
        try Self.jpeg(width: 300, height: 420, rgb: (30, 30, 220)).write(to: pages.appendingPathComponent("page10.jpeg"))
        let demo = try DemoWindowTests.launch(["--pages", pages.path, "--size", "500x760", "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 1 of 2"), "Folio demo — scans — Page 1 of 2")
        Thread.sleep(forTimeInterval: 1)
        let first = try Self.shot(demo, folder, 1)
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "Right"])
        XCTAssertEqual(try Self.waitForTitle(demo, containing: "Page 2 of 2"), "Folio demo — scans — Page 2 of 2")
        Thread.sleep(forTimeInterval: 1)
        let second = try Self.shot(demo, folder, 2)
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        let a = DemoWindowTests.patch(first, 250, 370), b = DemoWindowTests.patch(second, 250, 370)
        XCTAssertTrue(a.0 > 180 && a.2 < 70, "page9.jpg first: \(a)")
        XCTAssertTrue(b.2 > 180 && b.0 < 70, "page10.jpeg second: \(b)")
    }

    func testAPDFThatCannotBeOpenedIsOneLineAndExitStatus1() throws {
        let folder = try DemoWindowTests.folder("bad-pdf")
        let bad = folder.appendingPathComponent("bad.pdf")
        try Data("%PDF-1.4 then nothing useful".utf8).write(to: bad)
        for (path, fragment) in [(bad.path, "is not a readable PDF"), (folder.appendingPathComponent("missing.pdf").path, "missing.pdf")] {
            let r = try HostilePagesTests.runDemo([path, "--frames", "5"], seconds: 30)
            XCTAssertEqual(r.status, 1, r.stderr)
            let lines = r.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("folio-demo: ") && r.stderr.contains(fragment), r.stderr)
        }
    }
}
