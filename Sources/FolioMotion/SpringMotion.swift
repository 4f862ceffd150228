#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The closed-form path of a damped spring released from a value and velocity toward a target.
///
/// With displacement x = value − target, `m·x″ + c·x′ + k·x = 0` is solved exactly for the
/// under-, critically and over-damped cases, so evaluating at any time is frame-rate
/// independent: a 30 Hz and a 120 Hz clock see the same values at the same instants.
public struct SpringMotion: Hashable, Sendable {
    /// Which solution of the spring equation applies.
    public enum Regime: Hashable, Sendable {
        /// ζ < 1: `e^(−ζω₀t)(A cos ω_d t + B sin ω_d t)`.
        case underdamped
        /// ζ = 1 (within 1e-6): `(A + B t) e^(−ω₀t)`.
        case critical
        /// ζ > 1: `A e^(r₁t) + B e^(r₂t)`.
        case overdamped
    }

    /// The spring's parameters.
    public let spring: Spring
    /// Where the motion settles.
    public let target: Double
    /// Value and velocity at `start`.
    public let initialValue: Double, initialVelocity: Double
    /// Clock time (seconds) at which the motion starts.
    public let start: Double
    /// The solution in use.
    public let regime: Regime
    // Coefficients: see `Regime`; for overdamped `rate` is r₁ and `frequency` is r₂,
    // otherwise `rate` is the decay rate ζω₀ (or ω₀) and `frequency` ω_d.
    let a: Double, b: Double, rate: Double, frequency: Double

    /// The path from `value` at `velocity` (units per second) toward `target`, from time `start`.
    public init(spring: Spring, from value: Double, velocity: Double = 0, to target: Double,
                start: Double = 0) throws(MotionError) {
        self.spring = spring
        self.initialValue = try MotionError.finite("value", value)
        self.initialVelocity = try MotionError.finite("velocity", velocity)
        self.target = try MotionError.finite("target", target)
        self.start = try MotionError.finite("start", start)
        let x0 = value - target, v0 = velocity
        let omega = spring.naturalFrequency, zeta = spring.dampingRatio
        if abs(zeta - 1) < 1e-6 {
            regime = .critical
            a = x0; b = v0 + omega * x0; rate = omega; frequency = 0
        } else if zeta < 1 {
            regime = .underdamped
            let wd = omega * (1 - zeta * zeta).squareRoot()
            rate = zeta * omega; frequency = wd
            a = x0; b = (v0 + rate * x0) / wd
        } else {
            regime = .overdamped
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            rate = r1; frequency = r2
            b = (v0 - r1 * x0) / (r2 - r1)
            a = x0 - b
        }
        guard a.isFinite, b.isFinite else {
            throw .invalidParameter(name: "velocity", value: velocity, requirement: "small enough to keep the motion finite")
        }
    }

    /// The value at clock time `time` (the initial value before `start`).
    @inlinable
    public func value(at time: Double) -> Double {
        target + displacement(at: time).x
    }

    /// The velocity (units per second) at clock time `time` (the initial velocity before `start`).
    @inlinable
    public func velocity(at time: Double) -> Double {
        displacement(at: time).v
    }

    /// Displacement from the target and velocity at clock time `time`.
    @usableFromInline
    func displacement(at time: Double) -> (x: Double, v: Double) {
        let t = time - start
        guard t > 0 else { return (initialValue - target, initialVelocity) }
        switch regime {
        case .underdamped:
            let e = exp(-rate * t), c = cos(frequency * t), s = sin(frequency * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * frequency - rate * a) * c - (a * frequency + rate * b) * s)
            return (x, v)
        case .critical:
            let e = exp(-rate * t)
            return ((a + b * t) * e, (b - rate * (a + b * t)) * e)
        case .overdamped:
            let e1 = exp(rate * t), e2 = exp(frequency * t)
            return (a * e1 + b * e2, a * rate * e1 + b * frequency * e2)
        }
    }

    /// Kinetic plus potential energy, `½mv² + ½kx²`, at clock time `time`; never increases.
    public func energy(at time: Double) -> Double {
        let (x, v) = displacement(at: time)
        return 0.5 * spring.mass * v * v + 0.5 * spring.stiffness * x * x
    }

    /// Seconds after `start` from which the value stays within `tolerance` of the target
    /// (and the speed within `tolerance` per second once the motion is that close), from a
    /// bound on the solution's envelope; `infinity` for an undamped spring.
    public func settlingTime(tolerance: Double = 1e-3) -> Double {
        guard tolerance > 0, tolerance.isFinite else { return .infinity }
        if a == 0 && b == 0 { return 0 }
        switch regime {
        case .underdamped:
            guard rate > 0 else { return .infinity }
            // |x| ≤ R·e^(−ζω₀t) and |v| ≤ ω₀·R·e^(−ζω₀t), with R = √(A² + B²).
            let amplitude = (a * a + b * b).squareRoot() * max(1, spring.naturalFrequency)
            return max(0, log(amplitude / tolerance) / rate)
        case .critical, .overdamped:
            let bound = envelope
            // Each envelope falls monotonically once past its peak (≤ 1/ω₀): bracket, then bisect.
            var lo = 0.0, hi = 1 / spring.naturalFrequency
            while bound(hi) > tolerance { lo = hi; hi *= 2; if hi > 1e12 { return .infinity } }
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if bound(mid) > tolerance { lo = mid } else { hi = mid }
            }
            return hi
        }
    }

    /// A bound on |x(t)| and |v(t)| for the non-oscillating regimes.
    private var envelope: (Double) -> Double {
        let (a, b, rate, frequency) = (self.a, self.b, self.rate, self.frequency)
        switch regime {
        case .critical:
            return { t in (abs(a) + abs(b) * t) * exp(-rate * t) * max(1, rate + 1) + abs(b) * exp(-rate * t) }
        default:
            let scale = max(1, abs(frequency) + 1)
            return { t in (abs(a) * exp(rate * t) + abs(b) * exp(frequency * t)) * scale }
        }
    }

    /// A new motion toward `newTarget` that starts at `time` from this motion's value and
    /// velocity there, so the value and its velocity stay continuous.
    public func retargeted(to newTarget: Double, at time: Double, spring newSpring: Spring? = nil) throws(MotionError) -> SpringMotion {
        let (x, v) = displacement(at: try MotionError.finite("time", time))
        return try SpringMotion(spring: newSpring ?? spring, from: target + x, velocity: v, to: newTarget,
                                start: max(time, start))
    }
}
