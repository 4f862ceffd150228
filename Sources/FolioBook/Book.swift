import FolioGeometry
import FolioLayers

/// A book as a layer tree: pages lying flat on both sides of the spine and the leaves in
/// flight between them, evaluated by the general `LayerEvaluator` like any other tree.
///
/// **Model.** A book has ``pageCount`` pages and a ``BookConfiguration/layout``. Leaves are
/// numbered from 0; ``page(ofLeaf:side:)`` says which page each face carries. An *opening* is
/// what lies open at rest: opening *o* has leaves `0..<o` on the read side, so it shows the
/// back of leaf *o − 1* and the front of leaf *o*. Besides the turnable leaves
/// `0..<leafCount`, the pages glued to the boards (the single layout's first and last halves,
/// a spread's odd last page) are *pinned* leaves (−1 and ``leafCount``): they may be put in
/// flight to lift a little for the end-of-book rubber band, never to turn.
///
/// **State.** ``opening`` plus the ``leaves`` in flight, set together with
/// ``setLeaves(_:opening:)``. With leaves in flight, the page lying flat on the read side is
/// the back of the leaf before the first of them and the page on the unread side the front of
/// the leaf after the last; leaves in any gap between them are not drawn.
///
/// **Depth.** Leaves and the pages they turn from all hinge on the spine, so they never cross
/// except along it; the evaluator's BSP sort orders them. Two leaves at the *same* angle are
/// coplanar, and the evaluator keeps tree order for coplanar polygons, so the tree order
/// decides who is on top: fronts are added in descending leaf order (below 90° the earlier
/// leaf lies over the later one) and backs in ascending order (past 90° the later leaf lands
/// on top), and a later leaf can never poke through an earlier one, even at equal angles —
/// without faking a gap between them. ``BookController`` keeps the angles themselves in order.
///
/// **Reading direction** is one reflection of one geometry: everything is built in
/// ``LeafFrame``'s canonical frame under one transform layer whose transform is
/// ``ReadingDirection/viewTransform(viewSize:)``.
///
/// Posing leaves that stay in flight allocates nothing; only starting or ending a flight
/// rebuilds layers.
public final class Book {
    /// The number of pages (at least 1).
    public let pageCount: Int
    /// The geometry settings.
    public let configuration: BookConfiguration
    /// The canonical frame shared by every leaf.
    public let frame: LeafFrame
    /// The root layer: the view (its superlayer space is the view, in points), with the
    /// perspective in its sublayer transform. It has no area of its own.
    public let root = Layer(name: "book")
    /// The canonical frame, mapped onto the view by the reading direction.
    let pagesLayer = TransformLayer(name: "pages")
    /// The number of leaves that can turn.
    public let leafCount: Int
    /// The resting opening, `0...leafCount` (what shows when no leaf is in flight).
    public private(set) var opening = 0
    /// The leaves in flight, in increasing index order.
    public private(set) var leaves: [BookLeaf] = []
    /// The page indices on screen at the last update, without repeats (for a page cache).
    public internal(set) var visiblePages: [Int] = []
    /// Measures what the book draws now, for the reach of leaves whose poses a sweep cannot
    /// bound (``BookReach/reach(of:)``); made on first use, its buffers kept.
    lazy var reachEvaluator = LayerEvaluator()
    /// Each kind of leaf's ``LeafEffect/turnMagnification(in:)``, by `Kind` raw value, measured
    /// on first use (``rasterScale(ofPage:withLevelOfDetailBias:)``): it depends on the frame and the effect only.
    var turnMagnifications: [PageMagnification?] = [nil, nil, nil]

    /// Turns pages with a crossfade instead of 3D motion (the accessibility setting).
    public var reduceMotion = false {
        didSet { if oldValue != reduceMotion { needsRebuild = true; refresh() } }
    }

    /// Whether shadows draw (leaf creases, and the shadows cast on the pages and on the
    /// leaves in flight under a leaf).
    public var showsShadows = true {
        didSet { if oldValue != showsShadows { needsRebuild = true; refresh() } }
    }

