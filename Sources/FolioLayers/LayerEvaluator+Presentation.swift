import FolioGeometry

extension LayerEvaluator {
    /// Evaluates the presentation of the tree under `root` at tree time `time` (seconds on the
    /// clock the animations' begin times use): the quads show every animation's value there.
    ///
    /// The model values are back in the layers when this returns. A renderer that reads layer
    /// properties while drawing (colours, corners, borders) draws inside
    /// `root.withPresentation(at:_:)` and calls `evaluate(_:)` there instead. A tree without
    /// animations evaluates exactly as `evaluate(_:)` does.
    public func evaluate(_ root: Layer, at time: Double) {
        root.withPresentation(at: time) { evaluate(root) }
    }
}
