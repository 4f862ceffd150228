/// What the depth sort of one evaluation did (see `LayerEvaluator.depthSortReport`).
public struct DepthSortReport: Sendable, Equatable {
    /// 3D rendering contexts that needed a plane-based sort (not flat, two or more visible layers).
    public var sortedContexts = 0
    /// Polygons created by splitting layers where they intersect.
    public var pieces = 0
    /// Polygon-against-plane tests run.
    public var planeTests = 0
    /// Contexts drawn in approximate order because the budget ran out.
    public var approximateContexts = 0
    /// The number of layers in the largest context drawn in approximate order (0 if none).
    public var largestApproximateContext = 0

    /// Creates an empty report.
    public init() {}

    /// Whether every context was sorted exactly.
    public var isExact: Bool { approximateContexts == 0 }
}
