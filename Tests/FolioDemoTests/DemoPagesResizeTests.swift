import Foundation
import XCTest
import FolioBook
import FolioDocument
import FolioGeometry
import FolioRender
@testable import FolioDemo

/// `DemoPages` across a change of display size (a window resize, a switch of layout): the pages
/// a turn is about to show keep their textures until rasters at the new size replace them, and
/// nothing else outlives the old size.
final class DemoPagesResizeTests: XCTestCase {
    /// Twelve JPEG scans of 120 × 160 pixels, one shade each, read as a document of single pages.
    @MainActor
    static func scans() throws -> (pages: DemoPages, book: Book) {
        let folder = try DemoWindowTests.folder("resize-scans")
        for i in 0..<12 {
            let scan = DocumentDemoTests.jpeg(width: 120, height: 160, rgb: (UInt8(20 * i), 120, 200))
            try scan.write(to: folder.appendingPathComponent(String(format: "scan-%02d.jpg", i)))
        }
        let source = try ImageFolderSource(folder: folder.path)
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .singlePages)
        let pages = try DemoPages(source: .document(source, name: "scans", layout: layout))
        let book = try Book(pageCount: pages.count, configuration: BookConfiguration(viewSize: Size(width: 120, height: 160)))
        return (pages, book)
    }

    /// Runs the demo's per-frame page update around `opening` until `done` holds (at most 20 s).
    @MainActor
    static func settle(_ pages: DemoPages, _ book: Book, _ renderer: QuadRenderer, opening: Int, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done() && Date() < deadline {
            _ = pages.update(book: book, targetOpening: opening, renderer: renderer)
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    func testAResizeKeepsThePagesAroundTheOpeningUntilTheirNewRastersArrive() throws {
        try MainActor.assumeIsolated { try Self.resizeKeepsTheNeighbours() }
    }

    @MainActor
    static func resizeKeepsTheNeighbours() throws {
        let context = try GLContext.offscreen()
        context.makeCurrent()
        let renderer = try QuadRenderer()
        let (pages, book) = try scans()
        func width(_ page: Int) -> Int? { renderer.textureSize(for: DemoPages.handle(page, book))?.width }
        pages.setDisplaySize(width: 120, height: 160, book: book, renderer: renderer)

        // Opening 6 first, then opening 0: the pages around 6 stay uploaded (the cache's budget
        // holds them) though no longer wanted.
        settle(pages, book, renderer, opening: 6) { width(6) == 120 && width(7) == 120 }
        XCTAssertEqual(width(7), 120, "page 7 never arrived")
        let next = try XCTUnwrap(book.pages(atOpening: 1).unread, "the page a turn from opening 0 shows")
        settle(pages, book, renderer, opening: 0) { width(next) == 120 && width(0) == 120 }
        XCTAssertEqual(width(next), 120, "page \(next) never arrived")
        XCTAssertEqual(width(7), 120, "the pages around opening 6 are still cached")

        // The window doubles: the page a turn shows next keeps its old texture, marked for
        // replacement, and a page far from the opening is freed at once.
        pages.setDisplaySize(width: 240, height: 320, book: book, renderer: renderer)
        XCTAssertEqual(width(next), 120, "the next page shows its old raster, not a placeholder, until the new one arrives")
        XCTAssertFalse(pages.isUploaded(next), "the old raster is to be replaced")
        XCTAssertNil(width(7), "a page nobody wants is freed with the old size")

        settle(pages, book, renderer, opening: 0) { width(next) == 240 }
        XCTAssertEqual(width(next), 240, "the next page is rasterised again at the new size")
        XCTAssertTrue(pages.isUploaded(next))
    }
}
