import Foundation
import XCTest
import FolioBook
import FolioRender

/// Zoom and pan in the real `folio-demo` (built-in numbered pages, one page at its natural
/// 400×560 size), driven by `xdotool`, read back from screenshots: Ctrl+wheel zooms about the
/// pointer, a zoomed drag in the middle pans, one from the edge band turns, a double-click
/// zooms to the column under the pointer and a second one goes back.
///
/// Features measured on page 1: its red margin line (page x 50–51, two pixels), the top of its
/// big digit (page y 119, the stem at x 177–223), and its right frame (ink, page x 390–399).
final class DemoZoomTests: XCTestCase {
    /// The demo's zoom per wheel notch (DemoApp.zoomStep).
    static let step = 1.25

    struct Window {
        let demo: DemoWindowTests.Demo
        let folder: URL
        let origin: (x: Double, y: Double)
        var shots = 0

        /// Window coordinates of page point (x, y) at zoom 1.
        func at(_ x: Double, _ y: Double) -> [String] {
            ["mousemove", "--window", demo.window, String(Int(x + origin.x)), String(Int(y + origin.y))]
        }

        mutating func shot() throws -> Image {
            shots += 1
            let path = folder.appendingPathComponent("shot-\(shots).png").path
            // A key pressed while the window is still starting on a loaded machine can be
            // lost: press it again once before giving up.
            try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "p"])
            if !DemoWindowTests.waitFor(path, seconds: 10) {
                try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "p"])
            }
            XCTAssertTrue(DemoWindowTests.waitFor(path), "no screenshot \(shots)")
            return try Image.readPNG(path: path)
        }

        /// Shoots until the synthetic pages (their red margin line) are on screen: they arrive
        /// from the cache's threads, later on a loaded machine.
        mutating func waitForPages() throws {
            for _ in 0..<30 {
                let image = try shot()
                let row = Int(origin.y) + 305
                if row < image.height, DemoZoomTests.redLine(image, y: row) != nil { return }
                Thread.sleep(forTimeInterval: 0.3)
            }
            XCTFail("the pages never arrived")
        }
    }

    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: DemoWindowTests.demoPath), "folio-demo not built")
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        _ = try DemoWindowTests.run("xdotool", ["version"])
    }

    func open(_ name: String) throws -> Window {
        let folder = try DemoWindowTests.folder("zoom-\(name)")
        let (size, origin) = try DemoWindowTests.framed()
        let demo = try DemoWindowTests.launch(["--synthetic-pages", "--size", size, "--screenshot", folder.appendingPathComponent("shot.png").path])
        var window = Window(demo: demo, folder: folder, origin: origin)
        try window.waitForPages()
        return window
    }

    /// The centre (continuous x) of the first run of red margin-line pixels along row `y`.
    static func redLine(_ image: Image, y: Int) -> Double? {
        var run: [Int] = []
        for x in 0..<image.width {
            let c = image.pixel(x, y)
            let red = c.r > 190 && c.g < 160 && c.b < 160
            if red { run.append(x) } else if !run.isEmpty { break }
        }
        guard let first = run.first, let last = run.last else { return nil }
        return Double(first + last + 1) / 2
    }

    /// The first dark (ink) pixel down column `x` from row `from`.
    static func firstInk(_ image: Image, x: Int, from: Int, to: Int) -> Int? {
        (from..<to).first { image.pixel(x, $0).r < 110 }
    }

    /// The run of dark pixels that ends at or before column `from` along row `y`, scanning
    /// left: its first and last columns (the window's background is dark too: only `first`,
    /// where the paper starts, is a page feature).
    static func inkRun(_ image: Image, y: Int, from: Int) -> (first: Int, last: Int)? {
        var x = from
        while x > 0 && image.pixel(x, y).r >= 110 { x -= 1 }
        let last = x
        while x > 0 && image.pixel(x, y).r < 110 { x -= 1 }
        return last > x ? (x + 1, last) : nil
    }

    func testCtrlWheelZoomsAboutThePointer() throws {
        var w = try open("wheel")
        defer { if w.demo.process.isRunning { w.demo.process.terminate() } }
        let pointer = (x: 200.0, y: 300.0) // page point; window point = page + origin
        try DemoWindowTests.run("xdotool", w.at(pointer.x, pointer.y))
        let before = try w.shot()
        try DemoWindowTests.run("xdotool", ["keydown", "--window", w.demo.window, "ctrl", "click", "4", "keyup", "ctrl"])
        Thread.sleep(forTimeInterval: 0.5)
        let after = try w.shot()
        let (ox, oy) = w.origin
        let (px, py) = (pointer.x + ox, pointer.y + oy)
        // Row 305: between the ruled lines at 300 and 330, and no bar of "text" there.
        let row = Int(py) + 5
        let line0 = try XCTUnwrap(Self.redLine(before, y: row), "the margin line before")
        let line1 = try XCTUnwrap(Self.redLine(after, y: row), "the margin line after")
        let top0 = try XCTUnwrap(Self.firstInk(before, x: Int(px), from: Int(oy) + 20, to: Int(py)), "the digit's top before")
        let top1 = try XCTUnwrap(Self.firstInk(after, x: Int(px), from: Int(oy) + 20, to: Int(py)), "the digit's top after")
        print("margin line \(line0) → \(line1), digit top \(top0) → \(top1), pointer (\(px), \(py))")
        // A point moves away from the pointer by the zoom factor.
        XCTAssertEqual(line1, px + Self.step * (line0 - px), accuracy: 2, "the margin line")
        XCTAssertEqual(Double(top1), py + Self.step * (Double(top0) - py), accuracy: 2, "the digit's top")
        XCTAssertTrue(w.demo.quit(), "no clean exit")
        XCTAssertEqual(w.demo.stderr, "")
    }

    /// Two notches about page point (100, 280): 1.5625×, the view's offset −56 pt across
    /// (−225…0 allowed).
    func zoomTwice(_ w: Window) throws {
        try DemoWindowTests.run("xdotool", w.at(100, 280))
        for _ in 0..<2 {
            try DemoWindowTests.run("xdotool", ["keydown", "--window", w.demo.window, "ctrl", "click", "4", "keyup", "ctrl"])
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 0.4)
    }

    func drag(_ w: Window, from: (Double, Double), to: (Double, Double), steps: Int = 12) throws {
        try DemoWindowTests.run("xdotool", w.at(from.0, from.1) + ["mousedown", "1"])
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try DemoWindowTests.run("xdotool", w.at(from.0 + t * (to.0 - from.0), from.1 + t * (to.1 - from.1)))
            Thread.sleep(forTimeInterval: 0.03)
        }
        try DemoWindowTests.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1.2)
    }

    func testADragInTheMiddlePansWhenZoomed() throws {
        var w = try open("pan")
        defer { if w.demo.process.isRunning { w.demo.process.terminate() } }
        try zoomTwice(w)
        let before = try w.shot()
        try drag(w, from: (200, 280), to: (140, 300))
        let after = try w.shot()
        let (ox, oy) = (Int(w.origin.x), Int(w.origin.y))
        // Page y 305 lies at window y 280 + 1.5625 · 25 ≈ 319 from the origin before the pan.
        let row = oy + 319
        // The digit's stem (page x 177) lies at 100 + 1.5625 · 77 ≈ 220 from the origin.
        func stem(_ image: Image, _ y: Int) -> Int? { (ox + 60..<ox + 400).first { image.pixel($0, y).r < 110 } }
        let stem0 = try XCTUnwrap(stem(before, row)), stem1 = try XCTUnwrap(stem(after, row + 20))
        print("the digit's stem \(stem0) → \(stem1), origin \(w.origin)")
        XCTAssertEqual(Double(stem0), w.origin.x + 100 + 1.5625 * 77, accuracy: 2, "zoomed about the pointer")
        XCTAssertEqual(Double(stem1 - stem0), -60, accuracy: 3, "the page follows the drag across")
        XCTAssertEqual(DemoWindowTests.pageNumber(after, x: ox + 300, y: oy + 200), 1, "still page 1: the drag panned, it did not turn")
        XCTAssertTrue(w.demo.quit(), "no clean exit")
        XCTAssertEqual(w.demo.stderr, "")
    }

    func testADragFromTheEdgeBandTurnsWhenZoomed() throws {
        var w = try open("edge")
        defer { if w.demo.process.isRunning { w.demo.process.terminate() } }
        try zoomTwice(w)
        let before = try w.shot()
        let (ox, oy) = (Int(w.origin.x), Int(w.origin.y))
        XCTAssertEqual(DemoWindowTests.pageNumber(before, x: ox + 300, y: oy + 200), 1)
        // From the outer 12% of the view (page x > 352) across to the far side.
        try drag(w, from: (385, 280), to: (20, 280), steps: 16)
        let after = try w.shot()
        XCTAssertEqual(DemoWindowTests.pageNumber(after, x: ox + 300, y: oy + 200), 2, "the page turned")
        XCTAssertEqual(DemoWindowTests.pageNumber(after, x: ox + 100, y: oy + 400), 2, "the page turned")
        XCTAssertTrue(w.demo.quit(), "no clean exit")
        XCTAssertEqual(w.demo.stderr, "")
    }

    func testDoubleClickZoomsToTheColumnAndDoubleClickAgainGoesBack() throws {
        var w = try open("double")
        defer { if w.demo.process.isRunning { w.demo.process.terminate() } }
        try DemoWindowTests.run("xdotool", w.at(300, 280))
        let before = try w.shot()
        try DemoWindowTests.run("xdotool", ["click", "--window", w.demo.window, "--repeat", "2", "--delay", "80", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let zoomed = try w.shot()
        try DemoWindowTests.run("xdotool", ["click", "--window", w.demo.window, "--repeat", "2", "--delay", "80", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let back = try w.shot()
        let (ox, oy) = (Int(w.origin.x), Int(w.origin.y))
        let row = oy + 285, from = ox + 405
        // The right-hand column (page x 200–400) fills the page's width: 2×, the right frame's
        // inner edge (page x 390) moves from 10 pt inside the view's right edge to 20.
        let frame0 = try XCTUnwrap(Self.inkRun(before, y: row, from: from)).first
        let frame1 = try XCTUnwrap(Self.inkRun(zoomed, y: row, from: from)).first
        let frame2 = try XCTUnwrap(Self.inkRun(back, y: row, from: from)).first
        print("right frame's inner edge \(frame0) → \(frame1) → \(frame2)")
        XCTAssertEqual(Double(frame0), Double(ox + 390), accuracy: 1)
        XCTAssertEqual(Double(frame1), Double(ox + 380), accuracy: 2, "zoomed 2× with the column's right edge at the view's")
        XCTAssertEqual(frame2, frame0, "back to no zoom")
        XCTAssertEqual(DemoWindowTests.pageNumber(back, x: ox + 300, y: oy + 200), 1, "no page turned")
        XCTAssertTrue(w.demo.quit(), "no clean exit")
        XCTAssertEqual(w.demo.stderr, "")
    }
}
