import XCTest
import FolioGeometry
import FolioLayers
import FolioRender

/// Rounded corners on the GPU measured against the exact area each pixel covers (computed on
/// the CPU by supersampling), and rounded masks under a transform.
final class RoundedCornerTests: XCTestCase {
    /// The fraction of pixel (x, y) (top-left origin) inside the rounded rectangle, by
    /// 32 × 32 samples.
    static func coverage(_ rect: Rect, radius r: Double, x: Int, y: Int) -> Double {
        var inside = 0
        for i in 0..<32 {
            for j in 0..<32 {
                let px = Double(x) + (Double(i) + 0.5) / 32, py = Double(y) + (Double(j) + 0.5) / 32
                let cx = min(max(px, rect.minX + r), rect.maxX - r), cy = min(max(py, rect.minY + r), rect.maxY - r)
                let inRect = px >= rect.minX && px <= rect.maxX && py >= rect.minY && py <= rect.maxY
                if inRect && (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r { inside += 1 }
            }
        }
        return Double(inside) / 1024
    }

    func testCornerCoverageFollowsTheExactArea() throws {
        // Black, radius 20.5 (off the pixel grid), at (10.25, 10.25) over white: a pixel's grey
        // level is one minus its coverage.
        let rect = Rect(x: 10.25, y: 10.25, width: 60, height: 50)
        let layer = Layer(bounds: Rect(x: 0, y: 0, width: rect.width, height: rect.height),
                          position: Point(x: rect.midX, y: rect.midY), backgroundColor: .black)
        layer.cornerRadius = 20.5
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 80, height: 70), position: Point(x: 40, y: 35), sublayers: [layer])
        let image = try MainActor.assumeIsolated {
            try SharedRenderer.offscreen.render(root, size: Size(width: 80, height: 70), scale: 1, background: .white)
        }
        var total = 0.0, count = 0, worst = 0.0
        for y in 0..<70 {
            for x in 0..<80 {
                let exact = Self.coverage(rect, radius: 20.5, x: x, y: y)
                guard exact > 0 && exact < 1 else { continue }
                let got = 1 - Double(image.pixel(x, y).r) / 255
                total += abs(got - exact)
                worst = max(worst, abs(got - exact))
                count += 1
            }
        }
        let mean = total / Double(count)
        print("rounded corner coverage: mean error \(mean), worst \(worst) over \(count) edge pixels")
        // Measured 0.0099 mean, 0.040 worst: the sides' box filter is exact, the arcs take a
        // one-pixel ramp of the distance (a product with the sides' coverage near the tangent
        // points, made exact for a square corner by dividing out the square's own ramp).
        XCTAssertLessThan(mean, 0.015)
        XCTAssertLessThan(worst, 0.08)
    }

    func testARotatedRoundedMaskCutsItsSublayersCorners() throws {
        // A 60-point mask with radius 25, turned 30° about z, holding a red sublayer that fills
        // it and spills past it: inside the mask red, past its rounded corner white.
        let child = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 30, y: 30),
                          backgroundColor: Color(red: 1, green: 0, blue: 0))
        let mask = Layer(bounds: Rect(x: 0, y: 0, width: 60, height: 60), position: Point(x: 50, y: 50),
                         transform: Transform3D(rotationDegrees: 30, x: 0, y: 0, z: 1), sublayers: [child])
        mask.masksToBounds = true
        mask.cornerRadius = 25
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [mask])
        let image = try MainActor.assumeIsolated {
            try SharedRenderer.offscreen.render(root, size: Size(width: 100, height: 100), scale: 1, background: .white)
        }
        // A corner of the mask's bounds: local (2, 2), 1.4 points inside the square's corner but
        // 25·(√2 − 1) − 2√2 ≈ 7.5 points outside the rounded corner.
        let angle = 30.0 * .pi / 180
        func view(_ lx: Double, _ ly: Double) -> (Int, Int) {
            let (dx, dy) = (lx - 30, ly - 30)
            return (Int((50 + dx * cos(angle) - dy * sin(angle)).rounded(.down)), Int((50 + dx * sin(angle) + dy * cos(angle)).rounded(.down)))
        }
        let corner = view(3, 3), centre = view(30, 30), edge = view(30, 3)
        XCTAssertEqual(image.pixel(corner.0, corner.1).g, 255, "past the rounded corner: cut")
        XCTAssertEqual(image.pixel(centre.0, centre.1).g, 0, "inside: the sublayer")
        XCTAssertEqual(image.pixel(edge.0, edge.1).g, 0, "along a straight side, inside")
    }
}
