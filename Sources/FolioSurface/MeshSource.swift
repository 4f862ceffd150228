import FolioGeometry

/// What a `SurfaceMesh` was built from: `tessellate`'s arguments. The mesh is a deterministic
/// function of them, so a recorded frame keeps these few numbers instead of the mesh and
/// builds the same mesh, bit for bit, where it is drawn.
public struct MeshSource: Hashable, Sendable {
    /// The exact surface.
    public var curl: PageCurl
    /// The layer's 3D space to homogeneous view points, perspective included.
    public var toView: Transform3D
    /// Pixels per view point.
    public var scale: Double
    /// The largest projected chord error, in pixels.
    public var tolerance: Double
    /// Whether the spine meets a neighbouring page (never faded).
    public var spineIsSeam: Bool

    /// The arguments of one `tessellate` call.
    public init(curl: PageCurl, toView: Transform3D, scale: Double, tolerance: Double, spineIsSeam: Bool) {
        self.curl = curl
        self.toView = toView
        self.scale = scale
        self.tolerance = tolerance
        self.spineIsSeam = spineIsSeam
    }
}
