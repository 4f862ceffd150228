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

    /// Which ends of `resolve` are the current value (so move with it): from+to, from+by and
    /// by+to fix both; from alone follows at its end; to alone at its start; by alone or
    /// nothing at both.
    @inline(__always)
    static func dependence(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?) -> (start: Bool, end: Bool) {
        if from != nil { return (false, to == nil && by == nil) }
        if to != nil { return (by == nil, false) }
        return (true, true)
    }

    /// The hand-over weight of a curve with a start velocity at progress `p`, `h(p) = p(1 − p)²`,
    /// and its slope `h′(p) = (1 − p)(1 − 3p)`: h(0) = 0, h′(0) = 1, h(1) = h′(1) = 0.
    @inline(__always)
    static func handOverWeight(_ p: Double) -> (h: Double, slope: Double) {
        let q = 1 - p
        return (p * q * q, q * (1 - 3 * p))
    }

    /// The value of this (non-group) animation at `sample`, composed with `base` (the key's
    /// value before it), and, when `withVelocity`, its rate of change in value units per second
    /// of the animation's parent time, given `baseVelocity` (the rate of `base`; nil: at rest)
    /// and `rate` (local seconds per parent second: the speed, negative while reversing, 0 in a
    /// fill). The velocity is the exact derivative of the value for basic animations, springs
    /// and keyframes of every value kind but the matrix (a transform's is
    /// `leafTransformMotion`, in the space its blend moves in); always zero without
    /// `withVelocity`, which presenting a frame does not need.
    @inline(__always)
    func leafValue(_ sample: MediaTiming.Sample, base: AnimationValue, withVelocity: Bool = false,
                   baseVelocity: AnimationValue? = nil, rate: Double = 0) -> (value: AnimationValue, velocity: AnimationValue) {
        var value: AnimationValue, end: AnimationValue
        var velocity = AnimationValue.zero(base.kind)
        let wantsVelocity = withVelocity && base.kind != .transform && !base.kind.isDiscrete
        // How the value moves with `base`: ∂value/∂start, ∂value/∂end, and which of them follow it.
        var startWeight = 0.0, endWeight = 0.0, follows = (start: false, end: false)
        switch kind {
        case let .basic(basic):
            let (a, b) = Self.resolve(basic.from, basic.to, basic.by, base: base)
            let p = sample.progress, u = timingFunction.value(at: p)
            if a.kind == .transform, let k = basic.transformVelocity, let da = a.decomposedTransform, let db = b.decomposedTransform {
                value = .transform(leafTransformMotion(da, db, basic: k, progress: p, rate: 0).matrix)
            } else {
                value = a.interpolated(to: b, by: u)
            }
            let d = timing.resolvedDuration
            var handOver: AnimationValue?
            if let v0 = basic.velocity, a.kind != .transform, !a.kind.isDiscrete, a.isCommensurate(with: b), v0.isCommensurate(with: a) {
                let k = v0.subtracting(b.subtracting(a).scaled(by: timingFunction.slope(at: 0) / d))
                value = value.adding(k.scaled(by: d * Self.handOverWeight(p).h))
                handOver = k
            }
            if wantsVelocity {
                velocity = b.subtracting(a).scaled(by: timingFunction.slope(at: p) * rate / d)
                startWeight = 1 - u; endWeight = u
                if let k = handOver {
                    let (h, dh) = Self.handOverWeight(p)
                    velocity = velocity.adding(k.scaled(by: dh * rate))
                    let c0 = timingFunction.slope(at: 0)
                    startWeight += c0 * h; endWeight -= c0 * h
                }
                follows = Self.dependence(basic.from, basic.to, basic.by)
            }
            end = b
        case let .keyframes(frames):
            let u = timingFunction.value(at: sample.progress)
            value = frames.value(at: u)
            end = frames.values[frames.values.count - 1]
            if wantsVelocity {
                velocity = frames.rate(at: u).scaled(by: timingFunction.slope(at: sample.progress) * rate / timing.resolvedDuration)
            }
        case let .spring(spring):
            let (a, b) = Self.resolve(spring.from, spring.to, spring.by, base: base)
            let t = sample.localTime
            let response = spring.responses.value(at: t)
            let phi = response.x, psi = response.y
            if a.kind == .transform {
                if let k = spring.transformVelocity, let da = a.decomposedTransform, let db = b.decomposedTransform {
                    value = .transform(leafTransformMotion(da, db, spring: spring, k: k, localTime: t, rate: 0).matrix)
                } else {
                    // Along the from → to path only: x = 1 − φ + v₀ψ with v₀ the fractional velocity.
                    value = a.interpolated(to: b, by: 1 - phi + spring.initialVelocity * psi)
                }
            } else if a.kind.isDiscrete || !a.isCommensurate(with: b) {
                // Flags, contents, lists of different lengths: switched where the response is half-way.
                value = a.interpolated(to: b, by: 1 - phi + spring.initialVelocity * psi)
            } else if case let .number(from) = a, case let .number(to) = b {
                // Numbers (most springs) without the enum's general arithmetic.
                let v0 = spring.velocity?.number ?? (to - from) * spring.initialVelocity
                value = .number(to + (from - to) * phi + v0 * psi)
                if wantsVelocity {
                    let rates = spring.responses.velocity(at: t)
                    velocity = .number(((from - to) * rates.x + v0 * rates.y) * rate)
                }
            } else {
                let v0 = spring.velocity ?? b.subtracting(a).scaled(by: spring.initialVelocity)
                let displacement = a.subtracting(b)
                value = b.adding(displacement.scaled(by: phi)).adding(v0.scaled(by: psi))
                if wantsVelocity {
                    let rates = spring.responses.velocity(at: t)
                    velocity = displacement.scaled(by: rates.x * rate).adding(v0.scaled(by: rates.y * rate))
                }
            }
            if wantsVelocity {
                // value = b + (a − b)·φ + v₀·ψ, with v₀ = (b − a)·initialVelocity when relative.
                let relative = spring.velocity == nil ? spring.initialVelocity * psi : 0
                startWeight = phi - relative; endWeight = 1 - phi + relative
                follows = Self.dependence(spring.from, spring.to, spring.by)
            }
            end = b
        case .group:
            return (base, velocity)
        }
        if isCumulative && sample.iteration > 0 { value = value.adding(end.scaled(by: sample.iteration)) }
        if wantsVelocity, let bv = baseVelocity {
            var weight = (follows.start ? startWeight : 0) + (follows.end ? endWeight : 0)
            if isCumulative && sample.iteration > 0 && follows.end { weight += sample.iteration }
            if isAdditive { weight += 1 }
            if weight != 0 { velocity = velocity.adding(bv.scaled(by: weight)) }
        }
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
            if let v0 = basic.velocityNumber {
                let d = timing.resolvedDuration
                value += (v0 - (b - a) * (timingFunction.slope(at: 0) / d)) * (d * Self.handOverWeight(sample.progress).h)
            }
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
    /// Where normalised time `time` (already through the animation's timing function) falls:
    /// on a value itself, a fraction of the way from value `lo` to the next, or a fraction
    /// along a cubic segment (the cubic modes).
    enum Position {
        case value(Int)
        case between(Int, Double)
        case cubic(Int, Double)
    }

    /// The position `value(at:)` interpolates at.
    func position(at time: Double) -> Position {
        let n = values.count
        guard n > 1, time > 0 else { return .value(0) }
        if calculationMode == .discrete || values[0].kind.isDiscrete {
            // Value i holds over [keyTimes[i], keyTimes[i + 1]); the last one from its time on
            // (flags and contents hold so in every mode, as Core Animation's discrete values).
            var i = 0
            while i + 1 < n && keyTimes[i + 1] <= time { i += 1 }
            return .value(i)
        }
        guard time < 1 else { return .value(n - 1) }
        let parameter = arcLengths.isEmpty ? time : pacedParameter(time).parameter
        // The last segment whose start is ≤ time (binary search; key times ascend).
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= parameter { lo = mid } else { hi = mid }
        }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        guard span > 0 else { return .value(lo + 1) }
        let local = (parameter - keyTimes[lo]) / span
        let isPaced = calculationMode == .paced || calculationMode == .cubicPaced
        let shaped = isPaced ? local : timingFunctions[lo].value(at: local)
        if !tangents.isEmpty { return .cubic(lo, shaped) }
        return .between(lo, shaped)
    }

    /// The value at normalised time `time` (already through the animation's timing function).
    func value(at time: Double) -> AnimationValue {
        switch position(at: time) {
        case let .value(i): values[i]
        case let .between(lo, t): values[lo].interpolated(to: values[lo + 1], by: t)
        case let .cubic(lo, t): cubicValue(segment: lo, at: t)
        }
    }
}
