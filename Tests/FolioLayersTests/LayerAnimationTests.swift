import Foundation
import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Explicit animations on layers: Core Animation's value rules, keyframes, springs, groups,
/// composition, transform parts and bad input. Expected values are worked out by hand in the
/// comments; tolerances are stated.
@Suite struct LayerAnimationTests {
    static func timing(begin: Double = 0, duration: Double = 1, repeatCount: Double = 0, fill: FillMode = .removed) -> MediaTiming {
        (try? MediaTiming(beginTime: begin, duration: duration, repeatCount: repeatCount, fillMode: fill)) ?? .default
    }

    static func number(_ layer: Layer, _ path: AnimationKeyPath, at time: Double) -> Double {
        layer.presentationValue(forKeyPath: path, at: time).number ?? .nan
    }

    @Test func aBasicFadeShowsItsValueAndLeavesTheModelAlone() throws {
        let layer = Layer(name: "fade")
        try layer.add(.basic(.opacity, from: .number(0), to: .number(1), timing: Self.timing()), forKey: "fade")
        #expect(abs(Self.number(layer, .opacity, at: 0.25) - 0.25) < 1e-15)
        #expect(layer.opacity == 1, "the model value is untouched")
        layer.opacity = 0.4
        // After the end without a fill, the model shows.
        #expect(Self.number(layer, .opacity, at: 1.5) == 0.4)
        #expect(layer.animationKeys() == ["fade"])
    }

    @Test func coreAnimationsFromToByRulesUseTheCurrentValue() throws {
        // Model position.x = 100, at half-way (t = 0.5, linear):
        // from 0 by 40 → 0…40 → 20; by 40 to 200 → 160…200 → 180; from 0 → 0…100 → 50;
        // to 300 → 100…300 → 200; by 50 → 100…150 → 125.
        let cases: [(AnimationValue?, AnimationValue?, AnimationValue?, Double)] = [
            (.number(0), nil, .number(40), 20), (nil, .number(200), .number(40), 180), (.number(0), nil, nil, 50),
            (nil, .number(300), nil, 200), (nil, nil, .number(50), 125), (.number(10), .number(30), .number(1000), 20),
        ]
        for (from, to, by, expected) in cases {
            let layer = Layer(name: "x")
            layer.position = Point(x: 100, y: 7)
            try layer.add(.basic(.positionX, from: from, to: to, by: by, timing: Self.timing()), forKey: nil)
            #expect(abs(Self.number(layer, .positionX, at: 0.5) - expected) < 1e-12, "\(String(describing: from)) \(String(describing: to)) \(String(describing: by))")
            #expect(layer.presentationValue(forKeyPath: .positionY, at: 0.5) == .number(7))
        }
    }

    @Test func timingFunctionsShapeProgressWithCoreAnimationsCurves() throws {
        let layer = Layer(name: "eased")
        try layer.add(.basic(.opacity, from: .number(0), to: .number(1), timing: Self.timing(), timingFunction: .easeInEaseOut), forKey: nil)
        #expect(abs(Self.number(layer, .opacity, at: 0.3) - TimingFunction.easeInEaseOut.value(at: 0.3)) < 1e-15)
        // Symmetric curve: half-way in time is half-way in value.
        #expect(abs(Self.number(layer, .opacity, at: 0.5) - 0.5) < 1e-12)
    }

    @Test func linearKeyframesFollowTheirKeyTimesAndSegmentCurves() throws {
        // values 0, 10, 20 at 0, 0.2, 1: t = 0.1 → 5; t = 0.6 → 10 + 10·(0.4/0.8) = 15.
        let layer = Layer(name: "k")
        try layer.add(.keyframes(.zPosition, values: [.number(0), .number(10), .number(20)], keyTimes: [0, 0.2, 1],
                                 timing: Self.timing()), forKey: nil)
        #expect(abs(Self.number(layer, .zPosition, at: 0.1) - 5) < 1e-12)
        #expect(abs(Self.number(layer, .zPosition, at: 0.6) - 15) < 1e-12)
    }

