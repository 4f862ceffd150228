import FolioGeometry
import FolioLayers
import FolioMotion
import FolioTransitions

/// The demo's interaction model, free of GL: which page is showing, the transition that turns
/// it, and how pointer, wheel and keys drive that transition through `InteractiveTransition`.
///
/// Points are in page coordinates (the page's top-left corner is the origin).
final class PageTurner {
    let clock: AnimationClock
    let pageCount: Int
    /// The page showing when no turn is in flight (0-based).
    private(set) var page = 0
    private(set) var settings: DemoSettings
    private(set) var pageSize: Size
    private(set) var scale: Double
    /// The layer holding the transition's root; its bounds are the page.
    let container = Layer(name: "page")
    private(set) var transition: any Transition
    private(set) var driver: InteractiveTransition
    /// Whether the current transition turns toward the next page.
    private(set) var forward = true
    /// The last thing worth telling the user (a refused setting), if any.
    var message: String?

    private struct Grab {
        var start: Point
        var startTime: Double
        var moved = false
        var decided: Bool
        /// Flip: the grabbed leaf point's distance from the spine, and a progress offset used
        /// when the pointer was not over the leaf.
        var radius: Double = 0
        var offset: Double = 0
        /// Fold: the hinge's offset at the grab.
        var hinge = 0.0
    }
    private var grab: Grab?
    private var lastScroll: Double?

    /// Seconds without wheel input after which a wheel gesture is released.
    static let scrollReleaseDelay = 0.15
    /// Fraction of the page at each end where a click turns the page.
    static let edgeMargin = 0.2

    init(pageCount: Int, size: Size, scale: Double, settings: DemoSettings, clock: AnimationClock) throws {
        self.pageCount = max(1, pageCount)
        self.pageSize = size; self.scale = scale; self.settings = settings; self.clock = clock
        let t = try Self.makeTransition(page: 0, forward: true, count: self.pageCount, size: size, scale: scale, settings: settings)
        transition = t
        driver = try InteractiveTransition(t, clock: clock)
        container.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        try container.setSublayers([t.root])
        driver.allowedRange = 0...(Self.destination(page: 0, forward: true, count: self.pageCount) == nil ? 0 : 1)
    }

    /// The content handle showing page `index`.
    static func handle(_ index: Int) -> ContentHandle { ContentHandle(index + 1) }

    static func destination(page: Int, forward: Bool, count: Int) -> Int? {
        let d = forward ? page + 1 : page - 1
        return (0..<count).contains(d) ? d : nil
    }

    static func makeTransition(page: Int, forward: Bool, count: Int, size: Size, scale: Double,
                               settings: DemoSettings) throws -> any Transition {
        let source = handle(page)
        let destination = Self.destination(page: page, forward: forward, count: count).map(handle)
        if settings.reduceMotion {
            return try CrossfadeTransition(size: size, source: source, destination: destination)
        }
        switch settings.effect {
        case .flip:
            let style = settings.flipStyle(forward: forward)
            let across = style.contains(.vertical) ? size.height : size.width
            let flip = try FlipTransition(size: size, scale: scale, style: style,
                                          m34: Perspective.defaultM34(extent: across) * settings.perspective,
                                          viewpoint: settings.viewpoint, source: source, destination: destination)
            flip.showsShadows = settings.shadows
            return flip
        case .fold:
            let style = settings.foldStyle
            let across = style.contains(.horizontal) ? size.width : size.height
            let fold = try FoldTransition(size: size, scale: scale, style: style,
                                          m34: Perspective.defaultM34(extent: across) * settings.perspective,
                                          source: source, destination: destination)
            fold.showsShadows = settings.shadows
            return fold
        }
    }

    /// Whether a turn is showing or moving (not resting on `page`).
    var isTurning: Bool { grab != nil || driver.progress.isAnimating || driver.progress.presentationValue != 0 }

