import FolioGeometry
import FolioMotion

// The rate of change of what an animation presents, for the hand-over at an interruption
// (`Layer.presentationVelocity`, `Layer.presentationTransformVelocity`): keyframes' exact
// derivative, and a whole-matrix transform's motion in the space its blend moves in.

extension AnimationValue {
    /// The decomposition of a matrix value (nil for other kinds and for matrices that cannot be
    /// decomposed, which blend discretely).
    var decomposedTransform: DecomposedTransform3D? {
        if case let .transform(m) = self { return m.decomposed() }
        return nil
    }
}

extension LayerAnimation.Keyframes {
    /// The derivative of `value(at:)` in normalised time at `time` (already through the
    /// animation's timing function): the segment's difference times its curve's slope over its
    /// span; zero for `discrete`, outside 0…1, and for matrices (see `transformRate(at:)`).
    func rate(at time: Double) -> AnimationValue {
        let n = values.count
        let zero = AnimationValue.zero(values[0].kind)
        guard n > 1, calculationMode != .discrete, time >= 0, time < 1, values[0].kind != .transform,
              !values[0].kind.isDiscrete else { return zero }
        let (parameter, stretch) = arcLengths.isEmpty ? (time, 1.0) : pacedParameter(time)
        guard let (lo, local, span) = segment(at: parameter) else { return zero }
        let isPaced = calculationMode == .paced || calculationMode == .cubicPaced
        let slope = isPaced ? 1 : timingFunctions[lo].slope(at: local)
        if !tangents.isEmpty {
            let shaped = isPaced ? local : timingFunctions[lo].value(at: local)
            return cubicRate(segment: lo, at: shaped).scaled(by: slope * stretch / span)
        }
        return values[lo + 1].subtracting(values[lo]).scaled(by: slope * stretch / span)
    }

    /// The rate of a matrix keyframe animation in the blend's space, per unit of normalised
    /// time at `time` (zero where `rate(at:)` is, or where a matrix cannot be decomposed).
    func transformRate(at time: Double) -> TransformVelocity {
        guard values.count > 1, calculationMode != .discrete, time >= 0, time < 1,
              let (lo, local, span) = segment(at: time),
              let a = values[lo].decomposedTransform, let b = values[lo + 1].decomposedTransform else { return .zero }
        let shaped = calculationMode == .paced ? local : timingFunctions[lo].value(at: local)
        let slope = calculationMode == .paced ? 1 : timingFunctions[lo].slope(at: local)
        return TransformVelocity.blend(a, b, at: shaped, rate: slope / span).velocity
    }

    /// The segment `value(at:)` interpolates in at `time` (0 < time < 1): its index, the local
    /// time in it (0…1) and its span of normalised time; nil for a segment of no length.
    func segment(at time: Double) -> (Int, Double, Double)? {
        var lo = 0, hi = values.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= time { lo = mid } else { hi = mid }
        }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        guard span > 0 else { return nil }
        return (lo, (time - keyTimes[lo]) / span, span)
    }
}

extension LayerAnimation {
    /// A basic animation of a matrix from `a` to `b` with start velocity `k`, at progress `p`:
    /// the blend at the curve's value plus the hand-over term with `k` less the blend's own
    /// start velocity (as for numbers; see `BasicValues.velocity`). `rate`: local seconds per
    /// parent second.
    func leafTransformMotion(_ a: DecomposedTransform3D, _ b: DecomposedTransform3D, basic k: TransformVelocity,
                             progress p: Double, rate: Double, ends: (TransformVelocity, TransformVelocity) = (.zero, .zero))
        -> (matrix: Transform3D, velocity: TransformVelocity, parts: DecomposedTransform3D) {
        let d = timing.resolvedDuration
        let c0 = timingFunction.slope(at: 0)
        let own = TransformVelocity.blend(a, b, at: 0, rate: c0 / d).velocity
        let (h, dh) = Self.handOverWeight(p)
        return TransformVelocity.blend(a, b, at: timingFunction.value(at: p), rate: timingFunction.slope(at: p) * rate / d,
                                       tangent: k.subtracting(own), weight: d * h, weightRate: dh * rate,
                                       startRate: ends.0, endRate: ends.1)
    }

    /// A spring of a matrix from `a` to `b` with start velocity `k` at local time `t`: the
    /// blend at `1 − φ + initialVelocity·ψ` plus `k·ψ`, so that it starts at `k` and settles
    /// on `b` as ψ decays.
    func leafTransformMotion(_ a: DecomposedTransform3D, _ b: DecomposedTransform3D, spring: SpringValues, k: TransformVelocity,
                             localTime t: Double, rate: Double, ends: (TransformVelocity, TransformVelocity) = (.zero, .zero))
        -> (matrix: Transform3D, velocity: TransformVelocity, parts: DecomposedTransform3D) {
        let response = spring.responses.value(at: t), rates = spring.responses.velocity(at: t)
        let iv = spring.initialVelocity
        return TransformVelocity.blend(a, b, at: 1 - response.x + iv * response.y, rate: (-rates.x + iv * rates.y) * rate,
                                       tangent: k, weight: response.y, weightRate: rates.y * rate, startRate: ends.0, endRate: ends.1)
    }

    /// The velocity of this (non-group) animation's own motion of a whole matrix at `sample`
    /// over `base`, in the space the blend moves in (`rate`: local seconds per parent second, 0
    /// in a fill), before it is added or accumulated; zero for matrices that cannot be
    /// decomposed. (For an additive or cumulative animation the presented matrix is a
    /// concatenation: `composedTransformVelocity`.)
    func leafTransformVelocity(_ sample: MediaTiming.Sample, base: AnimationValue, rate: Double,
                               baseVelocity: TransformVelocity = .zero) -> TransformVelocity {
        ownTransformMotion(sample, base: base, rate: rate, baseVelocity: baseVelocity)?.velocity ?? .zero
    }