    @Test func discreteKeyframesHoldEachValueAndTakeOneMoreKeyTime() throws {
        // values 1, 2, 3 over [0, 0.5), [0.5, 0.75), [0.75, 1].
        let layer = Layer(name: "d")
        try layer.add(.keyframes(.cornerRadius, values: [.number(1), .number(2), .number(3)], keyTimes: [0, 0.5, 0.75, 1],
                                 calculationMode: .discrete, timing: Self.timing()), forKey: nil)
        #expect(Self.number(layer, .cornerRadius, at: 0.49) == 1)
        #expect(Self.number(layer, .cornerRadius, at: 0.6) == 2)
        #expect(Self.number(layer, .cornerRadius, at: 0.8) == 3)
        #expect(throws: AnimationError.self) {
            _ = try LayerAnimation.keyframes(.cornerRadius, values: [.number(1), .number(2)], keyTimes: [0, 1], calculationMode: .discrete)
        }
    }

    @Test func pacedKeyframesCoverEqualDistanceInEqualTime() throws {
        // (0,0) → (30,0) → (30,40): 70 points in all, so every 0.1 s covers 7 points.
        let layer = Layer(name: "p")
        try layer.add(.keyframes(.position, values: [.point(.zero), .point(Point(x: 30, y: 0)), .point(Point(x: 30, y: 40))],
                                 calculationMode: .paced, timing: Self.timing()), forKey: nil)
        for i in 0..<10 {
            let t = Double(i) / 10
            guard case let .point(p) = layer.presentationValue(forKeyPath: .position, at: t) else { Issue.record("kind"); return }
            // Distance along the path: x on the first leg, 30 + y on the second.
            let travelled = p.y == 0 ? p.x : 30 + p.y
            #expect(abs(travelled - 70 * t) < 1e-9, "t = \(t)")
        }
    }

    @Test func aSpringFollowsTheStepResponseOfTheDampedOscillator() throws {
        // m 1, k 100, c 10: ω₀ = 10, ζ = 0.5, ω_d = 10·√0.75;
        // x(t) = 1 − e^(−5t)(cos ω_d t + (5/ω_d) sin ω_d t) from 0 to 1, x′(0) = 0.
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        let layer = Layer(name: "s")
        let animation = try LayerAnimation.spring(.opacity, from: .number(0), to: .number(1), spring: spring)
        try layer.add(animation, forKey: nil)
        let wd = 10 * 0.75.squareRoot()
        for t in [0.05, 0.2, 0.3, 0.7] {
            let x = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(abs(Self.number(layer, .opacity, at: t) - x) < 1e-12, "t = \(t)")
        }
        // The duration defaults to the settling duration: |1 − x| ≤ 1e-3 from there on.
        let settle = animation.timing.duration
        #expect(settle > 0.5 && settle < 3)
        for t in stride(from: settle, to: settle + 2, by: 0.01) {
            #expect(abs(1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)) - 1) <= 1e-3)
        }
    }

    @Test func aSpringWithInitialVelocityStartsAtThatFractionOfTheDistancePerSecond() throws {
        // Against RK4 of m·y″ + c·y′ + k·y = 0 for y = 1 − x: y(0) = 1, y′(0) = −initialVelocity.
        let spring = try Spring(mass: 2, stiffness: 300, damping: 12)
        let layer = Layer(name: "v")
        try layer.add(.spring(.positionY, from: .number(10), to: .number(110), spring: spring, initialVelocity: 4), forKey: nil)
        for t in [0.1, 0.45] {
            var y = 1.0, v = -4.0, time = 0.0
            let h = 1e-5
            func acc(_ y: Double, _ v: Double) -> Double { -(300 * y + 12 * v) / 2 }
            while time < t - 1e-12 {
                let k1y = v, k1v = acc(y, v), k2y = v + h / 2 * k1v, k2v = acc(y + h / 2 * k1y, v + h / 2 * k1v)
                let k3y = v + h / 2 * k2v, k3v = acc(y + h / 2 * k2y, v + h / 2 * k2v), k4y = v + h * k3v, k4v = acc(y + h * k3y, v + h * k3v)
                y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y); v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v); time += h
            }
            #expect(abs(Self.number(layer, .positionY, at: t) - (10 + 100 * (1 - y))) < 1e-7, "t = \(t)")
        }
    }

    @Test func additiveAndCumulativeAnimationsComposeInOrder() throws {
        // Model 100. A: 0 → 10 (5 at t = 0.5); B additive 0 → 20 (10): A then B = 15; B then A = 5.
        let a = try LayerAnimation.basic(.positionX, from: .number(0), to: .number(10), timing: Self.timing())
        var b = try LayerAnimation.basic(.positionX, from: .number(0), to: .number(20), timing: Self.timing())
        b.isAdditive = true
        let ab = Layer(name: "ab"), ba = Layer(name: "ba")
        ab.position.x = 100; ba.position.x = 100
        try ab.add(a, forKey: "a"); try ab.add(b, forKey: "b")
        try ba.add(b, forKey: "b"); try ba.add(a, forKey: "a")
        #expect(Self.number(ab, .positionX, at: 0.5) == 15)
        #expect(Self.number(ba, .positionX, at: 0.5) == 5)
        // B alone, additive: 100 + 10.
        let alone = Layer(name: "b")
        alone.position.x = 100
        try alone.add(b, forKey: nil)
        #expect(Self.number(alone, .positionX, at: 0.5) == 110)
        // Cumulative, 3 passes of 0 → 10: pass 3 at half-way is 5 + 2·10 = 25.
        var c = try LayerAnimation.basic(.positionX, from: .number(0), to: .number(10), timing: Self.timing(repeatCount: 3))
        c.isCumulative = true
        let cumulative = Layer(name: "c")
        try cumulative.add(c, forKey: nil)
        #expect(Self.number(cumulative, .positionX, at: 2.5) == 25)
    }

    @Test func aRotationPartInterpolatesTheAngleSoThreeQuartersOfATurnStaysOne() throws {
        // 0 → 3π/2 about z: at t = 0.5 the angle is 3π/4 (135°), not the 90° short way.
        let layer = Layer(name: "spin")
        try layer.add(.basic(.rotationZ, from: .number(0), to: .number(1.5 * .pi), timing: Self.timing()), forKey: nil)
        guard case let .transform(m) = layer.presentationValue(forKeyPath: .transform, at: 0.5) else { Issue.record("kind"); return }
        let r = Transform3D(rotationAngle: 0.75 * .pi, x: 0, y: 0, z: 1)
        #expect(zip(m.entries, r.entries).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(abs(Self.number(layer, .rotationZ, at: 0.5) - 0.75 * .pi) < 1e-12)
        #expect(layer.transform == .identity)
    }

    @Test func aScalePartKeepsTheModelsRotation() throws {
        // Model: 30° about z. transform.scale 1 → 3: at t = 0.5 scale 2 and still 30°.
        let layer = Layer(name: "grow")
        layer.transform = Transform3D(rotationDegrees: 30, x: 0, y: 0, z: 1)
        try layer.add(.basic(.scale, from: .number(1), to: .number(3), timing: Self.timing()), forKey: nil)
        guard case let .transform(m) = layer.presentationValue(forKeyPath: .transform, at: 0.5) else { Issue.record("kind"); return }
        let expected = Transform3D(scaleX: 2, y: 2, z: 2).concatenating(Transform3D(rotationDegrees: 30, x: 0, y: 0, z: 1))
        #expect(zip(m.entries, expected.entries).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test func aWholeTransformAnimationBlendsByDecomposition() throws {
        let layer = Layer(name: "matrix")
        let to = Transform3D(rotationDegrees: 90, x: 0, y: 0, z: 1).appendingTranslation(x: 100, y: 0)
        try layer.add(.basic(.transform, from: .transform(.identity), to: .transform(to), timing: Self.timing()), forKey: nil)
        #expect(layer.presentationValue(forKeyPath: .transform, at: 0.5) == .transform(Transform3D.identity.blended(to: to, by: 0.5)))
    }

    @Test func groupChildrenRunOnTheGroupsLocalTime() throws {
        // Group begins at 1 for 2 s; the child begins 0.5 s into it for 1 s, 0 → 100:
        // t = 2 → group time 1 → child 0.5 → 50. t = 3.5: the group is over.
        let child = try LayerAnimation.basic(.positionX, from: .number(0), to: .number(100), timing: Self.timing(begin: 0.5))
        let group = LayerAnimation.group([child], timing: Self.timing(begin: 1, duration: 2))
        let layer = Layer(name: "g")
        layer.position.x = -1
        try layer.add(group, forKey: "group")
        #expect(Self.number(layer, .positionX, at: 2) == 50)
        #expect(Self.number(layer, .positionX, at: 3.5) == -1)
    }

    @Test func fillModesHoldValuesOutsideTheActiveInterval() throws {
        let layer = Layer(name: "f")
        layer.opacity = 0.5
        var a = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1), timing: Self.timing(begin: 1, fill: .both))
        a.isRemovedOnCompletion = false
        try layer.add(a, forKey: nil)
        #expect(Self.number(layer, .opacity, at: 0) == 0)
        #expect(Self.number(layer, .opacity, at: 5) == 1)
    }

    @Test func finishedAnimationsLeaveAndCallTheirCompletions() throws {
        let root = Layer(name: "root"), layer = Layer(name: "l")
        try root.addSublayer(layer)
        var calls: [Bool] = []
        var a = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1), timing: Self.timing())
        a.completion = { calls.append($0) }
        try layer.add(a, forKey: "a")
        try layer.add(a, forKey: "b")
        #expect(root.animatedLayerCount == 1)
        layer.removeAnimation(forKey: "b")
        #expect(calls == [false])
        #expect(root.removeFinishedAnimations(at: 0.5) == 0)
        #expect(root.removeFinishedAnimations(at: 1) == 1)
        #expect(calls == [false, true] && layer.animationKeys().isEmpty && root.animatedLayerCount == 0)
        // Replacing under the same key ends the old one unfinished.
        try layer.add(a, forKey: "a")
        try layer.add(a, forKey: "a")
        #expect(calls == [false, true, false] && layer.animationKeys() == ["a"])
    }

    @Test func animatedLayerCountsFollowLayersBetweenTrees() throws {
        let a = Layer(name: "a"), b = Layer(name: "b"), leaf = Layer(name: "leaf")
        try leaf.add(.basic(.opacity, from: .number(0), timing: Self.timing()), forKey: nil)
        try a.addSublayer(leaf)
        #expect(a.animatedLayerCount == 1)
        try b.addSublayer(leaf)
        #expect(a.animatedLayerCount == 0 && b.animatedLayerCount == 1)
        try b.setSublayers([])
        #expect(b.animatedLayerCount == 0)
        leaf.removeAllAnimations()
        #expect(leaf.animatedLayerCount == 0)
    }

    @Test func badInputIsATypedErrorNamingTheKeyPath() throws {
        #expect(throws: AnimationError.unknownKeyPath("transform.spin")) { _ = try AnimationKeyPath(parsing: "transform.spin") }
        #expect(try AnimationKeyPath(parsing: "transform.rotation") == .rotationZ)
        #expect(throws: AnimationError.wrongValueType(keyPath: "position", name: "toValue", expected: .point, got: .number)) {
            _ = try LayerAnimation.basic(.position, to: .number(3))
        }
        #expect(throws: AnimationError.nonFinite(keyPath: "opacity", name: "fromValue")) {
            _ = try LayerAnimation.basic(.opacity, from: .number(.nan))
        }
        #expect(throws: AnimationError.nonFinite(keyPath: "bounds", name: "values[1]")) {
            _ = try LayerAnimation.keyframes(.bounds, values: [.rect(.zero), .rect(Rect(x: 0, y: 0, width: .infinity, height: 1))])
        }
        #expect(throws: AnimationError.unknownKeyPath("startPoint")) {
            try Layer(name: "plain").add(.basic(.startPoint, to: .point(.zero)), forKey: nil)
        }
        try GradientLayer(name: "g").add(.basic(.startPoint, to: .point(.zero)), forKey: nil)
        #expect(throws: MotionError.self) { _ = try Spring(mass: 0, stiffness: 1, damping: 1) }
        #expect(throws: MotionError.self) { _ = try MediaTiming(duration: -0.5) }
        #expect(throws: MotionError.self) { _ = try MediaTiming(speed: 0) }
    }

    /// A spring's parameters given on the animation (as `CASpringAnimation` takes them) are
    /// refused naming the key path; no message prints `nan` or `inf` (numbers show as
    /// `not-a-number` and `infinity`); and values that overflow as they compose never reach a
    /// frame: the presentation keeps the last finite value.
    @Test func badSpringsNameTheKeyPathAndNoMessageOrFrameHoldsNaN() throws {
        for (mass, stiffness, damping, name) in [(0.0, 100.0, 10.0, "mass"), (-1, 100, 10, "mass"), (1, 0, 10, "stiffness"),
                                                 (1, 100, -1, "damping"), (.nan, 100, 10, "mass"), (1, .infinity, 10, "stiffness")] {
            do throws(AnimationError) {
                _ = try LayerAnimation.spring(.positionY, to: .number(1), mass: mass, stiffness: stiffness, damping: damping)
                Issue.record("mass \(mass), stiffness \(stiffness), damping \(damping) was accepted")
            } catch {
                guard case let .invalidParameter(keyPath, motion) = error else { Issue.record("\(error)"); continue }
                #expect(keyPath == "position.y")
                #expect(error.description.hasPrefix("position.y: \(name) = "), "\(error)")
                #expect(!"\(motion)".isEmpty)
            }
        }
        #expect(try LayerAnimation.spring(.opacity, to: .number(1), mass: 2).keyPath == .opacity)
        var messages: [String] = []
        func message(_ body: () throws -> Void) {
            do { try body(); Issue.record("accepted") } catch { messages.append("\(error)") }
        }
        message { _ = try MediaTiming(duration: .nan) }
        message { _ = try MediaTiming(beginTime: -.infinity) }
        message { _ = try MediaTiming(speed: .nan) }
        message { _ = try Spring(mass: .nan, stiffness: 1, damping: 1) }
        message { _ = try LayerAnimation.spring(.opacity, mass: .infinity) }
        message { _ = try LayerAnimation.spring(.opacity, to: .number(1), initialVelocity: .nan) }
        message { _ = try LayerAnimation.basic(.opacity, from: .number(.nan)) }
        message { _ = try TimingFunction(.nan, 0, 1, 1) }
        message { try LayerClock(root: Layer(name: "r")).setTimeScale(.nan) }
        message { let clock = try LayerClock(root: Layer(name: "r")); try clock.tick(to: 5); try clock.tick(to: -.infinity) }
        #expect(messages.count == 10)
        for m in messages {
            let lower = m.lowercased()
            #expect(!lower.contains("nan") && !lower.contains("inf ") && !lower.hasSuffix("inf"), "\(m)")
        }
        // Composition that overflows: model 1e308, plus an additive 1e308 → ∞ is not written.
        let layer = Layer(name: "far")
        layer.position = Point(x: 1e308, y: 0)
        var push = try LayerAnimation.basic(.positionX, from: .number(1e308), to: .number(1e308), timing: MediaTiming(duration: 1))
        push.isAdditive = true
        try layer.add(push, forKey: "push")
        try layer.add(.basic(.opacity, from: .number(0), to: .number(1), timing: MediaTiming(duration: 1)), forKey: "fade")
        for t in [0.0, 0.5, .nan, .infinity] {
            layer.withPresentation(at: t) {
                #expect(layer.position.x.isFinite && layer.opacity.isFinite, "t = \(t)")
            }
        }
        #expect(layer.position.x == 1e308, "the model is back")
    }

    @Test func overshootingColourSpringsStayInsideTheUnitRange() throws {
        let layer = Layer(name: "c")
        let bouncy = try Spring(mass: 1, stiffness: 400, damping: 4)
        try layer.add(.spring(.backgroundColor, from: .color(.black), to: .color(.white), spring: bouncy), forKey: nil)
        for t in stride(from: 0.0, to: 1, by: 0.01) {
            layer.withPresentation(at: t) {
                let c = layer.backgroundColor ?? .clear
                #expect(c.red >= 0 && c.red <= 1 && c.alpha == 1)
            }
        }
        #expect(layer.backgroundColor == nil, "the model had no background colour and has none again")
    }
}
