import FolioGeometry

/// One point of a curled leaf: where it is in 3D and which way its front faces.
public struct SurfacePoint: Hashable, Sendable {
    /// The point in the leaf's own 3D space: local `x, y` in points, `z` the height above the
    /// page toward the viewer.
    public var position: Vector3
    /// The unit normal of the leaf's front side (`(0, 0, 1)` where the leaf lies flat).
    public var normal: Vector3
    /// The part of the leaf the point belongs to.
    public var region: SurfaceRegion
    /// The angle the point has turned around the cylinder, in radians: 0 on the flat part,
    /// `s/r` on the bend, π on the turned part.
    public var angle: Double

    /// Creates a surface point.
    public init(position: Vector3, normal: Vector3, region: SurfaceRegion, angle: Double) {
        self.position = position; self.normal = normal; self.region = region; self.angle = angle
    }
}
