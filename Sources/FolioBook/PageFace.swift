import FolioGeometry
import FolioLayers

/// What one face of a leaf (or a page lying flat) shows: a page's image, or part of it.
public struct PageFace: Hashable, Sendable {
    /// The page, 0-based.
    public var page: Int
    /// The content handle a renderer maps to the page's image.
    public var handle: ContentHandle
    /// The part of the page image shown, in unit coordinates of the upright image (the whole
    /// page in a spread; the part before or beyond the spine in the single layout).
    public var contentsRect: Rect
    /// The name its layer (and the quads it evaluates to) carries: `page<N>` for a page lying
    /// flat, `leaf<INDEX>.front` or `leaf<INDEX>.back` for a turning leaf.
    public var name: String

    /// Creates a face description.
    public init(page: Int, handle: ContentHandle, contentsRect: Rect, name: String) {
        self.page = page; self.handle = handle; self.contentsRect = contentsRect; self.name = name
    }
}

/// The faces a turning leaf shows.
///
/// Effects that move only their leaf (``LeafArrangement/stacked``) use ``front`` and ``back``;
/// effects that transform the whole opening (``LeafArrangement/wholeOpening``) also show the
/// pages the turn uncovers: ``leadingBelow`` (the page lying on the leading side before the
/// turn) and ``trailingBelow`` (the page lying on the trailing side after it).
public struct LeafFaces: Hashable, Sendable {
    /// The name of the leaf: `leaf<INDEX>`.
    public var name: String
    /// The face seen while the leaf rests on the trailing (unread) side; nil when there is no page.
    public var front: PageFace?
    /// The face seen once the leaf lies on the leading (read) side; nil when there is no page.
    public var back: PageFace?
    /// The page on the leading side before the turn (whole-opening effects only).
    public var leadingBelow: PageFace?
    /// The page on the trailing side after the turn (whole-opening effects only).
    public var trailingBelow: PageFace?

    /// Creates a set of faces.
    public init(name: String, front: PageFace?, back: PageFace?, leadingBelow: PageFace? = nil, trailingBelow: PageFace? = nil) {
        self.name = name; self.front = front; self.back = back
        self.leadingBelow = leadingBelow; self.trailingBelow = trailingBelow
    }
}
