import Foundation
import XCTest
import FolioRender

/// Hostile page folders and window storms: each gives a one-line message (or works) within
/// bounded time and memory, and never hangs.
final class HostilePagesTests: XCTestCase {
    /// Runs the demo to completion with `--frames`, killing it after `seconds`; returns its
    /// exit status, stderr, wall time and peak resident memory (MiB, sampled while it ran).
    static func runDemo(_ arguments: [String], seconds: Double = 60) throws -> (status: Int32, stderr: String, time: Double, peakMiB: Double) {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: DemoWindowTests.demoPath)
        app.arguments = arguments
        let errors = Pipe()
        app.standardError = errors
        app.standardOutput = FileHandle.nullDevice
        let start = Date()
        try app.run()
        var peak = 0.0
        while app.isRunning && Date().timeIntervalSince(start) < seconds {
            if let status = try? String(contentsOfFile: "/proc/\(app.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kb = Double(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kb / 1024)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if app.isRunning {
            app.terminate()
            XCTFail("folio-demo \(arguments) still running after \(seconds) s: a hang")
        }
        app.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (app.terminationStatus, stderr, Date().timeIntervalSince(start), peak)
    }

    /// A solid page, written as PNG.
    static func page(_ folder: URL, _ name: String, _ colour: (UInt8, UInt8, UInt8), width: Int = 400, height: Int = 560) throws {
        try Image(width: width, height: height, fill: (colour.0, colour.1, colour.2, 255)).writePNG(path: folder.appendingPathComponent(name).path)
    }

    /// A PNG signature and a valid IHDR claiming `width × height`, then a tiny IDAT and IEND:
    /// what a header-trusting loader would size a page by.
    static func header(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            return be(UInt32(body.count)) + typed + be(crc)
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", []))
    }

    func lines(_ stderr: String) -> [Substring] { stderr.split(separator: "\n") }

    /// Fills `folder` with `count` hard links to the PNG `source` (then removed), as pages.
    static func linkPages(_ folder: URL, source: String, count: Int) throws {
        for i in 0..<count { XCTAssertEqual(link(source, folder.appendingPathComponent(String(format: "p%04d.png", i)).path), 0) }
        try FileManager.default.removeItem(atPath: source)
    }

