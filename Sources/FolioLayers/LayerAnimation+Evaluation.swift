import FolioGeometry
import FolioMotion

extension LayerAnimation {
    /// The from and to values in effect over `base` (Core Animation's rules; see `basic`).
    @inline(__always)
    static func resolve(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?,
                        base: AnimationValue) -> (AnimationValue, AnimationValue) {
        switch (from, to, by) {
        case let (f?, t?, _): (f, t)
        case let (f?, nil, b?): (f, f.adding(b))
        case let (nil, t?, b?): (t.subtracting(b), t)
        case let (f?, nil, nil): (f, base)
        case let (nil, t?, nil): (base, t)
        case let (nil, nil, b?): (base, base.adding(b))
        case (nil, nil, nil): (base, base)
        }
    }

    /// The value of this (non-group) animation at `sample`, composed with `base` (the key's
    /// value before it), and its rate of change in value units per second of the animation's
    /// parent time (zero where it is not worked out: keyframes and whole-matrix transforms).
    func leafValue(_ sample: MediaTiming.Sample, base: AnimationValue) -> (value: AnimationValue, velocity: AnimationValue) {
        var value: AnimationValue, end: AnimationValue
        var velocity = AnimationValue.zero(base.kind)
        let rate = (sample.isReversing ? -timing.speed : timing.speed)
        switch kind {
        case let .basic(from, to, by):
            let (a, b) = Self.resolve(from, to, by, base: base)
            value = a.interpolated(to: b, by: timingFunction.value(at: sample.progress))
            if a.kind != .transform {
                velocity = b.subtracting(a).scaled(by: timingFunction.slope(at: sample.progress) * rate / timing.resolvedDuration)
            }
            end = b
        case let .keyframes(frames):
            value = frames.value(at: timingFunction.value(at: sample.progress))
            end = frames.values[frames.values.count - 1]
        case let .spring(spring):
            let (a, b) = Self.resolve(spring.from, spring.to, spring.by, base: base)
            let t = sample.localTime
            let phi = spring.displacementResponse.value(at: t), psi = spring.velocityResponse.value(at: t)
            let dphi = spring.displacementResponse.velocity(at: t), dpsi = spring.velocityResponse.velocity(at: t)
            if a.kind == .transform {
                // Along the from → to path only: x = 1 − φ + v₀ψ with v₀ the fractional velocity.
                value = a.interpolated(to: b, by: 1 - phi + spring.initialVelocity * psi)
            } else {
                let v0 = spring.velocity ?? b.subtracting(a).scaled(by: spring.initialVelocity)
                let displacement = a.subtracting(b)
                value = b.adding(displacement.scaled(by: phi)).adding(v0.scaled(by: psi))
                velocity = displacement.scaled(by: dphi * rate).adding(v0.scaled(by: dpsi * rate))
            }
            end = b
        case .group:
            return (base, velocity)
        }
        if isCumulative && sample.iteration > 0 { value = value.adding(end.scaled(by: sample.iteration)) }
        return (isAdditive ? base.adding(value) : value, velocity)
    }
}

extension LayerAnimation.Keyframes {
    /// The value at normalised time `time` (already through the animation's timing function).
    func value(at time: Double) -> AnimationValue {
        let n = values.count
        guard n > 1, time > 0 else { return values[0] }
        if calculationMode == .discrete {
            // Value i holds over [keyTimes[i], keyTimes[i + 1]); the last one from its time on.
            var i = 0
            while i + 1 < n && keyTimes[i + 1] <= time { i += 1 }
            return values[i]
        }
        guard time < 1 else { return values[n - 1] }
        // The last segment whose start is ≤ time (binary search; key times ascend).
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= time { lo = mid } else { hi = mid }
        }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        guard span > 0 else { return values[lo + 1] }
        let local = (time - keyTimes[lo]) / span
        let shaped = calculationMode == .paced ? local : timingFunctions[lo].value(at: local)
        return values[lo].interpolated(to: values[lo + 1], by: shaped)
    }
}
