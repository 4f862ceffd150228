#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// A decay on a `Double` (a scroll offset, a page's progress).
public typealias Decay = GenericDecay<Double>

/// Momentum that bleeds off exponentially, like a `UIScrollView` after a flick:
/// `v(t) = v₀·e^(−kt)`, `x(t) = x₀ + v₀(1 − e^(−kt))/k`, resting at `x₀ + v₀/k`; for a vector
/// value (a `Point` flicked in 2D) the same along the velocity's direction.
public struct GenericDecay<Value: VectorArithmetic & Hashable>: Hashable, Sendable {
    /// `UIScrollView.DecelerationRate.normal`: velocity kept per millisecond.
    public static var normalRate: Double { 0.998 }
    /// `UIScrollView.DecelerationRate.fast`.
    public static var fastRate: Double { 0.99 }

    /// Value and velocity (units per second) at `start`.
    public let initialValue: Value, initialVelocity: Value
    /// The decay constant k, per second.
    public let decayConstant: Double
    /// Clock time (seconds) at which the motion starts.
    public let start: Double

    /// A decay from `value` at `velocity` that keeps `rate` of its velocity each millisecond
    /// (0 < rate < 1; UIKit's convention).
    public init(from value: Value, velocity: Value, rate: Double = 0.998, start: Double = 0) throws(MotionError) {
        guard rate > 0, rate < 1 else {
            throw .invalidParameter(name: "rate", value: rate, requirement: "in the open range 0…1 (velocity kept per ms)")
        }
        self.initialValue = try MotionError.finite("value", value)
        self.initialVelocity = try MotionError.finite("velocity", velocity)
        self.start = try MotionError.finite("start", start)
        decayConstant = -1000 * log(rate)
    }

    /// Where the motion comes to rest.
    public var restingValue: Value { initialValue + initialVelocity.divided(by: decayConstant) }

    /// Where a flick of `velocity` from `value` would come to rest under `rate` (UIKit's
    /// `project(initialVelocity:decelerationRate:)`, in the same units).
    public static func projectedValue(from value: Value, velocity: Value, rate: Double = 0.998) -> Value {
        value + velocity.divided(by: 1000).scaled(by: rate).divided(by: 1 - rate)
    }

    /// The value at clock time `time`.
    public func value(at time: Double) -> Value {
        let t = time - start
        guard t > 0 else { return initialValue }
        return initialValue + initialVelocity.scaled(by: 1 - exp(-decayConstant * t)).divided(by: decayConstant)
    }

    /// The velocity (units per second) at clock time `time`.
    public func velocity(at time: Double) -> Value {
        let t = time - start
        guard t > 0 else { return initialVelocity }
        return initialVelocity.scaled(by: exp(-decayConstant * t))
    }

    /// Seconds after `start` until the speed falls below `tolerance` units per second.
    public func settlingTime(tolerance: Double = 1e-3) -> Double {
        let speed = initialVelocity.magnitude
        guard speed > tolerance else { return 0 }
        return log(speed / tolerance) / decayConstant
    }
}

extension GenericDecay where Value == Double {
    /// A decay from `value` at `velocity` whose decay constant is chosen so it comes to rest
    /// exactly on `target`; refused when the velocity points away from the target or is zero.
    public init(from value: Double, velocity: Double, restingAt target: Double, start: Double = 0) throws(MotionError) {
        self.initialValue = try MotionError.finite("value", value)
        self.initialVelocity = try MotionError.finite("velocity", velocity)
        self.start = try MotionError.finite("start", start)
        let distance = try MotionError.finite("target", target) - value
        let k = velocity / distance
        guard k > 0, k.isFinite else {
            throw .invalidParameter(name: "velocity", value: velocity,
                                    requirement: "non-zero and pointing toward the target \(target) from \(value)")
        }
        decayConstant = k
    }
}
