/// Why a layer-tree operation was refused.
public enum LayerError: Error, Equatable, CustomStringConvertible {
    /// Adding the layer would make it its own ancestor.
    case cycle(layer: String, into: String)
    /// The tree would be deeper than `limit` layers.
    case tooDeep(depth: Int, limit: Int)
    /// An insertion index outside `0...count`.
    case indexOutOfRange(index: Int, count: Int)
    /// A depth sort ran out of its budget: `layers` layers in one 3D rendering context needed
    /// more than the budget's pieces or plane tests (`pieces` and `planeTests` were spent).
    case depthSortBudgetExceeded(layers: Int, pieces: Int, planeTests: Int, budget: DepthSortBudget)

    /// A one-line message naming the values.
    public var description: String {
        switch self {
        case let .cycle(layer, into):
            return "adding layer '\(layer)' to '\(into)' would make a cycle (it is '\(into)' or one of its ancestors)"
        case let .tooDeep(depth, limit):
            return "layer tree would be \(depth) levels deep; the limit is \(limit)"
        case let .indexOutOfRange(index, count):
            return "sublayer index \(index) is outside 0...\(count)"
        case let .depthSortBudgetExceeded(layers, pieces, planeTests, budget):
            return "depth sort of \(layers) layers in one 3D context exceeded its budget (\(pieces) split pieces of "
                + "\(budget.maximumPieces), \(planeTests) plane tests of \(budget.maximumPlaneTests)): they intersect too "
                + "much to order exactly; put fewer intersecting layers in one transform-layer context, or raise the budget"
        }
    }
}
