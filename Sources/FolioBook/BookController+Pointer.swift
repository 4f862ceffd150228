import FolioGeometry
import FolioMotion

extension BookController {
    /// Takes hold of whatever is under `point`: a leaf in flight stops where it is; a page
    /// lying flat starts to turn from there. Returns false over no page.
    ///
    /// Pointer points (here, in ``move(to:)`` and ``release(at:)``) are in the space the
    /// book's root is placed in — its superlayer's: the book's view unless the app moved,
    /// scaled or framed the root (``BookFraming``); hit testing and the drag mapping both read
    /// them through the root's placement.
    ///
    /// With a whole-opening effect (the fold, the crossfade) the turn's direction waits for the
    /// first movement; leaves in flight collapse to the one on screen, which is grabbed.
    ///
    /// The press is hit-tested against the presentation at the clock's time
    /// (``presentationHit(at:)``): a book whose layers carry animations (an app sliding the root
    /// in, say) is caught where it is seen, as `presentation()?.hitTest` does in Core Animation.
    @discardableResult
    public func press(at point: Point) -> Bool {
        guard grab == nil, point.isFinite else { return false }
        if lastScroll != nil { endScroll() }
        var g = Grab(start: point, startTime: clock.time)
        if book.arrangement == .stacked {
            guard let hit = presentationHit(at: point) else { return false }
            let f: LeafMotion
            if hit.isInFlight, let existing = flight(containing: hit.leaf) {
                f = existing
            } else if book.leafRange.contains(hit.leaf), flight(containing: hit.leaf) == nil,
                      let new = startFlight(index: hit.leaf, progress: hit.side == .front ? 0 : 1) {
                f = new
            } else {
                return false
            }
            take(f, into: &g)
            lift(f, into: &g)
        } else {
            guard presentationHit(at: point) != nil else { return false }
            if let f = collapseToShownLeaf() { take(f, into: &g) }
        }
        grab = g
        rebuildPriority()
        update()
        return true
    }

    /// What lies under `point` as the book is seen at the clock's time: the book's layers with
    /// their animations applied at `clock.time` (the tree time of animations added to the book's
    /// layers is the controller's clock time). Without animations this is ``Book/hitTest(_:)``.
    public func presentationHit(at point: Point) -> BookHit? {
        book.root.withPresentation(at: clock.time) { book.hitTest(point) }
    }

    /// Holds `f` where it is shown and grips it under the press.
    func take(_ f: LeafMotion, into g: inout Grab) {
        f.startAt = nil
        f.pending = nil
        f.value.interrupt(at: clock.time)
        try? f.value.track(f.shown)
        f.tracker.reset()
        f.tracker.add(f.shown, at: clock.time)
        g.flight = f
        g.grip = book.grip(leaf: f.index, count: f.count, at: book.canonicalPoint(placed: g.start), progress: f.shown, anchor: f.anchor)
    }

    /// Touch acknowledgement (``pressLift``): a page pressed at rest springs up by the lift,
    /// from its current value and velocity.
    func lift(_ f: LeafMotion, into g: inout Grab) {
        let amount = min(0.2, max(0, pressLift.isFinite ? pressLift : 0))
        guard amount > 0, f.shown == f.start, f.allowed.lowerBound < f.allowed.upperBound else { return }
        let target = f.start == 0 ? amount : 1 - amount
        do {
            try clock.animate(f.value, to: target, with: .spring(pressLiftSpring))
            g.lifted = true
        } catch {
            // A validated spring and a finite target cannot fail; without the lift the press is a press.
        }
    }

    /// Whole-opening effects show one leaf at a time: lands the leaves before it, returns
    /// those after it to rest, and keeps it where it is shown (so nothing on screen jumps).
    func collapseToShownLeaf() -> LeafMotion? {
        guard !flights.isEmpty else { return nil }
        var x = 0.0
        for f in flights { x += f.shown }
        let k = min(flights.count - 1, max(0, Int(x.rounded(.down))))
        let kept = flights[k]
        let progress = min(1, max(0, x - Double(k)))
        for (i, f) in flights.enumerated() where i != k { clock.remove(f.value) }
        flights = [kept]
        kept.shown = progress
        // Leaves before it have landed, those after it are back at rest.
        if !book.isPinned(kept.index) {
            restingOpening = kept.index
            targetOpening = kept.target == 1 ? kept.last + 1 : kept.index
        }
        return kept
    }

