import FolioMotion

extension BookController {
    /// Advances the controller to the clock's time (call once per frame, after the clock
    /// ticks): starts a riffle's staggered leaves, releases an idle wheel gesture, keeps the
    /// leaves in turning order, lands the ones that have arrived and poses the book.
    public func update() {
        let now = clock.time
        for f in flights {
            if let start = f.startAt, start <= now, let animation = f.pending {
                send(f, to: f.target, with: animation)
            }
        }
        if let last = lastScroll, now - last > scrollReleaseDelay * clock.timeScale { endScroll() }
        keepInTurningOrder()
        noteLifts()
        landArrivals()
        pushToBook()
    }

    /// Shows every flight at its own progress, clamped so that progress never rises with the
    /// leaf index (no leaf passes an earlier one): flights are placed in priority order, each
    /// inside the bounds of those already placed. A flight held back rides along from there.
    func keepInTurningOrder() {
        for k in placed.indices { placed[k] = false }
        for p in priority {
            let f = flights[p]
            let raw = f.value.presentationValue
            let own = raw.isNaN ? f.target : min(1, max(0, raw))
            var lower = 0.0, upper = 1.0
            for q in flights.indices where placed[q] {
                if q < p { upper = min(upper, flights[q].shown) } else { lower = max(lower, flights[q].shown) }
            }
            let shown = min(upper, max(lower, own))
            let held = f === grab?.flight || f === scrollFlight
            if abs(shown - own) > 1e-9 && !held && f.startAt == nil {
                // Pushed by a leaf with the right of way: continue from where it is shown.
                try? f.value.track(shown)
                send(f, to: f.target)
            }
            f.shown = shown
            placed[p] = true
        }
    }

    /// Removes flights that have landed at the ends of the run in flight, moving the resting
    /// opening past them. A leaf landed between leaves still moving stays drawn until they land.
    func landArrivals() {
        var changed = false
        while let f = flights.first, f !== grab?.flight, f !== scrollFlight, f.target == 1, f.hasLanded {
            clock.remove(f.value)
            flights.removeFirst()
            noteRest(f)
            if !book.isPinned(f.index) { restingOpening = f.last + 1 }
            changed = true
        }
        while let f = flights.last, f !== grab?.flight, f !== scrollFlight, f.target == 0, f.hasLanded {
            clock.remove(f.value)
            flights.removeLast()
            noteRest(f)
            if !book.isPinned(f.index) { restingOpening = f.index }
            changed = true
        }
        if changed { rebuildPriority() }
    }

    /// Poses the book: the flights' shown progress, and the resting opening.
    func pushToBook() {
        if leafBuffer.count != flights.count {
            leafBuffer.removeAll(keepingCapacity: true)
            for f in flights { leafBuffer.append(BookLeaf(index: f.index, progress: f.shown, count: f.count, anchor: f.anchor)) }
        } else {
            for i in flights.indices {
                leafBuffer[i] = BookLeaf(index: flights[i].index, progress: flights[i].shown, count: flights[i].count, anchor: flights[i].anchor)
            }
        }
        do {
            try book.setLeaves(leafBuffer, opening: restingOpening)
        } catch {
            // Flights are kept sorted, inside the book and in 0…1: this cannot fail.
            lastError = error
        }
    }
}