    /// Whether the book is drawn in the lit look, where the renderer casts each turning leaf's
    /// shadow on the pages beneath from the geometry (`QuadRenderer.light` with
    /// `castsShadows`); default false. The cast shadow then takes the place of the uniform
    /// tints on the pages under the leaves and on the leaves in flight under other leaves
    /// (docs/curl.md §8, "The unlit look"), which are hidden so that nothing is darkened
    /// twice; the leaves' crease shadows stay.
    public var isLit = false {
        didSet { if oldValue != isLit { needsRebuild = true; refresh() } }
    }

    /// Sharper pictures of parts of pages (zoom tiles), by page index: each is drawn over its
    /// page wherever that page lies flat — at rest and under leaves in flight — in the page's
    /// plane, under every leaf; and on a leaf in flight whose effect draws details
    /// (``TurningLeaf/showDetails(front:back:)``: the flip, the fold and the curl do; the
    /// crossfade does not), moving with its face; the fold draws those of all four pages it
    /// carries, each on its panel, and the curl those of its two pages on its rolling sheet. Details of pages not lying flat are kept and shown once their page lies
    /// flat. Setting the same value again
    /// changes nothing; a new value updates the detail layers without rebuilding the leaves.
    /// A detail whose rectangle or contents rectangle is not finite or is empty is not drawn,
    /// nor the part of one outside what its face shows of the page (outside the page, or
    /// across the spine in the single layout, where each face shows part of a page).
    public var pageDetails: [Int: [PageDetail]] = [:] {
        didSet { if oldValue != pageDetails { showDetails() } }
    }

    /// The pages whose ``pageDetails`` cover all of the page that shows while it lies flat:
    /// the book leaves out their own image and paper there, so that each pixel is drawn once,
    /// by a detail (zoomed in, the page under its tiles would otherwise be drawn whole). Say
    /// so once every tile of the parts in view (``pagePartsShowingDetails(in:zoom:)``) has
    /// arrived, and take it back when one is missing: where no detail lies, a covered page
    /// shows what is behind it. Pages on a leaf in flight keep their image (their details are
    /// planned where the page lies at rest), and so does every page in the lit look
    /// (``isLit``), where the renderer casts the leaves' shadows on the page. Empty by default.
    public var pagesCoveredByDetails: Set<Int> = [] {
        didSet { if oldValue != pagesCoveredByDetails { showDetails() } }
    }

    // The pages lying flat: the back of one leaf on the read side, the front of one on the other.
    let leftPage = Layer(name: "page"), rightPage = Layer(name: "page")
    let leftShadow: Layer, rightShadow: Layer
    var hasLeftPage = false, hasRightPage = false
    /// The layers showing ``pageDetails`` over the flat pages.
    let leftDetails = PageDetailLayers(), rightDetails = PageDetailLayers()

    /// Which kind of leaf a bundle turns as.
    enum Kind: Int { case soft, cover, fade }
    /// What the layers currently show; a change rebuilds them.
    struct Display: Equatable {
        enum Mode: Equatable { case rest, stacked, opening }
        var mode: Mode = .rest
        /// Leaves whose back (left) and front (right) lie flat.
        var left = Int.min, right = Int.min
        /// Stacked: the range of `leaves` shown. Opening: the shown leaf's position in `leaves`.
        var first = 0, count = 0
        /// Opening: the shown bundle, its neighbours and its kind.
        var shown = BookLeaf(index: 0, progress: 0), leftNeighbour = 0, rightNeighbour = 0
        var kind = Kind.soft
    }
    var display = Display()
    var needsRebuild = true
    /// Stacked: one leaf per shown bundle, with the bundle and kind it was built for.
    var stack: [(leaf: any TurningLeaf, index: Int, count: Int, kind: Kind)] = []
    /// Opening: the leaf showing the whole opening.
    var openingLeaf: (leaf: any TurningLeaf, kind: Kind)?
    /// Leaves no longer in flight, kept for reuse (at most a few per kind).
    var pool: [[any TurningLeaf]] = [[], [], []]
    /// One leaf of each kind, never drawn, whose pointer mapping serves every leaf of its kind.
    let mappers: [any TurningLeaf]
    /// Hit testing: what each drawn leaf root or page layer is.
    var roles: [ObjectIdentifier: BookHit] = [:]
    let hitEvaluator = LayerEvaluator()

