import XCTest
import CGL
import Foundation
import FolioBook
import FolioGeometry
@_spi(Benchmarks) @testable import FolioRender

/// A page in flight rasterised at the book's raster scale (`PageMagnification.finerRasterScale`,
/// 1.5 times its resting size) and sampled with the fine raster's bias (−¾) is read from one
/// mipmap level wherever a draw shows it at its resting size or larger, and without mipmaps where
/// a whole draw's level of detail stays at or below ½ (issue 41: the window frame's cost,
/// docs/performance.md).
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
                    // Early in its turn the flip's leaf, foreshortened across, has a level of
                    // detail of at most ½ (QuadRenderer.fineRasterUnmipmappedLevel): no mipmaps.
                    XCTAssertEqual(unmipmapped, draws, "\(name) early in its turn: no draw keeps its mipmaps")
                    try book.setLeaves([BookLeaf(index: 2, progress: 0.4)])
                    _ = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                    XCTAssertLessThan(r.lastFrame.unmipmappedDrawCalls, r.lastFrame.drawCalls, "\(name) in mid-turn: the foreshortened leaf keeps its mipmaps")
                }
            }
        }
    }

    /// The flip's leaf early in its turn, its pages at the book's raster scale: the renderer
    /// samples it without mipmaps because its level of detail stays at or below ½ over the
    /// draw, and so the frame is, byte for byte, the frame the GL draws with the texture's own
    /// nearest-level mipmap filter (`GL_LINEAR_MIPMAP_NEAREST`, the fine raster's bias, no sampler
    /// object), which reads level 0 wherever λ ≤ ½: the driver's own λ is the oracle of the
    /// renderer's bound. Trilinear filtering (the rule before, λ ≤ −0.01) differs from it.
    func testTheFlipsLeafEarlyInItsTurnReadsTheLevelTheNearestLevelFilterReads() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            guard r.unmipmappedSampler != 0 else { return }
            let size = Size(width: 480, height: 300)
            let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: FlipLeafEffect()))
            let raster = book.largestRasterScale
            let (w, h) = raster.pixels(width: 240, height: 300)
            for page in 0..<8 {
                try r.setImage(SamplePages.page(page + 1, width: w, height: h), for: book.handle(forPage: page), rasterScale: raster.largest)
            }
            defer { for page in 0..<8 { r.removeImage(for: book.handle(forPage: page)) } }
            @MainActor func setMinFilter(_ filter: GLint) {
                for page in 0..<8 {
                    guard let id = r.textures[book.handle(forPage: page)]?.id else { continue }
                    glBindTexture(GLenum(GL_TEXTURE_2D), id)
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
                }
            }
            try book.setLeaves([BookLeaf(index: 2, progress: 0.25)])
            let shown = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
            XCTAssertEqual(r.lastFrame.unmipmappedDrawCalls, r.lastFrame.drawCalls, "every draw without mipmaps")
            let saved = r.samplesUnminifiedWithoutMipmaps
            r.samplesUnminifiedWithoutMipmaps = false
            defer { r.samplesUnminifiedWithoutMipmaps = saved; setMinFilter(GL_LINEAR_MIPMAP_LINEAR) }
            setMinFilter(GL_LINEAR_MIPMAP_NEAREST)
            let nearest = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
            setMinFilter(GL_LINEAR_MIPMAP_LINEAR)
            let trilinear = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
            func differing(_ a: Image, _ b: Image) -> Int { (0..<(a.width * a.height)).filter { a.pixels[$0 * 4..<$0 * 4 + 4] != b.pixels[$0 * 4..<$0 * 4 + 4] }.count }
            let (vsNearest, vsTrilinear) = (differing(shown, nearest), differing(shown, trilinear))
            print("flip 0.25 without mipmaps: \(vsNearest) pixels differ from the nearest-level filter's frame, \(vsTrilinear) from trilinear's")
            XCTAssertEqual(vsNearest, 0, "the nearest-level filter reads level 0 wherever the renderer's bound says λ ≤ ½")
            XCTAssertGreaterThan(vsTrilinear, 0, "trilinear blends level 1 in where λ > 0")
        }
    }
}
