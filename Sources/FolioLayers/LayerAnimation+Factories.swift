import FolioGeometry
import FolioMotion

extension LayerAnimation {
    /// A basic animation (`CABasicAnimation`) of `keyPath`.
    ///
    /// Core Animation's rules for which values are given: from and to → from → to; from and by
    /// → from → from ⊕ by; by and to → to ⊖ by → to; from only → from → the current value; to
    /// only → the current value → to; by only → current → current ⊕ by; none → the current
    /// value (no visible change). "Current" is the property's value before this animation
    /// (the model value, or what earlier animations on the key made of it).
    ///
    /// A start velocity (`velocity` in the value's units per second, or `transformVelocity` for
    /// a whole-matrix transform) makes each pass start at that speed instead of the curve's own:
    /// the hand-over term `(v₀ − (to − from)·c′(0)/d)·d·h(p)`, `h(p) = p(1 − p)²`, is added, which
    /// is 0 with a zero slope at the pass's end, so the curve still lands as it would. This is
    /// how a transaction's curve keeps the velocity of what it interrupts.
    ///
    /// - Throws: `AnimationError` naming the key path: a value of the wrong type or not finite
    ///   (`velocity` on a transform, or `transformVelocity` on another key path, is a wrong type).
    public static func basic(_ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                             by: AnimationValue? = nil, timing: MediaTiming = .default,
                             timingFunction: TimingFunction = .linear, velocity: AnimationValue? = nil,
                             transformVelocity: TransformVelocity? = nil) throws(AnimationError) -> LayerAnimation {
        try check(from, "fromValue", keyPath); try check(to, "toValue", keyPath); try check(by, "byValue", keyPath)
        try check(velocity, "velocity", keyPath); try checkTransformVelocity(transformVelocity, keyPath)
        let values = BasicValues(from: from, to: to, by: by, velocity: velocity, transformVelocity: transformVelocity)
        var animation = LayerAnimation(keyPath: keyPath, kind: .basic(values), timing: timing)
        animation.timingFunction = timingFunction
        return animation
    }

