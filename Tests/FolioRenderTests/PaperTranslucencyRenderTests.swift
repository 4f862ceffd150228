import XCTest
@testable import FolioRender
import FolioTransitions

/// A curled leaf with no back contents shows its front through the paper on the back, at the
/// strength `SurfaceLayer.paperTranslucency` gives: the texture at that alpha over the leaf's
/// background colour.
final class PaperTranslucencyRenderTests: XCTestCase {
    let size = Size(width: 320, height: 200)
    let red = (230, 40, 40), green = (40, 200, 60)

    func render(_ curl: CurlTransition, _ mode: AntialiasingMode = .analytic) throws -> Image {
        nonisolated(unsafe) let root = curl.root // XCTest runs on the main thread
        let size = self.size, red = self.red, green = self.green
        return try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(TestPages.solid((UInt8(red.0), UInt8(red.1), UInt8(red.2)), width: 64, height: 64), for: ContentHandle(71))
            try r.renderer.setImage(TestPages.solid((UInt8(green.0), UInt8(green.1), UInt8(green.2)), width: 64, height: 64), for: ContentHandle(72))
            return try r.render(root, size: size, scale: 1, antialiasing: mode, background: Color(red: 0.1, green: 0.1, blue: 0.1))
        }
    }

    func testTheBackShowsTheFrontFadedTowardThePaperByItsTranslucency() throws {
        let curl = try CurlTransition(size: size, scale: 1)
        try curl.setProgress(0.7)
        curl.facing.isHidden = true
        curl.reveal.isHidden = true
        curl.leaf.backgroundColor = .white
        curl.leaf.contents = ContentHandle(71)
        // Where the back is seen: green back contents, away from every edge.
        curl.leaf.backContents = ContentHandle(72)
        let marked = try render(curl)
        var back: [(Int, Int)] = []
        for y in 1..<(marked.height - 1) {
            for x in 1..<(marked.width - 1) {
                var all = true
                for dy in -1...1 { for dx in -1...1 where all {
                    let p = marked.pixel(x + dx, y + dy)
                    all = (Int(p.r), Int(p.g), Int(p.b)) == green
                } }
                if all { back.append((x, y)) }
            }
        }
        XCTAssertGreaterThan(back.count, 2000, "the back of the leaf is in view")
        curl.leaf.backContents = nil
        for t in [1.0, 0.5, 0.2, 0.0] {
            curl.leaf.paperTranslucency = t
            for mode in [AntialiasingMode.analytic, .none] {
                let image = try render(curl, mode)
                // The texture at alpha t over white paper.
                let expected = [red.0, red.1, red.2].map { Int((t * Double($0) + (1 - t) * 255).rounded()) }
                var wrong = 0
                for (x, y) in back {
                    let p = image.pixel(x, y)
                    if abs(Int(p.r) - expected[0]) > 1 || abs(Int(p.g) - expected[1]) > 1 || abs(Int(p.b) - expected[2]) > 1 { wrong += 1 }
                }
                XCTAssertEqual(wrong, 0, "translucency \(t) \(mode): back pixels not \(expected)")
            }
        }
        // The front is unchanged by it.
        curl.leaf.paperTranslucency = 0
        let front = try render(curl)
        curl.leaf.paperTranslucency = 1
        let full = try render(curl)
        var frontRed = 0
        for y in 0..<front.height { for x in 0..<front.width where (Int(full.pixel(x, y).r), Int(full.pixel(x, y).g), Int(full.pixel(x, y).b)) == red {
            if marked.pixel(x, y) == full.pixel(x, y) {
                frontRed += 1
                XCTAssertTrue(front.pixel(x, y) == full.pixel(x, y), "front pixel \(x),\(y) changed")
            }
        } }
        XCTAssertGreaterThan(frontRed, 2000, "the front of the leaf is in view")
    }

    func testTranslucencyIsClampedAndNaNIsPlainPaper() {
        let leaf = SurfaceLayer()
        XCTAssertEqual(leaf.paperTranslucency, 1)
        leaf.paperTranslucency = 3
        XCTAssertEqual(leaf.paperTranslucency, 1)
        leaf.paperTranslucency = -0.5
        XCTAssertEqual(leaf.paperTranslucency, 0)
        leaf.paperTranslucency = .nan
        XCTAssertEqual(leaf.paperTranslucency, 0)
        leaf.paperTranslucency = 0.25
        XCTAssertEqual(leaf.paperTranslucency, 0.25)
    }
}
