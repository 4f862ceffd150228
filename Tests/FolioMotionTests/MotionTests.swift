import Foundation
import Testing
@testable import FolioMotion

/// Decay, rubber band, keyframes, velocity tracking and gesture hand-off.
@Suite struct MotionTests {
    @Test func decayRestsWhereUIKitProjects() throws {
        let d = try Decay(from: 100, velocity: 2000)
        // UIKit: value + v/1000 · r/(1 − r) = 100 + 2 · 499 = 1098; the continuous decay
        // constant −1000·ln r gives almost the same point.
        #expect(abs(Decay.projectedValue(from: 100, velocity: 2000) - 1098) < 1e-9)
        #expect(abs(d.restingValue - 1098) / 998 < 2e-3) // v/k = 999.0 vs the discrete 998
        #expect(abs(d.value(at: 100) - d.restingValue) < 1e-9)
        #expect(d.velocity(at: 0) == 2000 && d.velocity(at: 1) < 2000 * 0.14)
        let aimed = try Decay(from: 0.3, velocity: 1.5, restingAt: 1)
        #expect(abs(aimed.restingValue - 1) < 1e-15)
        #expect(throws: MotionError.self) { try Decay(from: 0.3, velocity: -1, restingAt: 1) }
        #expect(throws: MotionError.self) { try Decay(from: 0.3, velocity: 0, restingAt: 1) }
        #expect(throws: MotionError.self) { try Decay(from: 0, velocity: 1, rate: 1) }
    }

    @Test func rubberBandResistsMoreTheFurtherItIsPulled() {
        #expect(RubberBand.distance(0, dimension: 300) == 0)
        // Pulled one full dimension: (1 − 1/1.55)·d.
        #expect(abs(RubberBand.distance(300, dimension: 300) - 300 * (1 - 1 / 1.55)) < 1e-9)
        #expect(RubberBand.distance(-300, dimension: 300) == -RubberBand.distance(300, dimension: 300))
        var previous = 0.0
        for i in 1...1000 {
            let d = RubberBand.distance(Double(i) * 10, dimension: 300)
            #expect(d > previous && d < 300 && d < Double(i) * 10)
            previous = d
        }
        #expect(RubberBand.clamp(0.5, to: 0...1, dimension: 1) == 0.5)
        #expect(RubberBand.clamp(1.2, to: 0...1, dimension: 1) < 1.2 && RubberBand.clamp(1.2, to: 0...1, dimension: 1) > 1)
        #expect(RubberBand.clamp(.nan, to: 0...1, dimension: 1) == 0)
        #expect(RubberBand.distance(.infinity, dimension: 10) == 10)
    }

    @Test func keyframesHitKeyValuesAndUseSegmentTiming() throws {
        let k = try KeyframeAnimation(values: [0.0, 10, 4], keyTimes: [0, 0.25, 1],
                                      timingFunctions: [.easeIn, .linear])
        #expect(k.value(at: 0) == 0 && k.value(at: 0.25) == 10 && k.value(at: 1) == 4)
        #expect(k.value(at: -1) == 0 && k.value(at: 2) == 4 && k.value(at: .nan) == 0)
        #expect(abs(k.value(at: 0.125) - 10 * TimingFunction.easeIn.value(at: 0.5)) < 1e-12)
        #expect(abs(k.value(at: 0.625) - 7) < 1e-12)
        let discrete = try KeyframeAnimation(values: [1.0, 2, 3], calculationMode: .discrete)
        #expect(discrete.value(at: 0.49) == 1 && discrete.value(at: 0.5) == 2 && discrete.value(at: 0.99) == 2)
    }

    @Test func malformedKeyframesAreRejectedWithTheReason() {
        #expect(throws: MotionError.invalidKeyframes(reason: "values must not be empty")) { try KeyframeAnimation<Double>(values: []) }
        #expect(throws: MotionError.invalidKeyframes(reason: "2 key times for 3 values")) { try KeyframeAnimation(values: [0.0, 1, 2], keyTimes: [0, 1]) }
        #expect(throws: MotionError.invalidKeyframes(reason: "keyTimes[2] = 0.3 is before keyTimes[1] = 0.5")) {
            try KeyframeAnimation(values: [0.0, 1, 2, 3], keyTimes: [0, 0.5, 0.3, 1])
        }
        #expect(throws: MotionError.self) { try KeyframeAnimation(values: [0.0, 1], keyTimes: [0, .nan]) }
        #expect(throws: MotionError.self) { try KeyframeAnimation(values: [0.0, 1], keyTimes: [0.1, 1]) }
        #expect(throws: MotionError.self) { try KeyframeAnimation(values: [0.0, 1], timingFunctions: []) }
    }

    @Test func angleKeyframesAreExactTrigonometricPaths() throws {
        // The fold's shadow: 0.25·(1 − cos θ), θ = 90°·easeOut(t).
        let shadow = try AngleKeyframes(.cosine, from: 0, to: 90, amplitude: -0.25, offset: 0.25, timing: .easeOut)
        #expect(shadow.value(at: 0) == 0 && shadow.value(at: 1) == 0.25)
        let theta = 90 * TimingFunction.easeOut.value(at: 0.4)
        #expect(abs(shadow.value(at: 0.4) - 0.25 * (1 - cos(theta * .pi / 180))) < 1e-15)
        let sine = try AngleKeyframes(.sine, from: 0, to: 180)
        #expect(sine.value(at: 0.5) == 1 && sine.value(at: 1) == 0)
        #expect(throws: MotionError.self) { try AngleKeyframes(.sine, from: 0, to: .infinity) }
    }

    @Test func velocityTrackerRecoversAConstantSpeed() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == 0)
        for i in 0..<50 { tracker.add(10 + 250 * Double(i) / 120, at: Double(i) / 120) }
        #expect(abs(tracker.velocity - 250) < 1e-6)
        // Old samples fall out of the window: the pointer stopped.
        for i in 50..<80 { tracker.add(10 + 250 * 49 / 120, at: Double(i) / 120) }
        #expect(abs(tracker.velocity) < 1e-9)
        tracker.reset()
        #expect(tracker.velocity == 0)
    }

    @Test func releaseSettlesOnTheEndItsProjectionReaches() throws {
        // Slow release before halfway falls back; a flick from the same place completes.
        let slow = try GestureHandoff.release(value: 0.4, velocity: 0.1, range: 0...1)
        #expect(slow.target == 0)
        let flick = try GestureHandoff.release(value: 0.4, velocity: 0.5, range: 0...1)
        #expect(flick.target == 1 && abs(flick.projectedValue - (0.4 + 0.5 * 0.499)) < 1e-12)
        #expect(flick.motion.velocity(at: 0) == 0.5 && flick.motion.value(at: 0) == 0.4)
        let back = try GestureHandoff.release(value: 0.8, velocity: -2, range: 0...1)
        #expect(back.target == 0)
        #expect(throws: MotionError.self) { try GestureHandoff.release(value: .nan, velocity: 0, range: 0...1) }
    }
}
