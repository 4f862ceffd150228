import FolioGeometry

/// One animatable number (the form `AnimationClock` drives and the transitions use).
public typealias AnimatedValue = GenericAnimatedValue<Double>

/// One animatable value with Core Animation's two views of it: the *model* value (where it
/// is going; what you set) and the *presentation* value (what is on screen now).
///
/// Starting an animation always begins from the current presentation value and velocity
/// ("begin from current state"), so interrupting a motion mid-flight never jumps. Drive it
/// with an `AnimationClock` (a `Double`) or call `update(at:)` with your own time. Any
/// `VectorArithmetic` value animates (a `Point` on a spring); keyframe animations
/// (`Animation.keyframes`) carry `Double` values and so apply to a `Double` only.
public final class GenericAnimatedValue<Value: VectorArithmetic & Interpolatable & Hashable> {
    /// The destination: the value once every animation has finished.
    public private(set) var modelValue: Value
    /// The value on screen at the last update.
    public private(set) var presentationValue: Value
    /// The presentation value's rate of change at the last update, in units per second.
    public private(set) var velocity: Value = .zero
    /// Called with the presentation value whenever an update changes it.
    public var onChange: ((Value) -> Void)?

    private enum Flight {
        case idle
        case timing(from: Value, to: Value, curve: TimingFunction, start: Double, duration: Double)
        case spring(GenericSpringMotion<Value>, settlesAt: Double)
        case keyframes(KeyframeAnimation<Value>, start: Double, duration: Double)
    }
    private var flight = Flight.idle

    /// A value resting at `value` (which must be finite).
    public init(_ value: Value) throws(MotionError) {
        modelValue = try MotionError.finite("value", value)
        presentationValue = value
    }

    /// Whether an animation is in flight.
    public var isAnimating: Bool {
        if case .idle = flight { return false }
        return true
    }

    /// Sets the model value to `value`, animating from the presentation value with
    /// `animation` starting at clock time `time`.
    ///
    /// - Parameters:
    ///   - value: the new model value.
    ///   - animation: how to get there.
    ///   - time: the clock time the animation starts at, in seconds.
    ///   - velocity: the speed to start with, in value units per second (e.g. a gesture's
    ///     release velocity); nil keeps the current `velocity`. Springs start with it; timing
    ///     curves and keyframes follow their own shape from rest.
    /// - Throws: `MotionError` for a non-finite value, time or velocity, or a bad duration;
    ///   `.invalidParameter` for keyframes on a value that is not a `Double`.
    public func set(_ value: Value, animation: Animation, at time: Double, velocity: Value? = nil) throws(MotionError) {
        let value = try MotionError.finite("value", value)
        let time = try MotionError.finite("time", time)
        if let velocity { self.velocity = try MotionError.finite("velocity", velocity) }
        switch try animation.validated() {
        case .none:
            flight = .idle
            modelValue = value
            apply(value, velocity: .zero)
        case let .timing(curve, duration):
            modelValue = value
            flight = .timing(from: presentationValue, to: value, curve: curve, start: time, duration: duration)
        case let .spring(spring):
            modelValue = value
            let motion = try spring.motion(from: presentationValue, velocity: self.velocity, to: value, start: time)
            flight = .spring(motion, settlesAt: time + motion.settlingTime(tolerance: 1e-4 * max(1, (value - presentationValue).magnitude)))
        case let .keyframes(numbers, duration):
            guard let keyframes = numbers as? KeyframeAnimation<Value> else {
                throw .invalidParameter(name: "animation", value: duration, requirement: "keyframes of the value's own type (Double)")
            }
            modelValue = keyframes.values[keyframes.values.count - 1]
            flight = .keyframes(keyframes, start: time, duration: duration)
        }
    }

    /// Follows a gesture: stops any animation and shows `value` now, remembering `velocity`
    /// (units per second) so that a following spring starts with the pointer's speed.
    public func track(_ value: Value, velocity: Value = .zero) throws(MotionError) {
        let value = try MotionError.finite("value", value)
        let velocity = try MotionError.finite("velocity", velocity)
        flight = .idle
        modelValue = value
        apply(value, velocity: velocity)
    }

    /// Grabs the value mid-flight: the animation stops where it is on screen, and the model
    /// value becomes that presentation value.
    public func interrupt(at time: Double) {
        update(at: time)
        flight = .idle
        modelValue = presentationValue
        velocity = .zero
    }

    /// Moves the presentation value to clock time `time`; finished animations end exactly on
    /// the model value.
    public func update(at time: Double) {
        guard time.isFinite else { return }
        switch flight {
        case .idle:
            return
        case let .timing(from, to, curve, start, duration):
            let x = (time - start) / duration
            if x >= 1 { finish(); return }
            let p = curve.value(at: x)
            // The curve's slope by a central difference, in value units per second.
            let h = 1e-4
            let slope = (curve.value(at: x + h) - curve.value(at: max(0, x - h))) / (x + h - max(0, x - h))
            apply(from.interpolated(to: to, by: p), velocity: (to - from).scaled(by: slope).divided(by: duration))
        case let .spring(motion, settlesAt):
            if time >= settlesAt { finish(); return }
            apply(motion.value(at: time), velocity: motion.velocity(at: time))
        case let .keyframes(keyframes, start, duration):
            let x = (time - start) / duration
            if x >= 1 { finish(); return }
            let h = 1e-4
            let slope = (keyframes.value(at: x + h) - keyframes.value(at: x - h)).divided(by: 2 * h).divided(by: duration)
            apply(keyframes.value(at: x), velocity: x > h ? slope : .zero)
        }
    }

    private func finish() {
        flight = .idle
        apply(modelValue, velocity: .zero)
    }

    private func apply(_ value: Value, velocity: Value) {
        self.velocity = velocity.isFinite ? velocity : .zero
        guard value != presentationValue else { return }
        presentationValue = value
        onChange?(value)
    }
}
