import Testing
@testable import FolioMotion

/// `MediaTiming` against CAMediaTiming's formulas, each expected value worked out by hand
/// (stated in the comment), to 1e-12.
@Suite struct MediaTimingTests {
    static func progress(_ timing: MediaTiming, _ t: Double) -> Double? { timing.sample(at: t)?.progress }
    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) <= 1e-12 } ?? false }

    @Test func localTimeIsElapsedParentTimeTimesSpeedOverTheDuration() throws {
        // begin 1, d 2, speed 2: at t = 1.5, a = 0.5·2 = 1 s, progress 1/2.
        let timing = try MediaTiming(beginTime: 1, duration: 2, speed: 2)
        #expect(Self.close(Self.progress(timing, 1.5), 0.5))
        #expect(Self.close(Self.progress(timing, 1.2), 0.2))
        #expect(timing.endTime == 2)
        #expect(timing.sample(at: 2) == nil)    // over, fill mode removed
        #expect(timing.sample(at: 0.999) == nil)  // not begun
    }

    @Test func aZeroDurationIsCoreAnimationsQuarterSecond() throws {
        let timing = try MediaTiming()
        #expect(timing.resolvedDuration == 0.25 && timing.activeDuration == 0.25)
        #expect(Self.close(Self.progress(timing, 0.1), 0.4))
    }

    @Test func fillModesDecideWhatShowsBeforeAndAfter() throws {
        for mode in FillMode.allCases {
            let timing = try MediaTiming(beginTime: 2, duration: 1, fillMode: mode)
            let before = timing.sample(at: 1), after = timing.sample(at: 5)
            #expect((before != nil) == (mode == .backwards || mode == .both), "\(mode) before")
            #expect((after != nil) == (mode == .forwards || mode == .both), "\(mode) after")
            if let before { #expect(before.progress == 0 && !before.isFinished) }
            if let after { #expect(after.progress == 1 && after.isFinished) }
        }
    }

    @Test func aFractionalRepeatCountEndsPartWayThroughItsLastPass() throws {
        // d 2, 2.5 passes: A = 5. At t = 4.5: u = 4.5, k = 2, w = 0.5 → 0.25; held at the end: 0.5.
        let timing = try MediaTiming(duration: 2, repeatCount: 2.5, fillMode: .forwards)
        #expect(timing.activeDuration == 5)
        let mid = try #require(timing.sample(at: 4.5))
        #expect(Self.close(mid.progress, 0.25) && mid.iteration == 2)
        let end = try #require(timing.sample(at: 7))
        #expect(Self.close(end.progress, 0.5) && end.iteration == 2 && end.isFinished)
    }

    @Test func aWholeRepeatCountEndsOnTheLastPassesEndNotTheNextStart() throws {
        let timing = try MediaTiming(duration: 2, repeatCount: 3, fillMode: .forwards)
        let end = try #require(timing.sample(at: 6))
        #expect(end.progress == 1 && end.iteration == 2)
        // Between passes: t = 4 starts pass 3 at 0.
        let third = try #require(timing.sample(at: 4))
        #expect(third.progress == 0 && third.iteration == 2)
    }

    @Test func autoreversePlaysEachPassForwardThenBack() throws {
        // d 1, autoreverses, 2 passes: A = 4. t = 0.25 → 0.25; t = 1.25 → 2 − 1.25 = 0.75;
        // t = 2.5 (second trip) → 0.5 with k = 1; at the end (t = 4) back at 0.
        let timing = try MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        #expect(timing.activeDuration == 4)
        #expect(Self.close(Self.progress(timing, 0.25), 0.25))
        #expect(Self.close(Self.progress(timing, 1.25), 0.75))
        let second = try #require(timing.sample(at: 2.5))
        #expect(Self.close(second.progress, 0.5) && second.iteration == 1)
        #expect(Self.close(Self.progress(timing, 4), 0))
        #expect(Self.close(Self.progress(timing, 9), 0))
    }

    @Test func speedAndTimeOffsetCombine() throws {
        // begin 1, d 4, speed 0.5, offset 1: t = 3 → a = (3 − 1)·0.5 = 1, u = 2, progress 0.5.
        let timing = try MediaTiming(beginTime: 1, duration: 4, speed: 0.5, timeOffset: 1)
        #expect(Self.close(Self.progress(timing, 3), 0.5))
        // Near the end the offset wraps around the active duration: t = 8 → a = 3.5, u = 4.5 → 0.5 s → 0.125.
        #expect(Self.close(Self.progress(timing, 8), 0.125))
    }

    @Test func repeatDurationBoundsTheActiveInterval() throws {
        // d 0.4 repeated for 1 s: t = 0.9 → k = 2, w = 0.1 → 0.25; A = 1.
        let timing = try MediaTiming(duration: 0.4, repeatDuration: 1)
        #expect(timing.activeDuration == 1)
        let s = try #require(timing.sample(at: 0.9))
        #expect(Self.close(s.progress, 0.25) && s.iteration == 2)
        #expect(timing.sample(at: 1) == nil)
    }

    @Test func nestedGroupTimeRunsChildrenOnTheGroupsLocalTime() throws {
        // Group: begin 1, d 4, speed 2. Child: begin 1 (group time), d 2, speed 0.5.
        // Parent t = 2: group a = (2 − 1)·2 = 2 s local; child a = (2 − 1)·0.5 = 0.5 → 0.25.
        let group = try MediaTiming(beginTime: 1, duration: 4, speed: 2)
        let child = try MediaTiming(beginTime: 1, duration: 2, speed: 0.5)
        let g = try #require(group.sample(at: 2))
        #expect(g.localTime == 2)
        #expect(Self.close(child.sample(at: g.localTime)?.progress, 0.25))
        // An autoreversing group runs its children backwards in its second half:
        // group d 2 autoreverses, parent t = 3 → local 2 − 1 = 1 → child (begin 0, d 4) 0.25.
        let reversing = try MediaTiming(duration: 2, autoreverses: true)
        let r = try #require(reversing.sample(at: 3))
        #expect(Self.close(try MediaTiming(duration: 4).sample(at: r.localTime)?.progress, 0.25))
    }

    @Test func endlessRepetitionNeverFinishes() throws {
        let timing = try MediaTiming(duration: 0.5, repeatCount: .infinity)
        #expect(timing.endTime == .infinity && !timing.isFinished(at: 1e9))
        let s = try #require(timing.sample(at: 1_000.125))
        #expect(Self.close(s.progress, 0.25) && s.iteration == 2_000)
    }

    @Test func badTimingIsRefusedByName() {
        #expect(throws: MotionError.invalidParameter(name: "speed", value: 0, requirement: "finite and not 0")) {
            _ = try MediaTiming(speed: 0)
        }
        #expect(throws: MotionError.self) { _ = try MediaTiming(speed: -.infinity) }
        #expect(throws: MotionError.self) { _ = try MediaTiming(speed: .nan) }
        #expect(throws: MotionError.invalidParameter(name: "duration", value: -1, requirement: "finite and ≥ 0")) {
            _ = try MediaTiming(duration: -1)
        }
        #expect(throws: MotionError.self) { _ = try MediaTiming(beginTime: .nan) }
        #expect(throws: MotionError.self) { _ = try MediaTiming(repeatCount: -1) }
        #expect(throws: MotionError.self) { _ = try MediaTiming(repeatCount: 2, repeatDuration: 1) }
        #expect(MediaTiming.Sample?.none == (try? MediaTiming())?.sample(at: .nan))
    }
}

