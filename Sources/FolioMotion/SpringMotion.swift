#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// Which solution of the damped spring equation applies.
public enum SpringRegime: Hashable, Sendable {
    /// ζ < 1: `e^(−ζω₀t)(A cos ω_d t + B sin ω_d t)`.
    case underdamped
    /// ζ = 1 (within 1e-6): `(A + B t) e^(−ω₀t)`.
    case critical
    /// ζ > 1: `A e^(r₁t) + B e^(r₂t)`.
    case overdamped
}

/// A spring's motion on a `Double` (progress, an angle, one coordinate).
public typealias SpringMotion = GenericSpringMotion<Double>

/// The closed-form path of a damped spring released from a value and velocity toward a target,
/// for any `VectorArithmetic` value (a `Double`, a `Point` as in the springs talk, a `Rect`,
/// a colour).
///
/// With displacement x = value − target, `m·x″ + c·x′ + k·x = 0` is solved exactly for the
/// under-, critically and over-damped cases, so evaluating at any time is frame-rate
/// independent: a 30 Hz and a 120 Hz clock see the same values at the same instants. The
/// equation is linear, so a vector value moves along the solution with vector coefficients
/// A and B; every component obeys the scalar equation.
public struct GenericSpringMotion<Value: VectorArithmetic>: Hashable, Sendable where Value: Hashable {
    /// Which solution of the spring equation applies (`SpringRegime`).
    public typealias Regime = SpringRegime

    /// The spring's parameters.
    public let spring: Spring
    /// Where the motion settles.
    public let target: Value
    /// Value and velocity (value units per second) at `start`.
    public let initialValue: Value, initialVelocity: Value
    /// Clock time (seconds) at which the motion starts.
    public let start: Double
    /// The solution in use.
    public let regime: Regime
    // Coefficients: see `Regime`; for overdamped `rate` is r₁ and `frequency` is r₂,
    // otherwise `rate` is the decay rate ζω₀ (or ω₀) and `frequency` ω_d.
    @usableFromInline let a: Value, b: Value
    @usableFromInline let rate: Double, frequency: Double

    /// The path from `value` at `velocity` (units per second) toward `target`, from time `start`.
    ///
    /// - Throws: `MotionError.nonFinite` naming a value, velocity, target or start that is
    ///   not finite; `.invalidParameter` when the velocity is too large to keep the motion finite.
    public init(spring: Spring, from value: Value, velocity: Value = .zero, to target: Value,
                start: Double = 0) throws(MotionError) {
        self.spring = spring
        self.initialValue = try MotionError.finite("value", value)
        self.initialVelocity = try MotionError.finite("velocity", velocity)
        self.target = try MotionError.finite("target", target)
        self.start = try MotionError.finite("start", start)
        // The operations are written in the order the Double-only version used, so a Double
        // motion rounds exactly as it did.
        let x0 = value - target, v0 = velocity
        let omega = spring.naturalFrequency, zeta = spring.dampingRatio
        if abs(zeta - 1) < 1e-6 {
            regime = .critical
            a = x0; b = v0 + x0.scaled(by: omega); rate = omega; frequency = 0
        } else if zeta < 1 {
            regime = .underdamped
            let wd = omega * (1 - zeta * zeta).squareRoot()
            rate = zeta * omega; frequency = wd
            a = x0; b = (v0 + x0.scaled(by: rate)).divided(by: wd)
        } else {
            regime = .overdamped
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            rate = r1; frequency = r2
            b = (v0 - x0.scaled(by: r1)).divided(by: r2 - r1)
            a = x0 - b
        }
        guard a.isFinite, b.isFinite else {
            throw .invalidParameter(name: "velocity", value: velocity.magnitude,
                                    requirement: "small enough to keep the motion finite")
        }
    }

    /// The value at clock time `time` (the initial value before `start`).
    ///
    /// Always inlined (with `displacement(at:)`): the presentation evaluates one per animated
    /// layer per frame from a table, and a call copied the motion out of the table first.
    @inlinable @inline(__always)
    public func value(at time: Double) -> Value {
        target + displacement(at: time).x
    }

    /// The velocity (units per second) at clock time `time` (the initial velocity before `start`).
    @inlinable
    public func velocity(at time: Double) -> Value {
        displacement(at: time).v
    }

    /// Displacement from the target and velocity at clock time `time`.
    @inlinable @inline(__always)
    func displacement(at time: Double) -> (x: Value, v: Value) {
        let t = time - start
        guard t > 0 else { return (initialValue - target, initialVelocity) }
        switch regime {
        case .underdamped:
            let e = exp(-rate * t), c = cos(frequency * t), s = sin(frequency * t)
            let x = (a.scaled(by: c) + b.scaled(by: s)).scaled(by: e)
            let v = ((b.scaled(by: frequency) - a.scaled(by: rate)).scaled(by: c)
                - (a.scaled(by: frequency) + b.scaled(by: rate)).scaled(by: s)).scaled(by: e)
            return (x, v)
        case .critical:
            let e = exp(-rate * t)
            let abt = a + b.scaled(by: t)
            return (abt.scaled(by: e), (b - abt.scaled(by: rate)).scaled(by: e))
        case .overdamped:
            let e1 = exp(rate * t), e2 = exp(frequency * t)
            return (a.scaled(by: e1) + b.scaled(by: e2), a.scaled(by: rate).scaled(by: e1) + b.scaled(by: frequency).scaled(by: e2))
        }
    }

    /// Kinetic plus potential energy, `½m|v|² + ½k|x|²`, at clock time `time`; never increases.
    public func energy(at time: Double) -> Double {
        let (x, v) = displacement(at: time)
        return 0.5 * spring.mass * v.magnitudeSquared + 0.5 * spring.stiffness * x.magnitudeSquared
    }

    /// Seconds after `start` from which the value stays within `tolerance` of the target
    /// (and the speed within `tolerance` per second once the motion is that close), from a
    /// bound on the solution's envelope (lengths are `magnitude`s); `infinity` for an
    /// undamped spring.
    public func settlingTime(tolerance: Double = 1e-3) -> Double {
        guard tolerance > 0, tolerance.isFinite else { return .infinity }
        if a == .zero && b == .zero { return 0 }
        switch regime {
        case .underdamped:
            guard rate > 0 else { return .infinity }
            // |x| ≤ R·e^(−ζω₀t) and |v| ≤ ω₀·R·e^(−ζω₀t), with R = √(|A|² + |B|²) (Cauchy–Schwarz
            // on |A cos + B sin|).
            let amplitude = (a.magnitudeSquared + b.magnitudeSquared).squareRoot() * max(1, spring.naturalFrequency)
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
        let (a, b, rate, frequency) = (self.a.magnitude, self.b.magnitude, self.rate, self.frequency)
        switch regime {
        case .critical:
            return { t in (a + b * t) * exp(-rate * t) * max(1, rate + 1) + b * exp(-rate * t) }
        default:
            let scale = max(1, abs(frequency) + 1)
            return { t in (a * exp(rate * t) + b * exp(frequency * t)) * scale }
        }
    }

    /// A new motion toward `newTarget` that starts at `time` from this motion's value and
    /// velocity there, so the value and its velocity stay continuous.
    public func retargeted(to newTarget: Value, at time: Double, spring newSpring: Spring? = nil) throws(MotionError) -> GenericSpringMotion<Value> {
        let (x, v) = displacement(at: try MotionError.finite("time", time))
        return try GenericSpringMotion(spring: newSpring ?? spring, from: target + x, velocity: v, to: newTarget,
                                       start: max(time, start))
    }
}
