import XCTest
@testable import FolioBench
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
@_spi(Benchmarks) @testable import FolioRender

/// `DocumentBook` (`folio render --document`) rasterises a page in flight at the book's raster
/// scale for its turn and a page lying flat at the size shown, and its memory check counts the
/// finer rasters and the resting rasters they keep: what it holds never passes `pageBytes`.
final class DocumentBookRasterTests: XCTestCase {
    func testPagesInFlightAreRasterisedForTheirTurnAndTheBudgetCountsThem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-raster-\(getpid()).pdf").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(SharpnessPage.pdf(pages: 4))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try MainActor.assumeIsolated {
            let source = try DocumentBook.open(path, password: nil)
            let configuration = BookConfiguration(viewSize: Size(width: 400, height: 300), layout: .spread, effect: FlipLeafEffect(),
                                                  contentHandleBase: 8_000)
            let pages = try DocumentBook(source: source, configuration: configuration, frame: Size(width: 400, height: 300))
            let book = pages.book, renderer = SharedRenderer.offscreen.renderer
            defer { for p in 0..<book.pageCount { renderer.removeImage(for: book.handle(forPage: p)) } }
            let rest = pages.pagePixels
            @MainActor func texture(_ page: Int) -> (Int, Int)? {
                renderer.textures[book.handle(forPage: page)].map { ($0.width, $0.height) }
            }
            @MainActor func heldBytes() -> Int {
                let resting = book.visiblePages.compactMap { renderer.restingRasterSize(for: book.handle(forPage: $0)) }
                return (book.visiblePages.compactMap(texture) + resting.map { ($0.width, $0.height) })
                    .reduce(0) { $0 + RenderLimits.pageBytes(width: $1.0, height: $1.1) }
            }
            // The opening at rest first, as a reader sees it before the turn.
            try book.setLeaves([], opening: 1)
            try pages.uploadVisiblePages(to: renderer)
            try book.setLeaves([BookLeaf(index: 1, progress: 0.3)], opening: 1)
            try pages.uploadVisiblePages(to: renderer)
            let front = try XCTUnwrap(book.page(ofLeaf: 1, side: .front)), back = try XCTUnwrap(book.page(ofLeaf: 1, side: .back))
            // 1.62 × 1.62 where the renderer applies the fine raster's bias (both GL profiles), 2 × 2 where not.
            let scale = renderer.appliesLevelOfDetailBias ? PageMagnification.finerRasterScale : 2
            let fine = PageMagnification(horizontal: scale, vertical: scale).pixels(width: rest.width, height: rest.height)
            for p in [front, back] {
                let t = try XCTUnwrap(texture(p))
                XCTAssertEqual([t.0, t.1], [fine.width, fine.height], "page \(p) in flight: \(scale) times its resting size")
                XCTAssertEqual(renderer.textures[book.handle(forPage: p)]?.levelOfDetailBias, QuadRenderer.fineRasterLevelOfDetailBias)
            }
            for p in book.visiblePages where p != front && p != back {
                let t = try XCTUnwrap(texture(p))
                XCTAssertEqual([t.0, t.1], [rest.width, rest.height], "page \(p) lying flat: its resting size")
            }
            // The front lay flat before the turn: its resting raster stays beside the finer one
            // for the draws nothing magnifies (QuadRenderer+RestingRaster.swift).
            XCTAssertTrue(renderer.restingRasterSize(for: book.handle(forPage: front)).map { $0 == rest } ?? false,
                          "page \(front) keeps its resting raster")
            XCTAssertGreaterThan(heldBytes(), 4 * RenderLimits.pageBytes(width: rest.width, height: rest.height) - 1)
            XCTAssertLessThanOrEqual(heldBytes(), pages.pageBytes, "the budget counts the finer rasters and the resting ones they keep")
            let largest = PageMagnification(horizontal: PageMagnification.finerRasterScale, vertical: PageMagnification.finerRasterScale)
                .pixels(width: rest.width, height: rest.height)
            XCTAssertEqual(pages.pageBytes, 4 * (RenderLimits.pageBytes(width: largest.width, height: largest.height)
                                                 + RenderLimits.pageBytes(width: rest.width, height: rest.height)),
                           "at most six pages (here four) at the book's largest raster scale (1.62 × 1.62 under both profiles), each with its resting raster")
            // Landed: the leaf's pages lie flat again and go back to their resting size; the
            // front shows the resting raster it kept (the same GL texture, no new raster).
            let kept = renderer.textures[book.handle(forPage: front)]?.restingRaster?.id
            try book.setLeaves([], opening: 2)
            try pages.uploadVisiblePages(to: renderer)
            for p in book.visiblePages {
                let t = try XCTUnwrap(texture(p))
                XCTAssertEqual([t.0, t.1], [rest.width, rest.height], "page \(p) at rest after the turn")
                XCTAssertNil(renderer.restingRasterSize(for: book.handle(forPage: p)), "page \(p): one texture again")
            }
            if book.visiblePages.contains(front) {
                XCTAssertEqual(renderer.textures[book.handle(forPage: front)]?.id, kept, "the landed front shows its kept resting raster")
            }
        }
    }
}
