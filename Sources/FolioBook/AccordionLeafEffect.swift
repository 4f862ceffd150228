import FolioMotion
import FolioTransitions

/// The accordion (`AccordionTransition`) as a book's turn: the opening, cut into panels with
/// creases parallel to the spine, folds up in alternating creases toward the read side's outer
/// edge and uncovers the next opening lying flat.
///
/// It is a ``TransitionLeafEffect`` that follows the reading direction
/// (``TransitionLeafEffect/followsReadingDirection``): the accordion is built in the book's
/// canonical frame with the book's perspective, so it folds toward the left edge reading left to
/// right, the right edge reading right to left and the top edge in a top-bound book; page
/// images read upright. A drag turns the page by the distance the pointer moves toward the read
/// side, and the panels' shading follows ``Book/showsShadows``. A panel that spans the spine
/// shows both pages, meeting exactly on the spine.
public struct AccordionLeafEffect: LeafEffect {
    /// The panels' relative widths across the creases, from the read side's outer edge (scaled
    /// to the view and snapped to whole pixels, as `AccordionTransition` does).
    public var panelWidths: [Double]
    /// Whether the creases run across the spine rather than parallel to it (panels from the top
    /// edge down; from the left edge in a top-bound book).
    public var isVertical: Bool
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// An accordion of `panelWidths` (default four equal panels: in a spread, the middle crease
    /// falls on the spine), creases parallel to the spine or (`vertical`) across it, turning in
    /// `duration` seconds.
    public init(panelWidths: [Double] = [1, 1, 1, 1], vertical: Bool = false, duration: Double = 0.6) {
        self.panelWidths = panelWidths
        self.isVertical = vertical
        self.duration = duration
    }

    /// `accordion`.
    public var name: String { "accordion" }

    /// The accordion moves the whole opening.
    public var arrangement: LeafArrangement { .wholeOpening }

    /// The adapter that builds the accordion in the book's canonical frame.
    public var adapter: TransitionLeafEffect {
        let widths = panelWidths, vertical = isVertical, duration = duration
        return TransitionLeafEffect(name: name, animation: turnAnimation(forward: true), followsReadingDirection: true) { context throws(TransitionError) in
            try AccordionTransition(size: context.size, scale: context.scale, panelWidths: widths, vertical: vertical,
                                    m34: context.m34, duration: duration, source: context.source, destination: context.destination)
        }
    }

    /// The accordion over the book's view.
    ///
    /// - Throws: ``BookError/geometry(_:)`` for widths, a duration or a perspective the
    ///   accordion refuses.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf {
        try adapter.makeLeaf(in: frame)
    }

    /// easeInEaseOut (the accordion's own curve) over ``duration``.
    public func turnAnimation(forward: Bool) -> Animation { .timing(.easeInEaseOut, duration: max(duration, 1e-3)) }
}
