import Testing
@testable import FolioMotion

/// CAMediaTimingFunction values and the solver's guarantees.
@Suite struct TimingFunctionTests {
    @Test func namedCurvesMatchCoreAnimationValues() {
        #expect(abs(TimingFunction.easeIn.value(at: 0.1) - 0.017027) < 1e-5)
        #expect(abs(TimingFunction.easeIn.value(at: 0.5) - 0.315357) < 1e-5)
        #expect(abs(TimingFunction.easeIn.value(at: 0.9) - 0.839428) < 1e-5)
        #expect(abs(TimingFunction.default.value(at: 0.25) - 0.408511) < 1e-5)
        #expect(TimingFunction.linear.value(at: 0.3) == 0.3)
    }

    @Test func easeInMirrorsEaseOut() {
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(TimingFunction.easeIn.value(at: x) - (1 - TimingFunction.easeOut.value(at: 1 - x))) < 1e-12)
        }
    }

    @Test func endsAreExactAndNothingIsNaN() throws {
        let curves: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
                                        try TimingFunction(1, 0, 0, 1), try TimingFunction(0, 2, 1, -1)]
        for c in curves {
            #expect(c.value(at: 0) == 0 && c.value(at: 1) == 1)
            #expect(c.value(at: -3) == 0 && c.value(at: 7) == 1)
            #expect(c.value(at: .nan) == 0)
            for i in 1..<1000 { #expect(c.value(at: Double(i) / 1000).isFinite) }
        }
    }

    @Test func solvedTimeReproducesTheRequestedX() throws {
        let hard = try TimingFunction(1, 0, 0, 1) // flat slope at the middle defeats plain Newton
        for i in 1..<200 {
            let x = Double(i) / 200
            let t = hard.parameter(forX: x)
            #expect(abs(TimingFunction.bezier(t, hard.c1x, hard.c2x) - x) < 1e-9)
        }
    }

    @Test func outOfRangeControlPointsAreRejected() {
        #expect(throws: MotionError.invalidControlPoint(name: "c1x", value: 1.5)) { try TimingFunction(1.5, 0, 0.5, 1) }
        #expect(throws: MotionError.invalidControlPoint(name: "c2x", value: -0.1)) { try TimingFunction(0.5, 0, -0.1, 1) }
        #expect(throws: MotionError.self) { try TimingFunction(0.5, .infinity, 0.5, 1) }
        #expect(throws: MotionError.self) { try TimingFunction(.nan, 0, 0.5, 1) }
    }

    @Test func stagedEaseInEaseOutIsEaseInThenEaseOut() {
        let staged = StagedTiming(.easeInEaseOut)
        #expect(staged.progress(at: 0.5) == 0.5)
        #expect(abs(staged.progress(at: 0.25) - 0.5 * TimingFunction.easeIn.value(at: 0.5)) < 1e-15)
        #expect(abs(staged.progress(at: 0.75) - (0.5 + 0.5 * TimingFunction.easeOut.value(at: 0.5))) < 1e-15)
        // No pause at the switch: the speed just before and after 0.5 is the same and not zero.
        let h = 1e-6
        let before = (staged.progress(at: 0.5) - staged.progress(at: 0.5 - h)) / h
        let after = (staged.progress(at: 0.5 + h) - staged.progress(at: 0.5)) / h
        #expect(before > 1 && abs(before - after) / before < 1e-3)
    }

    @Test func customCurvesSplitExactlyAtTheMidpoint() {
        let staged = StagedTiming(.default)
        let mid = TimingFunction.default.value(at: 0.5)
        for i in 0...20 {
            let s = Double(i) / 20
            let overall = TimingFunction.default.value(at: s / 2)
            #expect(abs(staged.stageValue(first: true, s) * mid - overall) < 1e-12)
        }
        #expect(staged.progress(at: 0.5) == 0.5)
        #expect(staged.progress(at: 1) == 1)
    }
}
