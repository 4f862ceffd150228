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

extension Layer {
    /// The 3D matrix from this layer's own coordinates to `other`'s, when both are drawn in the
    /// same 3D rendering context (the same nearest flattening ancestor), before that context's
    /// sublayer transform and its perspective: a point `p` of this layer (`z = 0` on its plane)
    /// lands at `p · M` in `other`'s coordinates, where `z` is its distance above `other`'s
    /// plane along `other`'s own z axis (in `other`'s units). This is how far a lifted page
    /// stands off the page beneath it, which a cast shadow needs.
    ///
    /// The context's sublayer transform is left out because it acts on both layers alike (so it
    /// cancels), and its perspective is how the context is seen, not where its layers are.
    /// Nil when the layers lie in different rendering contexts (a flattening layer between
    /// them puts them on different planes, where a 3D distance means nothing; so does a layer
    /// and the flattening ancestor it is drawn into), when `other`'s
    /// transform to the context cannot be inverted, or when the result is not finite.
    public func transform(toCoordinatesOf other: Layer) -> Transform3D? {
        let (mine, context) = transformToRenderingContext()
        let (theirs, otherContext) = other.transformToRenderingContext()
        guard context === otherContext, let back = theirs.inverted() else { return nil }
        let m = mine.concatenating(back)
        return m.isFinite ? m : nil
    }

    /// The matrix from this layer's coordinates to its rendering context's sublayer space,
    /// before the context's own sublayer transform (its perspective), and that context (nil:
    /// the view, for a root layer).
    package func transformToRenderingContext() -> (Transform3D, Layer?) {
        var m = localTransform
        var current = superlayer
        var depth = 0
        while let layer = current, depth <= Layer.maximumDepth {
            if layer.flattens { return (m, layer) }
            m = m.concatenating(layer.pivotedSublayerTransform).concatenating(layer.localTransform)
            current = layer.superlayer
            depth += 1
        }
        return (m, nil)
    }
}
