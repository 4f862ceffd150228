import XCTest
import Foundation
import FolioBook
import FolioGeometry
import FolioLayers
import FolioTessellation
@_spi(Benchmarks) @testable import FolioRender

/// A page in flight uploaded finer than its resting size is read from the mipmap level at its
/// resting size wherever a draw shows it no larger than at rest (issue 41,
/// `QuadRenderer+RestingLevel.swift`): one bilinear fetch, as its resting upload took.
final class RestingLevelSamplingTests: XCTestCase {
    /// The lower bound on the shortest texel step holds everywhere in its box against the exact
    /// projective map (its Jacobian's smaller singular value, by finite differences on a
    /// dense grid) and is within 10% of the smallest, for a layer turned 10–70° about an edge.
    func testTheShortestTexelStepBoundHoldsEverywhereInItsBox() throws {
        let d = 400.0
        for angle in [10.0, 30.0, 50.0, 70.0] {
            let (c, s) = (cos(angle * .pi / 180), sin(angle * .pi / 180))
            func project(_ p: (Double, Double)) -> (x: Double, y: Double, w: Double) {
                let (x, y, z) = (100 + p.0 * c, 50 + p.1, p.0 * s)
                let w = (d - z) / d
                return (x / w, y / w, w)
            }
            let corners = [(0.0, 0.0), (100, 0), (100, 100), (0, 100)].map { p in
                let v = project(p)
                return Corner(x: v.x, y: v.y, w: v.w, local: Point(x: p.0, y: p.1), fades: false)
            }
            let box = (minX: corners.map(\.x).min()! - 2, minY: corners.map(\.y).min()! - 2,
                       maxX: corners.map(\.x).max()! + 2, maxY: corners.map(\.y).max()! + 2)
            let texels = (3.0, 2.0)
            let bound = try XCTUnwrap(QuadRenderer.shortestTexelStepBound(corners[...], texelsPerPoint: texels, over: box), "\(angle)°")
            // The exact inverse of the projection (as in UnmipmappedSamplingTests).
            func local(_ x: Double, _ y: Double) -> (Double, Double) {
                let u = d * (x - 100) / (d * c + x * s)
                return (u, y * (d - u * s) / d - 50)
            }
            var smallest = Double.infinity
            let h = 1e-4
            for j in 0...60 {
                for i in 0...60 {
                    let x = box.minX + (box.maxX - box.minX) * Double(i) / 60, y = box.minY + (box.maxY - box.minY) * Double(j) / 60
                    let (l, lx, ly) = (local(x, y), local(x + h, y), local(x, y + h))
                    // The Jacobian's columns, texels per pixel step along x and y.
                    let (a, cc) = (texels.0 * (lx.0 - l.0) / h, texels.1 * (lx.1 - l.1) / h)
                    let (b, dd) = (texels.0 * (ly.0 - l.0) / h, texels.1 * (ly.1 - l.1) / h)
                    // Its smaller singular value: the square root of MᵀM's smaller eigenvalue.
                    let (p, q, r) = (a * a + cc * cc, a * b + cc * dd, b * b + dd * dd)
                    let eigen = (p + r) / 2 - (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()
                    smallest = min(smallest, max(0, eigen).squareRoot())
                }
            }
            XCTAssertLessThanOrEqual(bound, smallest * (1 + 1e-6), "\(angle)°: the bound holds")
            XCTAssertGreaterThan(bound, smallest * 0.9, "\(angle)°: the bound is tight")
            let early = try XCTUnwrap(QuadRenderer.shortestTexelStepBound(corners[...], texelsPerPoint: texels, over: box,
                                                                          stoppingBelow: smallest * 2))
            XCTAssertLessThan(early, smallest * 2, "\(angle)°: stopping early still says 'below'")
        }
    }

    /// Only a power of two at most 16 names a resting level, and only where the image has it.
    func testTheRestingLevelIsTheRasterScalesPowerOfTwo() {
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 1, width: 640, height: 800), 0)
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 2, width: 1280, height: 1600), 1)
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 4, width: 1280, height: 1600), 2)
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 1.5, width: 960, height: 1200), 0, "no level holds 1/1.5")
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 32, width: 4096, height: 4096), 0, "past the samplers")
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: 4, width: 2, height: 8), 0, "a 2-texel image has no level 2")
        XCTAssertEqual(QuadRenderer.restingLevel(rasterScale: .nan, width: 64, height: 64), 0)
    }

    /// A page uploaded at 2 × 2 with `rasterScale` 2 and shown flat at its resting size is read
    /// from level 1 alone: every pixel is the 2 × 2 box average of the fine image (computed
    /// here, ±1 for the mipmap's rounding). Shown twice as large (a zoom), the same upload is
    /// magnified and keeps level 0; shown a third as large it is minified past the resting
    /// upload's unmipmapped range and keeps its trilinear filtering. With the switch off no
    /// draw takes the resting level (what every draw did before).
    func testAFineUploadShownAtItsRestingSizeIsReadFromItsRestingLevel() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            guard !r.restingLevelSamplers.isEmpty else {
                // Only llvmpipe's level of detail is known exactly, so only there is the
                // resting level sampled apart; any other driver keeps full filtering throughout.
                return XCTAssertFalse(QuadRenderer.rendersWithLLVMpipe(), "llvmpipe renders without resting-level samplers")
            }
            defer { r.samplesUnminifiedWithoutMipmaps = true }
            let size = Size(width: 160, height: 200)
            let handle = ContentHandle(9_101)
            defer { r.removeImage(for: handle) }
            let fine = SamplePages.page(5, width: 320, height: 400)
            try r.setImage(fine, for: handle, rasterScale: 2)
            let page = Layer(name: "page")
            page.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            page.position = Point(x: size.width / 2, y: size.height / 2)
            page.contents = handle
            let shown = try offscreen.render(page, size: size, scale: 1, background: .clear)
            XCTAssertEqual(r.lastFrame.restingLevelDrawCalls, r.lastFrame.drawCalls, "every draw reads the resting level")
            XCTAssertGreaterThan(r.lastFrame.drawCalls, 0)
            var worst = 0
            for y in 0..<Int(size.height) {
                for x in 0..<Int(size.width) {
                    for c in 0..<4 {
                        var sum = 0
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] { sum += Int(fine.pixels[((2 * y + dy) * fine.width + 2 * x + dx) * 4 + c]) }
                        worst = max(worst, abs(Int(shown.pixels[(y * shown.width + x) * 4 + c]) - (sum + 2) / 4))
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "the resting level is the fine image's 2 × 2 box average")

            _ = try offscreen.render(page, size: size, scale: 2, background: .clear)
            XCTAssertEqual(r.lastFrame.restingLevelDrawCalls, 0, "zoomed 2 ×, the fine level shows its detail")
            _ = try offscreen.render(page, size: size, scale: 1.0 / 3, background: .clear)
            XCTAssertEqual(r.lastFrame.restingLevelDrawCalls, 0, "a third the size, the page keeps its mipmaps")

            r.samplesUnminifiedWithoutMipmaps = false
            _ = try offscreen.render(page, size: size, scale: 1, background: .clear)
            XCTAssertEqual(r.lastFrame.restingLevelDrawCalls, 0, "the switch turns it off")
        }
    }

    /// Every page of a spread uploaded at 2 × 2: at rest every page draw reads its resting
    /// level; the flip's leaf rising toward the viewer (magnified along the spine) never does,
    /// while the pages lying flat beside it still do; the curl's flat part does in mid-turn.
    /// Pixels of the pages lying flat match the frame drawn with the sampler switched off
    /// (trilinear over levels 0 and 1 at λ = ¼) within 1 step: the same box average.
    func testOnlyDrawsThatMagnifyNothingReadTheRestingLevel() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            guard !r.restingLevelSamplers.isEmpty else {
                // Only llvmpipe's level of detail is known exactly, so only there is the
                // resting level sampled apart; any other driver keeps full filtering throughout.
                return XCTAssertFalse(QuadRenderer.rendersWithLLVMpipe(), "llvmpipe renders without resting-level samplers")
            }
            defer { r.samplesUnminifiedWithoutMipmaps = true }
            let size = Size(width: 480, height: 300)
            for effect in [FlipLeafEffect(), CurlLeafEffect()] as [any LeafEffect] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
                for page in 0..<8 {
                    try r.setImage(SamplePages.page(page + 1, width: 480, height: 600), for: book.handle(forPage: page), rasterScale: 2)
                }
                defer { for page in 0..<8 { r.removeImage(for: book.handle(forPage: page)) } }
                let name = "\(type(of: effect))"
                try book.setLeaves([])
                let rest = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                XCTAssertGreaterThan(r.lastFrame.restingLevelDrawCalls, 0, "\(name) at rest")
                r.samplesUnminifiedWithoutMipmaps = false
                let restTrilinear = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                r.samplesUnminifiedWithoutMipmaps = true
                let difference = zip(rest.pixels, restTrilinear.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(difference, 1, "\(name) at rest: level 1 alone is the trilinear blend's box average")

                try book.setLeaves([BookLeaf(index: 2, progress: effect is FlipLeafEffect ? 0.2 : 0.6)])
                _ = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                let (resting, draws) = (r.lastFrame.restingLevelDrawCalls, r.lastFrame.drawCalls)
                XCTAssertGreaterThan(resting, 0, "\(name) in mid-turn: the pages lying flat read their resting level")
                XCTAssertLessThan(resting, draws, "\(name) in mid-turn: the magnified leaf keeps the fine level")
            }
        }
    }
}
