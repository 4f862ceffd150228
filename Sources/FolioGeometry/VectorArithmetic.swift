/// A value that animations can treat as a vector: it has a zero, adds, subtracts, scales by a
/// real number and has an inner product.
///
/// Springs, decay, velocity tracking and additive animations need exactly these operations
/// (a spring's displacement is `value − target`, its state moves by `velocity·dt`), and paced
/// keyframes and settling tests need a length (`magnitude`). Every conforming type is a
/// finite-dimensional real vector space with the component-wise (Euclidean) inner product, so
/// `magnitude` is the ordinary length of the vector of components, in the value's own units.
///
/// Conforming: `Double`, `Point`, `Size`, `Rect`, `Vector3` (and FolioLayers' `Color`).
/// `Transform3D` does not conform: a matrix is interpolated by decomposition, not by adding
/// entries (see `Transform3D.blended(to:by:)`).
public protocol VectorArithmetic: Equatable, Sendable {
    /// The additive identity.
    static var zero: Self { get }
    /// The component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// Every component divided by `divisor` (by default `scaled(by: 1 / divisor)`; FolioGeometry's
    /// types divide each component, so generic code rounds exactly as the scalar `x / d` does
    /// and a vector's components move bit for bit as scalars would).
    func divided(by divisor: Double) -> Self
    /// The Euclidean inner product: the sum of the products of corresponding components.
    func dot(_ other: Self) -> Double
    /// Whether every component is finite (no NaN, no ±∞).
    var isFinite: Bool { get }
}

extension VectorArithmetic {
    /// `scaled(by: 1 / divisor)`.
    @inlinable public func divided(by divisor: Double) -> Self { scaled(by: 1 / divisor) }
    /// `dot(self)`: the squared length, in the value's units squared.
    @inlinable public var magnitudeSquared: Double { dot(self) }
    /// The Euclidean length, in the value's units.
    @inlinable public var magnitude: Double { dot(self).squareRoot() }
    /// The point a fraction `t` of the way from `self` to `other`: `self + (other − self)·t`.
    @inlinable public func lerp(to other: Self, by t: Double) -> Self { self + (other - self).scaled(by: t) }
}

extension Double: VectorArithmetic {
    /// `self · factor`.
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    /// `self / divisor`.
    @inlinable public func divided(by divisor: Double) -> Double { self / divisor }
    /// `self · other`.
    @inlinable public func dot(_ other: Double) -> Double { self * other }
}

extension Vector3: VectorArithmetic {
    /// Every component multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Vector3 { self * factor }
    /// Every component divided by `divisor`.
    @inlinable public func divided(by divisor: Double) -> Vector3 { Vector3(x: x / divisor, y: y / divisor, z: z / divisor) }
}
