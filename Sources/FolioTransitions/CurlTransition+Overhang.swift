import FolioGeometry
import FolioSurface

/// The curl's overhang.
extension CurlTransition {
    /// How far the leaf reaches past the view along the default path (``defaultPath``) over
    /// the whole 0…1 progress: the rolled part rises up to twice the radius toward the viewer,
    /// and the perspective carries its tilted corner past the view's edges.
    ///
    /// Sampled: the leaf's surface is a cylinder roll whose axis tilts and sweeps with
    /// progress, and what is drawn is its mesh, so the mesh is built (on a scratch copy; the
    /// curl's own pose and mesh are untouched) at 65 progress values and every vertex's view
    /// point is measured, padded as ``Transition/sampledOverhang(steps:)`` is. The flat pages
    /// lie within the view. A drag (``drag(grab:to:)``) follows a path of its own, which can
    /// reach further; a book's curl leaf (`Book.overhang(of:)`) also sweeps tilted drag paths.
    public func overhang() -> TransitionInsets {
        let mesh = SurfaceMesh()
        var scratch = curl
        var low = Point(x: 0, y: 0), high = Point(x: size.width, y: size.height)
        let steps = 64
        for step in 0...steps {
            guard let pose = try? defaultPath.pose(at: Double(step) / Double(steps)), (try? scratch.setPose(pose)) != nil,
                  (try? mesh.tessellate(scratch, toView: toView, scale: scale, tolerance: tolerance, spineIsSeam: true)) != nil
            else { continue }
            for v in mesh.vertices where v.point.x.isFinite && v.point.y.isFinite {
                low = Point(x: min(low.x, v.point.x), y: min(low.y, v.point.y))
                high = Point(x: max(high.x, v.point.x), y: max(high.y, v.point.y))
            }
        }
        return TransitionInsets(reachOf: low, high, view: size, pad: Self.samplingPad(size))
    }
}
