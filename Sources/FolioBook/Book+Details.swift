import FolioGeometry
import FolioLayers

extension Book {
    /// The pages lying flat now, on the read side and on the unread side (nil where none):
    /// the opening's pages at rest, the pages under the leaves while leaves turn one by one,
    /// none while a whole-opening effect (the fold) carries the whole opening. In the single
    /// layout both sides can be parts of one page. Their ``pageDetails`` are drawn, and so are
    /// those of the pages on leaves in flight whose effect draws details (the flip), and of
    /// the four pages a whole-opening effect that draws them carries (the fold).
    public var pagesLyingFlat: (read: Int?, unread: Int?) {
        guard display.mode != .opening else { return (nil, nil) }
        return (hasLeftPage ? page(ofLeaf: display.left, side: .back) : nil,
                hasRightPage ? page(ofLeaf: display.right, side: .front) : nil)
    }

    /// Brings the detail layers up to date with ``pageDetails``: on each page lying flat, on
    /// the faces of the leaves in flight one by one (those whose effect draws details), and on
    /// the leaf a whole-opening effect shows (all four pages it carries).
    func showDetails() {
        func details(_ page: Int?) -> [PageDetail] { page.flatMap { pageDetails[$0] } ?? [] }
        guard display.mode != .opening else {
            // A whole-opening effect carries the opening's pages and the next one's: each
            // where the effect shows it (the fold: on its panels).
            if let opening = openingLeaf?.leaf {
                let pages = openingPages
                opening.showDetails(front: details(pages.front), back: details(pages.back),
                                    leadingBelow: details(pages.leadingBelow), trailingBelow: details(pages.trailingBelow))
            }
            return
        }
        let (read, unread) = pagesLyingFlat
        // A page covered by its details draws nothing of its own (its shadow and details do);
        // in the lit look it stays, as the surface the leaves' cast shadows fall on.
        for (page, layer, leaf, side, has) in [(read, leftPage, display.left, LeafSide.back, hasLeftPage),
                                               (unread, rightPage, display.right, LeafSide.front, hasRightPage)] where has {
            if !isLit, let page, pagesCoveredByDetails.contains(page), !details(page).isEmpty {
                layer.contents = nil
                layer.backgroundColor = nil
            } else if layer.contents == nil {
                // Covered before: its image back (a rebuild has just shown it otherwise).
                frame.show(flatFace(leaf: leaf, side: side), on: layer)
            }
        }
        // The book's own page layers, one level under its root, with their own shadows: cannot throw.
        try! leftDetails.show(details(read), on: leftPage, showing: shownPart(leaf: display.left, side: .back, hasPage: hasLeftPage),
                              below: leftShadow)
        try! rightDetails.show(details(unread), on: rightPage, showing: shownPart(leaf: display.right, side: .front, hasPage: hasRightPage),
                               below: rightShadow)
        for (i, entry) in stack.enumerated() where display.first + i < leaves.count {
            let bundle = leaves[display.first + i]
            entry.leaf.showDetails(front: details(page(ofLeaf: bundle.index, side: .front)), back: details(page(ofLeaf: bundle.last, side: .back)))
        }
    }

    /// The pages of the leaf shown with a whole-opening effect (``LeafFaces``' four): its
    /// front and back, and the pages lying on the leading side before the turn and on the
    /// trailing side after it; nil where there is none (or no leaf is shown that way).
    var openingPages: (front: Int?, back: Int?, leadingBelow: Int?, trailingBelow: Int?) {
        guard display.mode == .opening, display.first < leaves.count else { return (nil, nil, nil, nil) }
        let bundle = leaves[display.first]
        return (page(ofLeaf: bundle.index, side: .front), page(ofLeaf: bundle.last, side: .back),
                page(ofLeaf: display.leftNeighbour, side: .back), page(ofLeaf: display.rightNeighbour, side: .front))
    }

