import FolioGeometry

/// Where one point of a lifted leaf casts its shadow on the page beneath, and how soft and
/// dark that shadow is there.
public struct ShadowVertex: Hashable, Sendable {
    /// The shadow's point on the receiving plane `z = 0`, in the leaf's local points.
    public var point: Point
    /// The caster's height above the receiving plane, in points.
    public var height: Double
    /// The penumbra's full width at this point, in points.
    public var width: Double
    /// The shadow's opacity (its darkness inside the umbra) at this point, 0…1.
    public var opacity: Double

    /// Creates a shadow vertex.
    public init(point: Point, height: Double, width: Double, opacity: Double) {
        self.point = point; self.height = height; self.width = width; self.opacity = opacity
    }
}
