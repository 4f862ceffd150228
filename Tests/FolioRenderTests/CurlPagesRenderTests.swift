import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// The deprecated spelling, reached through a protocol so that calling it compiles without a
/// deprecation warning (the test command builds with none).
private protocol PagesSetLater { func setPages(source: ContentHandle?, destination: ContentHandle?) }
extension CurlTransition: PagesSetLater {}

/// `CurlTransition` takes its pages in its initialiser, like fold and flip; the old
/// `setPages(source:destination:)` still works and draws the very same frames.
final class CurlPagesRenderTests: XCTestCase {
    func testPagesPassedToTheInitialiserDrawTheSameFramesAsSetPages() throws {
        let size = Size(width: 240, height: 160)
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(SamplePages.page(1, width: 240, height: 160), for: ContentHandle(1))
            try r.renderer.setImage(SamplePages.page(2, width: 240, height: 160), for: ContentHandle(2))
            for style: FlipStyle in [[], [.backward], [.vertical]] {
                for progress in [0.0, 0.3, 0.7] {
                    let now = try CurlTransition(size: size, scale: 1, style: style, source: ContentHandle(1), destination: ContentHandle(2))
                    let then = try CurlTransition(size: size, scale: 1, style: style)
                    (then as any PagesSetLater).setPages(source: ContentHandle(1), destination: ContentHandle(2))
                    try now.setProgress(progress)
                    try then.setProgress(progress)
                    let a = try r.render(now.root, size: size, scale: 1)
                    let b = try r.render(then.root, size: size, scale: 1)
                    XCTAssertEqual(a, b, "\(style) at \(progress)")
                    // Both show the pages: the frame is not a blank one.
                    XCTAssertGreaterThan(Set(stride(from: 0, to: a.pixels.count, by: 4 * 97).map { a.pixels[$0] }).count, 4)
                }
            }
            // A curl without pages draws something else: the comparison can fail.
            let bare = try CurlTransition(size: size, scale: 1)
            let paged = try CurlTransition(size: size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2))
            XCTAssertNotEqual(try r.render(bare.root, size: size, scale: 1), try r.render(paged.root, size: size, scale: 1))
        }
    }
}
