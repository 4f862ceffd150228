import FolioGeometry
import FolioMotion

// The presentation's velocity: how fast a property moves on screen at a time, which a
// transaction hands to the animation that interrupts it (`LayerClock.perform`) and a drag takes
// over (`LayerClock.takeOver`). It is the exact derivative of the presentation (no finite
// difference): every animation of the property and of its sub-paths composed in order, each
// one's own rate plus the rate of the value it builds on where it depends on it (a `to`-only
// animation starts from the moving value; an additive one adds to it).

extension Layer {
    /// The rate of change of `keyPath`'s presentation value at `time`, in its units per second
    /// of tree time: every animation of the property and of its sub-paths (`position.x` for
    /// `position`, and the other way round) composed in order, as the presentation composes
    /// them. Basic animations (with their hand-over velocity), springs and keyframes give their
    /// exact derivative; an animation in a fill does not move. A transform part counts the
    /// animations of exactly that part. For a whole matrix this is the identity (no velocity):
    /// use `presentationTransformVelocity(forKeyPath:at:)`.
    public final func presentationVelocity(forKeyPath keyPath: AnimationKeyPath, at time: Double) -> AnimationValue {
        let zero = AnimationValue.zero(keyPath.valueKind)
        guard keyPath.valueKind != .transform, let storage = animationStorage, !storage.entries.isEmpty, time.isFinite else { return zero }
        let whole = keyPath.isTransformPart ? keyPath : keyPath.storedProperty
        var value = value(forKeyPath: whole)
        var velocity = AnimationValue.zero(whole.valueKind)
        // The animations run on the layer's local time, `rate` local seconds per tree second.
        let (local, rate) = Self.anyLayerIsTimed ? localTimeAndRate(fromTreeTime: time) : (time, 1)
        for entry in storage.entries {
            Self.accumulateVelocity(entry.animation, whole, at: local, rate: rate, value: &value, velocity: &velocity)
        }
        return keyPath.part(of: velocity)
    }

    /// The velocity of a whole matrix (`transform`, `sublayerTransform`) at `time`, in the
    /// space its blend moves in: the animations of that key and, for `transform`, of its parts
    /// composed in the order the presentation composes them (a non-additive whole-matrix
    /// animation replaces the velocity so far; additive and cumulative ones, whose
    /// concatenation has no such velocity, leave it as it is; parts move their part's rate, an
    /// Euler angle's turning into the angular velocity exactly). Zero for other key paths.
    public final func presentationTransformVelocity(forKeyPath keyPath: AnimationKeyPath, at time: Double) -> TransformVelocity {
        guard keyPath.valueKind == .transform, let storage = animationStorage, !storage.entries.isEmpty, time.isFinite else { return .zero }
        var motion = MatrixMotion(value: value(forKeyPath: keyPath))
        let (local, rate) = Self.anyLayerIsTimed ? localTimeAndRate(fromTreeTime: time) : (time, 1)
        for entry in storage.entries {
            Self.accumulateTransformVelocity(entry.animation, keyPath, at: local, rate: rate, motion: &motion)
        }
        motion.flushParts()
        return motion.velocity
    }

    /// A matrix and its velocity while `presentationTransformVelocity` composes animations,
    /// with its parts and their rates while part animations apply (as the presentation keeps
    /// them, recomposed before a whole-matrix animation and at the end).
    private struct MatrixMotion {
        var value: AnimationValue
        var velocity = TransformVelocity.zero
        var parts = TransformParts()
        var rates = TransformPartRates()

        init(value: AnimationValue) { self.value = value }

        mutating func loadParts() {
            guard !parts.isLoaded, case let .transform(m) = value else { return }
            parts.load(m)
            // The whole matrix's turn goes on in the Euler rates, so a part rotation after a
            // whole-matrix animation composes with it instead of replacing it.
            rates = TransformPartRates(parts: parts, carrying: velocity)
        }

        mutating func flushParts() {
            guard parts.isLoaded else { return }
            value = .transform(parts.recomposed)
            velocity = rates.velocity(of: parts, carrying: velocity)
            parts.isLoaded = false
        }
    }

    /// The sample of `animation` at parent time `time` and its local seconds per parent second
    /// (`rate` times its speed — negative for a negative speed and while an autoreversing pass
    /// runs back, positive when both hold — and 0 in a fill: nothing moves there).
    private static func sampleAndRate(_ animation: LayerAnimation, at time: Double, rate: Double) -> (MediaTiming.Sample, Double)? {
        guard let sample = animation.timing.sample(at: time) else { return nil }
        let active = animation.timing.isActive(at: time)
        return (sample, active ? rate * animation.timing.speed * (sample.isReversing ? -1 : 1) : 0)
    }

    /// A group's children's time and rate (its local time, through its timing function).
    private static func childTime(_ animation: LayerAnimation, _ sample: MediaTiming.Sample, rate: Double) -> (Double, Double) {
        let curve = animation.timingFunction
        if curve == .linear { return (sample.localTime, rate) }
        return (curve.value(at: sample.progress) * animation.timing.resolvedDuration, rate * curve.slope(at: sample.progress))
    }

    private static func accumulateVelocity(_ animation: LayerAnimation, _ whole: AnimationKeyPath, at time: Double, rate: Double,
                                           value: inout AnimationValue, velocity: inout AnimationValue) {
        guard let (sample, rate) = sampleAndRate(animation, at: time, rate: rate) else { return }
        if case let .group(children) = animation.kind {
            let (local, childRate) = childTime(animation, sample, rate: rate)
            for child in children { accumulateVelocity(child, whole, at: local, rate: childRate, value: &value, velocity: &velocity) }
            return
        }
        guard let path = animation.keyPath else { return }
        if whole.isTransformPart {
            guard path == whole else { return }
        } else {
            guard path.storedProperty == whole, !path.isTransformPart else { return }
        }
        let (v, dv) = animation.leafValue(sample, base: path.part(of: value), withVelocity: true,
                                          baseVelocity: path.part(of: velocity), rate: rate)
        value = path.replacingPart(of: value, with: v)
        velocity = path.replacingPart(of: velocity, with: dv)
    }

    private static func accumulateTransformVelocity(_ animation: LayerAnimation, _ key: AnimationKeyPath, at time: Double, rate: Double,
                                                    motion: inout MatrixMotion) {
        guard let (sample, rate) = sampleAndRate(animation, at: time, rate: rate) else { return }
        if case let .group(children) = animation.kind {
            let (local, childRate) = childTime(animation, sample, rate: rate)
            for child in children { accumulateTransformVelocity(child, key, at: local, rate: childRate, motion: &motion) }
            return
        }
        guard let path = animation.keyPath else { return }
        if key == .transform && path.isTransformPart {
            motion.loadParts()
            let (v, dv) = animation.leafValue(sample, base: .number(motion.parts.value(path)), withVelocity: true,
                                              baseVelocity: .number(motion.rates.value(path)), rate: rate)
            if let v = v.number, v.isFinite, let dv = dv.number {
                motion.parts.set(path, v)
                motion.rates.set(path, dv)
            }
            return
        }
        guard path == key else { return }
        motion.flushParts()
        if animation.isAdditive || (animation.isCumulative && sample.iteration > 0) {
            // A concatenation: composed in matrix space, by the product rule.
            motion.velocity = animation.composedTransformVelocity(sample, base: motion.value, baseVelocity: motion.velocity, rate: rate)
        } else {
            motion.velocity = animation.leafTransformVelocity(sample, base: motion.value, rate: rate, baseVelocity: motion.velocity)
        }
        motion.value = animation.leafValue(sample, base: motion.value).value
    }
}
