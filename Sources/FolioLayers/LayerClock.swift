import FolioGeometry
import FolioMotion

/// The one clock of a layer tree: host time in, tree time out, and the scope of implicit
/// animations (Core Animation's transactions).
///
/// `tick(to:)` takes the host's monotonic time (seconds) and advances tree time by the elapsed
/// host time × `timeScale` (0.1 is 10× slow motion, as the simulator's slow animations). Every
/// animation on the tree uses tree time: explicit ones' `beginTime`, and the implicit ones a
/// transaction adds, which begin at `time`. Draw inside `present(_:)`, and hit-test with
/// `hitTest(_:)` to catch layers where they are seen.
///
/// Its time runs on an `AnimationClock` (`animationClock`): its own, or one it shares with
/// FolioMotion's animated values (`init(root:clock:)`, as `BookController` runs its book's
/// layers on the clock that turns its leaves), so time, slow motion and reduce motion are set
/// once for both, and ticking either clock advances both.
///
/// Outside `perform(_:_:)`, setting a property is immediate, as for layers that back UIKit
/// views: code that poses layers every frame behaves exactly as without a clock.
public final class LayerClock: AnimationClockFollower {
    /// The tree the clock drives.
    public let root: Layer
    /// The clock whose time this is (shared with the animated values that run on it).
    public let animationClock: AnimationClock
    /// Tree time in seconds (the animation clock's time).
    public var time: Double { animationClock.time }
    /// Multiplies elapsed host time (1 real time, 0.1 slow motion); finite and > 0.
    public var timeScale: Double { animationClock.timeScale }
    /// The accessibility setting (the animation clock's): changes of spatial properties
    /// (position, bounds, transforms, …) made in a transaction become immediate; opacity and
    /// colours still fade, over the transaction's curve (a spring becomes a 0.25 s
    /// easeInEaseOut), as the platforms do.
    public var reduceMotion: Bool {
        get { animationClock.reduceMotion }
        set { animationClock.reduceMotion = newValue }
    }
    private var pendingCompletions: [PendingCompletion] = []

    /// A clock for the tree under `root`, at tree time `time`, on an animation clock of its own.
    ///
    /// - Throws: `MotionError.nonFinite` for a time that is not finite.
    public convenience init(root: Layer, time: Double = 0) throws(MotionError) {
        self.init(root: root, clock: try AnimationClock(time: time))
    }

    /// A clock for the tree under `root` on `clock`'s time: one clock for the tree and the
    /// values `clock` drives (its slow motion and reduce motion are this clock's).
    public init(root: Layer, clock: AnimationClock) {
        self.root = root
        animationClock = clock
        clock.addFollower(self)
    }

    /// Sets how fast time runs against host time (on the shared animation clock).
    ///
    /// - Throws: `MotionError` unless finite and > 0.
    public func setTimeScale(_ scale: Double) throws(MotionError) {
        try animationClock.setTimeScale(scale)
    }

    /// Advances to host time `hostTime` (monotonic seconds; the first tick only sets the
    /// baseline), removes the animations that finished and calls their completions.
    ///
    /// - Throws: `MotionError` for a time that is not finite or earlier than the last.
    public func tick(to hostTime: Double) throws(MotionError) {
        try animationClock.tick(to: hostTime)
    }

    /// Advances tree time by `seconds` (unscaled; for tests and offline rendering).
    ///
    /// - Throws: `MotionError` for a negative or non-finite step.
    public func advance(by seconds: Double) throws(MotionError) {
        try animationClock.advance(by: seconds)
    }

    /// The animation clock moved (a tick or an advance, through this clock or another
    /// follower): finished animations leave and completions run.
    public func clockDidAdvance(to time: Double) {
        finishAnimations()
    }

    /// Adds `animation` to `layer` under `key` as Core Animation does when a transaction
    /// commits: a `beginTime` of 0 means now (this clock's `time`, in the layer's local time when
    /// it or an ancestor has a `timing`); any other `beginTime` is a time in the layer's local
    /// time, as with `Layer.add(_:forKey:)`. Animations inside a group keep their
    /// times relative to the group.
    ///
    /// With a negative speed "now" is where the backwards play begins: the begin time (where
    /// local time reaches 0, the reversed play's end) becomes `time + A/|speed|`, A the active
    /// duration, as Web Animations' `play()` rewinds an animation with a negative playback rate
    /// to its end. Core Animation stamps the commit time itself, which leaves a reversed
    /// animation nothing to play (its active interval lies before it). An endless reversed
    /// animation has no end to rewind to and keeps the commit time.
    ///
    /// `Layer.add(_:forKey:)` alone has no clock, so there a `beginTime` of 0 is the tree's
    /// time 0: an animation added that way on a clock already past its duration has finished.
    ///
    /// - Throws: `AnimationError.unknownKeyPath`, as `Layer.add(_:forKey:)`.
    public func add(_ animation: LayerAnimation, to layer: Layer, forKey key: String?) throws(AnimationError) {
        var stamped = animation
        if stamped.timing.beginTime == 0 {
            // Now in the layer's own time (Core Animation converts the commit time so too).
            let timing = stamped.timing
            let rewind = timing.speed < 0 && timing.activeDuration.isFinite ? timing.activeDuration / -timing.speed : 0
            stamped.timing.beginTime = layer.localTime(fromTreeTime: time) + rewind
        }
        try layer.add(stamped, forKey: key)
    }

    /// Runs `body` with the presentation at `time` applied (see `Layer.withPresentation`).
    public func present<Result>(_ body: () throws -> Result) rethrows -> Result {
        try root.withPresentation(at: time, body)
    }

    /// The layer at `point` in the presentation now (`Layer.hitTest(_:at:)`).
    public func hitTest(_ point: Point) -> Layer? { root.hitTest(point, at: time) }

    /// Stops `keyPath` of `layer` where it is on screen — a drag taking over from an animation:
    /// the model value becomes the presentation value now, the animations on the key leave,
    /// and the presentation velocity is returned (in units per second) for the drag to hand
    /// back later. Value and velocity are both continuous through the hand-over.
    @discardableResult
    public func takeOver(_ layer: Layer, keyPath: AnimationKeyPath) -> AnimationValue {
        let velocity = layer.presentationVelocity(forKeyPath: keyPath.storedProperty, at: time)
        let value = layer.presentationValue(forKeyPath: keyPath.storedProperty, at: time)
        layer.removeAnimations(touching: keyPath.storedProperty)
        layer.setValue(value, forKeyPath: keyPath.storedProperty)
        return velocity
    }

    private func finishAnimations() {
        root.removeFinishedAnimations(at: time)
        var i = 0
        while i < pendingCompletions.count {
            if pendingCompletions[i].state.remaining <= 0 {
                let done = pendingCompletions.remove(at: i)
                done.completion()
            } else {
                i += 1
            }
        }
    }

    /// A transaction's completion, waiting for its animations.
    struct PendingCompletion {
        final class State { var remaining = 0 }
        let state: State
        let completion: () -> Void
    }

    func enqueue(_ pending: PendingCompletion) { pendingCompletions.append(pending) }
}