    /// How the ends of a whole-matrix blend move when the value below it, `base`, moves at
    /// `baseVelocity` (Core Animation's rules for which ends are the current value: a `to`-only
    /// animation starts from it, a `from`-only one ends on it, `by` alone runs from it to
    /// `B ⊕ by = by·B`, whose rate is taken through the decomposition's derivative).
    private func endRates(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?, base: AnimationValue,
                          baseVelocity: TransformVelocity) -> (TransformVelocity, TransformVelocity) {
        guard baseVelocity != .zero else { return (.zero, .zero) }
        let follows = Self.dependence(from, to, by)
        var end = follows.end ? baseVelocity : .zero
        if follows.end, case let .transform(y)? = by, case let .transform(b) = base, let parts = b.decomposed() {
            end = TransformVelocity.ofDecomposition(of: y.concatenating(b), rate: y.concatenating(baseVelocity.matrixRate(of: parts))) ?? .zero
        }
        return (follows.start ? baseVelocity : .zero, end)
    }

    /// This animation's own matrix motion at `sample`: the parts its blend recomposes and their
    /// velocity, and the end value its cumulative passes add (`E`); nil for a group or a matrix
    /// that cannot be decomposed. An end that is the current value (a `to`-only or `from`-only
    /// animation over a moving matrix) moves with `baseVelocity` (`endRates`).
    private func ownTransformMotion(_ sample: MediaTiming.Sample, base: AnimationValue, rate: Double, baseVelocity: TransformVelocity)
        -> (parts: DecomposedTransform3D, velocity: TransformVelocity, end: AnimationValue)? {
        switch kind {
        case let .basic(basic):
            let (a, b) = Self.resolve(basic.from, basic.to, basic.by, base: base)
            guard let da = a.decomposedTransform, let db = b.decomposedTransform else { return nil }
            let motion = leafTransformMotion(da, db, basic: basic.transformVelocity ?? own(da, db), progress: sample.progress, rate: rate,
                                             ends: endRates(basic.from, basic.to, basic.by, base: base, baseVelocity: baseVelocity))
            return (motion.parts, motion.velocity, b)
        case let .spring(spring):
            let (a, b) = Self.resolve(spring.from, spring.to, spring.by, base: base)
            guard let da = a.decomposedTransform, let db = b.decomposedTransform else { return nil }
            let motion = leafTransformMotion(da, db, spring: spring, k: spring.transformVelocity ?? .zero,
                                             localTime: sample.localTime, rate: rate,
                                             ends: endRates(spring.from, spring.to, spring.by, base: base, baseVelocity: baseVelocity))
            return (motion.parts, motion.velocity, b)
        case let .keyframes(frames):
            let u = timingFunction.value(at: sample.progress)
            let velocity = frames.transformRate(at: u).scaled(by: timingFunction.slope(at: sample.progress) * rate / timing.resolvedDuration)
            guard let parts = frames.value(at: u).decomposedTransform else { return nil }
            return (parts, velocity, frames.values[frames.values.count - 1])
        case .group:
            return nil
        }
    }

    /// The velocity of what an additive or cumulative whole-matrix animation presents at
    /// `sample` over `base` moving at `baseVelocity`, in the space the next blend moves in: the
    /// presented matrix is `M = Eᵏ·V` (cumulative, pass k; `E` its end value) and, additive,
    /// `M·B`, so its rate follows by the product rule in matrix space — `V′` from the blend's
    /// parts, `B′` from the base's velocity — and is taken back through the derivative of the
    /// decomposition of `M`
    /// (`TransformVelocity.ofDecomposition`). Zero for matrices that cannot be decomposed.
    func composedTransformVelocity(_ sample: MediaTiming.Sample, base: AnimationValue, baseVelocity: TransformVelocity,
                                   rate: Double) -> TransformVelocity {
        guard case let .transform(b) = base, let own = ownTransformMotion(sample, base: base, rate: rate, baseVelocity: baseVelocity) else { return .zero }
        let bParts = b.decomposed()
        let dB = bParts.map { baseVelocity.matrixRate(of: $0) } ?? .zeroRate
        var v = own.parts.recomposed, dV = own.velocity.matrixRate(of: own.parts)
        if isCumulative && sample.iteration > 0, case let .transform(e) = own.end {
            // Eᵏ·V, Eᵏ as `AnimationValue.scaled(by:)` makes it (k rounded), constant in the pass.
            guard case let .transform(ek) = AnimationValue.transform(e).scaled(by: sample.iteration) else { return .zero }
            (v, dV) = (ek.concatenating(v), ek.concatenating(dV))
        }
        var m = v, dM = dV
        if isAdditive { (m, dM) = (v.concatenating(b), dV.concatenating(b).adding(v.concatenating(dB))) }
        return TransformVelocity.ofDecomposition(of: m, rate: dM) ?? .zero
    }

    /// The blend's own start velocity (what a basic animation without a hand-over starts at):
    /// with it as `k`, the hand-over term is zero.
    private func own(_ a: DecomposedTransform3D, _ b: DecomposedTransform3D) -> TransformVelocity {
        TransformVelocity.blend(a, b, at: 0, rate: timingFunction.slope(at: 0) / timing.resolvedDuration).velocity
    }
}
