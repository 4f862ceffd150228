import FolioGeometry

/// Zoom and pan while reading: how far a book is magnified in its view, where it is panned to,
/// and whether a drag pans or turns. Pure arithmetic, no layers: an app keeps one per book,
/// feeds it wheel, pinch, key and drag input, and applies it to the book's root
/// (``apply(to:)``), which pointer mapping and hit testing already honour
/// (``Book/viewPoint(fromPlaced:)``).
///
/// **Spaces.** *Placed* points are those of the space the book's root is placed in: the
/// window's points, where the book's view sits at ``origin`` when not zoomed (a
/// ``BookFraming``'s `origin`; zero for a book filling its view). The zoom maps a view point `v`
/// to the placed point `origin + offset + scale · v`. The *viewport* is the view's own
/// rectangle in placed space (`origin…origin + viewSize`): what is shown of the book when
/// zoomed. Every point this type takes or returns as *placed* is in that space — pointer
/// positions go in as the window reports them.
///
/// **Framing and zoom compose.** ``apply(to:)`` sets the root's whole placement, the framing's
/// origin included, so an app that frames its book makes the zoom with
/// ``init(framing:maximumScale:)`` (or sets ``origin``) and calls ``apply(to:)`` where it
/// placed the root before — not after a placement of its own, which it would replace.
///
/// **Clamping.** The scale stays in `1…maximumScale` and the offset keeps the zoomed view
/// covering the viewport (`viewSize · (1 − scale) ≤ offset ≤ 0` on each axis): the page never
/// leaves the view and no background shows beside it. Zooming in about a point of the viewport
/// never needs the clamp, so that point stays exactly where it was; zooming out may pull the
/// view back to cover the viewport.
///
/// **The rule that decides whether a drag pans or turns** (``gesture(startingAt:movingBy:direction:)``):
/// 1. Not zoomed (scale 1): every drag turns, as before.
/// 2. Zoomed, a drag that starts in the edge band — the outer ``edgeBand`` (12%) of the
///    viewport at either end of the turning axis (left and right; top and bottom for a
///    top-bound book) — turns, at once: the page's edge is where a reader takes hold of it.
/// 3. Zoomed, elsewhere, the decision waits until the pointer has moved ``slop`` points.
///    Then a drag mostly across the turning axis pans; a drag along it pans when the view can
///    still move that way, and turns when the view is already panned to its edge in the drag's
///    direction (nothing left to reveal: the reader wants the next page).
///
/// **Sharpness.** Zoom magnifies the pages' images, which are made at the size shown unzoomed.
/// An app that rasterises the part in view again at the zoom, in tiles, gives them to the book
/// as ``Book/pageDetails``: the book draws them over the pages lying flat, under any leaf in
/// flight.
public struct BookZoom: Sendable, Equatable {
    /// What a drag does.
    public enum Gesture: Sendable, Equatable {
        /// The drag turns pages (``BookController/press(at:)`` and on).
        case turn
        /// The drag moves the zoomed view (``BookZoom/pan(by:)``).
        case pan
    }

    /// The fraction of the viewport at each end of the turning axis where a drag turns even when
    /// zoomed.
    public static let edgeBand = 0.12
    /// How far, in placed points, the pointer moves before a drag outside the edge band is
    /// decided.
    public static let slop = 4.0
    /// Offsets this close to the clamp's bound count as at the edge (rounding, not intent).
    static let edgeTolerance = 1e-6

    /// The book's view size, in points: the viewport.
    public let viewSize: Size
    /// The largest scale allowed.
    public let maximumScale: Double
    /// The magnification, `1…maximumScale`.
    public private(set) var scale = 1.0
    /// How far the zoomed view's origin lies from ``origin``, in placed points (at most 0 on
    /// each axis; 0 when not zoomed).
    public private(set) var offset = Point(x: 0, y: 0)
    /// Where the book's view sits in placed space when not zoomed, in points: the top-left
    /// corner of the viewport (``BookFraming/origin`` for a framed book; default zero). Changing
    /// it moves the viewport and the zoomed view with it, keeping the zoom. A non-finite origin
    /// changes nothing.
    public var origin = Point(x: 0, y: 0) {
        didSet { if !(origin.x.isFinite && origin.y.isFinite) { origin = oldValue } }
    }

