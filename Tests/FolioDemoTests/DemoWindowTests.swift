import Foundation
import XCTest
import FolioGeometry
import FolioRender
import FolioTransitions

/// Starts the real `folio-demo` under the test's X display, drives it with real input events
/// from `xdotool` (XTEST), and checks its screenshots against the flip's geometry.
final class DemoWindowTests: XCTestCase {
    /// The built demo, next to this test bundle.
    static var demoPath: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The test bundle may be a directory (…/Foo.xctest) or an executable inside .build/debug.
        for base in [dir, dir.deletingLastPathComponent()] {
            let p = base.appendingPathComponent("folio-demo").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return dir.appendingPathComponent("folio-demo").path
    }

    /// Runs a command to completion; returns stdout.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw NSError(domain: "DemoWindowTests", code: Int(p.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) exited \(p.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func waitFor(_ path: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
                Thread.sleep(forTimeInterval: 0.2) // let the writer finish
                return true
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Paper of page 1 is warm (blue < red), page 2 cool (blue > red); shadows scale both.
    /// The majority over a short vertical run of pixels ignores ruled lines and text.
    static func pageNumber(_ image: Image, x: Int, y: Int) -> Int {
        var warm = 0, cool = 0
        for dy in -4...4 {
            let c = image.pixel(x, y + dy)
            let (r, b) = (Double(c.r), Double(c.b))
            if b < 0.95 * r { warm += 1 } else if b > 1.05 * r { cool += 1 }
        }
        return warm > cool ? 1 : (cool > warm ? 2 : 0)
    }

    func testDraggingTurnsThePageWhereTheGeometrySaysAndTheAppExitsCleanly() throws {
        let demo = Self.demoPath
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: demo), "folio-demo not built at \(demo)")
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        _ = try Self.run("xdotool", ["version"]) // fails (not skips) when xdotool is missing

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-demo-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shot = folder.appendingPathComponent("shot.png").path
        let (windowWidth, windowHeight) = (448, 632)

        let app = Process()
        app.executableURL = URL(fileURLWithPath: demo)
        app.arguments = ["--size", "\(windowWidth)x\(windowHeight)", "--screenshot", shot]
        let errors = Pipe()
        app.standardError = errors
        try app.run()
        defer { if app.isRunning { app.terminate() } }

        let window = try Self.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "Folio demo"])
            .split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(window.isEmpty)
        Thread.sleep(forTimeInterval: 0.5)
        // The page (built-in 400×560) is centred across the window, 24 points from its top.
        let page = (x: Double(windowWidth - 400) / 2, y: 24.0)
        func at(_ x: Double, _ y: Double) -> [String] { ["mousemove", "--window", window, String(Int(x + page.x)), String(Int(y + page.y))] }

        // 1. Before: page 1 everywhere.
        try Self.run("xdotool", at(300, 280) + ["key", "p"])
        let before = folder.appendingPathComponent("shot-1.png").path
        XCTAssertTrue(Self.waitFor(before), "no screenshot before the drag")

        // 2. Drag the right half's point at x = 360 to x = 140 and hold it there.
        try Self.run("xdotool", at(360, 280) + ["mousedown", "1"])
        for x in stride(from: 340.0, through: 140, by: -20) {
            try Self.run("xdotool", at(x, 280))
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.3)
        try Self.run("xdotool", ["key", "p"])
        let during = folder.appendingPathComponent("shot-2.png").path
        XCTAssertTrue(Self.waitFor(during), "no screenshot during the drag")

        // 3. Release: the spring completes the turn; page 2 then fills the view.
        try Self.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1.5)
        try Self.run("xdotool", at(300, 280) + ["key", "p"])
        let after = folder.appendingPathComponent("shot-3.png").path
        XCTAssertTrue(Self.waitFor(after), "no screenshot after the release")

        // 4. Quit with a key: clean exit, final screenshot written, nothing on stderr.
        try Self.run("xdotool", ["key", "q"])
        let deadline = Date().addingTimeInterval(10)
        while app.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(app.isRunning, "the demo did not exit on 'q'")
        XCTAssertEqual(app.terminationStatus, 0)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(stderr, "", "unexpected messages: \(stderr)")

        let a = try Image.readPNG(path: before), b = try Image.readPNG(path: during), c = try Image.readPNG(path: after)
        XCTAssertEqual(a.width, windowWidth)

        // Where the geometry puts the turning leaf: grabbed 160 pt from the spine, now 60 pt
        // on the other side of it.
        let flip = try FlipTransition(size: Size(width: 400, height: 560))
        let progress = flip.progress(forPointerOffset: 140 - 200, radius: 160)
        XCTAssertGreaterThan(progress, 0.5)
        try flip.setProgress(progress)
        let freeEdge = 200 + flip.projectedOffset(radius: 200, angle: flip.angle) // x of the leaf's free edge at y = 280
        XCTAssertLessThan(freeEdge, 150)
        let y = Int(page.y + 90) // above the big page numeral, among the ruled lines
        for x in [freeEdge + 8, (freeEdge + 200) / 2, 190] {
            XCTAssertEqual(Self.pageNumber(a, x: Int(page.x + x), y: y), 1, "before, x = \(x)")
            XCTAssertEqual(Self.pageNumber(b, x: Int(page.x + x), y: y), 2, "the turned leaf (page 2's back) at x = \(x)")
        }
        for x in [freeEdge - 10, 20] where x > 12 {
            XCTAssertEqual(Self.pageNumber(b, x: Int(page.x + x), y: y), 1, "beyond the leaf's edge page 1 stays, x = \(x)")
        }
        for x in [30.0, 120, 280, 370] {
            XCTAssertEqual(Self.pageNumber(c, x: Int(page.x + x), y: y), 2, "after the turn, x = \(x)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), "no final screenshot on exit")
    }

    func testMissingOrBrokenPagesFallBackToTheBuiltInPagesWithAMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-demo-pages-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("01.png"))
        for (pages, expected) in [("/nonexistent/folio-pages", "cannot open the pages folder"), (folder.path, "not a readable PNG")] {
            let shot = folder.appendingPathComponent("fallback.png").path
            try? FileManager.default.removeItem(atPath: shot)
            let app = Process()
            app.executableURL = URL(fileURLWithPath: Self.demoPath)
            app.arguments = ["--pages", pages, "--frames", "5", "--screenshot", shot]
            let errors = Pipe()
            app.standardError = errors
            try app.run()
            app.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(app.terminationStatus, 0, stderr)
            XCTAssertTrue(stderr.contains(expected), "stderr: \(stderr)")
            XCTAssertTrue(stderr.hasPrefix("folio-demo: "), "one clear line per problem: \(stderr)")
            let image = try Image.readPNG(path: shot)
            XCTAssertEqual(Self.pageNumber(image, x: image.width / 2 + 60, y: image.height / 2), 1, "built-in page 1 shows")
        }
    }
}
