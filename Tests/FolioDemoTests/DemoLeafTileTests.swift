import Foundation
import XCTest
import FolioBook
import FolioDocument
import FolioGeometry
import FolioLayers
import FolioRender
@testable import FolioDemo

/// A zoomed fold or curl keeps its pages' tiles through a turn (issue 41): the demo plans the
/// tiles of the pages the leaf carries, the book draws them on the fold's panels or on the
/// curl's rolling sheet, and every tile's texture is counted in the page cache's budget.
final class DemoLeafTileTests: XCTestCase {
    func testAZoomedFoldDrawsItsPagesTilesWithinTheCachesBudget() throws {
        try MainActor.assumeIsolated {
            let (book, tiles, evaluator) = try Self.zoomedTurn(effect: FoldLeafEffect(), name: "fold")
            // 1 and 2 fold away, 3 and 4 come in: each of the four pages has details.
            XCTAssertEqual(Set(tiles.wanted.compactMap { TilePlanner.Key(packed: $0)?.page }), [1, 2, 3, 4], "the fold's four pages want tiles")
            XCTAssertEqual(Set(book.pageDetails.keys), [1, 2, 3, 4], "the tiles arrived and are the fold's pages' details")
            let drawn = Set(evaluator.quads.filter { $0.isVisible && $0.layer.name.hasSuffix(".detail") }.map { String($0.layer.name.dropLast(7)) })
            XCTAssertEqual(drawn, ["page1", "leaf1.front", "leaf1.back", "page4"], "the fold's four panels draw their pages' tiles")
        }
    }

    func testAZoomedCurlDrawsItsPagesTilesWithinTheCachesBudget() throws {
        try MainActor.assumeIsolated {
            let (book, tiles, evaluator) = try Self.zoomedTurn(effect: CurlLeafEffect(), name: "curl")
            let leafPages = Set([book.page(ofLeaf: 1, side: .front), book.page(ofLeaf: 1, side: .back)].compactMap { $0 })
            XCTAssertEqual(leafPages.count, 2)
            XCTAssertTrue(leafPages.isSubset(of: Set(tiles.wanted.compactMap { TilePlanner.Key(packed: $0)?.page })), "the curling leaf's pages want tiles")
            XCTAssertTrue(leafPages.isSubset(of: Set(book.pageDetails.keys)), "the tiles arrived and are the leaf's pages' details")
            let onSheet = evaluator.quads.filter { $0.isVisible && $0.layer.name.hasSuffix(".detail") && $0.layer.superlayer is SurfaceLayer }
            XCTAssertFalse(onSheet.isEmpty, "the curling leaf draws its pages' tiles on its sheet")
            XCTAssertTrue(onSheet.allSatisfy { $0.surfacePatch >= 0 }, "each is a piece of a patch")
        }
    }

    /// A spread of twelve 120 × 160 scans zoomed 4× about the spine (level 2: each page's tiles
    /// 480 × 640 level pixels, a tile of 512 rows with its gutter 1.3 MiB with mipmaps), a
    /// budget of 8 MiB (the four tiles in view and the pages around; 4 MiB holds only two of
    /// the tiles), leaf 1 turning with `effect` from 0.1 to 0.9: at every frame the textures the
    /// demo holds, tiles included, are at most what the cache counts, which is at most its
    /// budget. Then held at 0.5 until the tiles in view arrive; returns the book, the demo's
    /// tiles and that frame evaluated, for the effect's own checks of what is drawn.
    @MainActor
    static func zoomedTurn(effect: any LeafEffect, name: String) throws -> (Book, DemoTiles, LayerEvaluator) {
        let context = try GLContext.offscreen()
        context.makeCurrent()
        let renderer = try QuadRenderer()
        let folder = try DemoWindowTests.folder("\(name)-tile-scans")
        for i in 0..<12 {
            let scan = DocumentDemoTests.jpeg(width: 120, height: 160, rgb: (UInt8(20 * i), 120, 200))
            try scan.write(to: folder.appendingPathComponent(String(format: "scan-%02d.jpg", i)))
        }
        let source = try ImageFolderSource(folder: folder.path)
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .singlePages)
        let budget = PageCache<PageContent>.Budget(pages: 64, bytes: 8 << 20)
        let pages = try DemoPages(source: .document(source, name: "scans", layout: layout), budget: budget)
        let view = Size(width: 240, height: 160)
        let book = try Book(pageCount: pages.count, configuration: BookConfiguration(viewSize: view, layout: .spread, effect: effect))
        pages.setDisplaySize(width: 120, height: 160, book: book, renderer: renderer)
        var zoom = try BookZoom(viewSize: view)
        zoom.zoom(by: 4, about: Point(x: 120, y: 80))
        zoom.apply(to: book)
        let tiles = DemoTiles()
        let window = Rect(x: 0, y: 0, width: view.width, height: view.height)
        var worst = 0, frames = 0
        @MainActor func frame() {
            // Tiles keys are their own handles (`DemoPages.handle`).
            tiles.update(book: book, zoom: zoom, window: window, displaySize: pages.displaySize, handle: { ContentHandle($0) },
                         isUploaded: { pages.isUploaded($0) })
            pages.wantedTiles = tiles.wanted
            _ = pages.update(book: book, targetOpening: 1, renderer: renderer)
            var held = 0
            for index in Array(0..<pages.count) + tiles.wanted where !pages.keptUntilReplaced.contains(index) && pages.isUploaded(index) {
                guard let s = renderer.textureSize(for: DemoPages.handle(index, book)) else { continue }
                held += DemoFineRasterTests.bytes(s)
            }
            worst = max(worst, held - pages.cache.bytes)
            XCTAssertLessThanOrEqual(held, pages.cache.bytes, "\(name) frame \(frames): every texture, tiles included, is counted by the cache")
            XCTAssertLessThanOrEqual(pages.cache.bytes, budget.bytes, "\(name) frame \(frames)")
            frames += 1
        }
        for step in 1...9 {
            try book.setLeaves([BookLeaf(index: 1, progress: Double(step) / 10)], opening: 1)
            for _ in 0..<4 { frame(); Thread.sleep(forTimeInterval: 0.004) }
        }
        // Held mid-turn until the tiles in view have arrived.
        try book.setLeaves([BookLeaf(index: 1, progress: 0.5)], opening: 1)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !tiles.wanted.allSatisfy({ pages.isUploaded($0) }) {
            frame()
            Thread.sleep(forTimeInterval: 0.005)
        }
        frame()
        XCTAssertFalse(tiles.wanted.isEmpty, "a zoomed \(name) wants tiles")
        let evaluator = LayerEvaluator()
        evaluator.evaluate(book.root)
        print("zoomed \(name): \(tiles.wanted.count) tiles, \(frames) frames, cache \(pages.cache.bytes) of \(budget.bytes) bytes, textures over the count by at most \(worst)")
        return (book, tiles, evaluator)
    }
}
