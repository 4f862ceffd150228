import XCTest
import Foundation
import FolioBook
import FolioGeometry
import FolioLayers
import CGL
@_spi(Benchmarks) @testable import FolioRender

/// A page in flight keeps its resting raster beside its finer one, and a draw that nothing
/// magnifies shows the resting raster (issue 41, `QuadRenderer+RestingRaster.swift`): the
/// resting upload's texels and sampling, so those pixels are the resting frame's exactly; the
/// finer raster only where the pose magnifies the page.
final class RestingRasterTests: XCTestCase {
    /// A solid colour no sample page has: where it shows, the finer raster was bound.
    static func marker(width: Int, height: Int) -> Image { Image(width: width, height: height, fill: (255, 0, 0, 255)) }

    static func isMarker(_ image: Image, _ i: Int) -> Bool {
        image.pixels[i * 4] == 255 && image.pixels[i * 4 + 1] == 0 && image.pixels[i * 4 + 2] == 0
    }

    /// The view the spreads below are shown in, points.
    static let size = Size(width: 480, height: 300)

    /// Runs `body` with an eight-page spread of `effect` in a `size` view, its sample pages
    /// uploaded to `r` at their resting size (`uploadSamples`), and lets the pages' textures go
    /// afterwards.
    @MainActor
    static func withSampleSpread(_ effect: any LeafEffect, on r: QuadRenderer, _ body: (Book) throws -> Void) throws {
        let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: effect))
        defer { for page in 0..<8 { r.removeImage(for: book.handle(forPage: page)) } }
        try uploadSamples(book, to: r)
        try body(book)
    }

    /// Uploads each of `book`'s eight sample pages to `r` at its resting size (240 × 300),
    /// replacing whatever its handle showed.
    @MainActor
    static func uploadSamples(_ book: Book, to r: QuadRenderer) throws {
        for page in 0..<8 { try r.setImage(SamplePages.page(page + 1, width: 240, height: 300), for: book.handle(forPage: page)) }
    }

    /// The second texture's lifetime: a finer upload keeps the resting upload it replaces (and
    /// a later finer upload keeps it again); `showRestingRaster` makes it the texture and
    /// deletes the finer one; a resting upload, `removeImage` and `removeRestingRaster` delete
    /// what they replace; nothing is kept from an upload of another aspect, from a texture
    /// `setSampling` changed, or with `keepsRestingRaster` false.
    func testAFinerUploadKeepsTheRestingUploadItReplacesUntilTheHandleLetsItGo() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen.renderer
            let handle = ContentHandle(9_201)
            defer { r.removeImage(for: handle) }
            @MainActor func ids() -> (GLuint?, GLuint?) { (r.textures[handle]?.id, r.textures[handle]?.restingRaster?.id) }
            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            let resting = try XCTUnwrap(ids().0)
            XCTAssertNil(r.restingRasterSize(for: handle), "a resting upload keeps nothing")
            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62)
            let fine = try XCTUnwrap(ids().0)
            XCTAssertEqual(ids().1, resting, "the finer upload keeps the resting one")
            XCTAssertTrue(r.restingRasterSize(for: handle).map { $0 == (100, 130) } ?? false)
            XCTAssertEqual(glIsTexture(resting), GLboolean(GL_TRUE))
            try r.setImage(SamplePages.page(1, width: 200, height: 260), for: handle, rasterScale: 2)
            XCTAssertEqual(ids().1, resting, "a finer upload replacing a finer one keeps the same resting raster")
            XCTAssertEqual(glIsTexture(fine), GLboolean(GL_FALSE), "the finer raster it replaced is deleted")
            let fine2 = try XCTUnwrap(ids().0)
            XCTAssertTrue(r.showRestingRaster(for: handle))
            XCTAssertEqual(ids().0, resting)
            XCTAssertNil(ids().1)
            XCTAssertEqual(glIsTexture(fine2), GLboolean(GL_FALSE), "landing deletes the finer raster")
            XCTAssertTrue(r.textureSize(for: handle).map { $0 == (100, 130) } ?? false)
            XCTAssertFalse(r.showRestingRaster(for: handle), "nothing kept: nothing changes")

            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62)
            XCTAssertTrue(r.removeRestingRaster(for: handle))
            XCTAssertEqual(glIsTexture(resting), GLboolean(GL_FALSE), "removeRestingRaster deletes it")
            XCTAssertNil(ids().1)

            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            let resting2 = try XCTUnwrap(ids().0)
            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62)
            let fine3 = try XCTUnwrap(ids().0)
            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            XCTAssertEqual(glIsTexture(resting2), GLboolean(GL_FALSE), "a resting upload replaces both")
            XCTAssertEqual(glIsTexture(fine3), GLboolean(GL_FALSE))

            let resting3 = try XCTUnwrap(ids().0)
            try r.setImage(SamplePages.page(1, width: 162, height: 162), for: handle, rasterScale: 1.62)
            XCTAssertNil(ids().1, "another aspect: not a picture of the same page")
            XCTAssertEqual(glIsTexture(resting3), GLboolean(GL_FALSE))

            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62, keepsRestingRaster: false)
            XCTAssertNil(ids().1, "keepsRestingRaster false")

            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62)
            let resting4 = try XCTUnwrap(ids().1)
            r.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
            XCTAssertNil(ids().1, "sampled another way: drawn as set everywhere")
            XCTAssertEqual(glIsTexture(resting4), GLboolean(GL_FALSE))

            try r.setImage(SamplePages.page(1, width: 100, height: 130), for: handle)
            try r.setImage(SamplePages.page(1, width: 162, height: 211), for: handle, rasterScale: 1.62)
            let (fine5, resting5) = (try XCTUnwrap(ids().0), try XCTUnwrap(ids().1))
            r.removeImage(for: handle)
            XCTAssertEqual(glIsTexture(fine5), GLboolean(GL_FALSE))
            XCTAssertEqual(glIsTexture(resting5), GLboolean(GL_FALSE), "removeImage deletes both")
        }
    }

    /// Every page of a spread uploaded at its resting size and then a finer raster of a marker
    /// colour over it (`rasterScale` 1.62): at rest nothing magnifies any page, so every page
    /// draw binds its resting raster and the frame is the resting-only frame byte for byte (no
    /// marker pixel); with the switch off (what every draw did before) every page pixel is the
    /// marker. Under both GL profiles and every effect.
    func testAtRestEveryPageShowsItsRestingRasterExactly() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.bindsRestingRasters = true }
            let size = Self.size
            for effect in [FlipLeafEffect(), CurlLeafEffect(), FoldLeafEffect()] as [any LeafEffect] { try Self.withSampleSpread(effect, on: r) { book in
                let name = "\(type(of: effect))"
                try book.setLeaves([])
                let oracle = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                for page in 0..<8 {
                    try r.setImage(Self.marker(width: 389, height: 486), for: book.handle(forPage: page), rasterScale: 1.62)
                }
                let shown = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                XCTAssertEqual(r.lastFrame.restingRasterDrawCalls, r.lastFrame.drawCalls, "\(name): every draw binds a resting raster")
                let differing = zip(shown.pixels, oracle.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(name): the resting frame's bytes")
                r.bindsRestingRasters = false
                let before = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                r.bindsRestingRasters = true
                let markers = (0..<(before.width * before.height)).filter { Self.isMarker(before, $0) }.count
                let opaque = (0..<(oracle.width * oracle.height)).filter { oracle.pixels[$0 * 4 + 3] == 255 }.count
                XCTAssertGreaterThan(opaque, 70_000, "\(name): the page shows")
                XCTAssertEqual(markers, opaque, "\(name), switched off: the finer raster on every page pixel")
            } }
        }
    }

    /// Through the window bench's ten poses (progress 0.05 to 0.95), only the leaf's faces with
    /// a finer raster (a marker colour) over their resting ones: the flip's leaf turns about the
    /// spine, so its outer edge is always nearer the viewer than the spine and the pose
    /// magnifies it along the spine (d / (d − z) > 1) at every progress — its draws never bind
    /// the resting raster, and the marker shows wherever the leaf does. The curl's flat part,
    /// in the page plane at its resting size, binds it at every pose (while the marker — the
    /// roll and the turned part, magnified 1.045 — grows with the turn).
    func testTheFlipsLeafIsMagnifiedAtEveryPoseWhileTheCurlsFlatPartIsNot() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            let size = Self.size
            for effect in [FlipLeafEffect(), CurlLeafEffect()] as [any LeafEffect] { try Self.withSampleSpread(effect, on: r) { book in
                for step in 0..<10 {
                    let progress = 0.05 + 0.1 * Double(step)
                    if step > 0 { try Self.uploadSamples(book, to: r) }
                    try book.setLeaves([BookLeaf(index: 2, progress: progress)])
                    // Only the leaf's faces get a finer raster: every resting-raster draw is the leaf's.
                    for page in 0..<8 where book.rasterScale(ofPage: page) != .one {
                        try r.setImage(Self.marker(width: 389, height: 486), for: book.handle(forPage: page), rasterScale: 1.62)
                    }
                    let shown = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                    let fine = (0..<(480 * 300)).filter { Self.isMarker(shown, $0) }.count
                    let name = "\(type(of: effect)) at \(progress)"
                    print("\(name): resting-raster draws \(r.lastFrame.restingRasterDrawCalls) of \(r.lastFrame.drawCalls), finer raster \(fine) px")
                    XCTAssertGreaterThan(fine, 100, "\(name): the magnified part shows the finer raster")
                    if effect is FlipLeafEffect {
                        XCTAssertEqual(r.lastFrame.restingRasterDrawCalls, 0, "\(name): the leaf is magnified along the spine")
                    } else {
                        XCTAssertGreaterThanOrEqual(r.lastFrame.restingRasterDrawCalls, 2, "\(name): the flat part shows the resting raster")
                    }
                }
            } }
        }
    }

    /// The curl at 0.6 with its pages in flight at the book's raster scale (a marker colour)
    /// over their resting rasters: the flat part of the leaf, lying in the page plane at its
    /// resting size, shows the resting raster (those pixels are the resting-only frame's bytes),
    /// while the roll and the turned part, which the pose magnifies (the turned part by 1.045),
    /// show the finer raster. With the switch off the whole leaf is the marker. The flip's leaf
    /// rising at 0.2 is magnified along the spine: it keeps the finer raster.
    func testOnlyTheDrawsThePoseMagnifiesBindTheFinerRaster() throws {
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let r = offscreen.renderer
            defer { r.bindsRestingRasters = true }
            let size = Self.size
            for (effect, progress) in [(CurlLeafEffect(), 0.6), (FlipLeafEffect(), 0.2)] as [(any LeafEffect, Double)] { try Self.withSampleSpread(effect, on: r) { book in
                let name = "\(type(of: effect)) at \(progress)"
                try book.setLeaves([BookLeaf(index: 2, progress: progress)])
                let oracle = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                let inFlight = (0..<8).filter { book.rasterScale(ofPage: $0) != .one }
                XCTAssertEqual(inFlight.count, 2, "\(name): the leaf's two faces")
                for page in inFlight {
                    try r.setImage(Self.marker(width: 389, height: 486), for: book.handle(forPage: page), rasterScale: 1.62)
                }
                r.bindsRestingRasters = false
                let before = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                r.bindsRestingRasters = true
                let shown = try offscreen.render(book.root, size: size, scale: 1, background: .clear)
                let pixels = 0..<(size.width == 480 ? 480 * 300 : 0)
                let leaf = pixels.filter { Self.isMarker(before, $0) }
                let fine = pixels.filter { Self.isMarker(shown, $0) }.count
                let resting = leaf.filter { i in (0..<4).allSatisfy { shown.pixels[i * 4 + $0] == oracle.pixels[i * 4 + $0] } }.count
                print("\(name): leaf \(leaf.count) px, finer raster \(fine), resting raster \(resting); draws \(r.lastFrame.drawCalls), resting \(r.lastFrame.restingRasterDrawCalls)")
                XCTAssertGreaterThan(leaf.count, 10_000, "\(name): the leaf shows")
                XCTAssertGreaterThan(fine, 1_000, "\(name): the magnified part shows the finer raster")
                if effect is CurlLeafEffect {
                    XCTAssertGreaterThan(resting, leaf.count / 4, "\(name): the flat part shows the resting raster, exactly")
                } else {
                    XCTAssertEqual(resting, 0, "\(name): the rising leaf is magnified")
                }
            } }
        }
    }
}
