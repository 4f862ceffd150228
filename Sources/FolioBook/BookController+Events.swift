extension BookController {
    /// Sends `kind` for flight `f` to ``onEvent``.
    func emit(_ kind: BookEvent.Kind, _ f: LeafMotion) {
        guard let onEvent else { return }
        let forward = f.start == 0
        let from: Int, to: Int
        if book.isPinned(f.index) {
            // An end page only lifts: the book stays where it is.
            from = f.index < 0 ? 0 : book.leafCount
            to = from
        } else {
            (from, to) = forward ? (f.index, f.last + 1) : (f.last + 1, f.index)
        }
        let (read, unread) = book.pages(atOpening: to)
        onEvent(BookEvent(kind: kind, leaf: f.index, count: f.count, isForward: forward, fromOpening: from, toOpening: to,
                          readPage: read, unreadPage: unread))
    }

    /// After `f`'s target changed: a commit when it now heads for the far side (once per
    /// decision; heading home again re-arms it).
    func noteTarget(_ f: LeafMotion) {
        let far = f.target != f.start && !book.isPinned(f.index)
        if far && !f.committed { f.committed = true; emit(.commit, f) } else if !far { f.committed = false }
    }

    /// A lift for every flight shown away from where it started for the first time.
    func noteLifts() {
        for f in flights where !f.lifted && abs(f.shown - f.start) > 1e-9 {
            f.lifted = true
            emit(.lift, f)
        }
    }

    /// `f` has come to rest and left the flights: a land on the far side, a cancel at home.
    func noteRest(_ f: LeafMotion) {
        guard f.lifted else { return }
        emit(f.target != f.start && !book.isPinned(f.index) ? .land : .cancel, f)
    }
}