    /// Rebuilds the transition for `forward` at `progress`, keeping an in-flight animation's
    /// destination (resizes and setting changes never make the page jump).
    private func rebuild(forward: Bool, progress: Double) throws {
        let t = try Self.makeTransition(page: page, forward: forward, count: pageCount, size: pageSize, scale: scale, settings: settings)
        let wasAnimating = driver.progress.isAnimating, target = driver.progress.modelValue
        let velocity = driver.progress.velocity
        let shown = min(1, max(0, progress))
        try t.setProgress(shown)
        let d = try InteractiveTransition(t, clock: clock)
        d.allowedRange = 0...(Self.destination(page: page, forward: forward, count: pageCount) == nil ? 0 : 1)
        try container.setSublayers([t.root])
        transition = t; driver = d; self.forward = forward
        if wasAnimating {
            try d.progress.track(shown, velocity: velocity)
            try d.animate(to: target, with: .spring(d.releaseSpring))
        }
    }

    /// Applies new settings, keeping the page and progress.
    func apply(_ newSettings: DemoSettings) {
        let old = settings
        settings = newSettings
        clock.reduceMotion = newSettings.reduceMotion
        do { try clock.setTimeScale(newSettings.slowMotion ? 0.1 : 1) } catch { message = "\(error)" }
        do {
            try rebuild(forward: forward, progress: driver.progress.presentationValue)
        } catch {
            message = "\(error)"
            settings = old
            try? rebuild(forward: forward, progress: driver.progress.presentationValue)
        }
    }

    /// Rebuilds for a new page size or pixel scale.
    func resize(to size: Size, scale: Double) {
        guard size.width >= 1, size.height >= 1, size != pageSize || scale != self.scale else { return }
        pageSize = size; self.scale = scale
        container.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        do { try rebuild(forward: forward, progress: driver.progress.presentationValue) } catch { message = "\(error)" }
    }

    // MARK: Pointer

    /// Whether the effect's motion runs along y: a vertical flip, or a fold with a horizontal
    /// hinge (the default fold).
    private var movesAlongY: Bool {
        if let flip = transition as? FlipTransition { return flip.style.contains(.vertical) }
        if let fold = transition as? FoldTransition { return !fold.style.contains(.horizontal) }
        return false
    }

    /// The pointer's coordinate along the effect's motion (across the spine or hinge).
    private func across(_ p: Point) -> Double { movesAlongY ? p.y : p.x }

    /// The page's extent along the effect's motion, in points.
    private var acrossExtent: Double { movesAlongY ? pageSize.height : pageSize.width }

    func press(at p: Point) {
        guard grab == nil else { return }
        if isTurning {
            // Grab the page mid-flight where it is on screen.
            driver.beginDrag()
            var g = Grab(start: p, startTime: clock.time, decided: true)
            prepareTracking(&g, at: p)
            grab = g
            return
        }
        if transition is FlipTransition && !settings.reduceMotion {
            let trailing = across(p) >= (transition as! FlipTransition).spinePosition
            let towardNext = trailing != settings.rightToLeft
            do { try rebuild(forward: towardNext, progress: 0) } catch { message = "\(error)"; return }
            driver.beginDrag()
            var g = Grab(start: p, startTime: clock.time, decided: true)
            prepareTracking(&g, at: p)
            grab = g
        } else {
            // Fold and crossfade pick their direction from the first movement.
            grab = Grab(start: p, startTime: clock.time, decided: false)
        }
    }

    private func prepareTracking(_ g: inout Grab, at p: Point) {
        if let flip = transition as? FlipTransition {
            let offset = across(p) - flip.spinePosition
            if let r = flip.leafRadius(underPointerOffset: offset) {
                g.radius = max(0.15 * flip.leafLength, r)
                g.offset = driver.progress.presentationValue - flip.progress(forPointerOffset: offset, radius: g.radius)
                if abs(g.offset) < 1e-9 { g.offset = 0 }
            } else {
                g.radius = flip.leafLength
                g.offset = driver.progress.presentationValue - flip.progress(forPointerOffset: offset, radius: g.radius)
            }
        } else if let fold = transition as? FoldTransition {
            g.hinge = fold.hingeOffset
        } else {
            g.offset = driver.progress.presentationValue
        }
    }

    func move(to p: Point) {
        guard var g = grab else { return }
        let dx = p.x - g.start.x, dy = p.y - g.start.y
        if !g.moved && dx * dx + dy * dy < 9 { return }
        g.moved = true
        if !g.decided {
            // Fold: down folds toward the next page; crossfade: right or down goes forward.
            let delta = transition is FoldTransition ? dy : (abs(dx) > abs(dy) ? -dx : dy)
            let towardNext = (delta > 0) != settings.rightToLeft
            do { try rebuild(forward: towardNext, progress: 0) } catch { message = "\(error)"; grab = nil; return }
            driver.beginDrag()
            prepareTracking(&g, at: g.start)
            g.decided = true
        }
        grab = g
        track(p, g)
    }

