/// How a layer's opacity reaches the screen, as Core Animation composites it
/// (`Layer.opacityCompositing(using:tolerance:)`).
public enum OpacityCompositing: Sendable, Equatable {
    /// Opacity 1: the subtree draws as it is.
    case opaque
    /// Opacity 0 (or NaN): nothing of the subtree is drawn.
    case transparent
    /// Every polygon of the subtree is drawn on its own with the opacity multiplied in. Core
    /// Animation composites a transform layer's opacity, and a layer's whose
    /// `allowsGroupOpacity` is false, this way; for a group whose drawn content never overlaps
    /// itself it gives exactly the group's pixels, in a single pass.
    case multiplied
    /// The subtree is composited offscreen as one picture (at opacity 1 inside), which is then
    /// blended once with the opacity: a group whose drawn content overlaps itself, or a
    /// rasterized layer (its cached picture).
    case offscreen
}
