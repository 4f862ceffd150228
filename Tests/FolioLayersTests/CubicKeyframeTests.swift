import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Core Animation's cubic keyframe modes: `cubic` against a Catmull–Rom spline worked out here
/// from the Hermite basis, `cubicPaced` against equal distance per unit time, and the velocity
/// of both against differences of the presentation.
@Suite struct CubicKeyframeTests {
    static let points: [Point] = [Point(x: 0, y: 0), Point(x: 100, y: 40), Point(x: 160, y: 160), Point(x: 60, y: 220)]
    static let times: [Double] = [0, 0.2, 0.7, 1]

    /// The Catmull–Rom spline through `points` at `times`, at normalised time `t`, written out
    /// independently of the code under test.
    static func spline(_ t: Double) -> Point {
        let p = points, k = times
        var i = 0
        while i + 2 < p.count && k[i + 1] <= t { i += 1 }
        func tangent(_ j: Int) -> Point {
            let a = max(0, j - 1), b = min(p.count - 1, j + 1)
            return (p[b] - p[a]).scaled(by: 1 / (k[b] - k[a]))
        }
        let d = k[i + 1] - k[i], s = (t - k[i]) / d
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        return p[i].scaled(by: h00) + tangent(i).scaled(by: h10 * d) + p[i + 1].scaled(by: h01) + tangent(i + 1).scaled(by: h11 * d)
    }

    static func layer(_ mode: LayerAnimation.CalculationMode) throws -> Layer {
        let layer = Layer(name: "l")
        try layer.add(.keyframes(.position, values: points.map { .point($0) }, keyTimes: times, calculationMode: mode,
                                 timing: try MediaTiming(duration: 2)), forKey: "path")
        return layer
    }

    static func at(_ layer: Layer, _ t: Double) -> Point {
        if case let .point(p) = layer.presentationValue(forKeyPath: .position, at: t) { return p }
        return Point(x: .nan, y: .nan)
    }

    @Test func cubicPassesThroughTheValuesOnACatmullRomSpline() throws {
        let layer = try Self.layer(.cubic)
        for (i, t) in Self.times.enumerated().dropLast() {
            #expect((Self.at(layer, 2 * t) - Self.points[i]).magnitude < 1e-12, "value \(i) at its key time")
        }
        var worst = 0.0
        for step in 1..<200 {
            let t = Double(step) / 200
            worst = max(worst, (Self.at(layer, 2 * t) - Self.spline(t)).magnitude)
        }
        #expect(worst < 1e-9, "off the spline by \(worst)")
        // Linear mode between the same values is a polyline: the spline is not (it bulges).
        let linear = try Self.layer(.linear)
        #expect((Self.at(linear, 0.9) - Self.at(layer, 0.9)).magnitude > 1)
    }

    @Test func cubicVelocityIsContinuousAndTheDerivativeOfThePresentation() throws {
        for mode in [LayerAnimation.CalculationMode.cubic, .cubicPaced] {
            let layer = try Self.layer(mode)
            let h = 1e-6
            for t in [0.1, 0.37, 0.8, 1.2, 1.55, 1.9] {
                let numeric = (Self.at(layer, t + h) - Self.at(layer, t - h)).scaled(by: 1 / (2 * h))
                guard case let .point(v) = layer.presentationVelocity(forKeyPath: .position, at: t) else { Issue.record("kind"); continue }
                #expect((v - numeric).magnitude < 1e-4 * max(1, numeric.magnitude), "\(mode) at \(t): \(v) against \(numeric)")
            }
            if mode == .cubic {
                // Across a key time (0.2 of 2 s) the velocity does not jump.
                let left = layer.presentationVelocity(forKeyPath: .position, at: 0.4 - 1e-9)
                let right = layer.presentationVelocity(forKeyPath: .position, at: 0.4 + 1e-9)
                #expect(left.distance(to: right) < 1e-3)
            }
        }
    }

    /// Equal distance in equal time along the curve: 400 steps of 1/400 of the duration each
    /// cover the same length to 1e-3 of a step. The arc-length table is linear between its
    /// samples, so the speed is constant to the table's spacing: on this curve the steps were
    /// 8.2e-3 of the mean apart with 64 samples per segment, 8.5e-5 with the 1,024 it has. The
    /// cubic mode's steps vary by 1.07 of the mean.
    @Test func cubicPacedTravelsTheCurveAtConstantSpeed() throws {
        let paced = try Self.layer(.cubicPaced), cubic = try Self.layer(.cubic)
        // (The last sample just before the end: at 2 s the animation has ended and the model shows.)
        func at(_ layer: Layer, _ j: Int) -> Point { Self.at(layer, min(2 * Double(j) / 400, 2 - 1e-12)) }
        func steps(_ layer: Layer) -> [Double] { (0..<400).map { (at(layer, $0 + 1) - at(layer, $0)).magnitude } }
        let even = steps(paced), uneven = steps(cubic)
        let mean = even.reduce(0, +) / 400
        let spread = (even.max()! - even.min()!) / mean
        #expect(spread < 1e-3, "steps vary by \(spread) of the mean")
        #expect((uneven.max()! - uneven.min()!) / mean > 0.5)
        // It ends on the last value and starts on the first.
        #expect((Self.at(paced, 0) - Self.points[0]).magnitude < 1e-12)
        #expect((Self.at(paced, 2 - 1e-12) - Self.points[3]).magnitude < 1e-6)
    }

    @Test func matricesAndFlagsFallBackInTheCubicModes() throws {
        // A matrix blends segment by segment; a flag holds per key time.
        let a = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1), b = Transform3D(translationX: 50, y: 0)
        let turn = try LayerAnimation.keyframes(.transform, values: [.transform(a), .transform(b)], calculationMode: .cubic,
                                                timing: try MediaTiming(duration: 1))
        let layer = Layer(name: "l")
        try layer.add(turn, forKey: "t")
        let seen = layer.presentationValue(forKeyPath: .transform, at: 0.5)
        #expect(seen.distance(to: .transform(a.blended(to: b, by: 0.5))) < 1e-12)
        try layer.add(.keyframes(.hidden, values: [.flag(false), .flag(true)], calculationMode: .cubicPaced,
                                 timing: try MediaTiming(duration: 1)), forKey: "h")
        #expect(layer.presentationValue(forKeyPath: .hidden, at: 0.99) == .flag(false))
    }
}
