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
    /// `root` drawn twice by the shared offscreen renderer: with unminified pages sampled
    /// without mipmaps, then with every page sampled trilinearly. Both pictures, and the first
    /// frame's draws without mipmaps and draws in all (the second frame's must be 0 without).
    @MainActor
    static func bothWays(_ root: Layer, size: Size, antialiasing aa: AntialiasingMode = .analytic) throws
        -> (plain: Image, trilinear: Image, unmipmapped: Int, draws: Int) {
        let offscreen = SharedRenderer.offscreen
        let r = offscreen.renderer
        defer { r.samplesUnminifiedWithoutMipmaps = true }
        r.samplesUnminifiedWithoutMipmaps = true
        let plain = try offscreen.render(root, size: size, scale: 1, antialiasing: aa)
        let (unmipmapped, draws) = (r.lastFrame.unmipmappedDrawCalls, r.lastFrame.drawCalls)
        r.samplesUnminifiedWithoutMipmaps = false
        let trilinear = try offscreen.render(root, size: size, scale: 1, antialiasing: aa)
        XCTAssertEqual(r.lastFrame.unmipmappedDrawCalls, 0, "the switch turns the sampler off")
        return (plain, trilinear, unmipmapped, draws)
    }

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

    /// In perspective ρ varies over the polygon: `texelsPerPixelBound` is at least every
    /// derivative of the texture coordinates over its box (checked against the exact
    /// projective map on a dense grid), within a few per cent of the largest, and nil where the
    /// box reaches past the horizon.
    func testTheBoundInPerspectiveHoldsEverywhereInItsBox() throws {
        // A 100 × 100 point layer turned `angle` about its left edge (the y axis), seen from
        // 400 points in front of the view plane, 1 pixel per point: x' = d·x/(d − z).
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
            let bound = try XCTUnwrap(QuadRenderer.texelsPerPixelBound(corners[...], texelsPerPoint: texels, over: box), "\(angle)°")
            // The exact inverse: the pixel (X, Y) on the plane is the local point (u, v) with
            // X = d(100 + u c)/(d − u s): u = d(X − 100)/(d c + X s); and Y = d(50 + v)/(d − u s).
            func local(_ x: Double, _ y: Double) -> (Double, Double) {
                let u = d * (x - 100) / (d * c + x * s)
                return (u, y * (d - u * s) / d - 50)
            }
            var largest = 0.0
            let h = 1e-4
            for j in 0...60 {
                for i in 0...60 {
                    let x = box.minX + (box.maxX - box.minX) * Double(i) / 60, y = box.minY + (box.maxY - box.minY) * Double(j) / 60
                    let (l, lx, ly) = (local(x, y), local(x + h, y), local(x, y + h))
                    let alongX = (texels.0 * (lx.0 - l.0) / h, texels.1 * (lx.1 - l.1) / h)
                    let alongY = (texels.0 * (ly.0 - l.0) / h, texels.1 * (ly.1 - l.1) / h)
                    largest = max(largest, (alongX.0 * alongX.0 + alongX.1 * alongX.1).squareRoot(),
                                  (alongY.0 * alongY.0 + alongY.1 * alongY.1).squareRoot())
                }
            }
            XCTAssertGreaterThanOrEqual(bound, largest * (1 - 1e-6), "\(angle)°: the bound holds")
            XCTAssertLessThan(bound, largest * 1.05, "\(angle)°: the bound is tight")
            // Asked only whether ρ stays below half its largest value, it answers with more.
            let early = try XCTUnwrap(QuadRenderer.texelsPerPixelBound(corners[...], texelsPerPoint: texels, over: box,
                                                                       stoppingAbove: largest / 2))
            XCTAssertGreaterThan(early, largest / 2, "\(angle)°: stopping early still says 'above'")
        }
        // A layer receding toward a horizon 50 pixels to the right (w = 1 + x/50, so the
        // pixel x/w never reaches 50): a box reaching past it has no bound.
        let near = [(0.0, 0.0), (100, 0), (100, 100), (0, 100)].map { p in
            let w = 1 + p.0 / 50
            return Corner(x: p.0 / w, y: p.1 / w, w: w, local: Point(x: p.0, y: p.1), fades: false)
        }
        XCTAssertNotNil(QuadRenderer.texelsPerPixelBound(near[...], texelsPerPoint: (1, 1), over: (-2, -2, 40, 40)))
        XCTAssertNil(QuadRenderer.texelsPerPixelBound(near[...], texelsPerPoint: (1, 1), over: (0, 0, 10_000, 10_000)))
    }

    /// A spread at rest and mid-turn, in every effect and antialiasing mode, drawn with the
    /// unminified pages sampled without mipmaps and with every page sampled trilinearly:
    /// byte-identical; the pages at rest always skip the mipmaps, a leaf barely lifted skips
    /// them too, and the flip's leaf foreshortened 54° keeps them.
    func testUnminifiedPagesDrawTheSamePixelsWithoutMipmaps() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.samplesUnminifiedWithoutMipmaps = true; r.antialiasing = .analytic }
            let size = Size(width: 480, height: 300)
            var skipped = 0
            for effect in [FlipLeafEffect(), FoldLeafEffect(), CurlLeafEffect()] as [any LeafEffect] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
                // Rasters a little coarser than the pages are shown (magnified 1.2 ×).
                for page in 0..<8 {
                    try r.setImage(SamplePages.page(page + 1, width: 200, height: 250), for: book.handle(forPage: page))
                }
                for leaves in [[], [BookLeaf(index: 2, progress: 0.3)], [BookLeaf(index: 2, progress: 0.08)],
                               [BookLeaf(index: 2, progress: 0.9)], [BookLeaf(index: 2, progress: 0.7), BookLeaf(index: 3, progress: 0.2)]] {
                    try book.setLeaves(leaves)
                    for aa in AntialiasingMode.allCases {
                        let (plain, trilinear, unmipmapped, draws) = try Self.bothWays(book.root, size: size, antialiasing: aa)
                        let what = "\(type(of: effect)), \(leaves.isEmpty ? "at rest" : "leaves \(leaves.map(\.progress))"), \(aa)"
                        XCTAssertEqual(plain.pixels, trilinear.pixels, "\(what): sampling without mipmaps changed pixels")
                        XCTAssertGreaterThan(unmipmapped, 0, "\(what): the pages at rest skip their mipmaps")
                        if leaves.count == 1 && leaves[0].progress == 0.08 {
                            XCTAssertEqual(unmipmapped, draws, "\(what): a leaf barely lifted is not minified anywhere")
                        }
                        if effect is FlipLeafEffect && leaves.count == 1 && leaves[0].progress == 0.3 {
                            XCTAssertLessThan(unmipmapped, draws, "\(what): the leaf foreshortened 54° keeps its mipmaps")
                        }
                        skipped += unmipmapped
                    }
                }
            }
            print("unmipmapped sampling: \(skipped) draws sampled without mipmaps, every frame byte-identical")
        }
    }

    /// Through a whole turn, in small steps, a leaf in perspective crosses the level of detail's
    /// threshold: sampled without mipmaps wherever the bound allows, the frame is
    /// byte-identical to trilinear sampling at every step. The rasters are the size the pages
    /// are shown and a quarter finer, under OpenGL ES as under desktop GL (its choice takes the
    /// bias too; it once took none, and ran this test with rasters a fifth and a tenth coarser).
    func testALeafInPerspectiveDrawsTheSamePixelsThroughTheWholeTurn() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.samplesUnminifiedWithoutMipmaps = true }
            let size = Size(width: 480, height: 300)
            let (shown, finer) = (1.0, 1.25)
            for (effect, raster) in [(FlipLeafEffect() as any LeafEffect, shown), (FoldLeafEffect(), shown), (FlipLeafEffect(), finer)] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
                for page in 0..<8 {
                    try r.setImage(SamplePages.page(page + 1, width: Int(240 * raster), height: Int(300 * raster)), for: book.handle(forPage: page))
                }
                var leafSkipped = 0, leafKept = 0
                for step in 0..<25 {
                    let progress = 0.02 + 0.04 * Double(step)
                    try book.setLeaves([BookLeaf(index: 2, progress: progress)])
                    let (plain, trilinear, unmipmapped, draws) = try Self.bothWays(book.root, size: size)
                    XCTAssertEqual(plain.pixels, trilinear.pixels, "\(type(of: effect)) at \(progress), rasters × \(raster)")
                    if unmipmapped == draws { leafSkipped += 1 } else { leafKept += 1 }
                }
                // Both sides of the threshold are crossed: the test compares both kinds of draw.
                XCTAssertGreaterThan(leafSkipped, 0, "\(type(of: effect)), rasters × \(raster): some poses skip the mipmaps")
                XCTAssertGreaterThan(leafKept, 0, "\(type(of: effect)), rasters × \(raster): some poses keep them")
            }
        }
    }

    /// The level of detail decides: a page shown at its raster's size or up to √2 × smaller
    /// (λ = log2 ρ − ½ ≤ 0, magnification; under OpenGL ES too, whose shader adds the bias)
    /// skips its mipmaps with the same pixels; shown 1.5 × smaller
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
            // Both profiles decide with the uploads' bias of −½ (OpenGL ES's shader adds it to
            // the samples; before, its decision took none: 1.0 and 1.3 texels a pixel kept mipmaps).
            let bias = Double(QuadRenderer.levelOfDetailBias)
            for texelsPerPixel in [0.5, 0.8, 1.0, 1.3, 1.5, 2.0] {
                let skips = log2(texelsPerPixel) + bias <= -QuadRenderer.unmipmappedMargin
                let image = SamplePages.page(3, width: Int(size.width * texelsPerPixel), height: Int(size.height * texelsPerPixel))
                try r.setImage(image, for: handle)
                let (plain, trilinear, unmipmapped, _) = try Self.bothWays(page, size: size)
                XCTAssertEqual(unmipmapped > 0, skips, "\(texelsPerPixel) texels a pixel")
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
