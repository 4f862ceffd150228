import FolioGeometry
import FolioLayers

/// A sharper picture of part of a page: a zoom tile, drawn over the page wherever the page
/// lies flat and on a flipping leaf that carries the page (see ``Book/pageDetails``).
///
/// A page's own image is made at the size the page is shown unzoomed; zoomed in, an app
/// rasterises the part in view again, finer, in tiles, and hands each tile to the book as a
/// detail. The book draws it in the page's plane, over the page: under any leaf in flight
/// while the page lies flat, so a leaf lifting off the page uncovers the page's details
/// exactly as it uncovers the page; and posed with the leaf's face while the page turns on a
/// leaf whose effect draws details (the flip, the fold's panels and the curl's sheet).
public struct PageDetail: Hashable, Sendable {
    /// Where the detail lies on its page, in unit coordinates of the upright page image (the
    /// same space as ``PageFace/contentsRect``: x right, y down, the whole page 0…1). The
    /// part ``contentsRect`` of the detail's image is stretched over this rectangle; the part
    /// outside the page is cut off.
    public var rect: Rect
    /// The content handle a renderer maps to the detail's image.
    public var handle: ContentHandle
    /// The part of the detail's image that covers ``rect``, in unit coordinates of the image
    /// (the whole image by default). A tile rasterised with a gutter of its neighbours' pixels
    /// shows only its inside, and a renderer sampling between texels at its edge blends with
    /// the gutter as it would across the whole page, so tiles meet without a seam.
    public var contentsRect: Rect

    /// Creates a detail showing `contentsRect` of the image behind `handle` over `rect` of its page.
    public init(rect: Rect, handle: ContentHandle, contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
        self.rect = rect
        self.handle = handle
        self.contentsRect = contentsRect
    }
}
