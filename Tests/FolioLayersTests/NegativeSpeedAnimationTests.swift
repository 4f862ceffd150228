import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Animations with a negative speed play backwards (issue 40; docs/animation.md, "Media
/// timing"): local time `a = (t − beginTime)·speed` runs down, the fills hold at the other end,
/// the velocity's sign flips, a reversed animation is complete once its local time reaches 0,
/// and a transaction interrupting one starts at its velocity.
///
/// Expected values are worked out by hand from the formulas (stated in each comment) and held
/// to 1e-12; handed-over velocities are held to 1e-9 against a five-point central difference
/// of the presentation before the change, exact up to rounding for the linear motions
/// interrupted here. Before negative speeds were supported every `MediaTiming(speed: −…)`
/// threw, so each test failed at its first timing.
@Suite struct NegativeSpeedAnimationTests {
    static func scene() throws -> (clock: LayerClock, layer: Layer) {
        let layer = Layer(name: "panel", frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 600), sublayers: [layer])
        return (try LayerClock(root: root), layer)
    }

    static func number(_ layer: Layer, _ path: AnimationKeyPath, _ t: Double) -> Double {
        layer.presentationValue(forKeyPath: path, at: t).number ?? .nan
    }

    static func rate(_ layer: Layer, _ path: AnimationKeyPath, _ t: Double) -> Double {
        layer.presentationVelocity(forKeyPath: path, at: t).number ?? .nan
    }

    /// The five-point central difference of `f` at `t`.
    static func derivative(_ f: (Double) -> Double, at t: Double, h: Double = 0.01) -> Double {
        (f(t - 2 * h) - 8 * f(t - h) + 8 * f(t + h) - f(t + 2 * h)) / (12 * h)
    }

    @Test func aReversedBasicAnimationPresentsItsValuesBackwardsAndItsVelocityFlips() throws {
        let layer = Layer(name: "l", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // opacity 0.2 → 1, d 2, speed −1, begin 3, both fills: a = 3 − t, value 0.2 + 0.8·a/2.
        try layer.add(.basic(.opacity, from: .number(0.2), to: .number(1),
                             timing: try MediaTiming(beginTime: 3, duration: 2, speed: -1, fillMode: .both)), forKey: "fade")
        #expect(abs(Self.number(layer, .opacity, 1.5) - 0.8) < 1e-12)     // a = 1.5
        #expect(abs(Self.number(layer, .opacity, 2.5) - 0.4) < 1e-12)     // a = 0.5
        #expect(abs(Self.rate(layer, .opacity, 2) + 0.4) < 1e-12)         // 0.8/2 per local s × −1
        // Later than its begin time it has ended on its from value; earlier it holds its to value.
        #expect(Self.number(layer, .opacity, 4) == 0.2 && Self.number(layer, .opacity, 0) == 1)
        #expect(Self.rate(layer, .opacity, 4) == 0 && Self.rate(layer, .opacity, 0) == 0)
        // Speed −4 runs four times as fast: a = 4(3 − t); at t = 2.75, a = 1 → 0.6, rate −1.6.
        let fast = Layer(name: "f", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try fast.add(.basic(.opacity, from: .number(0.2), to: .number(1),
                            timing: try MediaTiming(beginTime: 3, duration: 2, speed: -4)), forKey: "fade")
        #expect(abs(Self.number(fast, .opacity, 2.75) - 0.6) < 1e-12 && abs(Self.rate(fast, .opacity, 2.75) + 1.6) < 1e-12)
    }

    @Test func reversedKeyframesAndCumulativeRepeatsRunBackwards() throws {
        let layer = Layer(name: "l", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // values 0, 10, 30 at 0, ½, 1; d 2, speed −1, begin 2: t = 0.5 → a = 1.5, p = 0.75:
        // half-way through the second segment → 20, moving 20/0.5 per unit p / 2 s × −1 = −20.
        try layer.add(try .keyframes(.zPosition, values: [.number(0), .number(10), .number(30)], keyTimes: [0, 0.5, 1],
                                     timing: try MediaTiming(beginTime: 2, duration: 2, speed: -1)), forKey: "k")
        #expect(abs(Self.number(layer, .zPosition, 0.5) - 20) < 1e-12)
        #expect(abs(Self.rate(layer, .zPosition, 0.5) + 20) < 1e-12)
        #expect(abs(Self.rate(layer, .zPosition, 0.5) - Self.derivative({ Self.number(layer, .zPosition, $0) }, at: 0.5)) < 1e-9)
        // Cumulative 0 → 10, d 1, 3 passes, speed −1, begin 3: t = 0.5 → a = 2.5, k = 2, p = ½:
        // 5 + 2·10 = 25, moving −10 a second; t = 2.75 → a = 0.25: 2.5.
        let steps = Layer(name: "s", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var cumulative = try LayerAnimation.basic(.cornerRadius, from: .number(0), to: .number(10),
                                                  timing: try MediaTiming(beginTime: 3, duration: 1, speed: -1, repeatCount: 3))
        cumulative.isCumulative = true
        try steps.add(cumulative, forKey: "c")
        #expect(abs(Self.number(steps, .cornerRadius, 0.5) - 25) < 1e-12)
        #expect(abs(Self.number(steps, .cornerRadius, 2.75) - 2.5) < 1e-12)
        #expect(abs(Self.rate(steps, .cornerRadius, 0.5) + 10) < 1e-12)
        // Autoreversing and reversed: d 1, speed −1, begin 2: t = 0.5 → a = 1.5, the back half
        // at w = 0.5: 5, moving back (−10 per local s) as local time runs down: +10 a second.
        let bounce = Layer(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try bounce.add(.basic(.cornerRadius, from: .number(0), to: .number(10),
                              timing: try MediaTiming(beginTime: 2, duration: 1, speed: -1, autoreverses: true)), forKey: "a")
        #expect(abs(Self.number(bounce, .cornerRadius, 0.5) - 5) < 1e-12)
        #expect(abs(Self.rate(bounce, .cornerRadius, 0.5) - 10) < 1e-12)
    }

    /// A reversed spring is its forward twin read backwards: from its settled value at the start
    /// of its active interval (the settling duration before its begin time) to its from value.
    @Test func aReversedSpringPlaysItsSettlingTimeBackwards() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.6)
        let reversed = try LayerAnimation.spring(.positionX, from: .number(0), to: .number(100), spring: spring,
                                                 timing: try MediaTiming(beginTime: 5, speed: -1))
        let forward = try LayerAnimation.spring(.positionX, from: .number(0), to: .number(100), spring: spring)
        let d = forward.timing.duration
        #expect(reversed.timing.duration == d && d > 0.5 && d < 5)
        let a = Layer(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Layer(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try a.add(reversed, forKey: "s"); try b.add(forward, forKey: "s")
        for i in 1..<100 {
            let local = d * Double(i) / 100, t = 5 - local
            let x = a.presentationValue(forKeyPath: .position, at: t).point.x
            let twin = b.presentationValue(forKeyPath: .position, at: local).point.x
            #expect(abs(x - twin) < 1e-12, "t = \(t)")
            let v = a.presentationVelocity(forKeyPath: .position, at: t).point.x
            let twinV = b.presentationVelocity(forKeyPath: .position, at: local).point.x
            #expect(abs(v + twinV) < 1e-9, "t = \(t): \(v) against −\(twinV)")
        }
        // It begins (t = 5 − d; a nanosecond later, so that rounding cannot put a past A)
        // within the settling tolerance (0.1 % of the distance) of 100 and ends at its from value.
        #expect(abs(a.presentationValue(forKeyPath: .position, at: 5 - d + 1e-9).point.x - 100) <= 0.1)
        #expect(abs(a.presentationValue(forKeyPath: .position, at: 5 - 1e-9).point.x) < 1e-6)
    }

    @Test func aReversedGroupPlaysAReversedChildForwards() throws {
        let layer = Layer(name: "l", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // Group: begin 2, d 2, speed −1 → group time L = 2 − t for t in [0, 2). Child: begin 2
        // (group time), d 2, speed −1 → a = 2 − L = t. Opacity 0 → 1: t/2, rising 0.5 a second.
        let child = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1),
                                             timing: try MediaTiming(beginTime: 2, duration: 2, speed: -1))
        try layer.add(.group([child], timing: try MediaTiming(beginTime: 2, duration: 2, speed: -1)), forKey: "g")
        #expect(abs(Self.number(layer, .opacity, 1) - 0.5) < 1e-12)
        #expect(abs(Self.number(layer, .opacity, 1.5) - 0.75) < 1e-12)
        #expect(abs(Self.rate(layer, .opacity, 1.5) - 0.5) < 1e-12)
        // A reversed group of a forward child plays it backwards: child begin 0, d 2, speed 1.
        let other = Layer(name: "o", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let plain = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 2))
        try other.add(.group([plain], timing: try MediaTiming(beginTime: 2, duration: 2, speed: -1)), forKey: "g")
        #expect(abs(Self.number(other, .opacity, 0.5) - 0.75) < 1e-12)  // L = 1.5
        #expect(abs(Self.rate(other, .opacity, 0.5) + 0.5) < 1e-12)
    }

    /// Added through a clock with begin time 0, a reversed animation plays from now (Web
    /// Animations' rewind), is complete when its local time reaches 0, and leaves then.
    @Test func aReversedAnimationCompletesWhenItsLocalTimeReachesZero() throws {
        let (clock, layer) = try Self.scene()
        var finished: [Bool] = []
        var fade = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1, speed: -1))
        fade.completion = { finished.append($0) }
        try clock.add(fade, to: layer, forKey: "fade")
        // Stamped begin time: now + A/|speed| = 1; at 0.25, a = 0.75.
        try clock.advance(by: 0.25)
        #expect(abs(Self.number(layer, .opacity, clock.time) - 0.75) < 1e-12)
        #expect(layer.animationKeys() == ["fade"] && finished.isEmpty)
        try clock.advance(by: 0.7)
        #expect(layer.animationKeys() == ["fade"] && finished.isEmpty)
        try clock.advance(by: 0.05)    // t = 1: a = 0, complete
        #expect(layer.animationKeys().isEmpty && finished == [true])

        // Kept (not removed on completion) with a backwards fill: it holds its from value after
        // its end and is completed once.
        var held = try LayerAnimation.basic(.opacity, from: .number(0.3), to: .number(1),
                                            timing: try MediaTiming(duration: 1, speed: -2, fillMode: .backwards))
        held.isRemovedOnCompletion = false
        var heldFinished: [Bool] = []
        held.completion = { heldFinished.append($0) }
        try clock.add(held, to: layer, forKey: "held")   // begin = now + 0.5
        let begin = clock.time + 0.5
        try clock.advance(by: 0.25)
        #expect(abs(Self.number(layer, .opacity, clock.time) - (0.3 + 0.7 * 0.5)) < 1e-12)  // a = 2·0.25
        try clock.advance(by: 0.5)
        try clock.advance(by: 0.5)
        #expect(layer.animationKeys() == ["held"] && heldFinished == [true])
        #expect(Self.number(layer, .opacity, clock.time) == 0.3 && clock.time > begin)
        // Added straight to a layer (no clock) its begin time is the tree's 0: it has played
        // before it and is finished at once.
        let bare = Layer(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try bare.add(.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1, speed: -1)), forKey: "r")
        #expect(abs(Self.number(bare, .opacity, -0.25) - 0.25) < 1e-12)
        #expect(bare.removeFinishedAnimations(at: 0) == 1)
    }

    /// A transaction interrupting a reversed slide starts at its (negative) velocity: value and
    /// velocity continuous to 1e-9, for a spring and a timing curve.
    @Test func aTransactionInterruptingAReversedAnimationKeepsItsVelocity() throws {
        for curve in [false, true] {
            let (clock, layer) = try Self.scene()
            // position.x 0 → 400, d 1, speed −1 from now: x = 400·(1 − elapsed), −400 a second.
            try clock.add(.basic(.positionX, from: .number(0), to: .number(400), timing: try MediaTiming(duration: 1, speed: -1)),
                          to: layer, forKey: "slide")
            try clock.advance(by: 0.3)
            let t = clock.time
            let x = { (t: Double) in layer.presentationValue(forKeyPath: .position, at: t).point.x }
            let seen = Self.derivative(x, at: t)
            #expect(abs(seen + 400) < 1e-9, "the oracle: the reversed slide moves at −400 points a second")
            #expect(abs(x(t) - 280) < 1e-12)
            let analytic = layer.presentationVelocity(forKeyPath: .position, at: t).point.x
            #expect(abs(analytic - seen) < 1e-9)
            let before = layer.presentationValue(forKeyPath: .position, at: t)
            let transaction: LayerTransaction = curve ? .timing(.easeInEaseOut, duration: 0.6)
                : .spring(try Spring(response: 0.4, dampingRatio: 0.8))
            clock.perform(transaction) { layer.position = Point(x: 600, y: 300) }
            #expect(layer.presentationValue(forKeyPath: .position, at: t).distance(to: before) < 1e-9)
            let velocity = layer.presentationVelocity(forKeyPath: .position, at: t).point
            #expect(abs(velocity.x - seen) < 1e-9 && abs(velocity.y) < 1e-9, "\(curve ? "curve" : "spring") handed over \(velocity.x), moving at \(seen)")
        }
    }
}
