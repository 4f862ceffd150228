import Testing
@testable import FolioMotion

/// `MediaTiming` with a negative speed against CAMediaTiming's formula `a = (t − beginTime)·speed`
/// and Web Animations' boundaries for a backwards direction (active for 0 < a ≤ A; `a ≤ 0`, later
/// in parent time, is the "before" side and fills backwards; `a > A`, earlier, fills forwards),
/// each expected value worked out by hand in its comment, to 1e-12.
///
/// Before negative speeds were supported, every `MediaTiming(speed: −…)` here threw
/// `invalidParameter(speed)`, so each test failed at its first line.
@Suite struct NegativeSpeedTimingTests {
    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) <= 1e-12 } ?? false }

    @Test func aNegativeSpeedPlaysTheActiveDurationBackwardsEndingAtTheBeginTime() throws {
        // begin 3, d 2, speed −1: a = 3 − t, active for t in [1, 3).
        let timing = try MediaTiming(beginTime: 3, duration: 2, speed: -1)
        #expect(timing.startTime == 1 && timing.endTime == 3)
        #expect(Self.close(timing.sample(at: 2)?.progress, 0.5))       // a = 1
        #expect(Self.close(timing.sample(at: 1.5)?.progress, 0.75))    // a = 1.5
        #expect(Self.close(timing.sample(at: 2.9)?.progress, 0.05))    // a = 0.1
        #expect(Self.close(timing.sample(at: 2.9)?.localTime, 0.1))
        // The first instant of the reversed play (a = A) is active and shows the end of the pass.
        let first = try #require(timing.sample(at: 1))
        #expect(first.progress == 1 && !first.isFinished && timing.isActive(at: 1))
        // Its end (a = 0) belongs to the backwards fill: nothing without one.
        #expect(timing.sample(at: 3) == nil && !timing.isActive(at: 3))
        #expect(timing.sample(at: 0.999) == nil)                    // a > A: not begun
        #expect(!timing.isFinished(at: 2.999) && timing.isFinished(at: 3) && timing.isFinished(at: 50))
        #expect(!timing.isFinished(at: 0))
        // speed −2: a = 2(3 − t), active for t in [2, 3); at t = 2.5, a = 1 → 0.5.
        let fast = try MediaTiming(beginTime: 3, duration: 2, speed: -2)
        #expect(fast.startTime == 2 && Self.close(fast.sample(at: 2.5)?.progress, 0.5))
        #expect(Self.close(fast.sample(at: 2.2)?.progress, 0.8))    // a = 1.6
    }

    @Test func fillModesHoldAtTheOtherEndWithANegativeSpeed() throws {
        // begin 3, d 2, speed −1: "before" (a ≤ 0) is t ≥ 3 and holds progress 0, finished;
        // "after" (a > A) is t < 1 and holds progress 1, not yet begun (not finished).
        for mode in FillMode.allCases {
            let timing = try MediaTiming(beginTime: 3, duration: 2, speed: -1, fillMode: mode)
            let later = timing.sample(at: 5), earlier = timing.sample(at: 0)
            #expect((later != nil) == mode.fillsBackwards, "\(mode) later")
            #expect((earlier != nil) == mode.fillsForwards, "\(mode) earlier")
            if let later { #expect(later.progress == 0 && later.localTime == 0 && later.isFinished) }
            if let earlier { #expect(earlier.progress == 1 && earlier.localTime == 2 && !earlier.isFinished) }
            #expect(!timing.isActive(at: 5) && !timing.isActive(at: 0))
        }
    }

    @Test func repeatsAndAutoreverseRunBackwardsPassByPass() throws {
        // d 1, 2 passes, autoreverse, speed −1, begin 4: A = 4, D = 2; active for t in [0, 4).
        let timing = try MediaTiming(beginTime: 4, duration: 1, speed: -1, repeatCount: 2, autoreverses: true)
        // t = 0.5: a = 3.5, k = 1, w = 1.5 → back half: 2 − 1.5 = 0.5.
        let s = try #require(timing.sample(at: 0.5))
        #expect(Self.close(s.progress, 0.5) && s.iteration == 1 && s.isReversing)
        // t = 2.25: a = 1.75, k = 0, w = 1.75 → 0.25, reversing.
        let r = try #require(timing.sample(at: 2.25))
        #expect(Self.close(r.progress, 0.25) && r.iteration == 0 && r.isReversing)
        // t = 3.75: a = 0.25 → 0.25, the forward half of the first pass.
        let f = try #require(timing.sample(at: 3.75))
        #expect(Self.close(f.progress, 0.25) && f.iteration == 0 && !f.isReversing)
        // t = 0: a = A = 4, the end of the last pass kept whole: k = 1, w = 2 → 0.
        let start = try #require(timing.sample(at: 0))
        #expect(start.progress == 0 && start.iteration == 1)

        // A fractional count: d 2, 1.5 passes, speed −1, begin 3: A = 3, active for t in [0, 3).
        let fraction = try MediaTiming(beginTime: 3, duration: 2, speed: -1, repeatCount: 1.5, fillMode: .both)
        // t = 0: a = 3, k = 1, w = 1 → 0.5 of the second pass; t = 1.5: a = 1.5 → 0.75 of the first.
        let begun = try #require(fraction.sample(at: 0))
        #expect(Self.close(begun.progress, 0.5) && begun.iteration == 1)
        let mid = try #require(fraction.sample(at: 1.5))
        #expect(Self.close(mid.progress, 0.75) && mid.iteration == 0)
        // Held before it begins (t < 0: a > A) as at a = A, and after its end as at a = 0.
        #expect(Self.close(fraction.sample(at: -7)?.progress, 0.5) && fraction.sample(at: -7)?.iteration == 1)
        #expect(fraction.sample(at: 9)?.progress == 0 && fraction.sample(at: 9)?.iteration == 0)
    }

    @Test func theTimeOffsetShiftsTheReversedPlayAsItShiftsTheForwardOne() throws {
        // begin 5, d 4, speed −1, offset 1: t = 4 → a = 1, u = 2 → 0.5; t = 3 → a = 2, u = 3 → 0.75;
        // t = 1.5 → a = 3.5, u = 4.5 wraps to 0.5 → 0.125.
        let timing = try MediaTiming(beginTime: 5, duration: 4, speed: -1, timeOffset: 1)
        #expect(Self.close(timing.sample(at: 4)?.progress, 0.5))
        #expect(Self.close(timing.sample(at: 3)?.progress, 0.75))
        #expect(Self.close(timing.sample(at: 1.5)?.progress, 0.125))
        // Every active sample is the forward twin's at the same local time a.
        let twin = try MediaTiming(beginTime: 0, duration: 4, speed: 1, timeOffset: 1)
        for step in 1..<400 {
            let t = 1 + Double(step) / 100       // a = 5 − t in (0, 4)
            #expect(timing.sample(at: t) .map { $0.progress } == twin.sample(at: 5 - t).map { $0.progress }, "t = \(t)")
        }
    }

    @Test func nestedNegativeSpeedsCompose() throws {
        // Group: begin 4, d 4, speed −1 → group time L = 4 − t for t in [0, 4).
        // Child: begin 1 (group time), d 2, speed −0.5 → a = (L − 1)·(−0.5) = (t − 3)/2, active
        // for 0 < a ≤ 2, i.e. L in [−3, 1): t in (3, 4). Two reversals play it forwards.
        let group = try MediaTiming(beginTime: 4, duration: 4, speed: -1)
        let child = try MediaTiming(beginTime: 1, duration: 2, speed: -0.5)
        func progress(_ t: Double) -> Double? { group.sample(at: t).flatMap { child.sample(at: $0.localTime)?.progress } }
        #expect(Self.close(progress(3.5), 0.125))     // L = 0.5, a = 0.25
        #expect(Self.close(progress(3.9), 0.225))     // L = 0.1, a = 0.45
        #expect(progress(3.5)! < progress(3.9)!)
        #expect(progress(2.5) == nil)                  // L = 1.5: a = −0.25, the child's later side, no fill
        // One reversal inside a forward group plays backwards: child speed −1, begin 2 → a = 2 − L.
        let forward = try MediaTiming(beginTime: 0, duration: 4, speed: 1)
        let reversed = try MediaTiming(beginTime: 2, duration: 1, speed: -1)
        #expect(Self.close(forward.sample(at: 1.25).flatMap { reversed.sample(at: $0.localTime)?.progress }, 0.75))
    }

    @Test func theShortPathIsLeftToTheGeneralStepsForNegativeSpeeds() throws {
        #expect(try !MediaTiming(duration: 1, speed: -1).isSinglePass)
        let timing = try MediaTiming(beginTime: 1, duration: 1, speed: -1)
        #expect(timing.sample(at: 0.5) == timing.generalSample(at: 0.5))
    }
}