    /// A keyframe animation (`CAKeyframeAnimation`) of `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: the animated property.
    ///   - values: at least one value of the key path's type.
    ///   - keyTimes: normalised times, ascending from 0 to 1, one per value (one more for
    ///     `discrete`); nil spaces them evenly. Ignored by `paced` and `cubicPaced` (for
    ///     `cubicPaced`, the spline's own parameter is spaced by the chords between values).
    ///   - timingFunctions: one per segment (`values.count − 1`), one for every segment, or
    ///     nil for linear segments. Ignored by `paced`, `cubicPaced` and `discrete`.
    ///   - calculationMode: linear, discrete, paced, cubic or cubicPaced.
    ///   - timing: begin time (seconds in the layer's local time: the tree's unless a `timing`
    ///     says otherwise), duration, speed (negative: backwards), repetition and fill.
    ///   - timingFunction: shapes the whole animation's progress before the key times apply.
    /// - Throws: `AnimationError` naming the key path: a value of the wrong type or not
    ///   finite, or arrays that do not fit together.
    public static func keyframes(_ keyPath: AnimationKeyPath, values: [AnimationValue], keyTimes: [Double]? = nil,
                                 timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                                 timing: MediaTiming = .default, timingFunction: TimingFunction = .linear) throws(AnimationError) -> LayerAnimation {
        let path = keyPath.rawValue
        guard !values.isEmpty else { throw .invalidKeyframes(keyPath: path, reason: "values must not be empty") }
        for (i, v) in values.enumerated() { try check(v, "values[\(i)]", keyPath) }
        let n = values.count
        let segments = max(0, n - 1)
        var times: [Double]
        switch calculationMode {
        case .paced, .cubicPaced:
            // Key times in proportion to the distance travelled; equal values share a time.
            var lengths = [0.0]
            lengths.reserveCapacity(n)
            for i in 1..<max(1, n) { lengths.append(lengths[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = lengths[lengths.count - 1]
            times = total > 0 && total.isFinite ? lengths.map { $0 / total }
                : (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            if n > 1 { times[n - 1] = 1 }
        case .linear, .discrete, .cubic:
            let count = calculationMode == .discrete ? n + 1 : n
            times = keyTimes ?? (0..<count).map { count == 1 ? 0 : Double($0) / Double(count - 1) }
            guard times.count == count else {
                throw .invalidKeyframes(keyPath: path, reason: "\(times.count) keyTimes for \(n) values (\(calculationMode.rawValue) needs \(count))")
            }
            for (i, t) in times.enumerated() {
                guard t >= 0 && t <= 1 else { throw .invalidKeyframes(keyPath: path, reason: "keyTimes[\(i)] = \(t) is outside 0…1") }
                if i > 0, !(t >= times[i - 1]) {
                    throw .invalidKeyframes(keyPath: path, reason: "keyTimes[\(i)] = \(t) is before keyTimes[\(i - 1)] = \(times[i - 1])")
                }
            }
            guard times[0] == 0, count == 1 || times[count - 1] == 1 else {
                throw .invalidKeyframes(keyPath: path, reason: "keyTimes must start at 0 and end at 1")
            }
        }
        var curves = timingFunctions ?? []
        if calculationMode != .linear && calculationMode != .cubic { curves = [] }
        if curves.count == 1 && segments > 1 { curves = Array(repeating: curves[0], count: segments) }
        if curves.isEmpty { curves = Array(repeating: .linear, count: segments) }
        guard curves.count == segments else {
            throw .invalidKeyframes(keyPath: path, reason: "\(curves.count) timingFunctions for \(segments) segments")
        }
        let frames = Keyframes(values: values, keyTimes: times, timingFunctions: curves, calculationMode: calculationMode)
        var animation = LayerAnimation(keyPath: keyPath, kind: .keyframes(frames), timing: timing)
        animation.timingFunction = timingFunction
        return animation
    }

    /// A spring animation (`CASpringAnimation`) of `keyPath`: from, to and by as for `basic`;
    /// the value is `from + (to − from)·x(t)` with x the damped oscillator's step response,
    /// x(0) = 0 and x′(0) = `initialVelocity` (fractions of the distance per second), t the
    /// local time in seconds. A duration of 0 becomes the spring's `settlingDuration`.
    ///
    /// - Parameters:
    ///   - keyPath: the animated property.
    ///   - from: `fromValue`, or nil.
    ///   - to: `toValue`, or nil.
    ///   - by: `byValue`, or nil.
    ///   - spring: mass, stiffness and damping (default Core Animation's 1, 100, 10).
    ///   - initialVelocity: the start velocity in fractions of the from → to distance per second.
    ///   - velocity: an absolute start velocity in the value's units per second, replacing
    ///     `initialVelocity` (what a transaction hands over); not for whole-matrix transforms.
    ///   - transformVelocity: a whole-matrix transform's absolute start velocity, in the space
    ///     the blend moves in (what a transaction hands over for `transform`).
    ///   - timing: begin time (the layer's local seconds), duration (0: the settling duration), speed,
    ///     repetition and fill.
    /// - Throws: `AnimationError` naming the key path: a value of the wrong type or not finite,
    ///   or a velocity that is not finite.
    public static func spring(_ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                              by: AnimationValue? = nil, spring: Spring = .coreAnimationDefault, initialVelocity: Double = 0,
                              velocity: AnimationValue? = nil, transformVelocity: TransformVelocity? = nil,
                              timing: MediaTiming = .default) throws(AnimationError) -> LayerAnimation {
        try check(from, "fromValue", keyPath); try check(to, "toValue", keyPath); try check(by, "byValue", keyPath)
        try check(velocity, "velocity", keyPath); try checkTransformVelocity(transformVelocity, keyPath)
        guard initialVelocity.isFinite else { throw .nonFinite(keyPath: keyPath.rawValue, name: "initialVelocity") }
        let responses: GenericSpringMotion<Point>
        do throws(MotionError) {
            responses = try spring.motion(from: Point(x: 1, y: 0), velocity: Point(x: 0, y: 1), to: .zero)
        } catch {
            throw .invalidParameter(keyPath: keyPath.rawValue, error)
        }
        let values = SpringValues(from: from, to: to, by: by, spring: spring, initialVelocity: initialVelocity,
                                  velocity: velocity, transformVelocity: transformVelocity, responses: responses)
        var timing = timing
        if timing.duration == 0 {
            let settling = values.settlingDuration
            timing.duration = settling.isFinite && settling > 0 ? settling : MediaTiming.defaultDuration
        }
        return LayerAnimation(keyPath: keyPath, kind: .spring(values), timing: timing)
    }

    /// A spring animation from `CASpringAnimation`'s own parameters, as Core Animation sets
    /// them on the animation (`mass`, `stiffness`, `damping`; defaults 1, 100, 10): the same as
    /// `spring(_:from:to:by:spring:initialVelocity:velocity:timing:)` with
    /// `Spring(mass:stiffness:damping:)`, but a parameter out of range (mass or stiffness ≤ 0,
    /// damping < 0, any of them not finite) is refused naming the key path.
    ///
    /// - Throws: `AnimationError.invalidParameter` naming the key path and the parameter, and
    ///   everything the general factory throws.
    public static func spring(_ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                              by: AnimationValue? = nil, mass: Double, stiffness: Double = 100, damping: Double = 10,
                              initialVelocity: Double = 0, timing: MediaTiming = .default) throws(AnimationError) -> LayerAnimation {
        let spring: Spring
        do throws(MotionError) {
            spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        } catch {
            throw .invalidParameter(keyPath: keyPath.rawValue, error)
        }
        return try .spring(keyPath, from: from, to: to, by: by, spring: spring, initialVelocity: initialVelocity, timing: timing)
    }

    /// A group (`CAAnimationGroup`): every child runs on the group's local time (a child's
    /// begin time counts from the group's start) and is cut off where the group ends.
    public static func group(_ animations: [LayerAnimation], timing: MediaTiming = .default) -> LayerAnimation {
        LayerAnimation(keyPath: nil, kind: .group(animations), timing: timing)
    }

    /// Refuses a transform velocity for a key path that is not a whole matrix, or one that is
    /// not finite.
    static func checkTransformVelocity(_ velocity: TransformVelocity?, _ keyPath: AnimationKeyPath) throws(AnimationError) {
        guard let velocity else { return }
        guard keyPath.valueKind == .transform else {
            throw .wrongValueType(keyPath: keyPath.rawValue, name: "transformVelocity", expected: keyPath.valueKind, got: .transform)
        }
        guard velocity.isFinite else { throw .nonFinite(keyPath: keyPath.rawValue, name: "transformVelocity") }
    }

    /// Refuses a value of another type than `keyPath` takes, or one that is not finite.
    static func check(_ value: AnimationValue?, _ name: String, _ keyPath: AnimationKeyPath) throws(AnimationError) {
        guard let value else { return }
        guard value.kind == keyPath.valueKind else {
            throw .wrongValueType(keyPath: keyPath.rawValue, name: name, expected: keyPath.valueKind, got: value.kind)
        }
        guard value.isFinite else { throw .nonFinite(keyPath: keyPath.rawValue, name: name) }
    }
}

extension LayerAnimation {
    /// How long a spring animation of `spring` from `from` to `to`, starting at `velocity`
    /// (units per second of the animation's own time; nil: at rest), takes to settle: a bound
    /// over every motion with this distance and speed (the components aligned for the worst
    /// case), to 1e-4 of the distance; `MediaTiming.defaultDuration` when there is no bound (no
    /// damping). What an implicit change's spring lasts, so that it is never cut off before it
    /// settles however fast the value was moving when it began.
    public static func settlingDuration(spring: Spring, from: AnimationValue, to: AnimationValue,
                                        velocity: AnimationValue?) -> Double {
        let distance = from.distance(to: to)
        let speed = velocity.map { $0.distance(to: .zero($0.kind)) } ?? 0
        guard let bound = try? spring.motion(from: distance, velocity: speed, to: 0) else { return MediaTiming.defaultDuration }
        let settle = bound.settlingTime(tolerance: 1e-4 * max(1e-4, distance))
        return settle.isFinite && settle > 0 ? settle : MediaTiming.defaultDuration
    }
}

extension LayerAnimation.SpringValues {
    /// Seconds until the step response stays within 0.1 % of the distance (and its speed
    /// within 0.1 % of the distance per second): `CASpringAnimation.settlingDuration`'s role,
    /// from the closed form's envelope (`SpringMotion.settlingTime`); infinite without damping.
    public var settlingDuration: Double {
        guard let motion = try? spring.motion(from: 1.0, velocity: -initialVelocity, to: 0) else { return .infinity }
        return motion.settlingTime(tolerance: 1e-3)
    }
}
