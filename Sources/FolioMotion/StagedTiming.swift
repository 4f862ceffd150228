/// A two-stage animation's timing: each stage takes half the duration, and together they
/// follow one overall curve, so there is no pause where the stages meet.
///
/// `easeInEaseOut` splits into Core Animation's `easeIn` then `easeOut` (as in the classic page
/// flip); any other curve is split exactly at its midpoint in time, each half renormalised.
public struct StagedTiming: Hashable, Sendable {
    /// The overall curve.
    public let overall: TimingFunction

    /// Staged timing following `overall`.
    public init(_ overall: TimingFunction) { self.overall = overall }

    /// Overall progress (0…1, 0.5 at the stage switch) at normalised time `time` (0…1).
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < 1 else { return 1 }
        if time < 0.5 {
            return 0.5 * stageValue(first: true, 2 * time)
        }
        return 0.5 + 0.5 * stageValue(first: false, 2 * time - 1)
    }

    /// The normalised progress within stage 1 or 2 at the stage's normalised time `s`.
    public func stageValue(first: Bool, _ s: Double) -> Double {
        if overall == .easeInEaseOut {
            return first ? TimingFunction.easeIn.value(at: s) : TimingFunction.easeOut.value(at: s)
        }
        let mid = overall.value(at: 0.5)
        if first {
            return mid > 0 ? overall.value(at: s / 2) / mid : s
        }
        return mid < 1 ? (overall.value(at: 0.5 + s / 2) - mid) / (1 - mid) : s
    }
}
