import FolioGeometry

extension Layer {
    /// How this layer's opacity is composited (Core Animation's group opacity).
    ///
    /// With `allowsGroupOpacity` (the default) a flattening layer with opacity below 1 is
    /// composited as if its subtree were first drawn into one picture. Where that subtree's
    /// drawn content overlaps — its own background, contents or border and a sublayer, or two
    /// sublayers, anywhere below — that needs an offscreen picture (`.offscreen`); where it
    /// does not, drawing each polygon with the opacity multiplied in gives the same pixels in
    /// a single pass (`.multiplied`). The test is geometry in the layer's own plane:
    /// `subtree.flatten(self)` then `subtree.hasOverlap(tolerance:)`, which see. Transform
    /// layers and layers with `allowsGroupOpacity` false always multiply (Core Animation's
    /// per-sublayer opacity); a rasterized layer (`shouldRasterize`) is drawn from its cached
    /// picture, so its opacity applies once: `.offscreen` below 1.
    ///
    /// - Parameters:
    ///   - subtree: scratch storage, reused between calls (nothing is allocated once it has
    ///     grown); on return after an overlap test it holds the flattened subtree, whose
    ///     `extent` is the area an offscreen picture must cover.
    ///   - tolerance: overlaps thinner than this (points in the layer's plane) do not count.
    public final func opacityCompositing(using subtree: inout FlattenedSubtree,
                                         tolerance: Double = FlattenedSubtree.defaultTolerance) -> OpacityCompositing {
        let o = clampedOpacity
        if o <= 0 { return .transparent }
        if o >= 1 { return .opaque }
        if kind == .transform || !allowsGroupOpacity { return .multiplied }
        if shouldRasterize { return .offscreen }
        subtree.flatten(self)
        return subtree.hasOverlap(tolerance: tolerance) ? .offscreen : .multiplied
    }

    /// `opacityCompositing(using:tolerance:)` with fresh scratch storage (allocates; keep a
    /// `FlattenedSubtree` to call it every frame).
    public final var opacityCompositing: OpacityCompositing {
        var subtree = FlattenedSubtree()
        return opacityCompositing(using: &subtree)
    }
}
