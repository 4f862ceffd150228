import FolioGeometry
import FolioLayers

/// What a ``TransitionLeafEffect`` tells the transition it builds for a book's turn.
///
/// The transition is built over the book's whole view, in view coordinates (points, origin
/// top-left, +y down), exactly as it would be built on its own: ``size`` is the view, and
/// ``source`` and ``destination`` stand for the opening the turn leaves and the opening it
/// reaches. With ``TransitionLeafEffect/followsReadingDirection`` it is built in the book's
/// canonical frame instead (``isCanonical``): ``size`` is that frame's (the view's, transposed
/// for a top-bound book), read left to right. Give them to the transition as its source and destination images; the adapter
/// then shows the book's pages wherever the transition shows them.
public struct TransitionLeafContext: Sendable {
    /// The space the transition is built over, in points: the book's view
    /// (`BookConfiguration.viewSize`), or its canonical frame when ``isCanonical``.
    public var size: Size
    /// Whether ``size`` is the book's canonical frame (read left to right, the read side on the
    /// left) rather than its view.
    public var isCanonical: Bool
    /// Pixels per point.
    public var scale: Double
    /// The book's perspective (`m34`, negative: the eye in front of the view). Pass it on so
    /// that the book's perspective setting reaches the effect, or let the transition choose.
    public var m34: Double
    /// The book's reading direction. Built in the view, the transition plays as built whichever
    /// way the book reads; built in the canonical frame, the book turns it with the direction.
    public var direction: ReadingDirection
    /// Stands for the outgoing opening (the pages lying open before a forward turn), spanning
    /// the view like any transition's source image.
    public var source: ContentHandle
    /// Stands for the incoming opening (the pages lying open after a forward turn), spanning
    /// the view like any transition's destination image.
    public var destination: ContentHandle

    /// Creates a context; the book makes these, tests may too.
    public init(size: Size, scale: Double, m34: Double, direction: ReadingDirection, isCanonical: Bool = false,
                source: ContentHandle = TransitionLeafContext.sourceHandle,
                destination: ContentHandle = TransitionLeafContext.destinationHandle) {
        self.size = size; self.scale = scale; self.m34 = m34; self.direction = direction; self.isCanonical = isCanonical
        self.source = source; self.destination = destination
    }

    /// The handle the adapter gives for the outgoing opening: a value no book uses for a page
    /// (`Int.min`), so a layer that shows it can only be showing the transition's source.
    public static let sourceHandle = ContentHandle(Int.min)
    /// The handle the adapter gives for the incoming opening (`Int.min + 1`).
    public static let destinationHandle = ContentHandle(Int.min + 1)
}
