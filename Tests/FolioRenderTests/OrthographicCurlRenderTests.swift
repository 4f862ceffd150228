import XCTest
import FolioGeometry
import FolioLayers
import FolioSurface
@testable import FolioRender

/// A curl seen without a perspective (a surface layer directly in a plain layer, as an app
/// may place one): the contour then lies exactly on a seam between patches, the turned sheet
/// stacks straight above the flat part, and the flat part must still be drawn.
final class OrthographicCurlRenderTests: XCTestCase {
    /// A white leaf 160 × 180 pt at (40, 10), rolled at 60% of its width with radius 20, over a
    /// magenta page: in an orthographic view its footprint is x ∈ [40, 156], y ∈ [10, 190]
    /// (the roll's top at the axis plus the radius), and every pixel wholly inside it is white.
    func testAnOrthographicCurlCoversItsWholeFootprint() throws {
        let size = Size(width: 300, height: 200)
        for fraction in [0.6, 0.75, 0.9] {
            let curl = try PageCurl(size: Size(width: 160, height: 180), spine: .left, restRadius: 20,
                                    pose: CurlPose(angle: 0, axisFraction: fraction))
            let leaf = SurfaceLayer(name: "leaf")
            leaf.anchorPoint = Point(x: 0, y: 0)
            leaf.position = Point(x: 40, y: 10)
            leaf.backgroundColor = .white
            try leaf.setCurl(curl, toView: leaf.localTransform, scale: 1)
            let magenta = Color(red: 1, green: 0, blue: 1)
            let page = Layer(name: "page", frame: Rect(x: 0, y: 0, width: 300, height: 200), backgroundColor: magenta)
            let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200), sublayers: [page, leaf])
            nonisolated(unsafe) let r = root // XCTest runs on the main thread
            let image = try MainActor.assumeIsolated {
                try SharedRenderer.offscreen.render(r, size: size, scale: 1, antialiasing: .analytic,
                                                    background: Color(red: 0, green: 0, blue: 0))
            }
            // The footprint's right end: the roll's far side, or the free edge if it never
            // reaches the top of the roll.
            let axis = 40 + fraction * 160, rolled = 160 * (1 - fraction)
            let right = rolled >= .pi / 2 * 20 ? axis + 20 : axis + 20 * sin(rolled / 20)
            var magentaPixels = 0, checked = 0
            for y in 11..<189 {
                for x in 41..<Int(right.rounded(.down)) - 1 {
                    checked += 1
                    if image.pixel(x, y).g < 250 { magentaPixels += 1 }
                }
            }
            XCTAssertGreaterThan(checked, 15_000)
            XCTAssertEqual(magentaPixels, 0, "axis at \(fraction): \(magentaPixels) of \(checked) pixels inside the leaf show the page")
        }
    }
}
