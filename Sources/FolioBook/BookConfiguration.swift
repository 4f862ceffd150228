import FolioGeometry
import FolioLayers
import FolioTransitions

/// Everything that shapes a book's geometry; the page count and the leaves in flight are the
/// book's state, not its configuration.
public struct BookConfiguration: Sendable {
    /// The view the book fills, in points (both pages of a spread).
    public var viewSize: Size
    /// Pixels per point; the spine falls on a whole pixel (the integer split of docs/effects.md).
    public var scale: Double
    /// One page per view, or two-page spreads.
    public var layout: BookLayout
    /// Which way the book reads and its leaves turn.
    public var direction: ReadingDirection
    /// How the soft leaves turn (the flip unless set).
    public var effect: any LeafEffect
    /// Makes the first and last leaves rigid boards: they always flip (whatever ``effect`` is),
    /// cast a stronger shadow and show a ``coverThickness`` edge while they turn.
    public var hardCover: Bool
    /// The board's thickness for a hard cover, in points (drawn as its free edge).
    public var coverThickness: Double
    /// A perspective override (`m34`); by default `−1/(4.666667 · L/2)`, L the canonical width.
    public var m34: Double?
    /// Reverse perspective: the leaves seem to turn away from the viewer (positive `m34`), and
    /// the pages they cover get no shadow.
    public var reversePerspective: Bool
    /// Where the perspective pivots along the spine, in spine lengths (0.5 centre, 1.5 below).
    public var viewpoint: Double
    /// The colour of a page face whose image has not loaded yet (drawn under the image, so a
    /// renderer shows it until the texture exists).
    public var paperColor: Color
    /// The content handle of page 0; page *i* uses `contentHandleBase + i`.
    public var contentHandleBase: Int

    /// A configuration for a view of `viewSize` points; every other setting has its default.
    public init(viewSize: Size, scale: Double = 1, layout: BookLayout = .single,
                direction: ReadingDirection = .leftToRight, effect: any LeafEffect = FlipLeafEffect(),
                hardCover: Bool = false, coverThickness: Double = 3, m34: Double? = nil,
                reversePerspective: Bool = false, viewpoint: Double = 0.5,
                paperColor: Color = Color(red: 0.96, green: 0.95, blue: 0.92),
                contentHandleBase: Int = 1) {
        self.viewSize = viewSize; self.scale = scale; self.layout = layout; self.direction = direction
        self.effect = effect; self.hardCover = hardCover; self.coverThickness = coverThickness
        self.m34 = m34; self.reversePerspective = reversePerspective; self.viewpoint = viewpoint
        self.paperColor = paperColor; self.contentHandleBase = contentHandleBase
    }

    /// The view that shows pages of `pageSize` points in `layout` read in `direction`: the page
    /// itself for one page, two pages side by side (or one above the other when top-bound).
    public static func viewSize(pageSize: Size, layout: BookLayout, direction: ReadingDirection) -> Size {
        guard layout == .spread else { return pageSize }
        return direction == .topToBottom ? Size(width: pageSize.width, height: 2 * pageSize.height)
            : Size(width: 2 * pageSize.width, height: pageSize.height)
    }

    /// The perspective in use: the override, or the default for the canonical width, made
    /// positive under reverse perspective.
    public var resolvedM34: Double {
        let canonical = direction.canonicalSize(ofView: viewSize)
        let m = m34 ?? Perspective.defaultM34(extent: canonical.width)
        return reversePerspective ? abs(m) : m
    }
}
