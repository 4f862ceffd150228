import FolioGeometry

/// Where a book sits in a viewport so that nothing it draws is cut off: its pages' view,
/// scaled to fit, with room on every side for what rises toward the viewer
/// (``Book/overhang(of:)``), centred.
///
/// Use ``viewSize`` as the book's ``BookConfiguration/viewSize`` and place the book's view at
/// ``origin`` in the viewport (for example by setting the root's position to
/// `root.position + origin`, or by hanging the root under a layer at `origin`); pointer
/// input then goes to the controller in the viewport's points, which hit testing and the drag
/// mapping both read through the root's placement.
///
/// A book that is also zoomed is placed by its zoom: ``BookZoom/init(framing:maximumScale:)``
/// makes one that keeps ``origin``, and its ``BookZoom/apply(to:)`` sets the root's whole
/// placement (origin, pan and scale) — applying a zoom made from the view size alone after
/// placing the root here would move the book back to the viewport's corner.
public struct BookFraming: Equatable, Sendable {
    /// The book's view, in points.
    public var viewSize: Size
    /// The top-left corner of the book's view in the viewport, in points (whole pixels).
    public var origin: Point
    /// How far the book can draw past its view on each side at this size, in points: the most
    /// any pose reaches (``BookReach/worst``).
    public var overhang: BookInsets
    /// The viewport the book was framed in, in points.
    public var viewport: Size
    /// The book's reach pose by pose at this size: what ``roomScale(for:)`` reads.
    public var reach: BookReach

    /// Fits pages of `pageSize` points (their natural size) into `viewport` points, keeping
    /// `margin` points clear around everything the book can draw, never larger than
    /// `maximumZoom` times the natural size. The other settings come from `configuration`
    /// (its view size is replaced).
    ///
    /// - Throws: ``BookError/invalidFraming(_:)`` for a non-finite or non-positive page size,
    ///   viewport, margin or zoom, or a viewport with no room for a 16-point view; what
    ///   ``Book/init(pageCount:configuration:)`` throws for the configuration.
    public static func fit(pageSize: Size, in viewport: Size, configuration: BookConfiguration, margin: Double = 0,
                           maximumZoom: Double = 1) throws(BookError) -> BookFraming {
        for (name, value) in [("page width", pageSize.width), ("page height", pageSize.height), ("viewport width", viewport.width),
                              ("viewport height", viewport.height), ("maximum zoom", maximumZoom)] where !(value.isFinite && value > 0) {
            throw .invalidFraming("\(name) \(value) must be a positive finite number")
        }
        guard margin.isFinite, margin >= 0 else { throw .invalidFraming("margin \(margin) must be finite and not negative") }
        let natural = BookConfiguration.viewSize(pageSize: pageSize, layout: configuration.layout, direction: configuration.direction)
        let room = Size(width: viewport.width - 2 * margin, height: viewport.height - 2 * margin)
        var c = configuration
        // The overhang grows with the view (the default perspective scales with it), so the
        // fitting zoom is found by a few rounds of measuring at the size the last one chose.
        var zoom = min(maximumZoom, room.width / natural.width, room.height / natural.height)
        var result: BookFraming?
        for _ in 0..<4 {
            let view = Size(width: (natural.width * zoom).rounded(.down), height: (natural.height * zoom).rounded(.down))
            guard view.width >= 16, view.height >= 16 else {
                throw .invalidFraming("a viewport of \(viewport.width)×\(viewport.height) pt with a \(margin) pt margin leaves no room for the book")
            }
            c.viewSize = view
            let r = try BookReach(configuration: c), o = r.worst
            let whole = Size(width: view.width + o.horizontal, height: view.height + o.vertical)
            let pixel = 1 / max(c.scale, 1e-9)
            func snap(_ v: Double) -> Double { (v / pixel).rounded() * pixel }
            result = BookFraming(viewSize: view, origin: Point(x: snap(margin + (room.width - whole.width) / 2 + o.left),
                                                               y: snap(margin + (room.height - whole.height) / 2 + o.top)),
                                 overhang: o, viewport: viewport, reach: r)
            if whole.width <= room.width && whole.height <= room.height && (room.width - whole.width < 2 || room.height - whole.height < 2 || zoom >= maximumZoom) {
                break
            }
            // Scale toward the size at which the measured overhang, grown in proportion, just fits.
            let k = min(room.width / whole.width, room.height / whole.height)
            zoom = min(maximumZoom, zoom * k * (k < 1 ? 0.999 : 1))
        }
        return result!
    }
}
