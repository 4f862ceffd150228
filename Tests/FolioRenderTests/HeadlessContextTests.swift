import XCTest
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender
import FolioTransitions

/// A headless EGL context renders the same pixels as a GLFW window's, and switching between
/// the two on one thread keeps each one's drawing intact.
final class HeadlessContextTests: XCTestCase {
    func testAHeadlessContextDrawsTheSamePixelsAsAWindowsContext() throws {
        try MainActor.assumeIsolated {
            let headless = try GLContext.headless()
            XCTAssertTrue(headless.isHeadless && headless.window == nil)
            XCTAssertTrue(headless.version.contains("Core Profile") || headless.version.hasPrefix("3.") || headless.version.hasPrefix("4."), headless.version)
            let egl = try OffscreenRenderer(context: headless)
            let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
            // The shared renderer is a window's context under Xvfb, a headless one without X.
            let shared = SharedRenderer.offscreen
            XCTAssertEqual(shared.context.isHeadless, !hasDisplay)
            let size = Size(width: 320, height: 240)
            for (effect, aa) in [("fold", AntialiasingMode.analytic), ("flip", .msaa), ("flip", .border)] {
                let images = try [egl, shared, egl].map { r in
                    let t: any Transition = effect == "fold"
                        ? try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                        : try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try t.setProgress(0.35)
                    // A QuadRenderer uploads into whatever context is current: its own first.
                    r.context.makeCurrent()
                    try r.renderer.setImage(SamplePages.page(1, width: 320, height: 240), for: ContentHandle(1))
                    try r.renderer.setImage(SamplePages.page(2, width: 320, height: 240), for: ContentHandle(2))
                    // The same texture state in every context: under the OpenGL ES rerun the
                    // shared renderer is ES, whose renderer decides where to skip mipmaps
                    // without the uploads' bias (core uploads take −½, docs/sharpness.md), and
                    // the minified turning half would differ by the filter rather than by the context.
                    for handle in [ContentHandle(1), ContentHandle(2)] {
                        r.renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
                    }
                    return try r.render(t.root, size: size, scale: 1, antialiasing: aa)
                }
                func differing(_ a: Image, _ b: Image) -> Int { zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } }
                XCTAssertGreaterThan(Set(images[0].pixels).count, 16, "\(effect) \(aa): a picture, not a blank")
                XCTAssertEqual(differing(images[0], images[1]), 0, "\(effect) \(aa): headless and shared contexts differ")
                XCTAssertEqual(differing(images[0], images[2]), 0, "\(effect) \(aa): the headless context after the other one was current")
            }
            if !hasDisplay {
                XCTAssertThrowsError(try GLContext()) { error in
                    guard case RenderError.noDisplay = error else { return XCTFail("\(error)") }
                }
            }
        }
    }
}
