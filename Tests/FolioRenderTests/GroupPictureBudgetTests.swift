import XCTest
import FolioGeometry
import FolioLayers
@testable import FolioRender

/// The offscreen pictures of compositing groups are bounded (issue #31: 300 overlapping
/// 2048² groups held 5.1 GB): costed before any is made, and a renderer keeps a frame's
/// pictures within its budget, drawing the groups past it per layer.
final class GroupPictureBudgetTests: XCTestCase {
    /// `n` translucent groups over the whole `side`-point view, each a red background under a
    /// blue square (so each needs a picture).
    static func overlappingGroups(_ n: Int, side: Double) -> Layer {
        let groups = (0..<n).map { _ in
            Layer(bounds: Rect(x: 0, y: 0, width: side, height: side), position: Point(x: side / 2, y: side / 2),
                  backgroundColor: Color(red: 1, green: 0, blue: 0), opacity: 0.5,
                  sublayers: [Layer(bounds: Rect(x: 0, y: 0, width: side / 2, height: side / 2), position: Point(x: side / 2, y: side / 2),
                                    backgroundColor: Color(red: 0, green: 0, blue: 1))])
        }
        return Layer(bounds: Rect(x: 0, y: 0, width: side, height: side), position: Point(x: side / 2, y: side / 2), sublayers: groups)
    }

    func testThreeHundredOverlappingGroupsAreCostedAndRefusedNamingTheFigure() {
        // No GL: the figure comes from the evaluation alone.
        let e = LayerEvaluator()
        e.evaluate(Self.overlappingGroups(300, side: 2048))
        XCTAssertEqual(e.compositingGroups.count, 300)
        // Each picture covers the whole 2048² view: 16 MiB, 4.7 GiB in all.
        let bytes = RenderLimits.groupPictureBytes(e, scale: 1, pixelWidth: 2048, pixelHeight: 2048)
        XCTAssertEqual(bytes, 300 * 2048 * 2048 * 4)
        XCTAssertThrowsError(try RenderLimits.checkGroupPictures(e, scale: 1, pixelWidth: 2048, pixelHeight: 2048)) {
            XCTAssertEqual($0 as? RenderError, .groupPicturesTooLarge(groups: 300, width: 2048, height: 2048, bytes: bytes,
                                                                       limit: RenderLimits.maximumGroupPictureBytes))
            XCTAssertTrue("\($0)".contains("300 compositing groups"), "\($0)")
            XCTAssertTrue("\($0)".contains("4.7 GiB"), "\($0)")
        }
        // Within the budget: the bytes, for the memory check of the whole job.
        XCTAssertEqual(try RenderLimits.checkGroupPictures(e, scale: 1, pixelWidth: 100, pixelHeight: 100), 300 * 128 * 128 * 4)
    }

    func testARendererKeepsTheGroupsPicturesWithinItsBudget() throws {
        try MainActor.assumeIsolated { try Self.withinBudget() }
    }

    @MainActor static func withinBudget() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let budget = renderer.groupPictureBudget
        defer { renderer.groupPictureBudget = budget; renderer.drawError = nil }
        let e = LayerEvaluator()
        e.evaluate(overlappingGroups(5, side: 100))
        XCTAssertEqual(e.compositingGroups.count, 5)
        let target = try RenderTarget(width: 100, height: 100)
        func textureBytes() -> Int { renderer.groups.targets.reduce(0) { $0 + $1.width * $1.height * 4 } }
        func draw() -> Image {
            renderer.clear(.white, viewport: Viewport(width: 100, height: 100), framebuffer: target.framebuffer)
            renderer.draw(e, scale: 1, into: target)
            return target.readImage()
        }

        // Room for all five: each its picture, no error.
        renderer.drawError = nil
        let all = draw()
        XCTAssertNil(renderer.drawError)
        XCTAssertEqual(renderer.lastFrame.groupPictures, 5)

        // Room for three 128² textures (the 100² view's pictures, rounded up to 64): three
        // pictures, the two others drawn per layer, and what is kept stays within the budget.
        renderer.groupPictureBudget = 3 * 128 * 128 * 4
        let some = draw()
        XCTAssertEqual(renderer.lastFrame.groupPictures, 3)
        XCTAssertLessThanOrEqual(textureBytes(), renderer.groupPictureBudget)
        XCTAssertEqual(renderer.drawError, .groupPicturesTooLarge(groups: 5, width: 100, height: 100, bytes: 5 * 128 * 128 * 4,
                                                                   limit: 3 * 128 * 128 * 4))
        // Drawn per layer, a group's blue square over its red background shows at 0.5 · 0.5
        // beside the red's 0.5: still a picture of the five groups, only the overlap inside
        // the two groups without pictures differs.
        func rgba(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] { let p = image.pixel(x, y); return [p.r, p.g, p.b, p.a] }
        XCTAssertEqual(rgba(some, 10, 10), rgba(all, 10, 10), "outside the squares the groups look the same")
        XCTAssertNotEqual(rgba(some, 50, 50), rgba(all, 50, 50), "inside, two groups are per layer")

        // A budget too small for any picture: every group per layer, nothing kept.
        renderer.groupPictureBudget = 0
        _ = draw()
        XCTAssertEqual(renderer.lastFrame.groupPictures, 0)
        XCTAssertEqual(textureBytes(), 0)
    }
}
