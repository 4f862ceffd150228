import Testing
@testable import FolioMotion

/// Model versus presentation values, begin-from-current, time scale, frame-rate independence.
@Suite struct AnimationClockTests {
    @Test func modelIsTheDestinationAndPresentationIsOnScreen() throws {
        let clock = AnimationClock()
        let v = try AnimatedValue(0)
        try clock.tick(to: 10)
        try clock.animate(v, to: 1, with: .timing(.linear, duration: 2))
        #expect(v.modelValue == 1 && v.presentationValue == 0)
        try clock.tick(to: 10.5)
        #expect(abs(v.presentationValue - 0.25) < 1e-12 && abs(v.velocity - 0.5) < 1e-6)
        try clock.tick(to: 13)
        #expect(v.presentationValue == 1 && !v.isAnimating && v.velocity == 0)
    }

    @Test func newAnimationsBeginFromThePresentationValue() throws {
        let clock = AnimationClock()
        let v = try AnimatedValue(0)
        var seen: [Double] = []
        v.onChange = { seen.append($0) }
        try clock.tick(to: 0)
        try clock.animate(v, to: 100, with: .spring(.snappy))
        try clock.tick(to: 0.1)
        let midFlight = v.presentationValue, speed = v.velocity
        #expect(midFlight > 10 && midFlight < 100 && speed > 0)
        // Redirect: no jump in value, and the spring inherits the velocity.
        try clock.animate(v, to: -50, with: .spring(.snappy))
        #expect(v.presentationValue == midFlight)
        try clock.tick(to: 0.1 + 1e-6)
        #expect(abs(v.presentationValue - midFlight) < 1e-3 && (v.presentationValue - midFlight) > 0)
        // A timing animation from mid-flight starts where the spring was.
        try clock.tick(to: 0.2)
        let here = v.presentationValue
        try clock.animate(v, to: 0, with: .timing(.easeInEaseOut, duration: 1))
        try clock.tick(to: 0.2 + 1e-9)
        #expect(abs(v.presentationValue - here) < 1e-6)
        try clock.tick(to: 5)
        #expect(v.presentationValue == 0 && seen.last == 0)
    }

    @Test func interruptingFreezesTheValueWhereItIsOnScreen() throws {
        let clock = AnimationClock()
        let v = try AnimatedValue(0)
        try clock.tick(to: 0)
        try clock.animate(v, to: 1, with: .timing(.linear, duration: 1))
        try clock.tick(to: 0.3)
        v.interrupt(at: clock.time)
        #expect(abs(v.modelValue - 0.3) < 1e-12 && !v.isAnimating)
        try v.track(0.35, velocity: 2)
        try clock.animate(v, to: 1, with: .spring(.snappy))
        try clock.tick(to: 0.3 + 1e-6)
        #expect(abs(v.presentationValue - (0.35 + 2e-6)) < 1e-8)
    }

    @Test func animateTakesAStartVelocityThatTheSpringBeginsWith() throws {
        let clock = AnimationClock()
        let v = try AnimatedValue(0.2)
        try clock.tick(to: 0)
        try clock.animate(v, to: 1, with: .spring(.snappy), velocity: -3)
        // The same spring from the same state, computed on its own.
        let expected = try Spring.snappy.motion(from: 0.2, velocity: -3, to: 1, start: 0)
        try clock.tick(to: 0.01)
        #expect(v.presentationValue < 0.2, "a flick away from the target carries it further first")
        try clock.tick(to: 0.05)
        #expect(abs(v.presentationValue - expected.value(at: 0.05)) < 1e-12)
        #expect(abs(v.velocity - expected.velocity(at: 0.05)) < 1e-9)
        #expect(throws: MotionError.self) { try clock.animate(v, to: 1, with: .spring(.snappy), velocity: .infinity) }
    }

    @Test func timeScaleSlowsAnimationTime() throws {
        let clock = AnimationClock()
        try clock.setTimeScale(0.1)
        try clock.tick(to: 1); try clock.tick(to: 3)
        #expect(abs(clock.time - 0.2) < 1e-15)
        #expect(throws: MotionError.invalidParameter(name: "timeScale", value: 0, requirement: "finite and > 0")) { try clock.setTimeScale(0) }
        #expect(throws: MotionError.timeWentBackwards(from: 3, to: 2)) { try clock.tick(to: 2) }
        #expect(throws: MotionError.self) { try clock.tick(to: .nan) }
    }

    @Test func clocksAt120And30HertzAgreeAtTheSameInstant() throws {
        func run(hz: Double) throws -> [Double] {
            let clock = AnimationClock()
            let v = try AnimatedValue(0)
            try clock.tick(to: 0)
            try clock.animate(v, to: 1, with: .spring(.bouncy))
            var samples: [Double] = []
            let frames = Int(hz * 2)
            for f in 1...frames {
                let t = Double(f) / hz
                try clock.tick(to: t)
                // Both clocks tick at exactly 0.5 s and retarget there.
                if f == Int(hz / 2) { try clock.animate(v, to: 0.25, with: .spring(.bouncy)) }
                if f % Int(hz / 10) == 0 { samples.append(v.presentationValue) }
            }
            return samples
        }
        let fast = try run(hz: 120), slow = try run(hz: 30)
        #expect(fast.count == slow.count && fast.count == 20)
        for (a, b) in zip(fast, slow) { #expect(abs(a - b) < 1e-12) }
    }

    @Test func reduceMotionReplacesSpringsWithShortFades() throws {
        let clock = AnimationClock()
        clock.reduceMotion = true
        let v = try AnimatedValue(0)
        try clock.tick(to: 0)
        try clock.animate(v, to: 1, with: .spring(try Spring(response: 1, dampingRatio: 0.2)))
        var peak = 0.0
        for i in 1...40 { try clock.tick(to: Double(i) / 100); peak = max(peak, v.presentationValue) }
        #expect(peak <= 1 && v.presentationValue == 1 && !v.isAnimating)
    }

    @Test func keyframeAnimationsEndOnTheLastKeyframe() throws {
        let clock = AnimationClock()
        let v = try AnimatedValue(5)
        try clock.tick(to: 0)
        try clock.animate(v, to: 0, with: .keyframes(try KeyframeAnimation(values: [0.0, 2, 1]), duration: 1))
        #expect(v.modelValue == 1)
        try clock.tick(to: 0.5)
        #expect(v.presentationValue == 2)
        try clock.tick(to: 2)
        #expect(v.presentationValue == 1)
        #expect(throws: MotionError.invalidParameter(name: "duration", value: 0, requirement: "finite and > 0")) {
            try clock.animate(v, to: 1, with: .timing(.linear, duration: 0))
        }
    }
}
