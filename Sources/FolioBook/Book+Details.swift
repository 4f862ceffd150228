import FolioGeometry
import FolioLayers

extension Book {
    /// The pages lying flat now, on the read side and on the unread side (nil where none):
    /// the opening's pages at rest, the pages under the leaves while leaves turn one by one,
    /// none while a whole-opening effect (the fold) carries the whole opening. In the single
    /// layout both sides can be parts of one page. Their ``pageDetails`` are drawn, and so are
    /// those of the pages on leaves in flight whose effect draws details (the flip).
    public var pagesLyingFlat: (read: Int?, unread: Int?) {
        guard display.mode != .opening else { return (nil, nil) }
        return (hasLeftPage ? page(ofLeaf: display.left, side: .back) : nil,
                hasRightPage ? page(ofLeaf: display.right, side: .front) : nil)
    }

    /// Brings the detail layers up to date with ``pageDetails``: on each page lying flat, and
    /// on the faces of the leaves in flight one by one (those whose effect draws details).
    func showDetails() {
        guard display.mode != .opening else { return }
        func details(_ page: Int?) -> [PageDetail] { page.flatMap { pageDetails[$0] } ?? [] }
        let (read, unread) = pagesLyingFlat
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

    /// The part of its page the face of leaf `index` on `side` shows, nil when it shows none.
    private func shownPart(leaf index: Int, side: LeafSide, hasPage: Bool) -> Rect? {
        hasPage ? face(leaf: index, side: side, name: "")?.contentsRect : nil
    }
}
