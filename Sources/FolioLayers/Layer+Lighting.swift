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
        var current: Layer? = self
        var depth = 0
        while let layer = current, depth <= Layer.maximumDepth {
            if !layer.transformIsIdentity { apply(layer.transform) }
            if let parent = layer.superlayer, !parent.sublayerTransformIsIdentity { apply(parent.sublayerTransform) }
            current = layer.superlayer
            depth += 1
        }
        let n = ex.cross(ey)
        let length = n.length
        guard length > 0, length.isFinite else { return Vector3(x: 0, y: 0, z: 1) }
        return n * (1 / length)
    }
}
