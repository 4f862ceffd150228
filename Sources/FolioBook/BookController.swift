import FolioGeometry
import FolioLayers
import FolioMotion

/// Turns a ``Book``'s pages from keys, pointer, wheel and code, with springs, through an
/// `AnimationClock`.
///
/// - **Never dropped.** ``turnForward()`` and ``turnBackward()`` always act: each starts the
///   next leaf while earlier ones are still moving (any number in flight), or sends a leaf
///   already in flight back the other way.
/// - **Riffles.** ``turn(toPage:)`` turns every leaf in between with staggered starts, in at
///   most ``maximumRiffleLeaves`` bundles (long runs turn as a few thick ones), and lands
///   exactly on the opening that shows the page.
/// - **Grab anything.** ``press(at:)`` takes hold of the topmost face under the pointer — a
///   page lying flat or any leaf in flight — and the grabbed point follows the pointer through
///   the projection; ``release(at:)`` hands the pointer's velocity to a spring that completes
///   or cancels the turn (where the flick would come to rest decides).
/// - **In order.** Leaves are shown in turning order: a later leaf never passes an earlier
///   one; one that would is held back by it (the earlier-started or grabbed leaf wins).
/// - **Ends.** At the first and last opening the page glued to the board lifts against a
///   rubber band and settles back.
/// - **Reduce motion** turns pages with a crossfade.
///
/// Call ``update()`` once per frame after the clock ticks; it allocates nothing while the same
/// leaves stay in flight.
public final class BookController {
    /// The book it turns (replaced by ``setConfiguration(_:)``).
    public private(set) var book: Book
    /// The clock that drives the leaves.
    public let clock: AnimationClock
    /// The clock of the book's layers (``Book/root``), running on ``clock``'s time: animations
    /// and transactions on the book's layers and the leaves' springs move on one time, so slow
    /// motion (`clock.setTimeScale`) and reduce motion (``reduceMotion``) set once act on both,
    /// and ticking ``clock`` also finishes the layers' animations. Replaced with the book by
    /// ``setConfiguration(_:)``, on the same time.
    public private(set) var layerClock: LayerClock
    /// The opening the book will rest at once every leaf in flight has landed.
    public internal(set) var targetOpening: Int
    /// The most leaves (or bundles) a riffle animates.
    public var maximumRiffleLeaves = 8
    /// Seconds between the starts of a riffle's leaves.
    public var riffleStagger = 0.06
    /// The spring that finishes a release or sends a moving leaf the other way.
    public var releaseSpring = Spring.snappy
    /// Touch acknowledgement: how far (in progress) a page lifts as it is pressed, before any
    /// drag; 0 (the default) lifts nothing. The page springs up on ``pressLiftSpring`` when
    /// pressed, settles back on release, and a drag takes over from wherever the spring has it:
    /// the point touched stays under the pointer unless that would drop the page back below
    /// the lift, in which case the page is gripped again where the lift has it. A lift is a lift: it
    /// reports ``BookEvent/Kind/lift`` and, settling back, ``BookEvent/Kind/cancel``. Values
    /// outside 0…0.2 are clamped there; the demo uses 0.03.
    public var pressLift = 0.0
    /// The spring a pressed page lifts on (response 0.18 s, damping ratio 0.7: a quick rise with
    /// a touch of overshoot, the feel of a card picked up).
    public var pressLiftSpring = try! Spring(response: 0.18, dampingRatio: 0.7)
    /// How far past the ends (in progress) a drag can pull against the rubber band.
    public var rubberBandDimension = 0.2
    /// The share of the view at each end, across the spine, where a click turns the page.
    public var edgeMargin = 0.2
    /// Seconds without wheel input after which a wheel gesture is released.
    public var scrollReleaseDelay = 0.15

    /// The last error the controller met and recovered from (a refused setting, say).
    public var lastError: BookError?

    /// Called on the controller's thread as turns lift, commit, land and are cancelled (see
    /// ``BookEvent``), from ``update()`` and the input methods. Not called per frame.
    public var onEvent: ((BookEvent) -> Void)?

    var flights: [LeafMotion] = []
    /// The opening the book rests at when nothing is in flight.
    var restingOpening: Int
    /// Wheel: the unclamped progress the wheel has scrolled the leaf to.
    var scrollRaw = 0.0
    /// Flight positions in priority order (grabbed first, then by start), rebuilt on change.
    var priority: [Int] = []
    var placed: [Bool] = []
    var leafBuffer: [BookLeaf] = []
    var nextOrder = 0
    var grab: Grab?
    var lastScroll: Double?
    var scrollFlight: LeafMotion?

