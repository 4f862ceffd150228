import XCTest
import Folio

/// `import Folio` alone: the whole kit, from geometry to the renderer.
final class UmbrellaImportTests: XCTestCase {
    func testOneImportBuildsABookAndRendersIt() throws {
        let book = try Book(pageCount: 4, configuration: BookConfiguration(viewSize: Size(width: 320, height: 240)))
        try book.setLeaves([BookLeaf(index: 0, progress: 0.3)], opening: 0)
        let image: Image = try MainActor.assumeIsolated {
            let r = try OffscreenRenderer()
            for page in 0..<4 {
                try r.renderer.setImage(Image(width: 32, height: 24, fill: (200, 60, 60, 255)), for: book.handle(forPage: page))
            }
            return try r.render(book.root, size: Size(width: 320, height: 240), scale: 1, background: Color(red: 0, green: 1, blue: 0))
        }
        // Page pixels where the page lies flat on the left, the background nowhere inside it.
        let p = image.pixel(40, 120)
        XCTAssertEqual([p.r, p.g, p.b], [200, 60, 60])
        let report = TransitionReport.self
        _ = report
    }
}
