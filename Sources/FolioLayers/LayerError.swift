/// Why a layer-tree operation was refused.
public enum LayerError: Error, Equatable, CustomStringConvertible {
    /// Adding the layer would make it its own ancestor.
    case cycle(layer: String, into: String)
    /// The tree would be deeper than `limit` layers.
    case tooDeep(depth: Int, limit: Int)
    /// An insertion index outside `0...count`.
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case let .cycle(layer, into):
            return "adding layer '\(layer)' to '\(into)' would make a cycle (it is '\(into)' or one of its ancestors)"
        case let .tooDeep(depth, limit):
            return "layer tree would be \(depth) levels deep; the limit is \(limit)"
        case let .indexOutOfRange(index, count):
            return "sublayer index \(index) is outside 0...\(count)"
        }
    }
}
