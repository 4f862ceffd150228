import Foundation
import XCTest
import FolioBook
import FolioGeometry
import FolioRender
import FolioTransitions

/// Starts the real `folio-demo` under the test's X display, drives it with real input events
/// from `xdotool` (XTEST), and checks its screenshots against the geometry and the pages.
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

    /// A fresh temporary folder, inside one folder per test process that an `atexit` handler
    /// removes (the screenshots of every run used to stay in /tmp).
    static func folder(_ name: String) throws -> URL {
        let folder = URL(fileURLWithPath: scratchRoot).appendingPathComponent(name)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// This process's scratch root, removed when the process exits.
    static let scratchRoot: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-demo-tests-\(getpid())").path
        atexit { try? FileManager.default.removeItem(atPath: DemoWindowTests.scratchRoot) }
        return path
    }()

    /// A running demo window.
    struct Demo {
        let process: Process
        let errors: Pipe
        let window: String

        /// Its stderr once it has exited.
        var stderr: String { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

        /// Peak resident memory so far (VmHWM), in MiB.
        var peakMiB: Double {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                  let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
            return kb / 1024
        }

        /// Presses `q` and waits for a clean exit.
        ///
        /// Not `xdotool key --window W q`: that presses through XTEST while W has the focus,
        /// then looks the focus up again for the release; by then the demo has destroyed W,
        /// so xdotool sends the release to a window that is gone, dies of BadWindow, and
        /// leaves `q` held down in the X server for every later test. The press goes to the
        /// window; the release goes through XTEST, which names no window (and which the
        /// server ignores for a key that is not down).
        func quit(seconds: Double = 15) -> Bool {
            _ = try? DemoWindowTests.run("xdotool", ["keydown", "--window", window, "q"])
            _ = try? DemoWindowTests.run("xdotool", ["keyup", "q"])
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            return !process.isRunning
        }
    }

    /// Starts the demo with `arguments` and finds its window.
    ///
    /// Once in a CI run (two launches in a row, each seconds after the previous test's window
    /// had closed) no window showed within 60 s, and the same launches pass in under a second
    /// on their own. Every CI run until then had left `q` held down in the X server after the
    /// resize-storm test (see `Demo.quit`; its xdotool printed BadWindow), and the failed
    /// launches came after it; no local run reproduced the failure with the key held, so the
    /// cause is not proven. The key is let go before every launch, and a launch whose window does not show within
    /// 30 s is reported on the test's output — whether the process was still running, and its
    /// stderr — ended, and started once more; a second failure fails the test with both reports.
    static func launch(_ arguments: [String]) throws -> Demo {
        var reports: [String] = []
        for attempt in 1...2 {
            // Whatever an earlier test left held down (see `Demo.quit`) is let go first: the
            // new window would otherwise get the focus with a key already down.
            _ = try? run("xdotool", ["keyup", "q", "Escape", "ctrl", "shift"])
            let app = Process()
            app.executableURL = URL(fileURLWithPath: demoPath)
            app.arguments = arguments
            let errors = Pipe()
            app.standardError = errors
            app.standardOutput = FileHandle.nullDevice
            try app.run()
            // Bounded: a demo that exits before its window shows would leave `--sync` waiting forever.
            if let found = try? run("timeout", ["-s", "KILL", attempt == 1 ? "30" : "60", "xdotool", "search", "--sync", "--onlyvisible",
                                                "--pid", String(app.processIdentifier), "--name", "Folio demo"]) {
                Thread.sleep(forTimeInterval: 0.5)
                return Demo(process: app, errors: errors, window: found.split(separator: "\n").first.map(String.init) ?? "")
            }
            let running = app.isRunning
            if running { app.terminate() }
            app.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let report = "folio-demo \(arguments.joined(separator: " ")): no window after launch \(attempt) "
                + "(\(running ? "still running" : "exited with status \(app.terminationStatus)"); stderr: '\(stderr)')"
            print(report)
            reports.append(report)
        }
        throw NSError(domain: "DemoWindowTests", code: 2, userInfo: [NSLocalizedDescriptionKey: reports.joined(separator: "; ")])
    }

    /// A window that shows built-in pages of `page` points at their natural size, one pixel
    /// per point, and where the book's view then sits in it. The demo frames the book with
    /// `BookFraming.fill` in the window less its 24-point hint bar, the pages 24 points clear of
    /// its edges, centred, at most the natural size, and draws the book smaller while a leaf in
    /// flight would pass the window's edge (`BookFraming.roomScale(for:)`). A window of the
    /// natural view plus `Book.overhang(of:)` (the larger side's on both) plus those margins
    /// (or the 5% the room scale eases in over, if more) shows the page unscaled at every pose, at the origin the same fill gives, so drags land
    /// where the unscaled geometry says. (Before framing the page sat at (24, 24) in a 448×632
    /// window, and a leaf rising toward the viewer was cut off.)
    static func framed(effect: any LeafEffect = FlipLeafEffect(), layout: BookLayout = .single, direction: ReadingDirection = .leftToRight,
                       page: Size = Size(width: 400, height: 560)) throws -> (size: String, origin: (x: Double, y: Double)) {
        let view = BookConfiguration.viewSize(pageSize: page, layout: layout, direction: direction)
        let configuration = BookConfiguration(viewSize: view, layout: layout, direction: direction, effect: effect)
        let o = try Book.overhang(of: configuration)
        let (margin, hintBar) = (24.0, 24.0)
        // The room scale eases in over the last 5% of the room from the view's centre: a
        // window with that much more never scales the book.
        let across = view.width + 2 * max(o.left, o.right), down = view.height + 2 * max(o.top, o.bottom)
        let window = (width: max(across + 2 * margin, across / 0.95 + 2).rounded(.up),
                      height: (max(down + 2 * margin, down / 0.95 + 2) + hintBar).rounded(.up))
        let framing = try BookFraming.fill(pageSize: page, in: Size(width: window.width, height: window.height - hintBar),
                                           configuration: configuration, margin: margin)
        XCTAssertEqual(framing.viewSize, view, "the window leaves the book its natural size")
        return ("\(Int(window.width))x\(Int(window.height))", (framing.origin.x, framing.origin.y))
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

    /// The mean colour of the 9×9 patch around (x, y).
    static func patch(_ image: Image, _ x: Int, _ y: Int) -> (Double, Double, Double) {
        var sum = (0.0, 0.0, 0.0)
        for dy in -4...4 {
            for dx in -4...4 {
                let c = image.pixel(x + dx, y + dy)
                sum.0 += Double(c.r); sum.1 += Double(c.g); sum.2 += Double(c.b)
            }
        }
        return (sum.0 / 81, sum.1 / 81, sum.2 / 81)
    }

    /// Asserts that the screenshot shows built-in page `number` (1-based) with its top-left
    /// corner at window point `origin`, comparing patches with the page image itself.
    /// Whether built-in page `number` shows at `origin` (the same four probes as `expectPage`),
    /// without failing: for waiting until a page has arrived from the cache.
    static func showsPage(_ number: Int, in shot: Image, origin: (x: Double, y: Double)) -> Bool {
        let page = SamplePages.page(number, width: 400, height: 560)
        return [(120, 95), (300, 160), (80, 420), (330, 500)].allSatisfy { x, y in
            let got = patch(shot, Int(origin.x) + x, Int(origin.y) + y), want = patch(page, x, y)
            return max(abs(got.0 - want.0), abs(got.1 - want.1), abs(got.2 - want.2)) < 8
        }
    }

    static func expectPage(_ number: Int, in shot: Image, origin: (x: Double, y: Double), _ message: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        let page = SamplePages.page(number, width: 400, height: 560)
        for (x, y) in [(120, 95), (300, 160), (80, 420), (330, 500)] {
            let got = patch(shot, Int(origin.x) + x, Int(origin.y) + y), want = patch(page, x, y)
            let d = max(abs(got.0 - want.0), abs(got.1 - want.1), abs(got.2 - want.2))
            XCTAssertLessThan(d, 8, "\(message): page \(number) expected at (\(x), \(y)), got \(got) vs \(want)", file: file, line: line)
        }
    }

    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.demoPath), "folio-demo not built at \(Self.demoPath)")
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        _ = try Self.run("xdotool", ["version"]) // fails (not skips) when xdotool is missing
    }

    func testDraggingTurnsThePageWhereTheGeometrySaysAndTheAppExitsCleanly() throws {
        let folder = try Self.folder("drag")
        let shot = folder.appendingPathComponent("shot.png").path
        let (size, page) = try Self.framed()
        let windowWidth = Int(size.split(separator: "x")[0])!
        let demo = try Self.launch(["--synthetic-pages", "--size", size, "--screenshot", shot])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        let window = demo.window
        XCTAssertFalse(window.isEmpty)
        // The page (built-in 400×560) where the framing puts it.
        func at(_ x: Double, _ y: Double) -> [String] { ["mousemove", "--window", window, String(Int(x + page.x)), String(Int(y + page.y))] }

        // 1. Before: page 1 everywhere. Pages arrive from the cache's threads and plain paper
        // shows until then, so on a loaded machine this waits (at most 10 s) for page 1.
        var taken = 0 // the demo numbers its screenshots shot-1, shot-2, …
        func shoot() -> String {
            taken += 1
            _ = try? Self.run("xdotool", ["key", "--window", window, "p"])
            return folder.appendingPathComponent("shot-\(taken).png").path
        }
        try Self.run("xdotool", at(300, 280))
        var before = shoot()
        XCTAssertTrue(Self.waitFor(before), "no screenshot before the drag")
        let deadline = Date().addingTimeInterval(10)
        while let image = try? Image.readPNG(path: before), !Self.showsPage(1, in: image, origin: page), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            before = shoot()
            XCTAssertTrue(Self.waitFor(before), "no screenshot before the drag")
        }

        // 2. Drag the right half's point at x = 360 to x = 140 and hold it there.
        try Self.run("xdotool", at(360, 280) + ["mousedown", "1"])
        for x in stride(from: 340.0, through: 140, by: -20) {
            try Self.run("xdotool", at(x, 280))
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.3)
        let during = shoot()
        XCTAssertTrue(Self.waitFor(during), "no screenshot during the drag")

        // 3. Release: the spring completes the turn; page 2 then fills the view.
        try Self.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1.5)
        try Self.run("xdotool", at(300, 280))
        let after = shoot()
        XCTAssertTrue(Self.waitFor(after), "no screenshot after the release")

        // 4. Quit with a key: clean exit, final screenshot written, nothing on stderr.
        XCTAssertTrue(demo.quit(), "the demo did not exit on 'q'")
        XCTAssertEqual(demo.process.terminationStatus, 0)
        let stderr = demo.stderr
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
        Self.expectPage(2, in: c, origin: page, "after the turn")
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), "no final screenshot on exit")
    }

    func testFourQuickArrowPressesLandFourPagesOn() throws {
        let folder = try Self.folder("keys")
        let (size, page) = try Self.framed()
        let demo = try Self.launch(["--synthetic-pages", "--size", size, "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        // Four presses 30 ms apart: each starts the next leaf while the earlier ones still move.
        try Self.run("xdotool", ["key", "--window", demo.window, "--delay", "30", "Right", "Right", "Right", "Right"])
        Thread.sleep(forTimeInterval: 2.5)
        try Self.run("xdotool", ["key", "--window", demo.window, "p"])
        let shot = folder.appendingPathComponent("shot-1.png").path
        XCTAssertTrue(Self.waitFor(shot))
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        Self.expectPage(5, in: try Image.readPNG(path: shot), origin: page, "after four presses")
    }

    func testDraggingASpreadsLeftPageTurnsItBack() throws {
        let folder = try Self.folder("spread")
        let (size, book) = try Self.framed(layout: .spread)
        let demo = try Self.launch(["--synthetic-pages", "--layout", "spread", "--size", size, "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        let window = demo.window
        // Open the book: pages 2 and 3 lie open.
        try Self.run("xdotool", ["key", "--window", window, "Right"])
        Thread.sleep(forTimeInterval: 1.5)
        try Self.run("xdotool", ["key", "--window", window, "p"])
        let open = folder.appendingPathComponent("shot-1.png").path
        XCTAssertTrue(Self.waitFor(open))
        // Drag the left page (page 2, the back of the cover leaf) over to the right and let go.
        func at(_ x: Double, _ y: Double) -> [String] { ["mousemove", "--window", window, String(Int(x + book.x)), String(Int(y + book.y))] }
        try Self.run("xdotool", at(100, 300) + ["mousedown", "1"])
        for x in stride(from: 140.0, through: 760, by: 40) {
            try Self.run("xdotool", at(x, 300))
            Thread.sleep(forTimeInterval: 0.02)
        }
        try Self.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1.5)
        try Self.run("xdotool", ["key", "--window", window, "p"])
        let closed = folder.appendingPathComponent("shot-2.png").path
        XCTAssertTrue(Self.waitFor(closed))
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        let a = try Image.readPNG(path: open), b = try Image.readPNG(path: closed)
        Self.expectPage(2, in: a, origin: book, "opened, left")
        Self.expectPage(3, in: a, origin: (book.x + 400, book.y), "opened, right")
        Self.expectPage(1, in: b, origin: (book.x + 400, book.y), "turned back, the cover lies on the right")
        let left = Self.patch(b, Int(book.x) + 200, Int(book.y) + 276)
        XCTAssertTrue(left.0 < 70 && left.2 < 70, "turned back: nothing on the left, the background shows (\(left))")
    }

    /// Issue 41: the demo starts with the lit look (paper light: shading on the curl's roll, the
    /// leaves' cast shadows). A curl held mid-turn by a drag is shot as it starts, after `g`
    /// (unlit) and after `g` again: the first and last agree, and the unlit one differs on the
    /// page, so the look the demo opens with is the one `g` turns off.
    func testTheDemoStartsLitAndGTurnsTheLightOff() throws {
        let folder = try Self.folder("lit")
        let (size, page) = try Self.framed(effect: CurlLeafEffect())
        let demo = try Self.launch(["--synthetic-pages", "--effect", "curl", "--size", size, "--screenshot", folder.appendingPathComponent("shot.png").path])
        defer { if demo.process.isRunning { demo.process.terminate() } }
        let window = demo.window
        func at(_ x: Double, _ y: Double) -> [String] { ["mousemove", "--window", window, String(Int(x + page.x)), String(Int(y + page.y))] }
        Thread.sleep(forTimeInterval: 1.5) // the pages arrive from the cache's threads
        // Hold the page's lower corner dragged up and across: the roll stands mid-page.
        try Self.run("xdotool", at(390, 540) + ["mousedown", "1"])
        for i in 1...10 {
            try Self.run("xdotool", at(390 - 16 * Double(i), 540 - 12 * Double(i)))
            Thread.sleep(forTimeInterval: 0.03)
        }
        /// Pixels of the page's area whose colours differ by more than 6 levels in a channel.
        func differing(_ a: Image, _ b: Image) -> Int {
            var n = 0
            for y in stride(from: Int(page.y), to: Int(page.y) + 560, by: 2) {
                for x in stride(from: Int(page.x), to: Int(page.x) + 400, by: 2) {
                    let p = a.pixel(x, y), q = b.pixel(x, y)
                    if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 6 { n += 1 }
                }
            }
            return n
        }
        var count = 0
        func shoot() throws -> Image {
            count += 1
            try Self.run("xdotool", ["key", "--window", window, "p"])
            let path = folder.appendingPathComponent("shot-\(count).png").path
            XCTAssertTrue(Self.waitFor(path), "no screenshot \(count)")
            return try Image.readPNG(path: path)
        }
        // The leaf follows the pointer over a few frames; on a loaded machine that takes longer
        // than any fixed wait, so the first shot is the first of two in a row that agree.
        Thread.sleep(forTimeInterval: 0.5)
        var settled = try shoot()
        for _ in 0..<20 {
            let next = try shoot()
            defer { settled = next }
            if differing(settled, next) == 0 { break }
        }
        var shots = [settled]
        for key in ["g", "g"] {
            try Self.run("xdotool", ["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.3)
            shots.append(try shoot())
        }
        try Self.run("xdotool", ["mouseup", "1"])
        XCTAssertTrue(demo.quit())
        XCTAssertEqual(demo.stderr, "")
        let litUnlit = differing(shots[0], shots[1]), litLit = differing(shots[0], shots[2])
        print("lit by default: \(litUnlit) of 56000 sampled pixels change with g, \(litLit) after g twice")
        // Unlit, the curl still casts its shadow (strength a third at contact, no paper light):
        // what g changes is the roll's shading and the shadow's strength, 585 sampled pixels here.
        XCTAssertGreaterThan(litUnlit, 250, "g changes the look of the held curl")
        XCTAssertLessThan(litLit, 50, "g twice is the look the demo started with")
    }

    func testMissingOrBrokenPagesFallBackToTheBuiltInPagesWithAMessage() throws {
        let folder = try Self.folder("pages")
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("01.png"))
        // Issue #31 (item 12): a named folder that cannot be opened is an error now, not the
        // built-in pages (HostilePagesTests.testANamedPagesSourceThatCannotBeReadIsAnErrorNotTheBuiltInPages);
        // a folder that opens but has no readable page still falls back, with a message.
        let empty = try Self.folder("no-pages")
        defer { try? FileManager.default.removeItem(at: empty) }
        for (pages, expected) in [(folder.path, "not a readable PNG"), (empty.path, "no PNG or JPEG pages in '\(empty.path)'")] {
            let shot = folder.appendingPathComponent("fallback.png").path
            try? FileManager.default.removeItem(atPath: shot)
            let app = Process()
            app.executableURL = URL(fileURLWithPath: Self.demoPath)
            app.arguments = ["--pages", pages, "--frames", "20", "--screenshot", shot]
            let errors = Pipe()
            app.standardError = errors
            try app.run()
            app.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(app.terminationStatus, 0, stderr)
            XCTAssertTrue(stderr.contains(expected), "stderr: \(stderr)")
            XCTAssertTrue(stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("folio-demo: ") }, "one clear line per problem: \(stderr)")
            XCTAssertTrue(Self.waitFor(shot))
        }
        let missing = try HostilePagesTests.runDemo(["--pages", "/nonexistent/folio-pages", "--frames", "20"], seconds: 30)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("cannot open the pages folder") && missing.stderr.hasPrefix("folio-demo: "), missing.stderr)
    }
}
