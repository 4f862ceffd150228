/// A value an animation can blend between two keyframes.
public protocol Interpolatable: Sendable {
    /// The value a fraction `t` of the way from `self` to `other` (t = 0 gives self, 1 gives other).
    func interpolated(to other: Self, by t: Double) -> Self
}

extension Double: Interpolatable {
    /// Linear interpolation, exact at both ends.
    @inlinable
    public func interpolated(to other: Double, by t: Double) -> Double {
        t == 1 ? other : self + (other - self) * t
    }
}
