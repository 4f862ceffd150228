import FolioGeometry

/// What `LayerEvaluator.topmostQuad(at:)` found: the topmost drawn quad under a view point,
/// its layer, and that point in the layer's own coordinates.
public struct QuadPick {
    /// The quad's index in `LayerEvaluator.quads`.
    public let quadIndex: Int
    /// The layer the quad draws.
    public let layer: Layer
    /// The point in `layer`'s coordinates (points, within `bounds`).
    public let localPoint: Point
}

/// The result of the evaluator's depth-ordered pick, under its former name.
@available(*, deprecated, renamed: "QuadPick")
public typealias HitTestResult = QuadPick
