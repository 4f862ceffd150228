/// A `Transition` that says how it turns a book's pages: the overrides a
/// ``TransitionLeafEffect`` asks for. Every requirement has a default, so conforming is one
/// line, and a plain `Transition` (which does not conform) gets the same defaults.
public protocol LeafTransition: Transition {
    /// The progress (unclamped) a drag reaches; called for every pointer move.
    ///
    /// Default: ``LeafDrag/followingPointer``, the turn following the pointer across the view.
    func progress(for drag: LeafDrag) -> Double
    /// Shows or hides the effect's own shading when the book's ``Book/showsShadows`` changes.
    ///
    /// Default: sets the transition's `showsShadows`.
    func showShadows(inBook shown: Bool)
}

extension LeafTransition {
    /// ``LeafDrag/followingPointer``.
    public func progress(for drag: LeafDrag) -> Double { drag.followingPointer }
    /// Sets `showsShadows`.
    public func showShadows(inBook shown: Bool) { showsShadows = shown }
}
