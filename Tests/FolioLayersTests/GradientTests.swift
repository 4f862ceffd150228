import Testing
import FolioGeometry
@testable import FolioLayers

/// Gradients as Core Animation draws them, with colours computed by hand.
@Suite struct GradientTests {
    static let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1), cyan = Color(red: 0, green: 1, blue: 1)

    /// Straight `c` over an opaque background, as 0…1 components.
    static func over(_ c: Color, _ background: (Double, Double, Double)) -> [Double] {
        [c.red * c.alpha + background.0 * (1 - c.alpha), c.green * c.alpha + background.1 * (1 - c.alpha),
         c.blue * c.alpha + background.2 * (1 - c.alpha)]
    }

    static func close(_ a: Color, _ b: Color, _ tolerance: Double = 1e-12) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    /// The colour at axis parameter `t` along the default vertical axis.
    static func at(_ g: Gradient, _ t: Double) -> Color { g.color(atUnitPoint: Point(x: 0.3, y: t)) }

    @Test func whiteToClearIsGreyHalfwayBecauseColoursAreNotPremultiplied() {
        let mid = Self.at(Gradient(colors: [.white, .clear]), 0.5)
        #expect(mid == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        // Over white: 0.5·0.5 + 0.5 = 0.75 → 191 (premultiplied interpolation would give 255);
        // over black: 0.25 → 64.
        #expect(Self.over(mid, (1, 1, 1)) == [0.75, 0.75, 0.75])
        #expect(Self.over(mid, (0, 0, 0)) == [0.25, 0.25, 0.25])
    }

    @Test func redToTranslucentBlueHalfwayOverWhite() {
        let mid = Self.at(Gradient(colors: [Self.red, Self.blue.withAlpha(0.2)]), 0.5)
        #expect(Self.close(mid, Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.6)))
        // 0.6·(0.5, 0, 0.5) + 0.4 = (0.7, 0.4, 0.7): 178.5, 102, 178.5 of 255 (premultiplied
        // interpolation gives (0.9, 0.4, 0.5): 229.5, 102, 127.5).
        let composited = Self.over(mid, (1, 1, 1))
        #expect(zip(composited, [0.7, 0.4, 0.7]).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    /// Ten stops, unevenly spaced (more than the eight the first GPU path took).
    static let tenStops = Gradient(colors: [.black, .white, red, green, blue, red, blue, .white, .black, cyan],
                                   locations: [0, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 1])

    @Test func tenStopsInterpolateBetweenTheirNeighbours() {
        // t = 0.03 between black (0) and white (0.05): 0.6 of the way → 153/255.
        #expect(Self.close(Self.at(Self.tenStops, 0.03), Color(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)))
        // t = 0.5 between red (0.45) and blue (0.6): a third of the way → (170, 0, 85).
        #expect(Self.close(Self.at(Self.tenStops, 0.5), Color(red: 2.0 / 3, green: 0, blue: 1.0 / 3, alpha: 1)))
        // t = 0.94 between black (0.9) and cyan (1): 0.4 of the way → (0, 102, 102).
        #expect(Self.close(Self.at(Self.tenStops, 0.94), Color(red: 0, green: 0.4, blue: 0.4, alpha: 1)))
        // Exactly on a stop: its colour.
        #expect(Self.at(Self.tenStops, 0.2) == Self.green && Self.at(Self.tenStops, 1) == Self.cyan)
    }

    @Test func unsortedLocationsAreSortedWithTheirColours() {
        let g = Gradient(colors: [Self.red, Self.blue], locations: [1, 0])
        #expect(Self.close(Self.at(g, 0.25), Color(red: 0.25, green: 0, blue: 0.75, alpha: 1)))
        #expect(g.stops.locations == [0, 1] && g.stops.colors == [Self.blue, Self.red])
    }

    @Test func equalLocationsMakeAHardEdgeKeepingTheirOrder() {
        let g = Gradient(colors: [.black, .white, Self.red, Self.blue], locations: [0, 0.5, 0.5, 1])
        #expect(Self.at(g, 0.5) == .white)
        #expect(Self.close(Self.at(g, 0.5 + 1e-12), Self.red, 1e-9))
        #expect(Self.close(Self.at(g, 0.75), Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)))
        // Given in reverse order the equal pair keeps its own order.
        let reversed = Gradient(colors: [Self.blue, Self.red, .white, .black], locations: [1, 0.5, 0.5, 0])
        #expect(reversed.stops.colors == [.black, Self.red, .white, Self.blue])
    }

    @Test func locationsOutsideTheUnitRangeShowPartOfTheRamp() {
        let g = Gradient(colors: [.black, .white], locations: [-1, 2])
        #expect(Self.close(Self.at(g, 0), Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3, alpha: 1)))
        #expect(Self.close(Self.at(g, 1), Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3, alpha: 1)))
        // The axis parameter stops at the ends: beyond the end point, the colour at t = 1.
        #expect(g.color(atUnitPoint: Point(x: 0.5, y: 3)) == Self.at(g, 1))
        // Stops inside 0…1: constant colour before the first and after the last.
        let inner = Gradient(colors: [Self.red, Self.blue], locations: [0.25, 0.75])
        #expect(Self.at(inner, 0.1) == Self.red && Self.at(inner, 0.9) == Self.blue)
    }

    @Test func locationsNearTheLargestDoubleStillInterpolate() {
        // Red at −1.7e308, blue at +1.7e308: their distance overflows a Double, yet 0…1 lies
        // in the middle of the span: purple (Core Animation's model), not the first colour.
        for l in [1e39, 3.4e38, 1e300, 1.7e308, Double.greatestFiniteMagnitude] {
            let g = Gradient(colors: [Self.red, Self.blue], locations: [-l, l])
            let c = Self.at(g, 0.5)
            #expect(Self.close(c, Color(red: 0.5, green: 0, blue: 0.5), 1e-9), "±\(l): \(c)")
            #expect(Self.close(g.stops.color(at: 0.5), c, 0), "±\(l)")
        }
        // One end at the largest Double, the other at 0: the ramp barely moves over 0…1.
        let g = Gradient(colors: [Self.red, Self.blue], locations: [0, 1.7e308])
        #expect(Self.close(Self.at(g, 1), Self.red, 1e-9))
    }

    @Test func theStopsMovedIntoTheUnitRangeGiveTheSameColoursThere() {
        // Every t in 0…1 gets the same colour from the moved stops as from the given ones.
        let cases: [[Double]] = [
            [-1e39, 1e39], [-3.4e38, 3.4e38], [-1.7e308, 1.7e308], [-2, -1], [2, 3], [-1, 2],
            [-5, -0.5, 0, 0, 0.25, 0.5, 1, 1, 1.5, 1e30], [-1e39, -3.4e38, -1, 0.2, 0.4, 0.6, 1.1, 3.4e38, 1e39],
            [0, 0.5, 1], [0.5, 0.5], [-1, 1, 1, 1],
        ]
        for locations in cases {
            let colors = (0..<locations.count).map { (i: Int) -> Color in
                let k = Double(i) / Double(locations.count)
                let green = Double(i % 3) / 2, alpha = 1 - Double(i % 2) / 4
                return Color(red: k, green: green, blue: 1 - k, alpha: alpha)
            }
            let stops = Gradient(colors: colors, locations: locations).stops
            var moved: [(Double, Color)] = []
            GradientStops.forEachStopInUnitRange(count: stops.count, location: { stops.locations[$0] }, color: { stops.colors[$0] }) {
                moved.append(($1, $2))
                #expect($0 == moved.count - 1)
            }
            #expect(moved.count == locations.count)
            #expect(moved.allSatisfy { (0...1).contains($0.0) }, "\(locations): \(moved.map(\.0))")
            #expect(zip(moved, moved.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "still sorted")
            let clipped = Gradient(colors: moved.map(\.1), locations: moved.map(\.0)).stops
            for k in 0...1000 {
                let t = Double(k) / 1000
                #expect(Self.close(clipped.color(at: t), stops.color(at: t), 1e-9), "\(locations) at \(t)")
            }
        }
    }

    @Test func unusableLocationsAreSpreadEvenly() {
        let even = Self.at(Gradient(colors: [.black, .white, Self.red]), 0.25)
        #expect(Self.close(even, Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)))
        for locations in [[0.9], [0, 0.1, 0.2, 0.3], [0, .nan, 1], [0, .infinity, 1]] {
            let g = Gradient(colors: [.black, .white, Self.red], locations: locations)
            #expect(Self.at(g, 0.25) == even, "\(locations)")
            #expect(g.stops.locations == [0, 0.5, 1], "\(locations)")
        }
    }

    @Test func anAxisOfZeroLengthShowsTheColourAtItsStart() {
        let g = Gradient(colors: [Self.red, Self.blue], locations: [0.5, 1], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0.5))
        for p in [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0.5, y: 0.5)] {
            #expect(g.axisParameter(atUnitPoint: p) == 0 && g.color(atUnitPoint: p) == Self.red)
        }
        #expect(Gradient(colors: [.black, .white]).axisParameter(atUnitPoint: Point(x: .nan, y: 0.5)) == 0)
    }

    @Test func noColoursIsClearAndOneColourIsSolid() {
        #expect(Self.at(Gradient(colors: []), 0.5) == .clear)
        #expect(Self.at(Gradient(colors: [Self.cyan], locations: [0.7]), 0.1) == Self.cyan)
    }

    @Test func componentsAreClampedToTheUnitRange() {
        let wild = Color(red: 2, green: -1, blue: .nan, alpha: 1.5)
        #expect(Self.at(Gradient(colors: [wild]), 0.5) == Color(red: 1, green: 0, blue: 0, alpha: 1))
        let g = Gradient(colors: [wild, .black])
        #expect(Self.close(Self.at(g, 0.5), Color(red: 0.5, green: 0, blue: 0, alpha: 1)))
        #expect(g.stops.colors[0] == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func stopsEvaluateExactlyAsTheGradientDoes() {
        // Random gradients and points: Gradient.color is stops.color at the axis parameter.
        var state: UInt64 = 0x5EED
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<500 {
            let n = 1 + Int(random() * 12)
            let colors = (0..<n).map { _ in Color(red: random(), green: random(), blue: random(), alpha: random()) }
            let locations = random() < 0.3 ? nil : (0..<n).map { _ in random() * 1.6 - 0.3 }
            let g = Gradient(colors: colors, locations: locations, startPoint: Point(x: random(), y: random()),
                             endPoint: Point(x: random(), y: random()))
            let stops = g.stops
            for _ in 0..<8 {
                let p = Point(x: random() * 1.4 - 0.2, y: random() * 1.4 - 0.2)
                #expect(Self.close(g.color(atUnitPoint: p), stops.color(at: g.axisParameter(atUnitPoint: p))))
            }
        }
    }

    @Test func packedStopsAreTwoFloatTexelsEach() {
        let packed = Gradient(colors: [Self.red, Self.blue.withAlpha(0.2)], locations: [0.75, 0.25]).stops.packed()
        #expect(packed == [0, 0, 1, 0.2, 0.25, 0, 0, 0, 1, 0, 0, 1, 0.75, 0, 0, 0])
    }

    @Test func aGradientLayerDrawsItsGradient() {
        let layer = GradientLayer(name: "g", bounds: Rect(x: 0, y: 0, width: 10, height: 10), gradient: Self.tenStops)
        #expect(layer.gradient == Self.tenStops && layer.drawsContent)
    }
}
