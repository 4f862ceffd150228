import FolioGeometry
import FolioMotion

extension LayerAnimation {
    /// The from and to values in effect over `base` (Core Animation's rules; see `basic`).
    @inline(__always)
    static func resolve(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?,
                        base: AnimationValue) -> (AnimationValue, AnimationValue) {
        // Nested tests rather than a switch over a tuple of the three: a tuple would copy
        // three matrix-sized values on every frame.
        if let f = from {
            if let t = to { return (f, t) }
            if let b = by { return (f, f.adding(b)) }
            return (f, base)
        }
        if let t = to {
            if let b = by { return (t.subtracting(b), t) }
            return (base, t)
        }
        if let b = by { return (base, base.adding(b)) }
        return (base, base)
    }

    /// The value of this (non-group) animation at `sample`, composed with `base` (the key's
    /// value before it), and, when `withVelocity`, its rate of change in value units per second
    /// of the animation's parent time (zero where it is not worked out: keyframes and
    /// whole-matrix transforms; always zero without `withVelocity`, which presenting a frame
    /// does not need).
    @inline(__always)
    func leafValue(_ sample: MediaTiming.Sample, base: AnimationValue,
                   withVelocity: Bool = false) -> (value: AnimationValue, velocity: AnimationValue) {
        var value: AnimationValue, end: AnimationValue
        var velocity = AnimationValue.zero(base.kind)
        let rate = (sample.isReversing ? -timing.speed : timing.speed)
        switch kind {
        case let .basic(basic):
            let (a, b) = Self.resolve(basic.from, basic.to, basic.by, base: base)
            value = a.interpolated(to: b, by: timingFunction.value(at: sample.progress))
            if withVelocity && a.kind != .transform {
                velocity = b.subtracting(a).scaled(by: timingFunction.slope(at: sample.progress) * rate / timing.resolvedDuration)
            }
            end = b
        case let .keyframes(frames):
            value = frames.value(at: timingFunction.value(at: sample.progress))
            end = frames.values[frames.values.count - 1]
        case let .spring(spring):
            let (a, b) = Self.resolve(spring.from, spring.to, spring.by, base: base)
            let t = sample.localTime
            let response = spring.responses.value(at: t)
            let phi = response.x, psi = response.y
            if a.kind == .transform {
                // Along the from → to path only: x = 1 − φ + v₀ψ with v₀ the fractional velocity.
                value = a.interpolated(to: b, by: 1 - phi + spring.initialVelocity * psi)
            } else if case let .number(from) = a, case let .number(to) = b {
                // Numbers (most springs) without the enum's general arithmetic.
                let v0 = spring.velocity?.number ?? (to - from) * spring.initialVelocity
                value = .number(to + (from - to) * phi + v0 * psi)
                if withVelocity {
                    let rates = spring.responses.velocity(at: t)
                    velocity = .number(((from - to) * rates.x + v0 * rates.y) * rate)
                }
            } else {
                let v0 = spring.velocity ?? b.subtracting(a).scaled(by: spring.initialVelocity)
                let displacement = a.subtracting(b)
                value = b.adding(displacement.scaled(by: phi)).adding(v0.scaled(by: psi))
                if withVelocity {
                    let rates = spring.responses.velocity(at: t)
                    velocity = displacement.scaled(by: rates.x * rate).adding(v0.scaled(by: rates.y * rate))
                }
            }
            end = b
        case .group:
            return (base, velocity)
        }
        if isCumulative && sample.iteration > 0 { value = value.adding(end.scaled(by: sample.iteration)) }
        return (isAdditive ? base.adding(value) : value, velocity)
    }
}

extension LayerAnimation {
    /// `leafValue(_:base:).value` for a number-valued key path, in `Double`s: the same
    /// operations in the same order (so the same bits) without building `AnimationValue`s.
    func leafNumber(_ sample: MediaTiming.Sample, base: Double) -> Double {
        var value: Double, end: Double
        switch kind {
        case let .basic(basic):
            guard let (a, b) = Self.resolveNumbers(basic.numbers, base: base) else { return base }
            value = a.interpolated(to: b, by: timingFunction.value(at: sample.progress))
            end = b
        case let .spring(spring):
            guard let (a, b) = Self.resolveNumbers(spring.numbers, base: base) else { return base }
            let response = spring.responses.value(at: sample.localTime)
            value = Self.springNumber(from: a, to: b, response: response, velocity: spring.velocityNumber ?? (b - a) * spring.initialVelocity)
            end = b
        case let .keyframes(frames):
            guard let v = frames.value(at: timingFunction.value(at: sample.progress)).number,
                  let e = frames.values[frames.values.count - 1].number else { return base }
            value = v; end = e
        case .group:
            return base
        }
        if isCumulative && sample.iteration > 0 { value = value + end * sample.iteration }
        return isAdditive ? base + value : value
    }

    /// A spring's value from `a` to `b` with start velocity `v0` (units per second) given the
    /// unit responses (φ, ψ) at its local time: `b + (a − b)·φ + v₀·ψ`.
    @inline(__always)
    static func springNumber(from a: Double, to b: Double, response: Point, velocity v0: Double) -> Double {
        b + (a - b) * response.x + v0 * response.y
    }

    /// `resolve` for numbers; nil if a given value is not a number (validation rules that out).
    @inline(__always)
    static func resolveNumbers(_ numbers: NumberTriple, base: Double) -> (Double, Double)? {
        guard numbers.isNumeric else { return nil }
        let f = numbers.from, t = numbers.to, b = numbers.by
        if let f {
            if let t { return (f, t) }
            if let b { return (f, f + b) }
            return (f, base)
        }
        if let t {
            if let b { return (t - b, t) }
            return (base, t)
        }
        if let b { return (base, base + b) }
        return (base, base)
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