    /// Creates a book of `pageCount` pages resting at opening 0.
    ///
    /// - Throws: ``BookError/invalidPageCount(_:)``; ``BookError/geometry(_:)`` for a view,
    ///   scale, perspective or viewpoint the transitions refuse; ``BookError/invalidCoverThickness(_:)``.
    public init(pageCount: Int, configuration: BookConfiguration) throws(BookError) {
        guard pageCount >= 1 else { throw .invalidPageCount(pageCount) }
        self.pageCount = pageCount
        self.configuration = configuration
        frame = try LeafFrame(configuration: configuration)
        leafCount = configuration.layout == .single ? pageCount - 1 : pageCount / 2
        // Each effect must accept the frame; the leaves made here only measure pointers.
        mappers = [try configuration.effect.makeLeaf(in: frame), try FlipLeafEffect(hardCover: true).makeLeaf(in: frame),
                   try CrossfadeLeafEffect().makeLeaf(in: frame)]

        let view = configuration.viewSize
        let s = frame.spine, e = frame.height
        // No area of its own (so no polygon shares the pages' outer edges); the anchor, where
        // the perspective pivots, sits on the spine at the viewpoint.
        let pivot = configuration.direction.viewPoint(Point(x: s, y: configuration.viewpoint * e), viewSize: view)
        root.bounds = Rect(x: pivot.x, y: pivot.y, width: 0, height: 0)
        root.position = pivot
        root.sublayerTransform.m34 = frame.m34
        pagesLayer.anchorPoint = .zero
        pagesLayer.transform = configuration.direction.viewTransform(viewSize: view)
        frame.placeFace(leftPage, canonicalSize: Size(width: frame.split.leading, height: e), pivot: Point(x: 1, y: 0.5), at: Point(x: s, y: e / 2))
        frame.placeFace(rightPage, canonicalSize: Size(width: frame.split.trailing, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: s, y: e / 2))
        leftPage.transform = frame.orient(.identity)
        rightPage.transform = frame.orient(.identity)
        leftShadow = frame.makeShadow(on: leftPage)
        rightShadow = frame.makeShadow(on: rightPage)
        // Fresh layers, shallow tree: cannot throw.
        try! root.addSublayer(pagesLayer)
        refresh()
    }

    /// The leaf indices that may be in flight: the turnable leaves and the pinned end pages.
    public var leafRange: ClosedRange<Int> {
        switch configuration.layout {
        case .single: return -1...leafCount
        case .spread: return 0...(pageCount % 2 == 1 ? leafCount : leafCount - 1)
        }
    }

    /// The number of openings, `leafCount + 1`.
    public var openingCount: Int { leafCount + 1 }

    /// Whether leaf `index` turns rigidly as a hard-cover board.
    public func isCover(_ index: Int) -> Bool {
        configuration.hardCover && leafCount > 0 && (index == 0 || index == leafCount - 1)
    }

    /// Whether leaf `index` is a pinned end page (it only lifts, never turns).
    public func isPinned(_ index: Int) -> Bool { index < 0 || index >= leafCount }

    // MARK: State

    /// Rests the book at `opening` with no leaf in flight.
    public func setOpening(_ opening: Int) throws(BookError) {
        try setLeaves([], opening: opening)
    }

    /// Sets the leaves in flight (any order; they are kept sorted) and, optionally, the
    /// resting opening used once none are in flight. Leaves that stay in flight with the same
    /// bundles are only re-posed, which allocates nothing.
    ///
    /// - Throws: ``BookError/leafOutOfRange(index:valid:)``, ``BookError/duplicateLeaf(_:)``,
    ///   ``BookError/overlappingLeaves(first:second:)``, ``BookError/invalidLeafCount(index:count:)``,
    ///   ``BookError/progressOutOfRange(leaf:progress:)``, ``BookError/openingOutOfRange(opening:last:)``;
    ///   nothing changes when it throws.
    public func setLeaves(_ newLeaves: [BookLeaf], opening newOpening: Int? = nil) throws(BookError) {
        if let o = newOpening, !(0...leafCount).contains(o) { throw .openingOutOfRange(opening: o, last: leafCount) }
        var sorted = true
        for i in newLeaves.indices where i > 0 && newLeaves[i - 1].index >= newLeaves[i].index { sorted = false; break }
        let list = sorted ? newLeaves : newLeaves.sorted { $0.index < $1.index }
        let range = leafRange
        for (i, leaf) in list.enumerated() {
            guard leaf.count >= 1 else { throw .invalidLeafCount(index: leaf.index, count: leaf.count) }
            guard range.contains(leaf.index) && range.contains(leaf.last) else {
                throw .leafOutOfRange(index: range.contains(leaf.index) ? leaf.last : leaf.index, valid: range)
            }
            guard leaf.progress >= 0 && leaf.progress <= 1 else { throw .progressOutOfRange(leaf: leaf.index, progress: leaf.progress) }
            if i > 0 {
                let previous = list[i - 1]
                if previous.index == leaf.index { throw .duplicateLeaf(leaf.index) }
                if previous.last >= leaf.index { throw .overlappingLeaves(first: previous.index, second: leaf.index) }
            }
        }
        if let newOpening { opening = newOpening }
        if leaves.count == list.count {
            for i in list.indices { leaves[i] = list[i] }
        } else {
            leaves.removeAll(keepingCapacity: true)
            leaves.append(contentsOf: list)
        }
        refresh()
    }

