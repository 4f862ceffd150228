import Testing
import CAllocationCounter
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// A gradient's `colors` and `locations` presented in place: no allocation per frame, and the
/// values bit for bit those of the general path (`LayerAnimation.leafValue`).
@Suite struct GradientListPresentationTests {
    static let from: [Color] = [.black, Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), .white]
    static let to: [Color] = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0.5),
                              Color(red: 0.3, green: 0.9, blue: 0.1, alpha: 0.7)]

    @Test func presentingAnimatedColorsAndLocationsAllocatesNothingAfterWarmUp() throws {
        let before = folio_allocations_this_thread()
        folio_allocation_probe()
        try #require(folio_allocations_this_thread() == before + 1, "the allocation counter is not interposed")
        let gradient = GradientLayer(name: "g")
        gradient.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        gradient.position = Point(x: 50, y: 50)
        gradient.colors = Self.from
        gradient.locations = [0, 0.5, 1]
        // A second gradient with keyframes of colours (paced) and locations moved by an offset.
        let second = GradientLayer(name: "h")
        second.colors = Self.from
        second.locations = [0, 0.5, 1]
        try second.add(.keyframes(.colors, values: [.colors(Self.from), .colors(Self.to), .colors(Self.from)],
                                  calculationMode: .paced, timing: try MediaTiming(duration: 2)), forKey: "c")
        try second.add(.basic(.locations, by: .numbers([0.1, -0.2, -0.1]), timing: try MediaTiming(duration: 2)), forKey: "l")
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200), sublayers: [gradient, second])
        try gradient.add(.basic(.colors, to: .colors(Self.to), timing: try MediaTiming(duration: 2),
                                timingFunction: .easeInEaseOut), forKey: "c")
        try gradient.add(.spring(.locations, to: .numbers([0.1, 0.3, 0.8]), spring: try Spring(mass: 1, stiffness: 120, damping: 8),
                                 timing: try MediaTiming(duration: 2)), forKey: "l")
        let model = (gradient.colors, gradient.locations)
        for frame in 0..<3 { root.withPresentation(at: Double(frame) / 60) { _ = gradient.colors.count } }
        var moved = 0
        let start = folio_allocations_this_thread()
        for frame in 3..<30 {
            root.withPresentation(at: Double(frame) / 60) {
                if gradient.colors[1] != Self.from[1] && gradient.locations?[1] != 0.5
                    && second.colors[1] != Self.from[1] && second.locations?[1] != 0.5 { moved += 1 }
            }
        }
        let count = folio_allocations_this_thread() - start
        #expect(count == 0, "\(count) allocations over 27 frames")
        #expect(moved == 27, "every frame presents the animation")
        #expect(gradient.colors == model.0 && gradient.locations == model.1, "the model is restored")
        #expect(second.colors == Self.from && second.locations == [0, 0.5, 1])
    }

    /// The in-place path against the general one (`leafValue`, then the setter's clamp) for
    /// basic animations and springs in every from/to/by form, with a hand-over velocity,
    /// additive and cumulative, and a model without locations (nil: evenly spaced).
    @Test func inPlaceValuesAreBitForBitTheGeneralPaths() throws {
        let timing = try MediaTiming(duration: 1, repeatCount: 3)
        let spring = try Spring(mass: 1, stiffness: 200, damping: 12)
        let by: [Color] = [Color(red: 0.1, green: -0.2, blue: 0.3, alpha: 0), .clear, Color(red: 2, green: 0, blue: 0, alpha: -1)]
        var colorAnimations: [LayerAnimation] = [
            try .basic(.colors, from: .colors(Self.from), to: .colors(Self.to), timing: timing, timingFunction: .easeIn),
            try .basic(.colors, to: .colors(Self.to), timing: timing, timingFunction: .default),
            try .basic(.colors, from: .colors(Self.to), timing: timing),
            try .basic(.colors, by: .colors(by), timing: timing),
            try .basic(.colors, from: .colors(Self.to), by: .colors(by), timing: timing),
            try .basic(.colors, to: .colors(Self.to), by: .colors(by), timing: timing),
            try .basic(.colors, to: .colors(Self.to), timing: timing, timingFunction: .easeOut, velocity: .colors(by)),
            try .spring(.colors, to: .colors(Self.to), spring: spring, initialVelocity: 3, timing: timing),
            try .spring(.colors, from: .colors(Self.to), by: .colors(by), spring: spring, velocity: .colors(by), timing: timing),
        ]
        let frames: [AnimationValue] = [.colors(Self.from), .colors(Self.to), .colors(by), .colors(Self.from)]
        for mode in [LayerAnimation.CalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced] {
            colorAnimations.append(try .keyframes(.colors, values: frames, calculationMode: mode, timing: timing,
                                                  timingFunction: .easeInEaseOut))
        }
        colorAnimations.append(try .keyframes(.colors, values: frames, keyTimes: [0, 0.1, 0.1, 1],
                                              timingFunctions: [.easeIn, .linear, .easeOut], timing: timing))
        var keyframesAdditive = try LayerAnimation.keyframes(.colors, values: [.colors(by), .colors(Self.to)], timing: timing)
        keyframesAdditive.isAdditive = true
        keyframesAdditive.isCumulative = true
        colorAnimations.append(keyframesAdditive)
        var additive = try LayerAnimation.basic(.colors, by: .colors(by), timing: timing)
        additive.isAdditive = true
        var cumulative = try LayerAnimation.spring(.colors, from: .colors(Self.from), to: .colors(Self.to), spring: spring, timing: timing)
        cumulative.isCumulative = true
        colorAnimations += [additive, cumulative]
        var locationAnimations: [LayerAnimation] = [
            try .basic(.locations, from: .numbers([0, 0.25, 1]), to: .numbers([0.2, 0.3, 0.9]), timing: timing, timingFunction: .easeInEaseOut),
            try .spring(.locations, to: .numbers([0.1, 0.3, 0.8]), spring: spring, initialVelocity: -2, timing: timing),
            try .basic(.locations, to: .numbers([0.1, 0.7, 0.8]), timing: timing, velocity: .numbers([1, -3, 0.5])),
        ]
        var keyframeLocations = try LayerAnimation.keyframes(.locations, values: [.numbers([0, 0.5, 1]), .numbers([0.3, 0.4, 0.9]), .numbers([0.1, 0.2, 0.3])],
                                                              keyTimes: [0, 0.7, 1], timing: timing)
        keyframeLocations.isCumulative = true
        locationAnimations.append(keyframeLocations)
        var cumulativeLocations = try LayerAnimation.basic(.locations, by: .numbers([0.1, 0.1, -0.1]), timing: timing)
        cumulativeLocations.isCumulative = true
        cumulativeLocations.isAdditive = true
        locationAnimations.append(cumulativeLocations)
        for (i, animation) in colorAnimations.enumerated() {
            for time in [0, 0.013, 0.37, 0.5, 0.91, 1.26, 2.71] {
                let gradient = GradientLayer(name: "g")
                gradient.colors = Self.from
                try gradient.add(animation, forKey: "c")
                let sample = try #require(animation.timing.sample(at: time))
                guard case let .colors(general) = animation.leafValue(sample, base: .colors(Self.from)).value else {
                    Issue.record("not colours"); continue
                }
                let expected = general.allSatisfy(\.isFinite) ? general.map(\.clampedToUnit) : Self.from
                let presented = gradient.withPresentation(at: time) { gradient.colors }
                #expect(Self.bits(presented) == Self.bits(expected), "animation \(i) at \(time)")
                #expect(gradient.colors == Self.from)
            }
        }
        for (i, animation) in locationAnimations.enumerated() {
            for model in [[0, 0.5, 1], nil] as [[Double]?] {
                for time in [0, 0.013, 0.37, 0.5, 0.91, 1.26, 2.71] {
                    let gradient = GradientLayer(name: "g")
                    gradient.colors = Self.from
                    gradient.locations = model
                    try gradient.add(animation, forKey: "l")
                    let sample = try #require(animation.timing.sample(at: time))
                    guard case let .numbers(general) = animation.leafValue(sample, base: .numbers(model ?? [])).value else {
                        Issue.record("not numbers"); continue
                    }
                    let presented = gradient.withPresentation(at: time) { gradient.locations }
                    #expect(presented?.map(\.bitPattern) == (general.isEmpty ? nil : general.map(\.bitPattern)),
                            "animation \(i) over \(String(describing: model)) at \(time)")
                    #expect(gradient.locations == model)
                }
            }
        }
    }

    static func bits(_ colors: [Color]) -> [UInt64] {
        colors.flatMap { [$0.red.bitPattern, $0.green.bitPattern, $0.blue.bitPattern, $0.alpha.bitPattern] }
    }
}
