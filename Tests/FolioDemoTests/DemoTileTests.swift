import Foundation
import XCTest
import FolioRender

/// Zoomed document pages are sharp: the built-in sample book's page 2 (typeset text) zoomed about 3.8×
/// shows its text from tiles rasterised at the zoom, against the same view with tiles off
/// (`--no-tiles`: the coarse level, the whole page at its unzoomed size, magnified).
final class DemoTileTests: XCTestCase {
    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: DemoWindowTests.demoPath), "folio-demo not built")
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run under xvfb-run")
        _ = try DemoWindowTests.run("xdotool", ["version"])
    }

    /// The mean squared difference between neighbouring pixels' luminance over the square of
    /// `radius` around (`cx`, `cy`): edge contrast, the energy of the finest detail, what blur
    /// takes away (a blurred edge keeps its total rise but spreads it over more pixels).
    static func edgeContrast(_ image: Image, cx: Int, cy: Int, radius: Int) -> Double {
        func lum(_ x: Int, _ y: Int) -> Double {
            let c = image.pixel(x, y)
            return 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
        }
        var sum = 0.0, n = 0
        for y in cy - radius..<cy + radius {
            for x in cx - radius..<cx + radius {
                let dx = lum(x + 1, y) - lum(x, y), dy = lum(x, y + 1) - lum(x, y)
                sum += dx * dx + dy * dy
                n += 2
            }
        }
        return sum / Double(n)
    }

    /// The sample book's page 2 zoomed 1.25⁶ ≈ 3.8× about its middle; the screenshot.
    func zoomed(tiles: Bool) throws -> (image: Image, stderr: String) {
        let folder = try DemoWindowTests.folder("tiles-\(tiles)")
        let demo = try DemoWindowTests.launch(["--size", "700x900", "--screenshot", folder.appendingPathComponent("shot.png").path]
                                              + (tiles ? [] : ["--no-tiles"]))
        defer { if demo.process.isRunning { demo.process.terminate() } }
        // Page 2: body text (page 1 is the title page).
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "Right"])
        Thread.sleep(forTimeInterval: 2) // the turn lands, the coarse page arrives
        try DemoWindowTests.run("xdotool", ["mousemove", "--window", demo.window, "350", "420"])
        for _ in 0..<6 {
            try DemoWindowTests.run("xdotool", ["keydown", "--window", demo.window, "ctrl", "click", "4", "keyup", "ctrl"])
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 3) // the tiles are rasterised and uploaded
        try DemoWindowTests.run("xdotool", ["key", "--window", demo.window, "p"])
        let path = folder.appendingPathComponent("shot-1.png").path
        XCTAssertTrue(DemoWindowTests.waitFor(path), "no screenshot")
        let image = try Image.readPNG(path: path)
        XCTAssertTrue(demo.quit(), "no clean exit")
        return (image, demo.stderr)
    }

    func testZoomedTextIsSharperWithTilesThanAtTheCoarseLevel() throws {
        let sharp = try zoomed(tiles: true), coarse = try zoomed(tiles: false)
        XCTAssertEqual(sharp.stderr, "")
        XCTAssertEqual(coarse.stderr, "")
        let a = Self.edgeContrast(sharp.image, cx: 350, cy: 420, radius: 150)
        let b = Self.edgeContrast(coarse.image, cx: 350, cy: 420, radius: 150)
        print("edge contrast zoomed ×3.8: tiles \(a), coarse level \(b), ratio \(a / b)")
        XCTAssertGreaterThan(b, 50, "text under the pointer (the page is where the test expects)")
        XCTAssertGreaterThan(a / b, 2.5, "tiles are sharper than the magnified coarse level")
    }
}
