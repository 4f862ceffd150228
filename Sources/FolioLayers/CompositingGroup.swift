/// A run of an evaluation's quads that Core Animation composites as one picture: a layer whose
/// opacity is below 1 and whose drawn content overlaps itself (`OpacityCompositing.offscreen`).
///
/// A renderer draws the quads of `quads` into an offscreen picture — each at its own
/// `Quad.opacity` divided by this group's `opacity`, so the group's own opacity and its
/// ancestors' are left out — and then blends that picture once at `opacity` (divided by the
/// enclosing group's, when groups nest) where the run would have been drawn. Drawing the quads
/// directly, as a renderer that ignores groups does, gives per-layer opacity instead.
public struct CompositingGroup {
    /// The layer whose opacity is composited as a group.
    public var layer: Layer
    /// The group's quads: consecutive indices into `LayerEvaluator.quads`, all visible, in draw
    /// order. The runs of nested groups lie inside their enclosing group's run.
    public var quads: Range<Int>
    /// The group's effective opacity: its layer's opacity times its ancestors' (up to the
    /// evaluated root), as `Quad.opacity` multiplies them.
    public var opacity: Double

    /// Creates a group of the quads in `quads`, composited at `opacity`.
    public init(layer: Layer, quads: Range<Int>, opacity: Double) {
        self.layer = layer
        self.quads = quads
        self.opacity = opacity
    }
}
