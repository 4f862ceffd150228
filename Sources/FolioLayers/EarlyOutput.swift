/// The early output of a frame's top-level groups (EvaluationState+EarlyOutput.swift): whether
/// it is under way for this evaluation, and where it stands.
///
/// For a root whose sublayers form one flat context — a grid of tiles, a row of cards — the
/// order of their polygons is final as soon as each sublayer is built. Their visible quads are
/// written then, while the polygons are still in cache, instead of in passes over the whole
/// frame after the walk.
struct EarlyOutput {
    /// Whether the root's sublayers are being written as they are built.
    var active = false
    /// What became of the early output in the last evaluation (for tests and profiles).
    var outcome = Outcome.notTried
    /// Whether the room of polygons written early is reused for the next sublayer's
    /// (`EvaluationState.recycle`); not after an evaluation that had to walk the tree again.
    var recycles = true
    /// Whether some polygons' room was reused: the passes can no longer run on what the walk
    /// built, should the early output end.
    var recycled = false
    /// The early output ended after room was reused: the tree is walked again without it.
    var needsWalkAgain = false
    /// The root's translation into the view, applied as each polygon is written (`RootShift`).
    var shift = RootShift()
    /// Where the output stands: the quads and corners written so far.
    var cursor = EvaluationState.EmitCursor()
    /// The root's own polygon, whose quad and corners come first and are written last; −1 for none.
    var own = -1
    /// The number of corners kept for the root's own polygon at the start of the output.
    var ownCount = 0

    /// What became of an evaluation's early output.
    enum Outcome {
        /// The root does not qualify: the passes wrote the output.
        case notTried
        /// A sublayer left the root's plane during the walk: the passes wrote the output
        /// (after a second walk, if polygons' room had been reused).
        case leftThePlane
        /// The root's own polygon did not come out as the quad kept for it: the passes wrote
        /// the output (after a second walk, if polygons' room had been reused).
        case ownPolygonFailed
        /// The output was written early.
        case written
    }
}

/// A polygon of the early output whose corners did not project: it becomes invisible, with
/// no corners, at `start` in the output's corner list.
struct EarlyFailure {
    var poly: Int32
    var start: Int32
}