    /// A drag in progress.
    struct Grab {
        /// The view point at the press and the clock time.
        var start: Point
        var startTime: Double
        /// Whether the pointer has moved far enough to count as a drag.
        var moved = false
        /// The flight being dragged (nil until a whole-opening effect decides on a direction).
        var flight: LeafMotion?
        var grip: LeafGrip?
        /// Whether the press lifted the page (``pressLift``): the first movement grips it again
        /// where the lift has it.
        var lifted = false
    }

    /// Drives `book` from `clock`, starting at the book's resting opening.
    public init(book: Book, clock: AnimationClock) {
        self.book = book
        self.clock = clock
        layerClock = LayerClock(root: book.root, clock: clock)
        targetOpening = book.opening
        restingOpening = book.opening
        leafBuffer.reserveCapacity(32)
        flights.reserveCapacity(32)
        priority.reserveCapacity(32)
        placed.reserveCapacity(32)
    }

    deinit {
        for f in flights { clock.remove(f.value) }
    }

    /// Turn pages with a crossfade instead of 3D motion (and short, bounce-free animations);
    /// set on ``clock``, so the book's layers' transactions follow it too (``layerClock``).
    public var reduceMotion: Bool {
        get { book.reduceMotion }
        set {
            book.reduceMotion = newValue
            clock.reduceMotion = newValue
        }
    }

    /// The number of leaves (or riffle bundles) in flight.
    public var leavesInFlight: Int { flights.count }

    /// Whether anything is moving or held.
    public var isTurning: Bool { !flights.isEmpty || grab != nil }

    /// Whether a drag (or wheel gesture) is in progress.
    public var isDragging: Bool { grab?.flight != nil || lastScroll != nil }

    /// Rebuilds the book with `configuration` (a new view size, layout, direction, effect …)
    /// at the same opening with the same leaves in flight; on failure nothing changes.
    public func setConfiguration(_ configuration: BookConfiguration) throws(BookError) {
        let new = try Book(pageCount: book.pageCount, configuration: configuration)
        new.reduceMotion = book.reduceMotion
        new.showsShadows = book.showsShadows
        new.isLit = book.isLit
        // A layout change renumbers leaves: keep the page showing, and let go of every leaf.
        if configuration.layout != book.configuration.layout {
            let page = book.pages(atOpening: targetOpening).unread ?? book.pages(atOpening: targetOpening).read ?? 0
            for f in flights { clock.remove(f.value) }
            flights.removeAll()
            grab = nil
            lastScroll = nil
            scrollFlight = nil
            rebuildPriority()
            targetOpening = try new.opening(showing: page)
            restingOpening = targetOpening
            try new.setOpening(targetOpening)
        } else {
            try new.setOpening(book.opening)
        }
        book = new
        layerClock = LayerClock(root: new.root, clock: clock)
        update()
    }

    // MARK: Flights

    /// The flight that contains leaf `index`.
    func flight(containing index: Int) -> LeafMotion? {
        flights.first { $0.index <= index && index <= $0.last }
    }

    /// Puts a new bundle in flight at `progress` (it must border the leaves in flight).
    @discardableResult
    func startFlight(index: Int, count: Int = 1, progress: Double) -> LeafMotion? {
        let pinned = book.isPinned(index)
        let allowed: ClosedRange<Double> = pinned ? (index < 0 ? 1...1 : 0...0) : 0...1
        guard let f = try? LeafMotion(index: index, count: count, progress: progress, allowed: allowed, order: nextOrder) else { return nil }
        nextOrder += 1
        clock.add(f.value)
        let position = flights.firstIndex { $0.index > index } ?? flights.count
        flights.insert(f, at: position)
        rebuildPriority()
        return f
    }

    func rebuildPriority() {
        priority = flights.indices.sorted { a, b in
            let ga = flights[a] === grab?.flight, gb = flights[b] === grab?.flight
            if ga != gb { return ga }
            return flights[a].order < flights[b].order
        }
        placed = Array(repeating: false, count: flights.count)
    }

    /// Sends `f` toward `target` (0 or 1) with `animation`, or with the release spring when nil.
    func send(_ f: LeafMotion, to target: Double, with animation: Animation? = nil) {
        f.target = target
        noteTarget(f)
        f.startAt = nil
        f.pending = nil
        do {
            try clock.animate(f.value, to: target, with: animation ?? .spring(releaseSpring))
        } catch {
            // A finite target with a validated animation cannot fail; if it ever did, land at once.
            try? f.value.track(target)
        }
    }

