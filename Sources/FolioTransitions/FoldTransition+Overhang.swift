/// The fold's overhang.
extension FoldTransition {
    /// How far the fold draws past its view over the whole 0…1 progress.
    ///
    /// The plain fold clips to its view (`root.masksToBounds`): its sleeves slide in from
    /// outside the view, but nothing is drawn there, so the overhang is exactly zero. The cubic
    /// fold does not clip, and its sleeves stand out of the page plane past the view's edges
    /// at angles that change with progress through a chain of joints: that reach is sampled
    /// (``Transition/sampledOverhang(steps:)``: 65 progress values, padded).
    public func overhang() -> TransitionInsets {
        root.masksToBounds ? .zero : sampledOverhang()
    }
}
