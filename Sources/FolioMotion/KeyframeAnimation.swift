/// Values at key times with a timing curve per segment, like `CAKeyframeAnimation`.
///
/// Time is normalised (0…1 over the animation's duration). Each segment's local time is
/// passed through its timing function, then the segment's end values are interpolated
/// (`linear`) or the segment's first value is held (`discrete`).
public struct KeyframeAnimation<Value: Interpolatable>: Sendable {
    /// How values between keyframes are found.
    public enum CalculationMode: Sendable {
        /// Interpolate between neighbouring keyframes.
        case linear
        /// Hold each keyframe's value until the next key time.
        case discrete
    }

    /// The keyframe values.
    public let values: [Value]
    /// Normalised key times, ascending, starting at 0 and ending at 1.
    public let keyTimes: [Double]
    /// One timing function per segment (`values.count − 1` of them).
    public let timingFunctions: [TimingFunction]
    /// Linear or discrete.
    public let calculationMode: CalculationMode

    /// Keyframes; `keyTimes` default to evenly spaced and `timingFunctions` to linear.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear) throws(MotionError) {
        guard !values.isEmpty else { throw .invalidKeyframes(reason: "values must not be empty") }
        let n = values.count
        let times = keyTimes ?? (n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        guard times.count == n else {
            throw .invalidKeyframes(reason: "\(times.count) key times for \(n) values")
        }
        for (i, t) in times.enumerated() {
            guard t >= 0 && t <= 1 else { throw .invalidKeyframes(reason: "keyTimes[\(i)] = \(t) is outside 0…1") }
            if i > 0, !(t >= times[i - 1]) {
                throw .invalidKeyframes(reason: "keyTimes[\(i)] = \(t) is before keyTimes[\(i - 1)] = \(times[i - 1])")
            }
        }
        guard times[0] == 0, n == 1 || times[n - 1] == 1 else {
            throw .invalidKeyframes(reason: "key times must start at 0 and end at 1 (got \(times[0])…\(times[n - 1]))")
        }
        let curves = timingFunctions ?? Array(repeating: .linear, count: max(0, n - 1))
        guard curves.count == max(0, n - 1) else {
            throw .invalidKeyframes(reason: "\(curves.count) timing functions for \(n - 1) segments")
        }
        self.values = values; self.keyTimes = times; self.timingFunctions = curves
        self.calculationMode = calculationMode
    }

    /// The value at normalised time `time`: the first value at or before 0, the last at or
    /// after 1 (NaN gives the first).
    public func value(at time: Double) -> Value {
        guard values.count > 1, time > 0 else { return values[0] }
        guard time < 1 else { return values[values.count - 1] }
        // The last segment whose start is ≤ time (binary search; key times ascend).
        var lo = 0, hi = keyTimes.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= time { lo = mid } else { hi = mid }
        }
        if calculationMode == .discrete { return values[lo] }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        guard span > 0 else { return values[lo + 1] }
        let local = timingFunctions[lo].value(at: (time - keyTimes[lo]) / span)
        return values[lo].interpolated(to: values[lo + 1], by: local)
    }
}
