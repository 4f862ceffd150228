import FolioGeometry

extension Layer {
    /// The matrix from this layer's coordinates to `ancestor`'s sublayer space (its 3D rendering
    /// context when `ancestor` flattens), before `ancestor` flattens: the homogeneous z of a
    /// mapped point is its pre-projection depth there. Flattening ancestors strictly between
    /// apply `F = diag(1,1,0,1)`. Nil when `ancestor` is not an ancestor.
    public func transform(toSublayerSpaceOf ancestor: Layer) -> Transform3D? {
        var m = localTransform
        var current = superlayer
        while let layer = current {
            m = m.concatenating(layer.pivotedSublayerTransform)
            if layer === ancestor { return m }
            if layer.flattens {
                m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
            }
            m = m.concatenating(layer.localTransform)
            current = layer.superlayer
        }
        return nil
    }
}