    /// Points every flight at the end `targetOpening` implies: leaves before it turned, the rest not.
    func retargetFlights() {
        for f in flights where f !== grab?.flight && f !== scrollFlight && !book.isPinned(f.index) {
            let target: Double = f.last < targetOpening ? 1 : 0
            if f.target != target { send(f, to: target) }
        }
    }

    /// Moves `targetOpening` to `o`, snapped out of any bundle it would split.
    func setTarget(_ o: Int, forward: Bool) {
        var o = min(book.leafCount, max(0, o))
        if let f = flight(containing: o), f.index < o { o = forward ? f.last + 1 : f.index }
        targetOpening = o
        retargetFlights()
    }

    // MARK: Keys and code

    /// Turns to the next page: starts the next leaf, or sends a leaf going back forward again.
    /// At the end the last page lifts against the rubber band.
    public func turnForward() {
        let i = targetOpening
        if i >= book.leafCount {
            bump(leaf: book.leafCount, forward: true)
            return
        }
        if let f = flight(containing: i) {
            setTarget(f.last + 1, forward: true)
            if f.target != 1 { send(f, to: 1) }
        } else {
            let animation = book.effect(forLeaf: i).turnAnimation(forward: true)
            guard let f = startFlight(index: i, progress: 0) else { return }
            targetOpening = i + 1
            send(f, to: 1, with: animation)
            retargetFlights()
        }
        update()
    }

    /// Turns to the previous page: starts the previous leaf back, or sends a leaf going forward
    /// back again. At the start the first page lifts against the rubber band.
    public func turnBackward() {
        let i = targetOpening - 1
        if i < 0 {
            bump(leaf: -1, forward: false)
            return
        }
        if let f = flight(containing: i) {
            setTarget(f.index, forward: false)
            if f.target != 0 { send(f, to: 0) }
        } else {
            let animation = book.effect(forLeaf: i).turnAnimation(forward: false)
            guard let f = startFlight(index: i, progress: 1) else { return }
            targetOpening = i
            send(f, to: 0, with: animation)
            retargetFlights()
        }
        update()
    }

    /// Lifts the pinned end page `leaf` a little and lets it settle back (nothing to lift in a
    /// spread whose end shows no page).
    func bump(leaf: Int, forward: Bool) {
        guard book.leafRange.contains(leaf), flight(containing: leaf) == nil else { return }
        let rest: Double = leaf < 0 ? 1 : 0
        guard let f = startFlight(index: leaf, progress: rest),
              let keys = try? KeyframeAnimation(values: [rest, leaf < 0 ? 0.94 : 0.06, rest], timingFunctions: [.easeOut, .easeIn])
        else { return }
        send(f, to: rest, with: .keyframes(keys, duration: 0.35))
        update()
    }

    /// Turns to the opening that shows `page`, riffling through the leaves in between with
    /// staggered starts; lands exactly there.
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:count:)``.
    public func turn(toPage page: Int) throws(BookError) {
        let goal = try book.opening(showing: page)
        guard goal != targetOpening else { return }
        let forward = goal > targetOpening
        let lo = flights.first(where: { !book.isPinned($0.index) })?.index ?? targetOpening
        let hi = flights.last(where: { !book.isPinned($0.index) })?.last ?? (targetOpening - 1)
        // Leaves already in flight are sent along; the rest start one after another.
        let from = forward ? max(targetOpening, hi + 1) : goal, to = forward ? goal : min(targetOpening, lo)
        let run = from..<max(from, to)
        setTarget(goal, forward: forward)
        guard !run.isEmpty else { update(); return }
        let bundles = min(run.count, max(1, maximumRiffleLeaves))
        var starts: [(index: Int, count: Int)] = []
        for b in 0..<bundles {
            let from = run.lowerBound + run.count * b / bundles, to = run.lowerBound + run.count * (b + 1) / bundles
            starts.append((from, to - from))
        }
        if !forward { starts.reverse() }
        for (n, s) in starts.enumerated() {
            guard let f = startFlight(index: s.index, count: s.count, progress: forward ? 0 : 1) else { continue }
            f.target = forward ? 1 : 0
            noteTarget(f)
            f.pending = book.effect(forLeaf: s.index, count: s.count).turnAnimation(forward: forward)
            f.startAt = clock.time + Double(n) * riffleStagger
        }
        targetOpening = goal
        update()
    }
}
