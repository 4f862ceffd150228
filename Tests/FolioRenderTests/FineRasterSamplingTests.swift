import XCTest
import Foundation
import FolioBook
import FolioGeometry
@_spi(Benchmarks) @testable import FolioRender

/// A page in flight rasterised at the book's raster scale (`PageMagnification.finerRasterScale`,
/// 1.62 times its resting size) and sampled with the fine raster's bias (−¾) is read from one
/// mipmap level wherever a draw shows it at its resting size or larger, and without mipmaps where
/// that holds over a whole draw (issue 41: the window frame's cost, docs/performance.md).
final class FineRasterSamplingTests: XCTestCase {
    /// The level of detail of the book's finer raster shown at its resting size, from the
    /// raster's pixel size (rounded up, as `PageMagnification.pixels` makes it) and the bias the
    /// renderer gives such an upload, lies at or below −`unmipmappedMargin` along both axes at
    /// every page size, so the renderer binds its sampler without mipmaps there; and the raster
    /// still holds the flip's magnification (1.27 along the spine). At 2 × 2 it was +¼.
    func testTheBooksFinerRasterShownAtItsRestingSizeHasALevelOfDetailBelowZero() {
        let turn = PageMagnification(horizontal: 1.10, vertical: 1.27)
        let raster = turn.rasterScale
        let bias = Double(QuadRenderer.levelOfDetailBias(rasterScale: raster.largest))
        XCTAssertEqual(bias, -0.75)
        for (w, h) in [(120, 160), (240, 300), (333, 517), (640, 800), (960, 1200), (1280, 1600), (2048, 2732)] {
            let p = raster.pixels(width: w, height: h)
            for (fine, rest) in [(p.width, w), (p.height, h)] {
                let lod = log2(Double(fine) / Double(rest)) + bias
                XCTAssertLessThanOrEqual(lod, -QuadRenderer.unmipmappedMargin, "\(w)×\(h) → \(p.width)×\(p.height)")
                XCTAssertGreaterThanOrEqual(Double(fine) / Double(rest), turn.largest, "\(w)×\(h): the turn's detail is there")
            }
        }
    }

    /// Every page of a spread uploaded at the book's raster scale: at rest every page draw is
    /// sampled without mipmaps (one bilinear fetch, no level of detail), none from a resting
    /// level (its levels lie off the resting size's grid); in mid-turn the curl's flat part and
    /// its turned part (magnified 1.045, parallel to the page) are too, while the flip's leaf,
    /// foreshortened across, keeps its mipmaps.
    func testAPageInFlightShownAtItsRestingSizeOrLargerIsSampledWithoutMipmaps() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            // Only llvmpipe's level of detail is known exactly, and OpenGL ES has no bias: there
            // a finer raster keeps its trilinear filtering (QuadRenderer+Sampling.swift).
            guard r.unmipmappedSampler != 0, r.profile != .gles30 else { return }
            let size = Size(width: 480, height: 300)
            for effect in [CurlLeafEffect(), FlipLeafEffect()] as [any LeafEffect] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
                let raster = book.largestRasterScale
                XCTAssertEqual(raster, PageMagnification(horizontal: PageMagnification.finerRasterScale, vertical: PageMagnification.finerRasterScale))
                let (w, h) = raster.pixels(width: 240, height: 300)
                for page in 0..<8 {
                    try r.setImage(SamplePages.page(page + 1, width: w, height: h), for: book.handle(forPage: page), rasterScale: raster.largest)
                }
                defer { for page in 0..<8 { r.removeImage(for: book.handle(forPage: page)) } }
                let name = "\(type(of: effect))"
                try book.setLeaves([])
                _ = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                XCTAssertEqual(r.lastFrame.restingLevelDrawCalls, 0, "\(name) at rest")
                XCTAssertGreaterThanOrEqual(r.lastFrame.unmipmappedDrawCalls, 2, "\(name) at rest: both pages without mipmaps")

                try book.setLeaves([BookLeaf(index: 2, progress: effect is FlipLeafEffect ? 0.2 : 0.6)])
                _ = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                let (unmipmapped, draws) = (r.lastFrame.unmipmappedDrawCalls, r.lastFrame.drawCalls)
                print("\(name) in mid-turn: \(unmipmapped) of \(draws) draws without mipmaps")
                if effect is CurlLeafEffect {
                    // The two pages lying flat beside the leaf, its flat part and its turned part.
                    XCTAssertGreaterThanOrEqual(unmipmapped, 4, "\(name) in mid-turn")
                } else {
                    XCTAssertLessThan(unmipmapped, draws, "\(name) in mid-turn: the foreshortened leaf keeps its mipmaps")
                }
            }
        }
    }
}
