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
    public func leafPoint(under pointer: Point) -> Point? {
        guard pointer.isFinite else { return nil }
        for patch in mesh.paintersOrder.reversed() {
            for t in mesh.patches[patch].triangles {
                let tri = mesh.triangles[t]
                let a = mesh.vertices[tri.a], b = mesh.vertices[tri.b], c = mesh.vertices[tri.c]
                let area = (b.point.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (b.point.y - a.point.y)
                guard area != 0 else { continue }
                let wb = ((pointer.x - a.point.x) * (c.point.y - a.point.y) - (c.point.x - a.point.x) * (pointer.y - a.point.y)) / area
                let wc = ((b.point.x - a.point.x) * (pointer.y - a.point.y) - (pointer.x - a.point.x) * (b.point.y - a.point.y)) / area
                let wa = 1 - wb - wc
                guard wa >= 0, wb >= 0, wc >= 0 else { continue }
                // Screen weights over w are affine in the triangle's plane.
                let (pa, pb, pc) = (wa / a.clip.w, wb / b.clip.w, wc / c.clip.w)
                let sum = pa + pb + pc
                return Point(x: (a.local.x * pa + b.local.x * pb + c.local.x * pc) / sum,
                             y: (a.local.y * pa + b.local.y * pb + c.local.y * pc) / sum)
            }
        }
        return nil
    }

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
