import FolioLayers

/// One evaluation a frame where the app reads the frame's layers before drawing them.
///
/// A zoomed book plans its leaves' tiles from where the leaves are posed in the frame
/// (`Book.pagePartsShowingDetails(in:zoom:evaluation:)`, FolioBook), which takes an evaluation
/// of the tree; the window evaluates the same tree again to draw it. `evaluateAhead(_:)`
/// evaluates it once, before the app plans, and the draw that follows takes that evaluation as
/// it is when nothing in the tree changed in between (its `subtreeVersion`, which every write
/// that changes what is drawn bumps: FolioLayers' change tracking), and evaluates afresh when
/// something did (new tiles given to the book, a page's image arriving).
extension WindowRenderer {
    /// Evaluates `root` into ``evaluator`` now, ahead of the next ``draw(_:background:)`` of the
    /// same root, which then draws this evaluation unless the tree changed since.
    @discardableResult
    public func evaluateAhead(_ root: Layer) -> LayerEvaluator {
        evaluator.evaluate(root)
        evaluatedAhead = (ObjectIdentifier(root), root.subtreeVersion)
        return evaluator
    }

    /// Whether the last ``evaluateAhead(_:)`` of `root` still holds: nothing in its tree
    /// changed since (tests, and the demo's count of evaluations a frame).
    public func holdsEvaluation(of root: Layer) -> Bool {
        guard let ahead = evaluatedAhead else { return false }
        return ahead.root == ObjectIdentifier(root) && ahead.version == root.subtreeVersion
    }

    /// Evaluates `root` for the frame being drawn, unless the evaluation made ahead of it still
    /// holds; either way the next frame starts afresh.
    func evaluateForDraw(_ root: Layer) {
        defer { evaluatedAhead = nil }
        if holdsEvaluation(of: root) { return }
        evaluator.evaluate(root)
    }
}
