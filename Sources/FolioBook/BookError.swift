import FolioMotion
import FolioTransitions

/// Why a book operation was refused; each case names the bad value.
public enum BookError: Error, Equatable, CustomStringConvertible {
    /// A page count below one.
    case invalidPageCount(Int)
    /// A leaf index outside the leaves that may be in flight (`valid` gives the range).
    case leafOutOfRange(index: Int, valid: ClosedRange<Int>)
    /// A leaf given for a book that has none to turn (a single page, say).
    case noLeafToTurn(index: Int, pageCount: Int)
    /// The same leaf listed twice among the leaves in flight.
    case duplicateLeaf(Int)
    /// Leaves in flight that overlap (a bundle covering a leaf that is also listed on its own).
    case overlappingLeaves(first: Int, second: Int)
    /// A bundle of fewer than one leaf.
    case invalidLeafCount(index: Int, count: Int)
    /// A leaf progress outside 0…1 or not finite.
    case progressOutOfRange(leaf: Int, progress: Double)
    /// An opening outside `0...last`.
    case openingOutOfRange(opening: Int, last: Int)
    /// A page index outside `0..<count`.
    case pageOutOfRange(page: Int, count: Int)
    /// A cover thickness that is negative, not finite or deeper than the leaf is long.
    case invalidCoverThickness(Double)
    /// A page-cache budget that holds no page (both limits must be at least one page or byte).
    case invalidBudget(pages: Int, bytes: Int)
    /// A page whose content is larger than the whole cache budget.
    case pageTooLarge(page: Int, bytes: Int, budget: Int)
    /// A framing request (``BookFraming/fit(pageSize:in:configuration:margin:maximumZoom:)``)
    /// that cannot be met; the text names the value.
    case invalidFraming(String)
    /// The view, scale or perspective was refused by the transition geometry.
    case geometry(TransitionError)
    /// A motion parameter was refused.
    case motion(MotionError)
    /// A ``TransitionLeafEffect`` named `effect` could not build its transition: `reason`
    /// describes what it threw (a `TransitionError` is ``geometry(_:)`` instead).
    case effectFailed(effect: String, reason: String)
    /// A zoom parameter (``BookZoom``) that is not usable: `parameter` names it, `value` is
    /// what was given.
    case invalidZoom(parameter: String, value: Double)

    /// One line naming the bad value, for messages.
    public var description: String {
        switch self {
        case let .invalidPageCount(n):
            return "page count \(n) must be at least 1"
        case let .leafOutOfRange(index, valid):
            return "leaf \(index) is outside the book: leaves \(valid.lowerBound)...\(valid.upperBound) can turn"
        case let .noLeafToTurn(index, pageCount):
            return "leaf \(index) is outside the book: a book of \(pageCount) page\(pageCount == 1 ? "" : "s") in this layout has no leaf to turn"
        case let .duplicateLeaf(index):
            return "leaf \(index) is listed twice"
        case let .overlappingLeaves(first, second):
            return "leaves \(first) and \(second) overlap"
        case let .invalidLeafCount(index, count):
            return "the bundle at leaf \(index) holds \(count) leaves; it must hold at least 1"
        case let .progressOutOfRange(leaf, progress):
            return "progress \(progress) of leaf \(leaf) must be a number in 0...1"
        case let .openingOutOfRange(opening, last):
            return "opening \(opening) is outside the book's openings 0...\(last)"
        case let .pageOutOfRange(page, count):
            return "page \(page) is outside the book's pages 0...\(count - 1)"
        case let .invalidCoverThickness(t):
            return "cover thickness \(t) must be a finite number of points, at least 0 and less than the leaf"
        case let .invalidBudget(pages, bytes):
            return "page cache budget of \(pages) pages and \(bytes) bytes must allow at least one page and one byte"
        case let .pageTooLarge(page, bytes, budget):
            return "page \(page) needs \(bytes) bytes, more than the whole cache budget of \(budget) bytes"
        case let .invalidFraming(reason):
            return reason
        case let .geometry(error):
            return error.description
        case let .motion(error):
            return error.description
        case let .effectFailed(effect, reason):
            return "effect '\(effect)' could not build its transition: \(reason)"
        case let .invalidZoom(parameter, value):
            return "zoom \(parameter) \(value) must be a finite number in its range (a view size above 0, a maximum scale of at least 1)"
        }
    }
}