    /// Drags the held leaf so its grabbed point stays under `point` (placed points, as for
    /// ``press(at:)``), rubber-banded
    /// where it cannot go.
    public func move(to point: Point) {
        guard var g = grab, point.isFinite else { return }
        let dx = point.x - g.start.x, dy = point.y - g.start.y
        if !g.moved {
            if dx * dx + dy * dy < 9 { return }
            g.moved = true
            // The drag takes over from the lift where the spring has it. The grip of the press
            // (the point touched at rest stays under the pointer) is kept if it shows the page
            // at least as far along as the lift has it; where it would drop the page back first
            // (the curl, whose grabbed point the lift does not move), the page is gripped again
            // at the lifted pose.
            if g.lifted, let f = g.flight, let grip = g.grip {
                let lifted = min(1, max(0, f.value.presentationValue))
                let dragged = book.drag(leaf: f.index, count: f.count, for: grip, to: book.canonicalPoint(placed: point)).progress
                let drops = f.start == 0 ? dragged < lifted : dragged > lifted
                if drops {
                    f.shown = lifted
                    take(f, into: &g)
                }
            }
        }
        if g.flight == nil {
            // Whole-opening effects: the first movement picks the leaf and the direction.
            guard startDirectedFlight(from: g.start, to: point, into: &g) else { grab = g; return }
            rebuildPriority()
        }
        grab = g
        guard let f = g.flight, let grip = g.grip else { return }
        // The curl's drag also turns its axis: the pose reached becomes the leaf's path anchor,
        // which the release spring then carries on along.
        let (p, anchor) = book.drag(leaf: f.index, count: f.count, for: grip, to: book.canonicalPoint(placed: point))
        f.anchor = anchor
        track(f, to: p)
    }

    /// Starts the leaf a drag from `start` toward `point` turns: forward if moving that way
    /// raises the next leaf's progress, backward if it lowers the previous one's.
    func startDirectedFlight(from start: Point, to point: Point, into g: inout Grab) -> Bool {
        let a = book.canonicalPoint(placed: start), b = book.canonicalPoint(placed: point)
        for (leaf, rest) in [(targetOpening, 0.0), (targetOpening - 1, 1.0)] where book.leafRange.contains(leaf) {
            let grip = book.grip(leaf: leaf, at: a, progress: rest)
            let p = book.progress(leaf: leaf, for: grip, at: b)
            guard rest == 0 ? p > rest : p < rest, let f = startFlight(index: leaf, progress: rest) else { continue }
            f.tracker.reset()
            f.tracker.add(rest, at: clock.time)
            g.flight = f
            g.grip = grip
            return true
        }
        return false
    }

    /// Shows `f` at `progress` under the pointer (rubber-banded outside where it may rest).
    func track(_ f: LeafMotion, to progress: Double) {
        let shown = RubberBand.clamp(progress, to: f.allowed, dimension: rubberBandDimension)
        f.tracker.add(shown, at: clock.time)
        try? f.value.track(shown, velocity: f.tracker.velocity)
    }

    /// Lets go at `point`: the pointer's velocity goes to a spring toward whichever end the
    /// flick would come to rest nearer. A click (no movement) on the outer edges turns the page.
    public func release(at point: Point) {
        guard let g = grab else { return }
        grab = nil
        defer { rebuildPriority(); update() }
        if !g.moved && clock.time - g.startTime < 0.4 * clock.timeScale + 0.3 {
            // A click: whatever was held carries on where it was going.
            if let f = g.flight { send(f, to: f.target) }
            let across = book.canonicalPoint(placed: point).x / book.frame.size.width
            if across > 1 - edgeMargin { rebuildPriority(); turnForward() } else if across < edgeMargin { rebuildPriority(); turnBackward() }
            return
        }
        guard let f = g.flight else { return }
        finishGesture(f)
    }

    /// Hands a dragged or scrolled leaf to the release spring and updates where the book will rest.
    func finishGesture(_ f: LeafMotion) {
        let target: Double
        do {
            target = try GestureHandoff.release(value: f.value.presentationValue, velocity: f.tracker.velocity,
                                                range: f.allowed, spring: releaseSpring, at: clock.time).target
        } catch {
            target = f.allowed.lowerBound
        }
        send(f, to: target)
        guard !book.isPinned(f.index) else { return }
        if target == 1 { setTarget(max(targetOpening, f.last + 1), forward: true) } else { setTarget(min(targetOpening, f.index), forward: false) }
    }

    /// Wheel input: positive `dy` turns toward the next page, step by step; the gesture is
    /// released after ``scrollReleaseDelay`` seconds without input.
    public func scroll(by dy: Double) {
        guard grab == nil, dy.isFinite, dy != 0 else { return }
        if scrollFlight == nil {
            let forward = dy > 0
            let leaf = forward ? targetOpening : targetOpening - 1
            let f: LeafMotion
            if let existing = flight(containing: leaf) {
                f = existing
                f.startAt = nil
                f.pending = nil
                f.value.interrupt(at: clock.time)
            } else if book.leafRange.contains(leaf), let new = startFlight(index: leaf, progress: forward ? 0 : 1) {
                f = new
            } else {
                return
            }
            scrollFlight = f
            scrollRaw = f.shown
            f.tracker.reset()
            f.tracker.add(f.shown, at: clock.time)
            rebuildPriority()
        }
        lastScroll = clock.time
        scrollRaw += 0.06 * dy
        if let f = scrollFlight { track(f, to: scrollRaw) }
    }

    /// Releases the wheel gesture like a drag.
    func endScroll() {
        lastScroll = nil
        guard let f = scrollFlight else { return }
        scrollFlight = nil
        finishGesture(f)
        rebuildPriority()
    }
}
