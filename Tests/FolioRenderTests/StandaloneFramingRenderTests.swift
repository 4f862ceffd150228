import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// Issue 42, item 12, in pixels: a standalone transition rendered at its framing's canvas
/// (`Transition.framing(margin:)`) draws pages past its view — what rendering at the view size
/// cut off — and nothing reaches the canvas's margin; and `OffscreenRenderer.render`'s
/// `background:` is what its documentation says: opaque white by default, straight RGBA in,
/// premultiplied bytes out where it is translucent.
final class StandaloneFramingRenderTests: XCTestCase {
    static let blue = (UInt8(40), UInt8(60), UInt8(220))

    /// Renders `t` at its framing's canvas (4 pt margin) at scale 1 over green, the pages blue.
    @MainActor
    static func renderFramed(_ t: any Transition) throws -> (Image, TransitionFraming) {
        let framing = t.framing(margin: 4)
        let canvas = try framing.canvas(holding: t)
        let r = SharedRenderer.offscreen
        try r.renderer.setImage(TestPages.solid(blue, width: 64, height: 64), for: ContentHandle(1))
        try r.renderer.setImage(TestPages.solid(blue, width: 64, height: 64), for: ContentHandle(2))
        let image = try r.render(canvas, size: framing.canvasSize, scale: 1, background: Color(red: 0, green: 1, blue: 0))
        return (image, framing)
    }

    /// Flip edge-on-ish, accordion nearly folded, curl mid-turn: the margin ring (4 px) is pure
    /// green (nothing cut at the canvas's edge), and blue-ish page pixels lie outside the view's
    /// rectangle (at least 50 of them: what a view-size render would have cut off).
    func testATransitionRenderedAtItsFramingDrawsPastItsViewAndStaysInsideTheCanvas() throws {
        let makers: [(String, Double, () throws -> any Transition)] = [
            ("flip", 0.42, { try FlipTransition(size: Size(width: 400, height: 300), source: ContentHandle(1), destination: ContentHandle(2)) }),
            ("accordion", 0.9, { try AccordionTransition(size: Size(width: 400, height: 240), panelWidths: [1, 1, 1],
                                                         source: ContentHandle(1), destination: ContentHandle(2)) }),
            ("curl", 0.5, { try CurlTransition(size: Size(width: 400, height: 280), source: ContentHandle(1), destination: ContentHandle(2)) }),
        ]
        for (name, progress, make) in makers {
            let t = try make()
            try t.setProgress(progress)
            nonisolated(unsafe) let transition = t
            let (image, framing) = try MainActor.assumeIsolated { try Self.renderFramed(transition) }
            var outsideView = 0, inMargin = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x, y)
                    let isPage = p.b > 120 && p.g < 200
                    let isBackground = p.r == 0 && p.g == 255 && p.b == 0
                    if x < 4 || y < 4 || x >= image.width - 4 || y >= image.height - 4 {
                        if !isBackground { inMargin += 1 }
                    }
                    let vx = Double(x) + 0.5 - framing.origin.x, vy = Double(y) + 0.5 - framing.origin.y
                    if isPage && (vx < 0 || vy < 0 || vx > t.size.width || vy > t.size.height) { outsideView += 1 }
                }
            }
            XCTAssertEqual(inMargin, 0, "\(name): \(inMargin) pixels drawn in the canvas's margin")
            XCTAssertGreaterThanOrEqual(outsideView, 50, "\(name): page pixels past the view")
        }
    }

    /// `background:` by default is opaque white; a translucent one comes back premultiplied:
    /// red at alpha 0.5 reads (128, 0, 0, 128), not the straight (255, 0, 0, 128).
    func testTheBackgroundIsOpaqueWhiteByDefaultAndComesBackPremultipliedWhenTranslucent() throws {
        let empty = Layer(name: "empty")
        empty.bounds = Rect(x: 0, y: 0, width: 16, height: 16)
        empty.position = Point(x: 8, y: 8)
        nonisolated(unsafe) let root = empty
        let (white, red) = try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            return (try r.render(root, size: Size(width: 16, height: 16), scale: 1),
                    try r.render(root, size: Size(width: 16, height: 16), scale: 1, background: Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        }
        let w = white.pixel(5, 5), p = red.pixel(5, 5)
        XCTAssertTrue(w == (255, 255, 255, 255), "\(w)")
        // 0.5 · 255 = 127.5: either rounding is the GL's to choose.
        XCTAssertTrue((127...128).contains(p.r) && p.g == 0 && p.b == 0 && (127...128).contains(p.a), "\(p)")
    }
}
