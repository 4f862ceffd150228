import FolioGeometry

/// How fast a transform moves, in the decomposed space a whole-matrix animation blends in
/// (`DecomposedTransform3D`): the rate of each part per second, and the rotation's angular
/// velocity.
///
/// A transform's presentation velocity cannot be an `AnimationValue`: the matrix's entries do
/// not move linearly under a blend, and a transform's arithmetic is concatenation. This is what
/// a transaction hands to the animation that interrupts a moving `transform`, so that the new
/// spring or curve starts at the speed the old one had (`Layer.presentationTransformVelocity`).
///
/// The angular velocity `ω` is taken in the quaternion algebra of `Quaternion`: the rotation
/// `q` changes as `q′ = ½ (ω, 0) ⊗ q` (Hamilton product), so `ω` does not depend on which of
/// `q` and `−q` a decomposition returns; its length is the turning speed in radians per second.
@frozen
public struct TransformVelocity: Hashable, Sendable {
    /// Rate of the translation, points per second.
    public var translation: Vector3
    /// Rate of the scale factors, per second.
    public var scale: Vector3
    /// Rates of the shears `xy`, `xz`, `yz` (tangents per second) as x, y, z.
    public var skew: Vector3
    /// Angular velocity, radians per second (see the type's note on its convention).
    public var angular: Vector3
    /// Rate of the perspective column, per second.
    public var perspective: Vector4

    /// Creates a velocity from its parts (every part at rest by default).
    public init(translation: Vector3 = .zero, scale: Vector3 = .zero, skew: Vector3 = .zero, angular: Vector3 = .zero,
                perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 0)) {
        self.translation = translation; self.scale = scale; self.skew = skew; self.angular = angular
        self.perspective = perspective
    }

    /// At rest.
    public static let zero = TransformVelocity()

    /// Whether every component is finite.
    public var isFinite: Bool {
        translation.isFinite && scale.isFinite && skew.isFinite && angular.isFinite && perspective.isFinite
    }

    /// The Euclidean length of the sixteen components (how far two velocities are apart, with
    /// `subtracting`).
    public var magnitude: Double {
        let p = perspective
        return (translation.dot(translation) + scale.dot(scale) + skew.dot(skew) + angular.dot(angular)
            + p.x * p.x + p.y * p.y + p.z * p.z + p.w * p.w).squareRoot()
    }

    /// Every component times `factor`.
    public func scaled(by factor: Double) -> TransformVelocity {
        let p = perspective
        return TransformVelocity(translation: translation * factor, scale: scale * factor, skew: skew * factor,
                                 angular: angular * factor,
                                 perspective: Vector4(x: p.x * factor, y: p.y * factor, z: p.z * factor, w: p.w * factor))
    }

    /// The component-wise sum.
    public func adding(_ other: TransformVelocity) -> TransformVelocity {
        let p = perspective, q = other.perspective
        return TransformVelocity(translation: translation + other.translation, scale: scale + other.scale,
                                 skew: skew + other.skew, angular: angular + other.angular,
                                 perspective: Vector4(x: p.x + q.x, y: p.y + q.y, z: p.z + q.z, w: p.w + q.w))
    }

    /// The component-wise difference.
    public func subtracting(_ other: TransformVelocity) -> TransformVelocity { adding(other.scaled(by: -1)) }
}