    // MARK: Pages

    /// The page on `side` of leaf `index`, or nil when that face is blank (outside the book).
    ///
    /// Single layout: the front of leaf *i* is page *i*, the back page *i + 1*. Spread: the
    /// front of leaf *k* is page 2k, the back page 2k + 1.
    public func page(ofLeaf index: Int, side: LeafSide) -> Int? {
        let p: Int
        switch configuration.layout {
        case .single: p = side == .front ? index : index + 1
        case .spread: p = side == .front ? 2 * index : 2 * index + 1
        }
        return p >= 0 && p < pageCount ? p : nil
    }

    /// The pages lying open at `opening`: on the read side and on the unread side (in the view,
    /// the left and right pages when reading left to right), nil where there is none.
    public func pages(atOpening opening: Int) -> (read: Int?, unread: Int?) {
        (page(ofLeaf: opening - 1, side: .back), page(ofLeaf: opening, side: .front))
    }

    /// The opening that shows `page`.
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:count:)``.
    public func opening(showing page: Int) throws(BookError) -> Int {
        guard page >= 0 && page < pageCount else { throw .pageOutOfRange(page: page, count: pageCount) }
        return configuration.layout == .single ? page : (page + 1) / 2
    }

    /// The content handle for `page` (`contentHandleBase + page`).
    public func handle(forPage page: Int) -> ContentHandle {
        ContentHandle(configuration.contentHandleBase + page)
    }

    /// The face of leaf `index` on `side`, named `name`, or nil when it is blank.
    func face(leaf index: Int, side: LeafSide, name: String) -> PageFace? {
        guard let p = page(ofLeaf: index, side: side) else { return nil }
        var rect = Rect(x: 0, y: 0, width: 1, height: 1)
        if configuration.layout == .single {
            // The page fills the view: each leaf face carries the part on its side of the spine.
            let r = frame.split.leading / frame.size.width
            rect = side == .front ? Rect(x: r, y: 0, width: 1 - r, height: 1) : Rect(x: 0, y: 0, width: r, height: 1)
            rect = configuration.direction.unitRect(rect)
        }
        return PageFace(page: p, handle: handle(forPage: p), contentsRect: rect, name: name)
    }

    /// A page lying flat: the face of leaf `index` named `page<N>`.
    func flatFace(leaf index: Int, side: LeafSide) -> PageFace? {
        guard let p = page(ofLeaf: index, side: side) else { return nil }
        return face(leaf: index, side: side, name: "page\(p)")
    }

    /// The faces of a bundle in flight, named after its first leaf.
    func faces(of bundle: BookLeaf, leftNeighbour: Int? = nil, rightNeighbour: Int? = nil) -> LeafFaces {
        let name = "leaf\(bundle.index)"
        return LeafFaces(name: name,
                         front: face(leaf: bundle.index, side: .front, name: name + ".front"),
                         back: face(leaf: bundle.last, side: .back, name: name + ".back"),
                         leadingBelow: leftNeighbour.flatMap { flatFace(leaf: $0, side: .back) },
                         trailingBelow: rightNeighbour.flatMap { flatFace(leaf: $0, side: .front) })
    }
}
