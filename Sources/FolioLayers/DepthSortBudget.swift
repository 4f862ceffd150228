/// Limits on the depth-sorting work of one `LayerEvaluator.evaluate` call.
///
/// Layers that intersect must be cut where they cross, and a scene of many mutually
/// intersecting layers can need a number of pieces that grows with the square of the layers
/// or worse. The budget bounds the time and memory an evaluation can spend: once either count
/// is exceeded, the context being sorted — and any sorted after it in the same evaluation — is
/// drawn in an approximate order (whole layers, far to near by mean depth) and
/// `LayerEvaluator.depthSortReport` records it. The counts are per evaluation, over all
/// contexts.
public struct DepthSortBudget: Sendable, Equatable {
    /// The most polygons the sort may create by splitting (each piece costs about 0.5 KB).
    public var maximumPieces: Int
    /// The most polygon-against-plane tests the sort may run (each costs tens of nanoseconds).
    public var maximumPlaneTests: Int

    /// Creates a budget.
    public init(maximumPieces: Int, maximumPlaneTests: Int) {
        self.maximumPieces = maximumPieces
        self.maximumPlaneTests = maximumPlaneTests
    }

    /// The default: 65,536 pieces (about 32 MB) and 16 million plane tests (about half a
    /// second in a release build). Page transitions and books need a handful of pieces;
    /// 100,000 layers that do not intersect need no pieces and about 3 million tests; some
    /// 40 large layers that all cross each other need about 8,000 pieces, 100 of them about
    /// 300,000, which is over budget.
    public static let standard = DepthSortBudget(maximumPieces: 65_536, maximumPlaneTests: 16_000_000)

    /// No limit: every context is sorted exactly, however long that takes.
    public static let unlimited = DepthSortBudget(maximumPieces: .max, maximumPlaneTests: .max)
}