    /// No zoom, for a book's view of `viewSize` points.
    ///
    /// - Throws: ``BookError/invalidZoom(parameter:value:)`` for a view size that is not finite
    ///   and positive, or a maximum scale below 1 or not finite.
    public init(viewSize: Size, maximumScale: Double = 8) throws(BookError) {
        try self.init(viewSize: viewSize, origin: Point(x: 0, y: 0), maximumScale: maximumScale)
    }

    /// No zoom, for a book framed by `framing`: its view of `framing.viewSize` points sits at
    /// `framing.origin` in the window, and the zoom keeps it there (``origin``).
    ///
    /// - Throws: ``BookError/invalidZoom(parameter:value:)`` as ``init(viewSize:maximumScale:)``
    ///   does, and for an origin that is not finite.
    public init(framing: BookFraming, maximumScale: Double = 8) throws(BookError) {
        try self.init(viewSize: framing.viewSize, origin: framing.origin, maximumScale: maximumScale)
    }

    /// The checks both public initialisers share.
    private init(viewSize: Size, origin: Point, maximumScale: Double) throws(BookError) {
        guard viewSize.width.isFinite, viewSize.width > 0 else { throw .invalidZoom(parameter: "view width", value: viewSize.width) }
        guard viewSize.height.isFinite, viewSize.height > 0 else { throw .invalidZoom(parameter: "view height", value: viewSize.height) }
        guard maximumScale.isFinite, maximumScale >= 1 else { throw .invalidZoom(parameter: "maximum scale", value: maximumScale) }
        guard origin.x.isFinite else { throw .invalidZoom(parameter: "origin x", value: origin.x) }
        guard origin.y.isFinite else { throw .invalidZoom(parameter: "origin y", value: origin.y) }
        self.viewSize = viewSize
        self.maximumScale = maximumScale
        self.origin = origin
    }

    /// Whether the book is magnified at all.
    public var isZoomed: Bool { scale > 1 }

    /// The placed point showing view point `v`.
    public func placedPoint(fromView v: Point) -> Point {
        Point(x: origin.x + offset.x + scale * v.x, y: origin.y + offset.y + scale * v.y)
    }

    /// The view point shown at placed point `p`.
    public func viewPoint(fromPlaced p: Point) -> Point {
        Point(x: (p.x - origin.x - offset.x) / scale, y: (p.y - origin.y - offset.y) / scale)
    }

    /// The viewport: the view's own rectangle in placed space, `origin…origin + viewSize`.
    public var viewport: Rect { Rect(origin: origin, size: viewSize) }

    /// The part of the view shown in the viewport, in view points.
    public var visibleRect: Rect {
        let corner = viewPoint(fromPlaced: origin)
        return Rect(x: corner.x, y: corner.y, width: viewSize.width / scale, height: viewSize.height / scale)
    }