    /// The part of its page the face of leaf `index` on `side` shows, nil when it shows none.
    private func shownPart(leaf index: Int, side: LeafSide, hasPage: Bool) -> Rect? {
        hasPage ? face(leaf: index, side: side, name: "")?.contentsRect : nil
    }

    /// The parts of pages that show in `window` (points of the space the root is placed in:
    /// the view's own rectangle, or more where the view hangs in a larger window and a zoomed
    /// book reaches past it) and whose ``pageDetails`` the book would draw, most wanted
    /// first, each as a unit rectangle of its page (the space of ``PageDetail/rect``): what an
    /// app rasterises finer when zoomed.
    ///
    /// First the pages lying flat (``pagesLyingFlat``), the part of each that `zoom` maps
    /// into `window`; then the pages of leaves in flight whose effect draws details (the flip,
    /// the curl, the fold: ``TurningLeaf/drawsDetails``), first the part of each page the leaf
    /// shows in `window` as it is posed now (`pagePartsShownByLeaves(in:evaluation:)`), then as if each
    /// lay where it turns from (the front, on the unread side) or to (the back, on the read
    /// side) — where it shows early and late in the turn. While a whole-opening effect that
    /// draws details turns (the fold), there are no pages lying flat: what its panels show now,
    /// then the opening it leaves and the one it reaches, each page planned where it lies at
    /// rest. In the single layout a page shows on both sides of the spine and can come twice,
    /// once for each side. Empty where nothing of the book shows in `window`.
    public func pagePartsShowingDetails(in window: Rect, zoom: BookZoom) -> [(page: Int, part: Rect)] {
        pagePartsShowingDetails(in: window, zoom: zoom) {
            hitEvaluator.evaluate(root)
            return (hitEvaluator, root)
        }
    }

    /// ``pagePartsShowingDetails(in:zoom:)`` from the evaluation of the frame the app is about
    /// to draw, rather than one of the book's own.
    ///
    /// Where a leaf in flight draws details, the parts it shows now come from an evaluation of
    /// the book's layers as posed now. An app that draws the book in a larger tree evaluates
    /// that tree for its frame anyway, and the leaves' faces are in it, posed the same, before
    /// and after the details change (the details are sublayers of the faces, not faces), so
    /// `evaluation` hands the book that one: it evaluates a tree that holds the book's
    /// ``root`` (or the root itself) and returns its evaluator and its root, whose superlayer
    /// space the evaluated points lie in. The book calls it at most once, and only when a leaf
    /// in flight draws details; otherwise nothing is evaluated. An app whose renderer can then
    /// draw that same evaluation (as FolioRender's window renderer can, when nothing in the
    /// tree changed since) evaluates one tree a frame instead of two.
    public func pagePartsShowingDetails(in window: Rect, zoom: BookZoom,
                                        evaluation: () -> (evaluator: LayerEvaluator, root: Layer)) -> [(page: Int, part: Rect)] {
        let a = zoom.viewPoint(fromPlaced: Point(x: window.minX, y: window.minY))
        let b = zoom.viewPoint(fromPlaced: Point(x: window.maxX, y: window.maxY))
        let visible = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        let size = configuration.viewSize, spine = frame.split.leading
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // The view's two sides of the spine, read side first; each shows its page upright over
        // the side (a spread) or part of a page filling the view (the single layout).
        let halves: [Rect] = configuration.direction == .topToBottom
            ? [Rect(x: 0, y: 0, width: size.width, height: spine), Rect(x: 0, y: spine, width: size.width, height: size.height - spine)]
            : [Rect(x: 0, y: 0, width: spine, height: size.height), Rect(x: spine, y: 0, width: size.width - spine, height: size.height)]
        var sides: [(isRead: Bool, half: Rect)] = []
        for half in halves where half.width > 0 && half.height > 0 {
            sides.append((canonicalPoint(Point(x: half.midX, y: half.midY)).x < spine, half))
        }
        var out: [(page: Int, part: Rect)] = []
        func add(_ page: Int?, on half: Rect) {
            guard let page else { return }
            let rect = configuration.layout == .spread ? half : whole
            let x0 = max(half.minX, visible.minX), x1 = min(half.maxX, visible.maxX)
            let y0 = max(half.minY, visible.minY), y1 = min(half.maxY, visible.maxY)
            guard x1 > x0, y1 > y0 else { return }
            out.append((page, Rect(x: (x0 - rect.minX) / rect.width, y: (y0 - rect.minY) / rect.height,
                                   width: (x1 - x0) / rect.width, height: (y1 - y0) / rect.height)))
        }
        let (read, unread) = pagesLyingFlat
        for (isRead, half) in sides { add(isRead ? read : unread, on: half) }
        guard display.mode != .opening else {
            // A whole-opening leaf that draws details (the fold): what its panels show now, then
            // the opening it leaves and the one it brings, each page where it lies at rest.
            guard openingLeaf?.leaf.drawsDetails == true else { return out }
            out += pagePartsShownByLeaves(in: visible, evaluation: evaluation)
            let pages = openingPages
            for (isRead, half) in sides { add(isRead ? pages.leadingBelow : pages.front, on: half) }
            for (isRead, half) in sides { add(isRead ? pages.back : pages.trailingBelow, on: half) }
            return out
        }
        out += pagePartsShownByLeaves(in: visible, evaluation: evaluation)
        for (i, entry) in stack.enumerated() where entry.leaf.drawsDetails && display.first + i < leaves.count {
            let bundle = leaves[display.first + i]
            for (isRead, half) in sides {
                add(isRead ? page(ofLeaf: bundle.last, side: .back) : page(ofLeaf: bundle.index, side: .front), on: half)
            }
        }
        return out
    }

