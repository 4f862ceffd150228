import FolioMotion

/// A transition driven by a clock and by gestures: its progress is an `AnimatedValue`, so
/// animations begin from what is on screen, a drag can grab it mid-flight, and a release
/// hands the pointer's velocity to a spring that completes or falls back.
///
/// Spring overshoot and rubber-banding are shown clamped to 0…1 (a transition has no frames
/// outside that range); the unclamped value stays available as `progress.presentationValue`.
public final class InteractiveTransition {
    /// The transition whose layer tree follows the progress.
    public let transition: any Transition
    /// The progress, with model (destination) and presentation (on screen) values.
    public let progress: AnimatedValue
    /// The clock driving the progress.
    public let clock: AnimationClock
    /// The progress range a drag may reach without resistance (e.g. 0…0 on the last page).
    public var allowedRange: ClosedRange<Double> = 0...1
    /// How much progress a full unit of over-drag can reach (rubber-band dimension).
    public var rubberBandDimension = 0.2
    /// The spring that finishes a release.
    public var releaseSpring = Spring.snappy

    private var tracker = VelocityTracker()
    private var dragging = false

    /// Drives `transition` from `clock`, starting at the transition's current progress.
    public init(_ transition: any Transition, clock: AnimationClock) throws(MotionError) {
        self.transition = transition
        self.clock = clock
        progress = try AnimatedValue(transition.progress)
        progress.onChange = { [unowned transition] p in
            try? transition.setProgress(min(1, max(0, p.isNaN ? 0 : p)))
        }
        clock.add(progress)
    }

    deinit { clock.remove(progress) }

    /// Whether a drag is in progress.
    public var isDragging: Bool { dragging }

    /// Grabs the transition (mid-flight animations stop where they are on screen).
    public func beginDrag() {
        progress.interrupt(at: clock.time)
        tracker.reset()
        tracker.add(progress.presentationValue, at: clock.time)
        dragging = true
    }

    /// Moves to `value` under the pointer (rubber-banded outside `allowedRange`).
    public func drag(to value: Double) throws(MotionError) {
        if !dragging { beginDrag() }
        let shown = RubberBand.clamp(try finite(value), to: allowedRange, dimension: rubberBandDimension)
        tracker.add(shown, at: clock.time)
        try progress.track(shown, velocity: tracker.velocity)
    }

    /// Releases the drag: springs to whichever end of `allowedRange` the flick projects to,
    /// and returns that end.
    @discardableResult
    public func endDrag() throws(MotionError) -> Double {
        dragging = false
        let release = try GestureHandoff.release(value: progress.presentationValue, velocity: tracker.velocity,
                                                 range: allowedRange, spring: releaseSpring, at: clock.time)
        try clock.animate(progress, to: release.target, with: .spring(releaseSpring))
        return release.target
    }

    /// Animates to `target` (0 or 1 usually) with `animation`, from what is on screen.
    public func animate(to target: Double, with animation: Animation) throws(MotionError) {
        dragging = false
        try clock.animate(progress, to: try finite(target), with: animation)
    }

    private func finite(_ v: Double) throws(MotionError) -> Double {
        guard v.isFinite else { throw .nonFinite(name: "progress", value: v) }
        return v
    }
}
