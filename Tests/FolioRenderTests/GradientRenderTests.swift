import XCTest
import FolioGeometry
import FolioLayers
import FolioRender

/// Gradients on the GPU against the CPU's `Gradient.color(atUnitPoint:)` (Core Animation's
/// rule: straight interpolation, any number of stops, locations outside 0…1, unsorted
/// locations, equal start and end points), one pixel row at a time.
final class GradientRenderTests: XCTestCase {
    /// A vertical gradient filling a 20 × `height` view over white; returns the image.
    func render(_ gradient: Gradient, height: Int = 128, with renderer: OffscreenRenderer? = nil) throws -> Image {
        nonisolated(unsafe) let root = Layer(bounds: Rect(x: 0, y: 0, width: 20, height: Double(height)))
        let layer = GradientLayer()
        layer.bounds = root.bounds
        layer.position = Point(x: 10, y: Double(height) / 2)
        layer.colors = gradient.colors
        layer.locations = gradient.locations
        layer.startPoint = gradient.startPoint
        layer.endPoint = gradient.endPoint
        root.position = layer.position
        try root.addSublayer(layer)
        return try MainActor.assumeIsolated {
            try (renderer ?? SharedRenderer.offscreen).render(root, size: Size(width: 20, height: Double(height)), scale: 1, background: .white)
        }
    }

    /// The largest channel difference (in 8-bit steps) between the image's column 10 and the
    /// CPU gradient composited over white, over every row.
    func maximumError(_ image: Image, _ gradient: Gradient) -> Double {
        var worst = 0.0
        for row in 0..<image.height {
            let c = gradient.color(atUnitPoint: Point(x: 0.5, y: (Double(row) + 0.5) / Double(image.height)))
            let expected = [c.red, c.green, c.blue].map { ($0 * c.alpha + (1 - c.alpha)) * 255 }
            let p = image.pixel(10, row)
            for (got, want) in zip([p.r, p.g, p.b], expected) { worst = max(worst, abs(Double(got) - want)) }
        }
        return worst
    }