    /// The part of each page that the leaves in flight whose effect draws details show in
    /// `visible` (view points: the part of the view a zoom brings into the window) as they are
    /// posed now, one bounding rectangle a page (unit coordinates of the page, as
    /// ``PageDetail/rect``), in the order the pages first come.
    ///
    /// Where a leaf lies is not where its pages lie at rest: a curl's turned part lies
    /// mirrored across the roll's axis, not across the spine, until it lands (held at 0.88 in
    /// a zoomed single layout, the sheet's back showed its page 158 points from where it
    /// lands, and the tiles planned there left most of it at the coarse level); a flip's leaf
    /// in perspective shows more of its page in the window than the page at rest would. So
    /// the book evaluates its layers and takes each visible polygon of a leaf's face — a flip
    /// leaf's face, a fold's panel, a patch of the curl's sheet, front or back — cuts it to
    /// `visible` (in view points, through the root's placement: the zoom need not be applied
    /// to the book) and maps the cut polygon back to the face's own points through the
    /// polygon's exact projective inverse, then to its page through the face's contents
    /// rectangle (the sheet's back mirrored across the spine, as it shows its page). Details
    /// and shadows (sublayers of a face) are not faces.
    ///
    /// `evaluation` evaluates a tree holding the root (called only when a leaf in flight
    /// draws details; see ``pagePartsShowingDetails(in:zoom:evaluation:)``); by default the
    /// book evaluates its own root.
    func pagePartsShownByLeaves(in visible: Rect, evaluation: () -> (evaluator: LayerEvaluator, root: Layer)) -> [(page: Int, part: Rect)] {
        var roots: Set<ObjectIdentifier> = []
        if display.mode == .opening {
            if let o = openingLeaf?.leaf, o.drawsDetails { roots.insert(ObjectIdentifier(o.frontLayer)) }
        } else {
            for entry in stack where entry.leaf.drawsDetails {
                roots.insert(ObjectIdentifier(entry.leaf.frontLayer))
                if let back = entry.leaf.backLayer { roots.insert(ObjectIdentifier(back)) }
            }
        }
        guard !roots.isEmpty, visible.width > 0, visible.height > 0 else { return [] }
        let (evaluator, top) = evaluation()
        // The root's placement, view points to the evaluated polygons' space: placed points
        // when the root itself was evaluated, else through the layers up to the tree's root.
        let toEvaluated: Transform3D
        if top === root {
            toEvaluated = root.localTransform
        } else {
            guard let up = root.transform(toSublayerSpaceOf: top) else { return [] }
            toEvaluated = up.concatenating(top.localTransform)
        }
        let placement = Homography.identity.applying(toEvaluated)
        var order: [Int] = []
        var bounds: [Int: (x0: Double, y0: Double, x1: Double, y1: Double)] = [:]
        let base = configuration.contentHandleBase
        for quad in evaluator.quads where quad.isVisible && quad.vertexRange.count >= 3 {
            let layer = quad.layer
            // A face: a layer showing a page, not a detail or shadow on one.
            if let parent = layer.superlayer, parent.contents != nil || parent is SurfaceLayer { continue }
            var owner: Layer? = layer, inFlight = false
            while let l = owner {
                if roots.contains(ObjectIdentifier(l)) { inFlight = true; break }
                owner = l.superlayer
            }
            guard inFlight else { continue }
            // Which page, and where the face's points lie on it.
            let surface = layer as? SurfaceLayer
            let back = surface != nil && quad.localToView.showsBack
            guard let handle = back ? surface!.backContents : layer.contents else { continue }
            let page = handle.rawValue - base
            guard page >= 0, page < pageCount else { continue }
            let shown = back ? surface!.backContentsRect : layer.contentsRect
            let b = layer.bounds
            guard b.width > 0, b.height > 0 else { continue }
            let mirror = back ? surface!.mirrorsHorizontally : nil
            // The polygon in view points, cut to the part in view (a projective map keeps lines,
            // so the cut is exact in either space).
            var polygon: [Point] = []
            for corner in evaluator.corners(of: quad) {
                guard let v = top === root ? viewPoint(fromPlaced: corner.point) : placement.inverse(corner.point) else { break }
                polygon.append(v)
            }
            guard polygon.count == quad.vertexRange.count else { continue }
            for (a, c, sign) in [(1.0, 0.0, visible.minX), (-1.0, 0.0, -visible.maxX), (0.0, 1.0, visible.minY), (0.0, -1.0, -visible.maxY)] {
                let corners = polygon
                polygon.removeAll(keepingCapacity: true)
                func value(_ p: Point) -> Double { a * p.x + c * p.y - sign }
                ConvexPolygonClipper.clip(count: corners.count, closingEdge: .first, corner: { corners[$0] },
                                          side: { ConvexPolygonClipper.side(of: value($0), tolerance: 0) }, value: value,
                                          keep: { polygon.append($0) },
                                          cross: { p, q, t in polygon.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)) })
                if polygon.isEmpty { break }
            }
            guard polygon.count >= 3 else { continue }
            for v in polygon {
                let h = placement.apply(v)
                guard h.w > 0, let local = quad.localToView.inverse(Point(x: h.x / h.w, y: h.y / h.w)) else { continue }
                var u = (local.x - b.minX) / b.width, v = (local.y - b.minY) / b.height
                if mirror == true { u = 1 - u } else if mirror == false { v = 1 - v }
                let x = shown.minX + min(1, max(0, u)) * shown.width, y = shown.minY + min(1, max(0, v)) * shown.height
                guard x.isFinite, y.isFinite else { continue }
                if let r = bounds[page] {
                    bounds[page] = (min(r.x0, x), min(r.y0, y), max(r.x1, x), max(r.y1, y))
                } else {
                    bounds[page] = (x, y, x, y)
                    order.append(page)
                }
            }
        }
        return order.compactMap { page in
            guard let r = bounds[page], r.x1 > r.x0, r.y1 > r.y0 else { return nil }
            return (page, Rect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0))
        }
    }
}
