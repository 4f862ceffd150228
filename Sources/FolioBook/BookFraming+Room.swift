import FolioGeometry

extension BookFraming {
    /// Where pages at rest fill `viewport`: the pages' view scaled to fit `viewport` less
    /// `margin` points on every side (at most `maximumZoom` times the natural size), centred,
    /// with nothing reserved for the leaves in flight. A rising leaf may draw into the margin;
    /// where it would reach past the viewport, ``roomScale(for:)`` says how far to draw the
    /// book smaller about its centre while it does (``apply(roomScale:to:at:)``), so nothing is
    /// cut off and the pages are back at full size when the leaves land.
    ///
    /// Compared with ``fit(pageSize:in:configuration:margin:maximumZoom:)``, which keeps room for
    /// the worst pose at all times, the pages at rest are larger (in a 1400×876-point viewport,
    /// a letter spread is 828 points tall instead of 641 with the flip, 558 with the curl) and
    /// the book draws smaller only while a leaf needs the room.
    ///
    /// - Throws: ``BookError/invalidFraming(_:)`` as ``fit(pageSize:in:configuration:margin:maximumZoom:)``
    ///   does; what ``Book/init(pageCount:configuration:)`` throws for the configuration.
    public static func fill(pageSize: Size, in viewport: Size, configuration: BookConfiguration, margin: Double = 0,
                            maximumZoom: Double = 1) throws(BookError) -> BookFraming {
        for (name, value) in [("page width", pageSize.width), ("page height", pageSize.height), ("viewport width", viewport.width),
                              ("viewport height", viewport.height), ("maximum zoom", maximumZoom)] where !(value.isFinite && value > 0) {
            throw .invalidFraming("\(name) \(value) must be a positive finite number")
        }
        guard margin.isFinite, margin >= 0 else { throw .invalidFraming("margin \(margin) must be finite and not negative") }
        let natural = BookConfiguration.viewSize(pageSize: pageSize, layout: configuration.layout, direction: configuration.direction)
        let room = Size(width: viewport.width - 2 * margin, height: viewport.height - 2 * margin)
        let zoom = min(maximumZoom, room.width / natural.width, room.height / natural.height)
        let view = Size(width: (natural.width * zoom).rounded(.down), height: (natural.height * zoom).rounded(.down))
        guard view.width >= 16, view.height >= 16 else {
            throw .invalidFraming("a viewport of \(viewport.width)×\(viewport.height) pt with a \(margin) pt margin leaves no room for the book")
        }
        var c = configuration
        c.viewSize = view
        let reach = try BookReach(configuration: c)
        let pixel = 1 / max(c.scale, 1e-9)
        func snap(_ v: Double) -> Double { (v / pixel).rounded() * pixel }
        return BookFraming(viewSize: view, origin: Point(x: snap((viewport.width - view.width) / 2), y: snap((viewport.height - view.height) / 2)),
                           overhang: reach.worst, viewport: viewport, reach: reach)
    }

    /// The share of each side's room, measured from the view's centre, over which the book
    /// eases from full size into drawing smaller (at most the margin the pages leave).
    static let roomEase = 0.05

    /// The scale, `0 < s ≤ 1`, at which the book drawn about its view's centre keeps everything
    /// reaching `reach` points past its view (``BookReach/reach(of:)``) inside ``viewport``:
    /// 1 while the reach stays clear of the viewport's edges, smaller as it would pass them.
    ///
    /// Per side, with `a` the room from the view's centre to the viewport's edge and `e` half the
    /// view plus the reach, the scale is `a / G(e)`, where `G` is `a` up to `a − b`, `e` from
    /// `a + b` on, and the parabola joining them with matching slopes in between
    /// (`G(e) = a + (e − a + b)² / 4b`, never less than `e`): the book starts and stops
    /// shrinking with zero speed as a leaf's reach changes steadily, and never lets it past the
    /// edge. `b` is 5% (`roomEase`) of `a`, at most the room the pages at rest leave, so pages at
    /// rest are never scaled. The least over the four sides.
    public func roomScale(forReach reach: BookInsets) -> Double {
        let centre = Point(x: origin.x + viewSize.width / 2, y: origin.y + viewSize.height / 2)
        func side(room a: Double, half: Double, reach r: Double) -> Double {
            guard a > 0, r.isFinite else { return 1 }
            let e = half + max(0, r), b = max(0, min(Self.roomEase * a, a - half))
            let g = e <= a - b ? a : (e >= a + b || b == 0 ? max(a, e) : a + (e - a + b) * (e - a + b) / (4 * b))
            return min(1, a / g)
        }
        return min(side(room: centre.y, half: viewSize.height / 2, reach: reach.top),
                   side(room: viewport.height - centre.y, half: viewSize.height / 2, reach: reach.bottom),
                   side(room: centre.x, half: viewSize.width / 2, reach: reach.left),
                   side(room: viewport.width - centre.x, half: viewSize.width / 2, reach: reach.right))
    }

    /// The scale that keeps the leaves in flight in `book` (framed here, of the configuration
    /// measured) inside the viewport now: ``roomScale(forReach:)`` of ``BookReach/reach(of:)``.
    /// 1 with no leaf in flight. Allocates nothing: call it every frame.
    public func roomScale(for book: Book) -> Double {
        book.leaves.isEmpty ? 1 : roomScale(forReach: reach.reach(of: book))
    }

    /// Places `book`'s root with its view's top-left corner at `origin` (by default ``origin``:
    /// for a root hung directly in the viewport's space; zero for one hung under a layer already
    /// at ``origin``) drawn `roomScale` times its size about the view's centre. Pointer input
    /// and hit testing follow (``Book/viewPoint(fromPlaced:)``). This is the root's whole
    /// placement, like ``BookZoom/apply(to:)``: use one or the other (a book zoomed in reaches
    /// past its view anyway). Changes nothing when the placement is already this one, so a
    /// frame at rest stays undamaged.
    public func apply(roomScale: Double, to book: Book, at origin: Point? = nil) {
        let s = roomScale.isFinite ? min(1, max(1e-3, roomScale)) : 1
        let o = origin ?? self.origin
        let pivot = Point(x: book.root.bounds.origin.x, y: book.root.bounds.origin.y)
        // placed = o + (1 − s)·c + s·v for a view point v, c the view's centre.
        let c = Point(x: viewSize.width / 2, y: viewSize.height / 2)
        book.root.position = Point(x: o.x + (1 - s) * c.x + s * pivot.x, y: o.y + (1 - s) * c.y + s * pivot.y)
        book.root.transform = s == 1 ? .identity : Transform3D(scaleX: s, y: s, z: 1)
    }
}
