import FolioGeometry

/// A plane-to-space map: a layer-local point `(x, y)` goes to the homogeneous point
/// `x·x + y·y + origin` (three rows of the layer's 4×4 matrix, z = 0 dropped).
public struct Homography: Sendable, Equatable, BitwiseCopyable {
    /// The image of the local x axis direction.
    public var x: Vector4
    /// The image of the local y axis direction.
    public var y: Vector4
    /// The image of the local origin.
    public var origin: Vector4

    /// The identity embedding of the plane z = 0.
    public static let identity = Homography(x: Vector4(x: 1, y: 0, z: 0, w: 0), y: Vector4(x: 0, y: 1, z: 0, w: 0),
                                            origin: Vector4(x: 0, y: 0, z: 0, w: 1))

    /// Creates a map from its three rows.
    public init(x: Vector4, y: Vector4, origin: Vector4) { self.x = x; self.y = y; self.origin = origin }

    /// The homogeneous image of a local point.
    @inlinable
    public func apply(_ p: Point) -> Vector4 {
        Vector4(x: p.x * x.x + p.y * y.x + origin.x, y: p.x * x.y + p.y * y.y + origin.y,
                z: p.x * x.z + p.y * y.z + origin.z, w: p.x * x.w + p.y * y.w + origin.w)
    }

    /// This map followed by `m`.
    @inlinable
    public func applying(_ m: Transform3D) -> Homography {
        // The origin row is a point; the axis rows are directions, but in homogeneous form both
        // transform by the same linear map.
        Homography(x: x.applying(m), y: y.applying(m), origin: origin.applying(m))
    }

    /// Drops depth (F = diag(1,1,0,1)).
    @inlinable
    public mutating func flatten() { x.z = 0; y.z = 0; origin.z = 0 }

    /// The local point whose image projects to the screen point `p`, or nil if the plane is
    /// seen edge-on there. Solves the 3×3 system on the (x, y, w) rows.
    public func inverse(_ p: Point) -> Point? {
        // Rows: X = a·lx + b·ly + c, Y = d·lx + e·ly + f, W = g·lx + h·ly + i; want X − p.x·W = 0, Y − p.y·W = 0.
        let a1 = x.x - p.x * x.w, b1 = y.x - p.x * y.w, c1 = origin.x - p.x * origin.w
        let a2 = x.y - p.y * x.w, b2 = y.y - p.y * y.w, c2 = origin.y - p.y * origin.w
        let det = a1 * b2 - a2 * b1
        guard det != 0, det.isFinite else { return nil }
        let lx = (b1 * c2 - b2 * c1) / det, ly = (a2 * c1 - a1 * c2) / det
        return lx.isFinite && ly.isFinite ? Point(x: lx, y: ly) : nil
    }
}
