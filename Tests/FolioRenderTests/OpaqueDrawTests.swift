import CGL
import XCTest
@testable import FolioRender
import FolioTransitions

/// An opaque layer's triangles with no coverage ramp are drawn without blending — "over" with
/// source alpha 1 gives the source, so the read of the target (per sample when multisampled)
/// is skipped — and no pixel changes for it; anything that lets the target show through is
/// still blended.
final class OpaqueDrawTests: XCTestCase {
    let size = Size(width: 240, height: 320)
    let background = Color(red: 0.2, green: 0.3, blue: 0.25)

    /// Renders `root` with and without unblended opaque draws; returns both images and the
    /// unblended draw count of the first.
    func renderBothWays(_ root: Layer, _ mode: AntialiasingMode, light: Bool = false) throws -> (Image, Image, Int) {
        nonisolated(unsafe) let root = root // XCTest runs on the main thread
        let size = self.size, background = self.background
        return try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(TestPages.solid((230, 40, 40), width: 240, height: 320), for: ContentHandle(1))
            try r.renderer.setImage(TestPages.solid((40, 60, 230), width: 240, height: 320), for: ContentHandle(2))
            r.renderer.light = light ? .standard : nil
            defer { r.renderer.replacesOpaqueDraws = true; r.renderer.light = nil }
            r.renderer.replacesOpaqueDraws = true
            let fast = try r.render(root, size: size, scale: 1, antialiasing: mode, background: background)
            let unblended = r.renderer.lastFrame.opaqueDrawCalls
            r.renderer.replacesOpaqueDraws = false
            let blended = try r.render(root, size: size, scale: 1, antialiasing: mode, background: background)
            XCTAssertEqual(r.renderer.lastFrame.opaqueDrawCalls, 0)
            return (fast, blended, unblended)
        }
    }

    func assertIdentical(_ a: Image, _ b: Image, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var differing = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x, y) != b.pixel(x, y) { differing += 1 } }
        XCTAssertEqual(differing, 0, "\(what): pixels differ with unblended opaque draws", file: file, line: line)
    }

    func testOpaquePagesAreDrawnUnblendedWithIdenticalPixelsInEveryMode() throws {
        for mode in AntialiasingMode.allCases {
            for light in [false, true] {
                for progress in [0.15, 0.5, 0.8] {
                    let flip = try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try flip.setProgress(progress)
                    let fold = try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try fold.setProgress(progress)
                    let curl = try CurlTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try curl.setProgress(progress)
                    for (name, t) in [("flip", flip as any Transition), ("fold", fold), ("curl", curl)] {
                        let (fast, blended, unblended) = try renderBothWays(t.root, mode, light: light)
                        let what = "\(name) \(mode) p=\(progress)\(light ? " lit" : "")"
                        assertIdentical(fast, blended, what)
                        // The border mode ramps every polygon's coverage: nothing is opaque there.
                        if mode == .border { XCTAssertEqual(unblended, 0, what) } else { XCTAssertGreaterThan(unblended, 0, what) }
                    }
                }
            }
        }
    }

    /// An opaque page that is not opaque as drawn — a layer opacity below 1, rounded corners,
    /// a translucent texture with no background — lets the background through: blended.
    func testWhatLetsTheTargetShowThroughIsBlended() throws {
        let red = Color(red: 0.9, green: 0.15, blue: 0.15)
        func page(_ configure: (Layer) -> Void) -> Layer {
            let page = Layer(bounds: Rect(x: 0, y: 0, width: 200, height: 280), position: Point(x: 120, y: 160))
            page.contents = ContentHandle(1)
            configure(page)
            return Layer(bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                         position: Point(x: size.width / 2, y: size.height / 2), sublayers: [page])
        }
        let cases: [(String, Layer, (UInt8, UInt8, UInt8))] = [
            ("opacity 0.5", page { $0.opacity = 0.5 }, (
                UInt8((0.5 * 230 / 255 + 0.5 * 0.2) * 255 + 0.5), UInt8((0.5 * 40 / 255 + 0.5 * 0.3) * 255 + 0.5),
                UInt8((0.5 * 40 / 255 + 0.5 * 0.25) * 255 + 0.5))),
            ("opaque background", page { $0.backgroundColor = red }, (230, 40, 40)),
        ]
        for mode in [AntialiasingMode.analytic, .none, .msaa] {
            for (name, root, centre) in cases {
                let (fast, blended, unblended) = try renderBothWays(root, mode)
                assertIdentical(fast, blended, "\(name) \(mode)")
                let p = fast.pixel(120, 160)
                XCTAssertEqual(Int(p.0), Int(centre.0), accuracy: 1, "\(name) \(mode): red at the centre")
                XCTAssertEqual(Int(p.1), Int(centre.1), accuracy: 1, "\(name) \(mode): green at the centre")
                XCTAssertEqual(Int(p.2), Int(centre.2), accuracy: 1, "\(name) \(mode): blue at the centre")
                XCTAssertEqual(unblended > 0, name == "opaque background", "\(name) \(mode): unblended draws")
            }
        }
    }
}
