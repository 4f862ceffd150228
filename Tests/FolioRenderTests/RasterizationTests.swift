import XCTest
import FolioGeometry
import FolioLayers
@testable import FolioRender

/// Rasterized layers drawn from a cached picture (one textured polygon per frame while
/// nothing in them changes, redrawn when something does) and snapshots of a tree used as
/// another layer's contents.
final class RasterizationTests: XCTestCase {
    /// A 100-point view holding a layer with 20 overlapping squares of alternating colour.
    static func scene() -> (root: Layer, raster: Layer, squares: [Layer]) {
        let squares = (0..<20).map { i in
            Layer(bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(x: 20 + Double(i) * 3, y: 20 + Double(i) * 3),
                  backgroundColor: i % 2 == 0 ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1))
        }
        let raster = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: squares)
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [raster])
        return (root, raster, squares)
    }

    @MainActor static func render(_ root: Layer) throws -> (Image, FrameStatistics) {
        let r = SharedRenderer.offscreen
        let image = try r.render(root, size: Size(width: 100, height: 100), scale: 1, background: .white)
        return (image, r.renderer.lastFrame)
    }

    static func maximumDifference(_ a: Image, _ b: Image) -> Int {
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    func testAnUnchangedRasterizedSubtreeCostsOneTexturedPolygonPerFrame() throws {
        nonisolated(unsafe) let s = Self.scene()
        try MainActor.assumeIsolated {
            let (plain, plainFrame) = try Self.render(s.root)
            XCTAssertEqual(plainFrame.polygons, 20)
            s.raster.shouldRasterize = true
            let (first, firstFrame) = try Self.render(s.root)
            XCTAssertEqual(firstFrame.rasterizationsRedrawn, 1)
            XCTAssertEqual(firstFrame.polygons, 21, "the picture's 20 squares, then its one polygon")
            let (second, secondFrame) = try Self.render(s.root)
            XCTAssertEqual(secondFrame.rasterizationsRedrawn, 0)
            XCTAssertEqual(secondFrame.rasterizationsReused, 1)
            XCTAssertEqual(secondFrame.polygons, 1, "one textured polygon")
            XCTAssertLessThanOrEqual(secondFrame.drawCalls, 3, "its interior and silhouette bands at most")
            // At rasterization scale 1 on a scale-1 view, pixel-aligned: the same pixels.
            XCTAssertLessThanOrEqual(Self.maximumDifference(plain, first), 1)
            XCTAssertEqual(Self.maximumDifference(first, second), 0)
        }
    }

    func testAChangeInsideARasterizedSubtreeRedrawsItsPicture() throws {
        nonisolated(unsafe) let s = Self.scene()
        s.raster.shouldRasterize = true
        try MainActor.assumeIsolated {
            _ = try Self.render(s.root)
            s.squares[19].backgroundColor = Color(red: 0, green: 1, blue: 0)
            let (image, frame) = try Self.render(s.root)
            XCTAssertEqual(frame.rasterizationsRedrawn, 1)
            let p = image.pixel(90, 90) // inside the last square only
            XCTAssertEqual([p.r, p.g, p.b], [0, 255, 0])
            // Moving the rasterized layer itself is placement: the picture is reused.
            s.raster.position = Point(x: 45, y: 50)
            let (_, moved) = try Self.render(s.root)
            XCTAssertEqual(moved.rasterizationsRedrawn, 0)
            // A content texture set anywhere makes pictures showing textures stale.
            try SharedRenderer.offscreen.renderer.setImage(Image(width: 1, height: 1, fill: (1, 1, 1, 255)), for: ContentHandle(7_001))
            let (_, retextured) = try Self.render(s.root)
            XCTAssertEqual(retextured.rasterizationsRedrawn, 1)
            SharedRenderer.offscreen.renderer.removeImage(for: ContentHandle(7_001))
        }
    }

    func testARasterizedLayersOpacityAppliesOnceToItsPicture() throws {
        // Two overlapping opaque squares in a rasterized layer at 0.6: like a group, the
        // overlap shows the top square at 0.6 over white.
        let a = Layer(bounds: Rect(x: 0, y: 0, width: 60, height: 60), position: Point(x: 30, y: 30), backgroundColor: Color(red: 1, green: 0, blue: 0))
        let b = Layer(bounds: Rect(x: 0, y: 0, width: 60, height: 60), position: Point(x: 70, y: 70), backgroundColor: Color(red: 0, green: 0, blue: 1))
        let raster = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [a, b])
        raster.shouldRasterize = true
        raster.opacity = 0.6
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [raster])
        try MainActor.assumeIsolated {
            let (image, frame) = try Self.render(root)
            XCTAssertEqual(frame.groupPictures, 0, "the cached picture is the group")
            let p = image.pixel(50, 50), q = image.pixel(20, 20)
            XCTAssertEqual([p.r, p.g, p.b], [102, 102, 255])
            XCTAssertEqual([q.r, q.g, q.b], [255, 102, 102])
        }
    }

    func testAPictureThatWouldBeHugeIsDrawnAtALowerScale() throws {
        // A sublayer reaching a million points: the cache stays at most 4,096 pixels a side.
        let far = Layer(bounds: Rect(x: 0, y: 0, width: 1_000_000, height: 50), position: Point(x: 500_000, y: 25),
                        backgroundColor: Color(red: 1, green: 0, blue: 0))
        let raster = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [far])
        raster.shouldRasterize = true
        raster.rasterizationScale = 4
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [raster])
        try MainActor.assumeIsolated {
            let (image, frame) = try Self.render(root)
            XCTAssertEqual(frame.rasterizationsRedrawn, 1)
            let cache = try XCTUnwrap(SharedRenderer.offscreen.renderer.rasterization.caches[raster.serialNumber])
            XCTAssertLessThanOrEqual(max(cache.target.width, cache.target.height), 4096)
            XCTAssertEqual(image.pixel(50, 10).r, 255, "still drawn")
        }
    }

    func testASnapshotOfATreeIsAnotherLayersContents() throws {
        // A 40 × 20 page tree (left red, right blue) snapshot at scale 2, shown by a layer 80 ×
        // 40 points.
        let page = Layer(bounds: Rect(x: 0, y: 0, width: 40, height: 20), position: Point(x: 20, y: 10), sublayers: [
            Layer(bounds: Rect(x: 0, y: 0, width: 20, height: 20), position: Point(x: 10, y: 10), backgroundColor: Color(red: 1, green: 0, blue: 0)),
            Layer(bounds: Rect(x: 0, y: 0, width: 20, height: 20), position: Point(x: 30, y: 10), backgroundColor: Color(red: 0, green: 0, blue: 1)),
        ])
        let handle = ContentHandle(7_002)
        let shower = Layer(bounds: Rect(x: 0, y: 0, width: 80, height: 40), position: Point(x: 50, y: 50), contents: handle)
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [shower])
        nonisolated(unsafe) let tree = page
        try MainActor.assumeIsolated {
            let renderer = SharedRenderer.offscreen.renderer
            XCTAssertTrue(try renderer.setSnapshot(of: tree, size: Size(width: 40, height: 20), scale: 2, for: handle))
            XCTAssertEqual(renderer.textureSize(for: handle)?.width, 80)
            XCTAssertFalse(try renderer.setSnapshot(of: tree, size: Size(width: 40, height: 20), scale: 2, for: handle), "unchanged")
            var (image, _) = try Self.render(root)
            XCTAssertEqual([image.pixel(25, 50).r, image.pixel(25, 50).b], [255, 0], "the page's left half, on the left")
            XCTAssertEqual([image.pixel(75, 50).r, image.pixel(75, 50).b], [0, 255], "its right half, on the right")
            // The page changes: the next snapshot redraws it, and the layer shows the change.
            tree.sublayers[1].backgroundColor = Color(red: 0, green: 1, blue: 0)
            XCTAssertTrue(try renderer.setSnapshot(of: tree, size: Size(width: 40, height: 20), scale: 2, for: handle))
            (image, _) = try Self.render(root)
            XCTAssertEqual(image.pixel(75, 50).g, 255)
            renderer.removeImage(for: handle)
            XCTAssertNil(renderer.textureSize(for: handle))
        }
    }
}