    private func track(_ p: Point, _ g: Grab) {
        let progress: Double
        if let flip = transition as? FlipTransition {
            progress = flip.progress(forPointerOffset: across(p) - flip.spinePosition, radius: g.radius) + g.offset
        } else if let fold = transition as? FoldTransition {
            let along = across(p) - across(g.start)
            let sign: Double = forward != settings.rightToLeft ? 1 : -1
            progress = fold.progress(forHingeOffset: g.hinge + sign * along)
        } else {
            let extent = settings.alternateOrientation ? pageSize.height : pageSize.width
            let delta = abs(p.x - g.start.x) > abs(p.y - g.start.y) ? g.start.x - p.x : p.y - g.start.y
            progress = g.offset + abs(delta) / extent
        }
        do { try driver.drag(to: progress) } catch { message = "\(error)" }
    }

    func release(at p: Point) {
        guard let g = grab else { return }
        grab = nil
        if !g.moved && clock.time - g.startTime < 0.4 * clock.timeScale + 0.3 {
            // A click: the page edges turn the page; elsewhere, let go where it was.
            let position = across(p) / acrossExtent
            if g.decided { _ = try? driver.endDrag() }
            if !isTurning || driver.progress.modelValue == 0 {
                if position > 1 - Self.edgeMargin { turn(forward: !settings.rightToLeft); return }
                if position < Self.edgeMargin { turn(forward: settings.rightToLeft); return }
            }
            return
        }
        if g.decided { do { try driver.endDrag() } catch { message = "\(error)" } }
    }

    /// Wheel input: positive `dy` folds toward the next page.
    func scroll(by dy: Double) {
        guard grab == nil, dy.isFinite, dy != 0 else { return }
        if lastScroll == nil {
            if isTurning {
                driver.beginDrag()
            } else {
                do { try rebuild(forward: (dy > 0) != settings.rightToLeft, progress: 0) } catch { message = "\(error)"; return }
                driver.beginDrag()
            }
        }
        lastScroll = clock.time
        let step = 0.06 * dy * (forward != settings.rightToLeft ? 1 : -1)
        do { try driver.drag(to: driver.progress.presentationValue + step) } catch { message = "\(error)" }
    }

    // MARK: Keys and time

    /// Turns to the next or previous page with the effect's own timing; at the first or last
    /// page the page lifts a little and settles back.
    func turn(forward towardNext: Bool) {
        guard !isTurning else { return }
        do {
            try rebuild(forward: towardNext, progress: 0)
            if Self.destination(page: page, forward: towardNext, count: pageCount) == nil {
                let bump = try KeyframeAnimation(values: [0.0, 0.06, 0], timingFunctions: [.easeOut, .easeIn])
                try driver.animate(to: 0, with: .keyframes(bump, duration: 0.35))
                return
            }
            let animation: Animation
            if settings.reduceMotion {
                animation = .timing(.easeInEaseOut, duration: transition.duration)
            } else if let flip = transition as? FlipTransition {
                // The flip's two stages: easeIn to the half-way pose, then easeOut.
                let staged = try KeyframeAnimation(values: [0.0, 0.5, 1], timingFunctions: [.easeIn, .easeOut])
                animation = .keyframes(staged, duration: flip.duration)
            } else {
                let fold = transition as! FoldTransition
                animation = .timing(fold.timing, duration: fold.duration)
            }
            try driver.animate(to: 1, with: animation)
        } catch {
            message = "\(error)"
        }
    }

    /// Per frame, after the clock ticks: releases an idle wheel gesture and commits a finished turn.
    func update() {
        if let last = lastScroll, clock.time - last > Self.scrollReleaseDelay * clock.timeScale {
            lastScroll = nil
            do { try driver.endDrag() } catch { message = "\(error)" }
        }
        guard grab == nil, lastScroll == nil, !driver.progress.isAnimating else { return }
        if driver.progress.presentationValue == 1, let next = Self.destination(page: page, forward: forward, count: pageCount) {
            page = next
            do { try rebuild(forward: forward, progress: 0) } catch { message = "\(error)" }
        }
    }
}
