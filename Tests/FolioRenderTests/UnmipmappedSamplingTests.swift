import XCTest
import Foundation
import FolioBook
import FolioGeometry
import FolioLayers
import FolioTessellation
@_spi(Benchmarks) @testable import FolioRender

/// Pages a draw does not minify are sampled without their mipmaps (issue 29,
/// `QuadRenderer+Sampling.swift`): the same pixels as trilinear sampling, drawn cheaper.
final class UnmipmappedSamplingTests: XCTestCase {
    /// ρ, the texels one pixel step covers along its longer axis, for polygons parallel to
    /// the view plane, computed against the affine map by hand; nil in perspective.
    func testTexelsPerPixelIsTheLongerTexelStepOfAFlatPolygon() throws {
        func corner(_ x: Double, _ y: Double, w: Double = 1, local: (Double, Double)) -> Corner {
            Corner(x: x, y: y, w: w, local: Point(x: local.0, y: local.1), fades: false)
        }
        // A 100 × 50 point layer drawn 200 × 100 pixels, texture 400 × 100 texels: along x one
        // pixel is 0.5 point = 2 texels, along y 0.5 point = 1 texel.
        let square: [Corner] = [corner(10, 10, local: (0, 0)), corner(210, 10, local: (100, 0)),
                                corner(210, 110, local: (100, 50)), corner(10, 110, local: (0, 50))]
        let rho = try XCTUnwrap(QuadRenderer.texelsPerPixel(square[...], texelsPerPoint: (4, 2)))
        XCTAssertEqual(rho, 2, accuracy: 1e-12)
        // Turned 30° in the view plane and drawn at 1.5 pixels per point: every pixel step
        // covers 1/1.5 point in some direction of the layer, 2/1.5 texels at 2 texels a point.
        let (c, s, k) = (cos(Double.pi / 6), sin(Double.pi / 6), 1.5)
        let turned = [(0.0, 0.0), (100, 0), (100, 50), (0, 50)].map { p in
            corner(300 + k * (c * p.0 - s * p.1), 200 + k * (s * p.0 + c * p.1), w: 2, local: p)
        }
        let turnedRho = try XCTUnwrap(QuadRenderer.texelsPerPixel(turned[...], texelsPerPoint: (2, 2)))
        XCTAssertEqual(turnedRho, 2 / 1.5, accuracy: 1e-12)
        // In perspective (corners at different w) ρ varies over the polygon: not answered.
        var tilted = square
        tilted[1].w = 1.2
        XCTAssertNil(QuadRenderer.texelsPerPixel(tilted[...], texelsPerPoint: (4, 2)))
        // Edge-on: no area, no answer.
        let line = [corner(0, 0, local: (0, 0)), corner(10, 0, local: (50, 0)), corner(20, 0, local: (100, 0))]
        XCTAssertNil(QuadRenderer.texelsPerPixel(line[...], texelsPerPoint: (1, 1)))
    }

    /// A spread at rest and mid-turn, in every effect and antialiasing mode, drawn with the
    /// unminified pages sampled without mipmaps and with every page sampled trilinearly:
    /// byte-identical, and the pages at rest are the draws that skip the mipmaps — the turning
    /// leaf (in perspective) never does.
    func testUnminifiedPagesDrawTheSamePixelsWithoutMipmaps() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.samplesUnminifiedWithoutMipmaps = true; r.antialiasing = .analytic }
            let size = Size(width: 480, height: 300)
            var skipped = 0
            for effect in [FlipLeafEffect(), FoldLeafEffect(), CurlLeafEffect()] as [any LeafEffect] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
                // Rasters a little coarser than the pages are shown (magnified 1.2 ×): unminified
                // under OpenGL ES too, which has no level-of-detail bias.
                for page in 0..<8 {
                    try r.setImage(SamplePages.page(page + 1, width: 200, height: 250), for: book.handle(forPage: page))
                }
                for leaves in [[], [BookLeaf(index: 2, progress: 0.3)]] {
                    try book.setLeaves(leaves)
                    for aa in AntialiasingMode.allCases {
                        r.samplesUnminifiedWithoutMipmaps = true
                        let plain = try offscreen.render(book.root, size: size, scale: 1, antialiasing: aa)
                        let unmipmapped = r.lastFrame.unmipmappedDrawCalls
                        r.samplesUnminifiedWithoutMipmaps = false
                        let trilinear = try offscreen.render(book.root, size: size, scale: 1, antialiasing: aa)
                        XCTAssertEqual(r.lastFrame.unmipmappedDrawCalls, 0)
                        let what = "\(type(of: effect)), \(leaves.isEmpty ? "at rest" : "mid-turn"), \(aa)"
                        XCTAssertEqual(plain.pixels, trilinear.pixels, "\(what): sampling without mipmaps changed pixels")
                        XCTAssertGreaterThan(unmipmapped, 0, "\(what): the pages at rest skip their mipmaps")
                        if !leaves.isEmpty {
                            XCTAssertLessThan(unmipmapped, r.lastFrame.drawCalls, "\(what): the turning leaf keeps its mipmaps")
                        }
                        skipped += unmipmapped
                    }
                }
            }
            print("unmipmapped sampling: \(skipped) draws sampled without mipmaps, every frame byte-identical")
        }
    }

    /// The level of detail decides: a page shown at its raster's size or up to √2 × smaller
    /// (λ = log2 ρ − ½ ≤ 0, magnification; under OpenGL ES, with no bias, only a page shown
    /// larger than its raster) skips its mipmaps with the same pixels; shown 1.5 × smaller
    /// (λ > 0) it is minified and sampled trilinearly; an app's texture, or one whose
    /// sampling `setSampling` changed, always keeps its own filtering.
    func testOnlyUnminifiedFolioUploadsSkipTheirMipmaps() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.samplesUnminifiedWithoutMipmaps = true }
            let size = Size(width: 200, height: 250)
            let handle = ContentHandle(9_001)
            defer { r.removeImage(for: handle) }
            let page = Layer(name: "page")
            page.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            page.position = Point(x: size.width / 2, y: size.height / 2)
            page.contents = handle
            // Desktop GL applies the uploads' bias of −½; OpenGL ES has none.
            let bias = r.profile == .gles30 ? 0 : Double(QuadRenderer.levelOfDetailBias)
            for texelsPerPixel in [0.5, 0.8, 1.0, 1.3, 1.5, 2.0] {
                let skips = log2(texelsPerPixel) + bias <= -QuadRenderer.unmipmappedMargin
                let image = SamplePages.page(3, width: Int(size.width * texelsPerPixel), height: Int(size.height * texelsPerPixel))
                try r.setImage(image, for: handle)
                r.samplesUnminifiedWithoutMipmaps = true
                let plain = try offscreen.render(page, size: size, scale: 1)
                XCTAssertEqual(r.lastFrame.unmipmappedDrawCalls > 0, skips, "\(texelsPerPixel) texels a pixel")
                r.samplesUnminifiedWithoutMipmaps = false
                let trilinear = try offscreen.render(page, size: size, scale: 1)
                XCTAssertEqual(plain.pixels, trilinear.pixels, "\(texelsPerPixel) texels a pixel")
            }
            r.samplesUnminifiedWithoutMipmaps = true
            try r.setImage(SamplePages.page(3, width: Int(size.width), height: Int(size.height)), for: handle)
            r.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
            _ = try offscreen.render(page, size: size, scale: 1)
            XCTAssertEqual(r.lastFrame.unmipmappedDrawCalls, 0, "sampling set by the app is its own")
        }
    }
}