    /// Opens `folder` as a spread, sends each group of keys and waits, quits; returns the peak
    /// resident memory (MiB) and stderr.
    static func turnThrough(_ folder: URL, size: String, keys: [[String]]) throws -> (peak: Double, stderr: String) {
        let demo = try DemoWindowTests.launch(["--pages", folder.path, "--layout", "spread", "--size", size])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        for group in keys {
            try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "--delay", "40"] + group)
            Thread.sleep(forTimeInterval: 1.5)
        }
        let peak = demo.peakMiB
        XCTAssertTrue(demo.quit())
        return (peak, demo.stderr)
    }

    func testAFIFOFirstOrLaterInTheFolderNeverHangsAndTheOtherPagesLoad() throws {
        let folder = try DemoWindowTests.folder("fifo")
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("01.png").path, 0o644), 0)
        try Self.page(folder, "02.png", (200, 40, 40))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("03.png").path, 0o644), 0)
        try Self.page(folder, "04.png", (40, 60, 220))
        // Beside the pages folder, not in it: a screenshot saved among the pages is a page of
        // the next run, which no output may replace (issue #31).
        let shots = try DemoWindowTests.folder("fifo-shots")
        let shot = shots.appendingPathComponent("shot.png").path
        // Spread: the pages around opening 0 are wanted at once, FIFO 03 among them.
        let r = try Self.runDemo(["--pages", folder.path, "--layout", "spread", "--frames", "90", "--screenshot", shot], seconds: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        let messages = lines(r.stderr)
        XCTAssertTrue(messages.contains { $0.contains("01.png") && $0.contains("FIFO") }, r.stderr)
        XCTAssertTrue(messages.contains { $0.contains("03.png") && $0.contains("FIFO") }, r.stderr)
        XCTAssertTrue(messages.allSatisfy { $0.hasPrefix("folio-demo: ") } && messages.count <= 4, r.stderr)
        // The spread opens on the FIFO (blank, the paper colour); page 2 was loaded meanwhile
        // but is not shown; turning shows it: checked by loading the last page below.
        let demo = try DemoWindowTests.launch(["--pages", folder.path, "--layout", "spread", "--size", "848x632", "--screenshot", shot])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "End"])
        Thread.sleep(forTimeInterval: 2)
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "p"])
        let end = shots.appendingPathComponent("shot-1.png").path
        XCTAssertTrue(DemoWindowTests.waitFor(end))
        XCTAssertTrue(demo.quit())
        // The last opening: page 4 (blue) on the read side, past the FIFO.
        let image = try Image.readPNG(path: end)
        let c = DemoWindowTests.patch(image, 224, 300)
        XCTAssertTrue(c.2 > 180 && c.0 < 80, "page 4 loaded after the FIFOs: \(c)")
    }

    func testATinyFileClaiming8000SquaredAndEmptyFilesCostOneLineEach() throws {
        let folder = try DemoWindowTests.folder("claims")
        var claim = Self.header(width: 8000, height: 8000)
        claim = claim.prefix(33) // signature + IHDR only: 33 bytes
        try claim.write(to: folder.appendingPathComponent("00.png"))
        for i in 1...9 { try Data().write(to: folder.appendingPathComponent(String(format: "%02d.png", i))) }
        let r = try Self.runDemo(["--pages", folder.path, "--frames", "60", "--screenshot", folder.appendingPathComponent("s.png").path], seconds: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertLessThan(r.time, 20, "60 frames took \(r.time) s")
        XCTAssertLessThan(r.peakMiB, 300, "peak resident memory \(r.peakMiB) MiB")
        let messages = lines(r.stderr)
        XCTAssertTrue(messages.count <= 6 && messages.allSatisfy { $0.hasPrefix("folio-demo: ") }, r.stderr)
        XCTAssertTrue(r.stderr.contains("built-in pages"), r.stderr)
    }

    func testAHugeHeaderIsRefusedByNameNotSizedForAWindow() throws {
        let folder = try DemoWindowTests.folder("huge")
        try Self.header(width: 16384, height: 16384).write(to: folder.appendingPathComponent("00.png"))
        try Self.page(folder, "01.png", (40, 160, 60))
        let r = try Self.runDemo(["--pages", folder.path, "--frames", "30", "--screenshot", folder.appendingPathComponent("s.png").path], seconds: 30)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("16384x16384") && r.stderr.contains("at most 8192"), r.stderr)
        XCTAssertFalse(r.stderr.contains("pixel size"), "no window size the user never gave: \(r.stderr)")
        XCTAssertLessThan(r.peakMiB, 300)
    }

    func testTwoThousandPagesStayWithinTheCacheBudget() throws {
        let folder = try DemoWindowTests.folder("thousands")
        try Self.page(folder, "page.png", (230, 200, 150))
        try Self.linkPages(folder, source: folder.appendingPathComponent("page.png").path, count: 2000)
        // Riffle to the end, turn a few pages back, riffle to the start.
        let (peak, stderr) = try Self.turnThrough(folder, size: "848x632", keys: [["End"], ["Left", "Left", "Left"], ["Home"]])
        XCTAssertEqual(stderr, "")
        XCTAssertLessThan(peak, 300, "2,000 pages: peak resident memory \(peak) MiB")
    }

    func testAThousandPagesOf1280x800OpenAndTurnWithin300MB() throws {
        let folder = try DemoWindowTests.folder("thousand")
        let source = folder.appendingPathComponent("page.png").path
        try SamplePages.page(1, width: 1280, height: 800).writePNG(path: source)
        try Self.linkPages(folder, source: source, count: 1000)
        // Quick presses (four leaves in flight), a riffle to the end, presses back, a riffle home.
        let (peak, stderr) = try Self.turnThrough(folder, size: "1300x500",
                                                  keys: [["Right", "Right", "Right", "Right"], ["End"], ["Left", "Left", "Left", "Left"], ["Home"]])
        XCTAssertEqual(stderr, "")
        XCTAssertLessThan(peak, 300, "1,000 pages of 1280x800: peak resident memory \(peak) MiB")
    }

    func testANamedPagesSourceThatCannotBeReadIsAnErrorNotTheBuiltInPages() throws {
        // Issue #31: the built-in pages are for when no source is named; a named one that
        // cannot be opened as a folder ends the demo with one line and a non-zero status.
        let folder = try DemoWindowTests.folder("unreadable")
        let file = folder.appendingPathComponent("notes.txt").path
        try Data("notes".utf8).write(to: URL(fileURLWithPath: file))
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let shot = folder.appendingPathComponent("shot.png").path
        let cases = [("/nonexistent", "no such folder"), (file, "a regular file"), (fifo, "a FIFO"), ("/dev/null", "a device")]
        for (source, kind) in cases {
            let r = try Self.runDemo(["--pages", source, "--frames", "5", "--screenshot", shot], seconds: 30)
            XCTAssertEqual(r.status, 1, "\(source): \(r.stderr)")
            let messages = lines(r.stderr)
            XCTAssertEqual(messages.count, 1, "\(source): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("folio-demo: cannot open the pages folder '\(source)': ") && r.stderr.contains(kind), "\(source): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("built-in"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: shot), "\(source): nothing drawn, nothing saved")
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "notes")
    }

    func testAScreenshotIsAPNGAndNeverOneOfThePages() throws {
        let folder = try DemoWindowTests.folder("shots")
        try Self.page(folder, "01.png", (200, 40, 40))
        let notes = folder.appendingPathComponent("notes.txt").path
        try Data("notes".utf8).write(to: URL(fileURLWithPath: notes))
        let page = try Data(contentsOf: folder.appendingPathComponent("01.png"))
        // Not a PNG name: a usage error before any window opens.
        for name in ["notes.txt", "shot", "shot.jpg"] {
            let r = try Self.runDemo(["--pages", folder.path, "--frames", "5", "--screenshot", folder.appendingPathComponent(name).path], seconds: 30)
            XCTAssertEqual(r.status, 64, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--screenshot '\(folder.appendingPathComponent(name).path)' must end in .png"), r.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "notes")
        // One of the pages (by name or through a link): refused, the page kept.
        XCTAssertEqual(symlink(folder.appendingPathComponent("01.png").path, folder.appendingPathComponent("link.png").path), 0)
        for name in ["01.png", "link.png"] {
            let target = folder.appendingPathComponent(name).path
            let r = try Self.runDemo(["--pages", folder.path, "--frames", "5", "--screenshot", target], seconds: 30)
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("cannot write '\(target)': it is the input '\(folder.appendingPathComponent("01.png").path)'"), r.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("01.png")), page)
    }

    func testAResizeStormPrintsNothingAndKeepsRunning() throws {
        let demo = try DemoWindowTests.launch(["--size", "448x632"])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        for (w, h) in [(1, 1), (5000, 40), (64, 3000), (800, 600), (2, 900), (448, 632), (3, 3), (1200, 700)] {
            try DemoWindowTests.run("xdotool", ["windowsize", demo.window, String(w), String(h)])
        }
        Thread.sleep(forTimeInterval: 0.5)
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "Right"])
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(demo.process.isRunning)
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.process.terminationStatus, 0)
        XCTAssertEqual(demo.stderr, "", "a storm of sizes nobody set says nothing")
    }
}
