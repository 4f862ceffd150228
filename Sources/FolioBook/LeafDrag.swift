import FolioGeometry

/// A drag on a page turned by a ``TransitionLeafEffect``: where the pointer took hold, where
/// it is now, and the turn's progress when it took hold.
///
/// Points are in the space the transition is built in: the view (points, origin top-left), or
/// the book's canonical frame for a transition that follows the reading direction (then
/// ``direction`` is `leftToRight`: that frame reads left to right). ``followingPointer`` is
/// the adapter's default mapping; a ``LeafTransition`` may replace it.
public struct LeafDrag: Sendable {
    /// Where the pointer took hold, in the transition's points.
    public var start: Point
    /// Where the pointer is now, in the transition's points.
    public var point: Point
    /// The turn's geometric progress (0…1) when the pointer took hold.
    public var startProgress: Double
    /// The transition's space (the book's view, or its canonical frame), in points.
    public var viewSize: Size
    /// How that space reads (which way a forward turn moves the pointer): the book's reading
    /// direction in the view, `leftToRight` in the canonical frame.
    public var direction: ReadingDirection

    /// Creates a drag description.
    public init(start: Point, point: Point, startProgress: Double, viewSize: Size, direction: ReadingDirection) {
        self.start = start; self.point = point; self.startProgress = startProgress
        self.viewSize = viewSize; self.direction = direction
    }

    /// How far the pointer has moved toward the read side, in points: to the left reading
    /// left to right, to the right reading right to left, up in a top-bound book.
    public var towardReadSide: Double {
        let from = direction.canonicalPoint(start, viewSize: viewSize)
        let to = direction.canonicalPoint(point, viewSize: viewSize)
        return from.x - to.x
    }

    /// The default mapping: the turn follows the pointer across the view, so that moving it
    /// the view's whole extent across the spine (its width, or height in a top-bound book)
    /// toward the read side turns the page from rest all the way over — the unread page's
    /// edge carried to the read page's edge. Unclamped: the book rubber-bands and clamps.
    public var followingPointer: Double {
        startProgress + towardReadSide / direction.canonicalSize(ofView: viewSize).width
    }
}
