import FolioMotion
import FolioTransitions

/// The accordion (`AccordionTransition`) as a book's turn: the opening, cut into panels,
/// folds up in alternating creases toward the view's leading edge (left, or top when
/// ``isVertical``) and uncovers the next opening lying flat.
///
/// It is a ``TransitionLeafEffect`` with the adapter's defaults: the accordion is built over
/// the book's whole view with the book's perspective, a drag turns the page by the distance the
/// pointer moves toward the read side, and the panels' shading follows ``Book/showsShadows``.
/// A panel that spans the spine shows both pages, meeting on the spine.
public struct AccordionLeafEffect: LeafEffect {
    /// The panels' relative widths across the creases, leading first (scaled to the view and
    /// snapped to whole pixels, as `AccordionTransition` does).
    public var panelWidths: [Double]
    /// Whether the panels run top to bottom (creases horizontal).
    public var isVertical: Bool
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// An accordion of `panelWidths` (default four equal panels: in a spread, the middle crease
    /// falls on the spine), across or down the view, turning in `duration` seconds.
    public init(panelWidths: [Double] = [1, 1, 1, 1], vertical: Bool = false, duration: Double = 0.6) {
        self.panelWidths = panelWidths
        self.isVertical = vertical
        self.duration = duration
    }

    /// `accordion`.
    public var name: String { "accordion" }

    /// The accordion moves the whole opening.
    public var arrangement: LeafArrangement { .wholeOpening }

    /// The adapter that builds the accordion.
    public var adapter: TransitionLeafEffect {
        let widths = panelWidths, vertical = isVertical, duration = duration
        return TransitionLeafEffect(name: name, animation: turnAnimation(forward: true)) { context throws(TransitionError) in
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
