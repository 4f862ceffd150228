/// What the occlusion cut keeps (`DrawList+Occlusion.swift`): the lines bounding what each
/// opaque item covers fully, and the working storage of cutting an item by them and of handing
/// its edges over to them (`DrawList+StackedEdges.swift`).
package struct OcclusionCuts {
    /// Every opaque item's cover lines (`DrawItem.cover` ranges index them).
    package var coverLines: [DrawList.CoverLine] = []
    /// The order the covers cut the item in.
    package var cutOrder: [Int32] = []
    /// The polygon being cut, double buffered.
    package var rem: [Corner] = [], remNext: [Corner] = []
    /// The pieces cut off, `pieceCapacity` corners apart, and their lengths.
    package var pieceCorners: [Corner] = []
    package var pieceLengths: [Int] = []
    /// Per line of the cover being cut by, whether it runs along one of the item's own
    /// silhouettes (`DrawList.markCoincidentLines`).
    package var coincident: [Bool] = []

    /// A stretch along an item's edge, `low…high` in pixels along its tangent
    /// (`DrawList+StackedEdges.swift`).
    package struct Span {
        package var low: Double, high: Double
    }
    /// The stretches of the edge being handed over whose band later covers hold, and the
    /// working lists they are found with (sorted by `low`, disjoint once merged).
    package var spans: [Span] = [], spansNext: [Span] = [], spansCommon: [Span] = []
    /// The covers near the item whose edges are being handed over: their edges' inward lines
    /// (ranges in `stackCoverLines`), and their boxes.
    package var stackCovers: [Range<Int>] = []
    package var stackCoverLines: [DrawList.CoverLine] = []
    package var stackCoverBoxes: [(minX: Double, maxX: Double, minY: Double, maxY: Double)] = []

    package init() {}
}
