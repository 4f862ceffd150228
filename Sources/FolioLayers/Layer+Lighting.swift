import FolioGeometry

/// Which way a layer faces, for lighting.
extension Layer {
    /// The unit normal of the layer's front side in its root's 3D space (+z toward the viewer),
    /// as a renderer lights it: the layer's own `(0, 0, 1)` through the linear parts of every
    /// transform and sublayer transform up to the root.
    ///
    /// Translations do not turn a plane, and a perspective (`m14`, `m24`, `m34`) is how the
    /// scene is seen, not how it is oriented, so both are left out; so is flattening, which only
    /// decides drawing order: a panel inside a rotated flattening layer still faces where its
    /// transforms turn it. The front normal is the cross product of the images of the local x
    /// and y axes, so a mirroring transform turns it round. `(0, 0, 1)` when the transforms
    /// collapse the plane (a zero scale) or are not finite.
    public var frontNormal: Vector3 {
        var ex = Vector3(x: 1, y: 0, z: 0), ey = Vector3(x: 0, y: 1, z: 0)
        func apply(_ m: Transform3D) {
            func map(_ v: Vector3) -> Vector3 {
                Vector3(x: v.x * m.m11 + v.y * m.m21 + v.z * m.m31,
                        y: v.x * m.m12 + v.y * m.m22 + v.z * m.m32,
                        z: v.x * m.m13 + v.y * m.m23 + v.z * m.m33)
            }
            ex = map(ex); ey = map(ey)
        }
        forEachTransformToRoot(apply)
        let n = ex.cross(ey)
        let length = n.length
        guard length > 0, length.isFinite else { return Vector3(x: 0, y: 0, z: 1) }
        return n * (1 / length)
    }

    /// The linear parts of every transform and sublayer transform from this layer up to its
    /// root, composed (row vectors, as `Transform3D` maps points: a local vector `v` lands at
    /// `v · M` in the root's 3D space); translations and perspectives left out, as for
    /// `frontNormal`. The identity when nothing turns, mirrors or scales the layer.
    public var linearPartToRoot: Transform3D {
        var m = Transform3D.identity
        func apply(_ t: Transform3D) {
            var l = t
            l.m14 = 0; l.m24 = 0; l.m34 = 0; l.m41 = 0; l.m42 = 0; l.m43 = 0; l.m44 = 1
            m = m.concatenating(l)
        }
        forEachTransformToRoot(apply)
        return m
    }

    /// The unit normal, in the root's 3D space, of a surface whose front normal in a layer's
    /// own 3D space is `normal` (a curled leaf's normal at a point), given the layer's
    /// `linearPartToRoot`: a mirroring or turning transform (a book's reading direction) turns
    /// it as it turns `frontNormal`.
    ///
    /// Normals do not map like points: two tangents with `t₁ × t₂ = normal` are mapped and
    /// crossed (the cofactor of the linear part), which keeps a normal normal under any scale
    /// and turns it round under a mirror, as `frontNormal` does. Returns `normal` unchanged
    /// when `linear` is the identity, and `normal` where it collapses the plane or is not
    /// finite.
    public static func frontNormal(ofLocal normal: Vector3, through linear: Transform3D) -> Vector3 {
        if linear.isIdentity { return normal }
        // A tangent away from the normal's largest component, then the one completing the pair.
        let helper = abs(normal.x) < 0.9 ? Vector3(x: 1, y: 0, z: 0) : Vector3(x: 0, y: 1, z: 0)
        let t = helper.cross(normal)
        let tl = t.length
        guard tl > 0, tl.isFinite else { return normal }
        let ey = t * (1 / tl)
        let ex = ey.cross(normal)
        func map(_ v: Vector3) -> Vector3 {
            Vector3(x: v.x * linear.m11 + v.y * linear.m21 + v.z * linear.m31,
                    y: v.x * linear.m12 + v.y * linear.m22 + v.z * linear.m32,
                    z: v.x * linear.m13 + v.y * linear.m23 + v.z * linear.m33)
        }
        let n = map(ex).cross(map(ey))
        let length = n.length
        guard length > 0, length.isFinite else { return normal }
        return n * (1 / length)
    }

    /// Calls `body` with every non-identity transform and sublayer transform from this layer up
    /// to its root, nearest first (the order a local vector meets them).
    private func forEachTransformToRoot(_ body: (Transform3D) -> Void) {
        var current: Layer? = self
        var depth = 0
        while let layer = current, depth <= Layer.maximumDepth {
            if !layer.transformIsIdentity { body(layer.transform) }
            if let parent = layer.superlayer, !parent.sublayerTransformIsIdentity { body(parent.sublayerTransform) }
            current = layer.superlayer
            depth += 1
        }
    }
}