    /// The offsets allowed at the current scale on each axis.
    public var offsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        (viewSize.width * (1 - scale)...0, viewSize.height * (1 - scale)...0)
    }

    /// Sets the scale to `newScale` (clamped to `1…maximumScale`), keeping the view point under
    /// placed point `anchor` where it is; then clamps the offset. Non-finite input changes nothing.
    public mutating func setScale(_ newScale: Double, about anchor: Point) {
        guard newScale.isFinite, anchor.x.isFinite, anchor.y.isFinite else { return }
        let s = min(maximumScale, max(1, newScale))
        let k = s / scale
        // The offset is measured from the origin: so is the anchor here.
        let a = Point(x: anchor.x - origin.x, y: anchor.y - origin.y)
        offset = Point(x: a.x - (a.x - offset.x) * k, y: a.y - (a.y - offset.y) * k)
        scale = s
        clamp()
    }

    /// Multiplies the scale by `factor` (a wheel notch, a pinch's ratio) about placed point
    /// `anchor` (the pointer): see ``setScale(_:about:)``.
    public mutating func zoom(by factor: Double, about anchor: Point) {
        guard factor.isFinite, factor > 0 else { return }
        setScale(scale * factor, about: anchor)
    }

    /// Moves the view by `delta` placed points (the pointer's movement: the page follows it),
    /// as far as the clamp allows. Returns the part of `delta` that could not be applied
    /// (non-zero where the view is at its edge).
    @discardableResult
    public mutating func pan(by delta: Point) -> Point {
        guard delta.x.isFinite, delta.y.isFinite else { return delta }
        let wanted = Point(x: offset.x + delta.x, y: offset.y + delta.y)
        offset = wanted
        clamp()
        return Point(x: wanted.x - offset.x, y: wanted.y - offset.y)
    }

    /// Back to no zoom.
    public mutating func reset() {
        scale = 1
        offset = Point(x: 0, y: 0)
    }

    /// Zooms to the column under placed point `p` (the double-click): `page` (view points) is
    /// divided into `columns` equal columns; the one under `p` is scaled to fill the viewport's
    /// width (at most ``maximumScale``) and centred across, and the view point under `p` keeps
    /// its height. Then clamped. Nothing happens for a point outside `page` or a `columns` < 1.
    public mutating func zoom(toColumnAt p: Point, of page: Rect, columns: Int) {
        let v = viewPoint(fromPlaced: p)
        guard columns >= 1, page.width > 0, page.contains(v) else { return }
        let width = page.width / Double(columns)
        let index = min(columns - 1, max(0, Int(((v.x - page.minX) / width).rounded(.down))))
        let centre = page.minX + (Double(index) + 0.5) * width
        let s = min(maximumScale, max(1, viewSize.width / width))
        scale = s
        offset = Point(x: viewSize.width / 2 - s * centre, y: p.y - origin.y - s * v.y)
        clamp()
    }

    /// Pulls the offset into ``offsetRange``.
    mutating func clamp() {
        let r = offsetRange
        offset = Point(x: min(r.x.upperBound, max(r.x.lowerBound, offset.x)), y: min(r.y.upperBound, max(r.y.lowerBound, offset.y)))
    }

    /// What a drag that starts at placed point `start` and has moved `delta` so far does
    /// (the rule in the type's overview); nil while it cannot be decided yet (zoomed, outside
    /// the edge band, moved less than ``slop``). `direction` says which axis turns pages.
    public func gesture(startingAt start: Point, movingBy delta: Point = Point(x: 0, y: 0), direction: ReadingDirection) -> Gesture? {
        guard isZoomed else { return .turn }
        let vertical = direction == .topToBottom
        // Measured from the viewport's leading edge.
        let along = vertical ? start.y - origin.y : start.x - origin.x, extent = vertical ? viewSize.height : viewSize.width
        if along < Self.edgeBand * extent || along > (1 - Self.edgeBand) * extent { return .turn }
        guard (delta.x * delta.x + delta.y * delta.y).squareRoot() >= Self.slop else { return nil }
        let d = vertical ? delta.y : delta.x, across = vertical ? delta.x : delta.y
        if abs(across) > abs(d) { return .pan }
        // The page follows the pointer: a drag toward +axis raises the offset, bounded by 0;
        // toward −axis lowers it, bounded by the range's lower end.
        let range = vertical ? offsetRange.y : offsetRange.x, o = vertical ? offset.y : offset.x
        let atEdge = d > 0 ? o >= range.upperBound - Self.edgeTolerance : o <= range.lowerBound + Self.edgeTolerance
        return atEdge ? .turn : .pan
    }

    /// Places `book`'s root for this zoom at ``origin`` (its position and a scale transform
    /// about its pivot), so drawing, ``Book/hitTest(_:)`` and the pointer mapping all follow
    /// it. This is the root's whole placement: a framed book's origin comes from ``origin``,
    /// so call this instead of placing the root yourself, again after every change and after
    /// the book is rebuilt. Unzoomed, the view's top-left corner lands exactly on ``origin``.
    public func apply(to book: Book) {
        let pivot = Point(x: book.root.bounds.origin.x, y: book.root.bounds.origin.y)
        book.root.position = Point(x: origin.x + offset.x + scale * pivot.x, y: origin.y + offset.y + scale * pivot.y)
        book.root.transform = scale == 1 ? .identity : Transform3D(scaleX: scale, y: scale, z: 1)
    }
}