/// `TimingFunction.slope(at:)` and Core Animation's named curves.
@Suite struct TimingCurveTests {
    @Test func namedCurvesUseCoreAnimationsControlPoints() {
        #expect([TimingFunction.default.c1x, TimingFunction.default.c1y, TimingFunction.default.c2x, TimingFunction.default.c2y] == [0.25, 0.1, 0.25, 1])
        #expect([TimingFunction.easeInEaseOut.c1x, TimingFunction.easeInEaseOut.c1y, TimingFunction.easeInEaseOut.c2x, TimingFunction.easeInEaseOut.c2y] == [0.42, 0, 0.58, 1])
        #expect([TimingFunction.easeIn.c1x, TimingFunction.easeIn.c2x] == [0.42, 1] && [TimingFunction.easeOut.c1x, TimingFunction.easeOut.c2x] == [0, 0.58])
    }

    @Test func theSlopeIsTheBezierDerivativeRatioAtTheSolvedParameter() throws {
        // easeInEaseOut at its midpoint: s = 1/2 by symmetry; x′(½) = 3/4·0.42·… worked out:
        // x′(s) = 3(1−s)²a + 6(1−s)s(b−a) + 3s²(1−b) with a = 0.42, b = 0.58 → 0.75·0.42 + 1.5·0.16 + 0.75·0.42 = 0.87;
        // y′(½) with a = 0, b = 1 → 0 + 1.5 + 0 = 1.5; slope = 1.5/0.87.
        #expect(abs(TimingFunction.easeInEaseOut.slope(at: 0.5) - 1.5 / 0.87) < 1e-12)
        #expect(TimingFunction.linear.slope(at: 0.3) == 1)
        // Against a central difference of the value at a few interior points (h = 1e-6: error ~1e-9).
        for curve in [TimingFunction.default, .easeIn, .easeOut, try TimingFunction(0.2, -0.5, 0.7, 1.6)] {
            for x in [0.1, 0.37, 0.8] {
                let h = 1e-6
                let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                #expect(abs(curve.slope(at: x) - numeric) < 1e-6, "\(curve) at \(x)")
            }
        }
        #expect(TimingFunction.easeIn.slope(at: .nan) == 0)
    }

    /// The short path of `sample(at:)` for one pass without offset or reversal gives the same
    /// samples, bit for bit, as the general steps, for every fill mode, speeds and begin times,
    /// before, during, at the end of and after the active duration.
    @Test func theSinglePassShortPathMatchesTheGeneralSteps() throws {
        var checked = 0
        for fill in [FillMode.removed, .forwards, .backwards, .both] {
            for (begin, duration, speed, repeats) in [(0.0, 1.0, 1.0, 0.0), (0.3, 0.7, 2.5, 1.0), (-1, 0, 0.5, 0), (2, 3, 1, 1)] {
                let timing = try MediaTiming(beginTime: begin, duration: duration, speed: speed, repeatCount: repeats, fillMode: fill)
                #expect(timing.isSinglePass)
                for step in -300...900 {
                    let t = Double(step) / 97
                    #expect(timing.sample(at: t) == timing.generalSample(at: t), "t = \(t)")
                    checked += 1
                }
                #expect(timing.sample(at: .nan) == nil && timing.sample(at: .infinity) == nil)
            }
        }
        #expect(checked == 4 * 4 * 1201)
        #expect(try !MediaTiming(duration: 1, repeatCount: 2).isSinglePass)
        #expect(try !MediaTiming(duration: 1, autoreverses: true).isSinglePass)
        #expect(try !MediaTiming(duration: 1, timeOffset: 0.5).isSinglePass)
    }
}
