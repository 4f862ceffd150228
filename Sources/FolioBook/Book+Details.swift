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
    /// into `window`; then the pages of leaves in flight whose effect draws details (the
    /// flip: ``TurningLeaf/drawsDetails``), planned as if each lay where it turns from (the
    /// front, on the unread side) or to (the back, on the read side) — where it shows early
    /// and late in the turn. While a whole-opening effect that draws details turns (the
    /// fold), there are no pages lying flat: the opening it leaves, then the one it reaches,
    /// each page planned where it lies at rest. In the single layout a page shows on both
    /// sides of the spine and can come twice, once for each side. Empty where nothing of the book shows in `window`.
    public func pagePartsShowingDetails(in window: Rect, zoom: BookZoom) -> [(page: Int, part: Rect)] {
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
            // A whole-opening leaf that draws details (the fold): the opening it leaves, then
            // the one it brings, each page where it lies at rest.
            guard openingLeaf?.leaf.drawsDetails == true else { return out }
            let pages = openingPages
            for (isRead, half) in sides { add(isRead ? pages.leadingBelow : pages.front, on: half) }
            for (isRead, half) in sides { add(isRead ? pages.back : pages.trailingBelow, on: half) }
            return out
        }
        for (i, entry) in stack.enumerated() where entry.leaf.drawsDetails && display.first + i < leaves.count {
            let bundle = leaves[display.first + i]
            for (isRead, half) in sides {
                add(isRead ? page(ofLeaf: bundle.last, side: .back) : page(ofLeaf: bundle.index, side: .front), on: half)
            }
        }
        return out
    }
}
