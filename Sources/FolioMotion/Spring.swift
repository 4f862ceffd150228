#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// A damped spring's physical parameters, as `CASpringAnimation` takes them (mass, stiffness,
/// damping) or as SwiftUI and UIKit's newer APIs do (response in seconds, damping ratio).
public struct Spring: Hashable, Sendable {
    /// Mass of the moving object (> 0).
    public let mass: Double
    /// Spring constant k (> 0), force per unit of displacement.
    public let stiffness: Double
    /// Damping coefficient c (≥ 0), force per unit of velocity; 0 oscillates forever.
    public let damping: Double

    /// A spring from its physical constants; all finite, mass and stiffness > 0, damping ≥ 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(MotionError) {
        self.mass = try MotionError.positive("mass", mass)
        self.stiffness = try MotionError.positive("stiffness", stiffness)
        self.damping = try MotionError.nonNegative("damping", damping)
    }

    /// A unit-mass spring that completes one undamped oscillation in `response` seconds and
    /// has damping ratio `dampingRatio` (1 critically damped, < 1 bounces, > 1 creeps).
    public init(response: Double, dampingRatio: Double) throws(MotionError) {
        let response = try MotionError.positive("response", response)
        let ratio = try MotionError.nonNegative("dampingRatio", dampingRatio)
        let omega = 2 * Double.pi / response
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }

    /// `CASpringAnimation`'s defaults: mass 1, stiffness 100, damping 10.
    public static let coreAnimationDefault = try! Spring()
    /// Critically damped, 0.3 s response: settles fast without bouncing (page hand-off).
    public static let snappy = try! Spring(response: 0.3, dampingRatio: 1)
    /// A little bounce: 0.45 s response, damping ratio 0.75.
    public static let bouncy = try! Spring(response: 0.45, dampingRatio: 0.75)

    /// Undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// Period of one undamped oscillation, 2π/ω₀, in seconds.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// The motion from `value` moving at `velocity` (value units per second) toward `target`,
    /// starting at time `start` (seconds on whatever clock the caller uses).
    public func motion<Value: VectorArithmetic & Hashable>(from value: Value, velocity: Value = .zero, to target: Value,
                                                           start: Double = 0) throws(MotionError) -> GenericSpringMotion<Value> {
        try GenericSpringMotion(spring: self, from: value, velocity: velocity, to: target, start: start)
    }
}
