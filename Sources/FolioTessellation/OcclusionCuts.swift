/// What the occlusion cut keeps (`DrawList+Occlusion.swift`): the lines bounding what each
/// opaque item covers fully, and the working storage of cutting an item by them.
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

    package init() {}
}
