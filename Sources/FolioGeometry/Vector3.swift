/// A 3D point or direction in points (view coordinates: +x right, +y down, +z toward the viewer).
@frozen
public struct Vector3: Hashable, Sendable {
    /// The x component, in points (+x to the right).
    public var x: Double
    /// The y component, in points (+y down).
    public var y: Double
    /// The z component, in points (+z toward the viewer).
    public var z: Double

    /// Creates a vector from its components.
    @inlinable
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// The component-wise sum.
    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    /// The component-wise difference.
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(x: a.x * s, y: a.y * s, z: a.z * s) }

    /// The dot product.
    @inlinable public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }

    /// The cross product `self × b`.
    @inlinable public func cross(_ b: Vector3) -> Vector3 {
        Vector3(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }

    /// The Euclidean length.
    @inlinable public var length: Double { dot(self).squareRoot() }

    /// Whether every component is finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension Vector3 {
    /// The point transformed by `m` as a row vector with `w = 1`, before any division.
    @inlinable
    public func applying(_ m: Transform3D) -> Vector4 {
        Vector4(x: x, y: y, z: z, w: 1).applying(m)
    }
}
