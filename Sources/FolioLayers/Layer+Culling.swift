import FolioGeometry

extension Layer {
    /// Whether this layer's plane is seen from its back under `toContext`, the matrix from its
    /// own coordinates to its 3D rendering context (the sublayer space of the nearest
    /// flattening ancestor, before that flattens: `transform(toSublayerSpaceOf:)`).
    ///
    /// Decided by the plane, not the corners (`Homography.showsBack`): everything a flattening
    /// layer draws lies in its plane, so a container of zero size, or one whose own corners
    /// are behind the eye while its sublayers are in front, is judged like any other layer.
    /// False edge-on and for a matrix that is not finite.
    public final func facesAway(in toContext: Transform3D) -> Bool {
        Self.plane(of: toContext).showsBack
    }

    /// Whether the layer and everything it flattens are culled under `toContext`: it is
    /// single-sided (`isDoubleSided == false`), flattens, and `facesAway(in:)`.
    ///
    /// A transform layer is never culled as a whole: it has no plane of its own, and each of its
    /// sublayers is judged in the same context on its own matrix.
    public final func isCulled(in toContext: Transform3D) -> Bool {
        !isDoubleSided && flattens && facesAway(in: toContext)
    }

    /// The plane z = 0 of a layer under `m`: rows 1, 2 and 4.
    static func plane(of m: Transform3D) -> Homography {
        Homography(x: Vector4(x: m.m11, y: m.m12, z: m.m13, w: m.m14),
                   y: Vector4(x: m.m21, y: m.m22, z: m.m23, w: m.m24),
                   origin: Vector4(x: m.m41, y: m.m42, z: m.m43, w: m.m44))
    }
}
