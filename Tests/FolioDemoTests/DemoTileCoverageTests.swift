import Foundation
import XCTest
import FolioBook
import FolioDocument
import FolioGeometry
import FolioLayers
import FolioRender
@testable import FolioDemo

/// Every on-screen pixel of a zoomed page is drawn from the tiles the demo plans for it, never
/// from the page's coarse level (issue 41): the pages at rest, the pages beneath a turning
/// leaf and the leaf's own pages, for the curl, the flip and the fold, in the single and
/// spread layouts, at fractional zooms and pans, at rest and at five poses. Before the book
/// planned the part of each page a leaf shows where it is posed now
/// (`Book.pagePartsShownByLeaves(in:evaluation:)`), a curl's turned part, which lies mirrored across the
/// roll's axis until it lands, showed its page at the coarse level (the zoomed single-layout
/// curl held mid-turn: a band of the coarse raster next to the tiles, a few pixels out of
/// register with them), and so did a fold's panels and a flip's leaf where they show more of
/// their page than it shows at rest: 28 of the 120 frames drawn in the view at one pixel a
/// point, 1,622,241 pixels. (The framed curl at two pixels a point was added after the fix.)
final class DemoTileCoverageTests: XCTestCase {
    /// Renders `book` zoomed with every tile `DemoTiles` plans uploaded, in a window of
    /// `canvas` points at `scale` pixels a point: each page's coarse image pure red, each tile
    /// pure green, so a pixel's level is its colour.
    @MainActor
    static func render(_ r: OffscreenRenderer, book: Book, zoom: BookZoom, display: (width: Int, height: Int), canvas: Size,
                       scale: Double) throws -> Image {
        for p in 0..<book.pageCount {
            try r.renderer.setImage(Image(width: display.width, height: display.height, fill: (255, 0, 0, 255)), for: book.handle(forPage: p))
        }
        let tiles = DemoTiles()
        let window = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        tiles.update(book: book, zoom: zoom, window: window, displaySize: display, handle: { ContentHandle($0) }, isUploaded: { _ in true })
        for key in tiles.wanted {
            guard let k = TilePlanner.Key(packed: key),
                  let tile = DemoPages.tilePlanner.tile(k, fitWidth: display.width, fitHeight: display.height) else { continue }
            if r.renderer.textureSize(for: ContentHandle(key)) == nil {
                try r.renderer.setImage(Image(width: tile.raster.width, height: tile.raster.height, fill: (0, 255, 0, 255)), for: ContentHandle(key))
            }
        }
        return try r.render(book.root, size: canvas, scale: scale, antialiasing: .analytic, background: .black)
    }

    /// Pixels drawn from a coarse level (red over green), and of those the ones in a band: with
    /// another such pixel beside them (left, right, above or below).
    static func coarsePixels(_ image: Image) -> (all: [(x: Int, y: Int)], inBands: Int) {
        func isCoarse(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return false }
            let p = image.pixel(x, y)
            return Int(p.r) > Int(p.g) + 16
        }
        var all: [(x: Int, y: Int)] = [], inBands = 0
        for y in 0..<image.height {
            for x in 0..<image.width where isCoarse(x, y) {
                all.append((x, y))
                if isCoarse(x - 1, y) || isCoarse(x + 1, y) || isCoarse(x, y - 1) || isCoarse(x, y + 1) { inBands += 1 }
            }
        }
        return (all, inBands)
    }

    func testEveryPixelOfAZoomedPageAndOfItsTurningLeafIsDrawnFromATile() throws {
        try MainActor.assumeIsolated {
            let r = try OffscreenRenderer()
            var isolated = 0, inBands = 0, frames = 0
            // In its view at one pixel a point, and framed in a window with margins (the zoomed
            // pages reach into them, as in the demo) at two.
            for (effect, framed) in [(CurlLeafEffect() as any LeafEffect, false), (FlipLeafEffect(), false), (FoldLeafEffect(), false),
                                     (CurlLeafEffect(), true)] {
                for layout in [BookLayout.single, .spread] {
                    let view = layout == .spread ? Size(width: 640, height: 400) : Size(width: 360, height: 400)
                    let scale = framed ? 2.0 : 1.0
                    let display = layout == .spread ? (width: Int(320 * scale), height: Int(400 * scale)) : (width: Int(360 * scale), height: Int(400 * scale))
                    let origin = framed ? Point(x: 24, y: 18) : Point(x: 0, y: 0)
                    let canvas = Size(width: view.width + 2 * origin.x, height: view.height + 2 * origin.y)
                    let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, scale: scale, layout: layout, effect: effect))
                    for (magnification, about) in [(3.37, Point(x: 211.3, y: 137.7)), (2.71, Point(x: 97.4, y: 301.2)), (3.9, Point(x: 300.6, y: 250.1)),
                                           (3.8, Point(x: 181.3, y: 200.1))] {
                        var zoom = try BookZoom(viewSize: view)
                        zoom.origin = origin
                        zoom.zoom(by: magnification, about: Point(x: about.x + origin.x, y: about.y + origin.y))
                        zoom.apply(to: book)
                        for progress in [nil, 0.1, 0.3, 0.55, 0.88] {
                            if let progress {
                                try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                            } else {
                                try book.setOpening(1)
                            }
                            let image = try Self.render(r, book: book, zoom: zoom, display: display, canvas: canvas, scale: scale)
                            let coarse = Self.coarsePixels(image)
                            let name = "\(type(of: effect)) \(layout)\(framed ? " framed" : "") zoom \(magnification) \(progress.map { "progress \($0)" } ?? "at rest")"
                            if !coarse.all.isEmpty, let dump = ProcessInfo.processInfo.environment["TILE_DUMP"] {
                                try image.writePNG(path: "\(dump)/coverage-\(name.replacingOccurrences(of: " ", with: "-")).png")
                            }
                            isolated += coarse.all.count - coarse.inBands
                            XCTAssertEqual(coarse.all.count, 0, "\(name): \(coarse.all.count) pixels at the coarse level, first \(coarse.all.prefix(4))")
                            inBands += coarse.inBands
                            XCTAssertEqual(coarse.inBands, 0, "\(name): \(coarse.inBands) pixels in bands at the coarse level, first \(coarse.all.prefix(4))")
                            frames += 1
                        }
                    }
                }
            }
            print("tile coverage: \(frames) frames, \(inBands) coarse pixels in bands, \(isolated) alone")
            // Not one lone pixel either: a seam of the curl's sheet is split at its tiles' cut
            // points, so the patches and their pieces decide a pixel on it alike. Before, 15 lone
            // pixels on those seams showed the coarse level (3 at one pixel a point, 12 at two).
            XCTAssertEqual(isolated, 0, "lone coarse pixels")
            XCTAssertEqual(frames, 4 * 2 * 4 * 5)
        }
    }
}