    static func colors(_ n: Int, seed: UInt64) -> [Color] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<n).map { _ in Color(red: next(), green: next(), blue: next(), alpha: next()) }
    }

    func testManyStopsMatchTheCPUGradientRowByRow() throws {
        // 40 stops (a 64-slot binary search), unsorted, some locations outside 0…1.
        var locations = (0..<40).map { Double($0) / 39 * 1.2 - 0.1 }
        locations.swapAt(3, 17)
        locations.swapAt(30, 8)
        let gradient = Gradient(colors: Self.colors(40, seed: 7), locations: locations)
        let error = maximumError(try render(gradient), gradient)
        // 8-bit output of a float computation: within one step.
        XCTAssertLessThanOrEqual(error, 1.0)
    }

    func testPastTheLastStopItsColourContinues() throws {
        // 16 stops fill 16 slots exactly (no padding), the last at 0.5: the lower half is the
        // last colour, not an extrapolation of the last span.
        let gradient = Gradient(colors: Self.colors(16, seed: 11), locations: (0..<16).map { Double($0) / 30 })
        let error = maximumError(try render(gradient), gradient)
        XCTAssertLessThanOrEqual(error, 1.0)
    }

    func testAThousandAndTwentyFourStopsAreAllDrawn() throws {
        let gradient = Gradient(colors: Self.colors(1024, seed: 3))
        let error = maximumError(try render(gradient, height: 512), gradient)
        XCTAssertLessThanOrEqual(error, 1.0)
    }

    func testEightStopsAndFewerInterpolateStraightColours() throws {
        // White → clear: grey at alpha 0.5 halfway (191 over white); premultiplied would be 255.
        let gradient = Gradient(colors: [.white, .clear, Color(red: 1, green: 0, blue: 0, alpha: 0.5)], locations: [0.2, 0.5, 0.9])
        let error = maximumError(try render(gradient), gradient)
        XCTAssertLessThanOrEqual(error, 1.0)
    }

    func testEqualStartAndEndPointsShowTheFirstStopsColour() throws {
        let gradient = Gradient(colors: [Color(red: 0, green: 0, blue: 1), .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0.5))
        let image = try render(gradient, height: 16)
        let p = image.pixel(10, 12)
        XCTAssertEqual([p.r, p.g, p.b], [0, 0, 255])
    }

    /// The number of rows of column 10 that show the white background through the layer
    /// (a hole: nothing, or something transparent, drawn).
    func backgroundRows(_ image: Image) -> Int {
        (0..<image.height).filter { row in let p = image.pixel(10, row); return p.r == 255 && p.g == 255 && p.b == 255 }.count
    }

    func testLocationsFarOutsideTheUnitRangeAreDrawnAsTheCPUDrawsThem() throws {
        // Red → blue with the stops at ±L: 0…1 lies in the middle of the span, purple. Past a
        // Float's range (±1e39) the shader's locations were infinite and its colour NaN (a
        // hole); at ±3.4e38 the span's width overflowed a Float (red instead of purple).
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        for l in [1e39, 3.4e38, 1e300, 1.7e308] {
            let gradient = Gradient(colors: [red, blue], locations: [-l, l])
            let image = try render(gradient, height: 32)
            XCTAssertEqual(backgroundRows(image), 0, "±\(l): the layer shows through")
            XCTAssertLessThanOrEqual(maximumError(image, gradient), 1.0, "±\(l)")
            let p = image.pixel(10, 16)
            XCTAssertTrue(abs(Int(p.r) - 128) <= 2 && p.g == 0 && abs(Int(p.b) - 128) <= 2, "±\(l): \(p), not purple")
        }
    }

    func testNineStopsAtHugeLocationsStillDrawTheLayer() throws {
        // Nine stops take the binary-search shader; with stops at ±3.4e38 and ±1e39 the layer
        // vanished. Opaque colours, so any white row is the background showing through.
        let locations = [-1e39, -1e39, -1e39, -1e39, 1e39, 1e39, 1e39, 1e39, 1e39]
        let mixed = [-1e39, -1e39, -3.4e38, -3.4e38, 3.4e38, 3.4e38, 1e39, 1e39, 1e39]
        let inner = [-1e39, -3.4e38, -1, 0.2, 0.4, 0.6, 1.1, 3.4e38, 1e39]
        var colors = Self.colors(9, seed: 5)
        for i in colors.indices { colors[i].alpha = 1 }
        for l in [locations, mixed, inner, inner.reversed(), mixed.map { $0 * 0.5 }] {
            let gradient = Gradient(colors: colors, locations: l)
            let image = try render(gradient, height: 64)
            XCTAssertLessThanOrEqual(maximumError(image, gradient), 1.0, "\(l)")
            XCTAssertEqual(backgroundRows(image), 0, "\(l): the layer vanished")
        }
        // Eight of them take the unrolled shader.
        let eight = Gradient(colors: Array(colors.prefix(8)), locations: Array(mixed.prefix(8)))
        XCTAssertLessThanOrEqual(maximumError(try render(eight, height: 64), eight), 1.0)
    }

    func testMoreStopsThanTheRendererDrawsIsAnErrorNamingTheCount() throws {
        let gradient = Gradient(colors: Self.colors(1025, seed: 1))
        // A renderer of its own: `drawError` keeps the first error.
        let renderer = try MainActor.assumeIsolated { try OffscreenRenderer() }
        let image = try render(gradient, height: 16, with: renderer)
        let error = MainActor.assumeIsolated { renderer.renderer.drawError }
        XCTAssertEqual(error?.description, "a gradient of 1025 colour stops cannot be drawn; the limit is 1024")
        // Not drawn, not cut short: the background shows.
        let p = image.pixel(10, 8)
        XCTAssertEqual([p.r, p.g, p.b], [255, 255, 255])
    }
}
