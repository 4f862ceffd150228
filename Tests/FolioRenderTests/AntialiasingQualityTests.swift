import XCTest
import FolioGeometry
import FolioLayers
import FolioRender

/// Edge antialiasing against the exact area of the projected polygon in each pixel.
final class AntialiasingQualityTests: XCTestCase {
    /// A white page in perspective over black, seen at an angle, and its exact screen polygon.
    func scene(scale: Double) throws -> (Layer, [Point], Size) {
        let size = Size(width: 400, height: 300)
        let root = Layer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = Point(x: 200, y: 150)
        root.sublayerTransform.m34 = -1.0 / 700
        let page = Layer(name: "page")
        page.bounds = Rect(x: 0, y: 0, width: 230, height: 170)
        page.position = Point(x: 200, y: 150)
        page.backgroundColor = .white
        page.transform = Transform3D(rotationDegrees: 17, x: 0, y: 0, z: 1).rotated(degrees: 35, x: 0.3, y: 1, z: 0)
        try root.addSublayer(page)
        let e = LayerEvaluator()
        e.evaluate(root)
        let quad = e.quads.first { $0.layer === page }!
        return (root, e.corners(of: quad).map { Point(x: $0.point.x * scale, y: $0.point.y * scale) }, size)
    }

    /// Mean |rendered − exact| coverage over pixels the edge passes through.
    func meanEdgeError(_ mode: AntialiasingMode, scale: Double = 1) throws -> (mean: Double, pixels: Int) {
        let (scene, polygon, size) = try scene(scale: scale)
        nonisolated(unsafe) let root = scene // XCTest runs on the main thread
        let image = try MainActor.assumeIsolated {
            try SharedRenderer.offscreen.render(root, size: size, scale: scale, antialiasing: mode, background: .black)
        }
        var total = 0.0, count = 0
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        for y in max(0, Int(ys.min()!) - 2)...min(image.height - 1, Int(ys.max()!) + 2) {
            for x in max(0, Int(xs.min()!) - 2)...min(image.width - 1, Int(xs.max()!) + 2) {
                let exact = ExactCoverage.coverage(polygon, pixelX: x, pixelY: y)
                guard exact > 1e-6 && exact < 1 - 1e-6 else { continue }
                let measured = Double(image.pixel(x, y).r) / 255
                total += abs(measured - exact)
                count += 1
            }
        }
        return (total / Double(max(count, 1)), count)
    }

    func testAnalyticCoverageIsWithinOnePercentOfExact() throws {
        var report: [String] = []
        for mode in AntialiasingMode.allCases {
            let (mean, pixels) = try meanEdgeError(mode)
            report.append("\(mode.rawValue): \(String(format: "%.4f", mean)) over \(pixels) edge pixels")
            if mode == .analytic { XCTAssertLessThanOrEqual(mean, 0.01, "analytic AA error") }
            if mode == .none { XCTAssertGreaterThan(mean, 0.1, "the measurement must see aliasing when AA is off") }
        }
        let (scaled, _) = try meanEdgeError(.analytic, scale: 2)
        XCTAssertLessThanOrEqual(scaled, 0.01, "analytic AA error at scale 2")
        print("AA mean coverage error on edge pixels — " + report.joined(separator: "; "))
    }

    func testExactCoverageOfAHalfCoveredPixel() {
        let square = [Point(x: 0, y: 0), Point(x: 10.5, y: 0), Point(x: 10.5, y: 10), Point(x: 0, y: 10)]
        XCTAssertEqual(ExactCoverage.coverage(square, pixelX: 10, pixelY: 3), 0.5, accuracy: 1e-12)
        XCTAssertEqual(ExactCoverage.coverage(square, pixelX: 3, pixelY: 3), 1, accuracy: 1e-12)
        XCTAssertEqual(ExactCoverage.coverage(square, pixelX: 12, pixelY: 3), 0, accuracy: 1e-12)
    }
}
