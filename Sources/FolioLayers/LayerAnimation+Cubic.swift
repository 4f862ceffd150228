import FolioGeometry

// Core Animation's cubic keyframe modes. `cubic` runs a Catmull–Rom spline through the values
// (Kochanek–Bartels with tension, continuity and bias 0, Core Animation's defaults): on the
// segment from value i to i + 1, of span Δ in normalised time, the cubic Hermite curve
//   p(s) = h₀₀(s)·vᵢ + h₁₀(s)·Δ·mᵢ + h₀₁(s)·vᵢ₊₁ + h₁₁(s)·Δ·mᵢ₊₁
// with the tangents mᵢ = (vᵢ₊₁ − vᵢ₋₁)/(tᵢ₊₁ − tᵢ₋₁) (the chord's slope at the two ends), so
// the motion passes through every value at its key time with a continuous velocity.
// `cubicPaced` spaces the spline's parameter by the chords, then travels it at constant speed:
// the spline's length is tabulated at `arcSamples` parameters per segment when the animation is
// built, and a time maps to the parameter at that fraction of the length (linear between the
// table's entries, so the speed is constant to the table's resolution).

extension LayerAnimation.Keyframes {
    /// Samples per segment of the arc-length table of `cubicPaced`.
    static let arcSamples = 1024

    /// Whether the values can be joined by a spline: they add (no matrices, flags or
    /// contents) and lists have one length.
    static func canSpline(_ values: [AnimationValue]) -> Bool {
        let kind = values[0].kind
        guard kind != .transform, !kind.isDiscrete else { return false }
        return values.allSatisfy { $0.isCommensurate(with: values[0]) }
    }

    /// The Catmull–Rom tangent at each value, per unit of normalised time.
    static func cubicTangents(_ values: [AnimationValue], _ times: [Double]) -> [AnimationValue] {
        let n = values.count
        return (0..<n).map { i in
            let a = max(0, i - 1), b = min(n - 1, i + 1)
            let span = times[b] - times[a]
            return span > 0 ? values[b].subtracting(values[a]).scaled(by: 1 / span) : .zero(values[i].kind)
        }
    }

    /// The Hermite basis at `s` and its derivative: (h₀₀, h₁₀, h₀₁, h₁₁).
    private static func basis(_ s: Double) -> (Double, Double, Double, Double) {
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2)
    }

    private static func basisSlope(_ s: Double) -> (Double, Double, Double, Double) {
        let s2 = s * s
        return (6 * s2 - 6 * s, 3 * s2 - 4 * s + 1, -6 * s2 + 6 * s, 3 * s2 - 2 * s)
    }

    /// The spline on segment `lo` at local parameter `s` (0…1).
    func cubicValue(segment lo: Int, at s: Double) -> AnimationValue {
        Self.hermite(values, keyTimes, tangents, lo, Self.basis(s))
    }

    /// The derivative of `cubicValue(segment:at:)` in `s`.
    func cubicRate(segment lo: Int, at s: Double) -> AnimationValue {
        Self.hermite(values, keyTimes, tangents, lo, Self.basisSlope(s))
    }

    private static func hermite(_ values: [AnimationValue], _ times: [Double], _ tangents: [AnimationValue], _ lo: Int,
                                _ h: (Double, Double, Double, Double)) -> AnimationValue {
        let span = times[lo + 1] - times[lo]
        return values[lo].scaled(by: h.0).adding(tangents[lo].scaled(by: h.1 * span))
            .adding(values[lo + 1].scaled(by: h.2)).adding(tangents[lo + 1].scaled(by: h.3 * span))
    }

    /// The spline's length from its start at `arcSamples` evenly spaced parameters per segment
    /// (the sum of the chords between them).
    static func arcLengths(_ values: [AnimationValue], _ times: [Double], _ tangents: [AnimationValue]) -> [Double] {
        let count = arcSamples * (values.count - 1)
        var lengths = [0.0]
        lengths.reserveCapacity(count + 1)
        var previous = values[0]
        for j in 1...count {
            let parameter = Double(j) / Double(count)
            var lo = 0
            while lo + 2 < values.count && times[lo + 1] <= parameter { lo += 1 }
            let span = times[lo + 1] - times[lo]
            let point = span > 0 ? hermite(values, times, tangents, lo, basis(min(1, (parameter - times[lo]) / span))) : values[lo + 1]
            lengths.append(lengths[j - 1] + previous.distance(to: point))
            previous = point
        }
        return lengths
    }

    /// The spline parameter at which a fraction `time` of its length has been travelled, and
    /// the parameter's rate per unit of `time` there.
    func pacedParameter(_ time: Double) -> (parameter: Double, stretch: Double) {
        let count = arcLengths.count - 1
        let total = arcLengths[count]
        guard total > 0, total.isFinite else { return (time, 1) }
        let target = time * total
        var lo = 0, hi = count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcLengths[mid] <= target { lo = mid } else { hi = mid }
        }
        let piece = arcLengths[lo + 1] - arcLengths[lo]
        let step = 1 / Double(count)
        guard piece > 0 else { return (Double(lo) * step, 0) }
        return ((Double(lo) + (target - arcLengths[lo]) / piece) * step, total / piece * step)
    }
}
