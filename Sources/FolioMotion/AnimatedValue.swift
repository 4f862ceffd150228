/// One animatable number with Core Animation's two views of it: the *model* value (where it
/// is going; what you set) and the *presentation* value (what is on screen now).
///
/// Starting an animation always begins from the current presentation value and velocity
/// ("begin from current state"), so interrupting a motion mid-flight never jumps. Drive it
/// with an `AnimationClock`, or call `update(at:)` with your own time.
public final class AnimatedValue {
    /// The destination: the value once every animation has finished.
    public private(set) var modelValue: Double
    /// The value on screen at the last update.
    public private(set) var presentationValue: Double
    /// The presentation value's rate of change at the last update, in units per second.
    public private(set) var velocity: Double = 0
    /// Called with the presentation value whenever an update changes it.
    public var onChange: ((Double) -> Void)?

    private enum Flight {
        case idle
        case timing(from: Double, to: Double, curve: TimingFunction, start: Double, duration: Double)
        case spring(SpringMotion, settlesAt: Double)
        case keyframes(KeyframeAnimation<Double>, start: Double, duration: Double)
    }
    private var flight = Flight.idle

    /// A value resting at `value` (which must be finite).
    public init(_ value: Double) throws(MotionError) {
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
    /// - Throws: `MotionError` for a non-finite value, time or velocity, or a bad duration.
    public func set(_ value: Double, animation: Animation, at time: Double, velocity: Double? = nil) throws(MotionError) {
        let value = try MotionError.finite("value", value)
        let time = try MotionError.finite("time", time)
        if let velocity { self.velocity = try MotionError.finite("velocity", velocity) }
        switch try animation.validated() {
        case .none:
            flight = .idle
            modelValue = value
            apply(value, velocity: 0)
        case let .timing(curve, duration):
            modelValue = value
            flight = .timing(from: presentationValue, to: value, curve: curve, start: time, duration: duration)
        case let .spring(spring):
            modelValue = value
            let motion = try spring.motion(from: presentationValue, velocity: self.velocity, to: value, start: time)
            flight = .spring(motion, settlesAt: time + motion.settlingTime(tolerance: 1e-4 * max(1, abs(value - presentationValue))))
        case let .keyframes(keyframes, duration):
            modelValue = keyframes.values[keyframes.values.count - 1]
            flight = .keyframes(keyframes, start: time, duration: duration)
        }
    }

    /// Follows a gesture: stops any animation and shows `value` now, remembering `velocity`
    /// (units per second) so that a following spring starts with the pointer's speed.
    public func track(_ value: Double, velocity: Double = 0) throws(MotionError) {
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
        velocity = 0
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
            apply(from.interpolated(to: to, by: p), velocity: (to - from) * slope / duration)
        case let .spring(motion, settlesAt):
            if time >= settlesAt { finish(); return }
            apply(motion.value(at: time), velocity: motion.velocity(at: time))
        case let .keyframes(keyframes, start, duration):
            let x = (time - start) / duration
            if x >= 1 { finish(); return }
            let h = 1e-4
            let slope = (keyframes.value(at: x + h) - keyframes.value(at: x - h)) / (2 * h) / duration
            apply(keyframes.value(at: x), velocity: x > h ? slope : 0)
        }
    }

    private func finish() {
        flight = .idle
        apply(modelValue, velocity: 0)
    }

    private func apply(_ value: Double, velocity: Double) {
        self.velocity = velocity.isFinite ? velocity : 0
        guard value != presentationValue else { return }
        presentationValue = value
        onChange?(value)
    }
}
