import FolioGeometry
import FolioSurface

/// Dragging the curl: a point of the leaf follows the pointer.
///
/// `drag(grab:to:)` solves the pose that puts the grabbed leaf point's footprint under the
/// pointer (`PageCurl.pose(grabbing:pointer:)`). The effects' perspective pivots in the page
/// plane, so a view point is its own footprint: the grabbed point is exactly under the pointer
/// while it lies on the page, and off by its parallax while lifted. The pose becomes the
/// anchor of `path`, so a spring driving `setProgress(_:)` carries on from it, forward to the
/// turned page or back to flat.
extension CurlTransition {
    /// The leaf point (local points) drawn on top at view point `pointer`, or nil when the
    /// leaf is not under it: the nearest mesh triangle there, interpolated perspective-correctly.
    public func leafPoint(under pointer: Point) -> Point? { mesh.localPoint(under: pointer) }

    /// Curls the leaf so that its point `grab` (local points) lies under view point `pointer`,
    /// and makes the path through that pose the one `setProgress(_:)` follows.
    ///
    /// - Throws: `.invalidCurl` for a grab point off the leaf or a non-finite pointer.
    public func drag(grab: Point, to pointer: Point) throws(TransitionError) {
        let onPage = Point(x: pointer.x - leafFrame.origin.x, y: pointer.y - leafFrame.origin.y)
        do {
            let pose = try curl.pose(grabbing: grab, pointer: onPage)
            path = try CurlPath(through: pose)
            try curl.setPose(pose)
            progress = pose.progress
        } catch { throw .invalidCurl(error) }
        try rebuildMesh()
    }

    /// Where the leaf point `local` appears now, in view points (nil if it cannot be projected).
    public func viewPoint(ofLocal local: Point) -> Point? {
        curl.point(atLocal: local).position.applying(toView).projected
    }
}
