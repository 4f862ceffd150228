import FolioGeometry

/// The clock that drives `AnimatedValue`s: host time in, scaled animation time out.
///
/// `tick(to:)` takes the host's monotonic time (seconds, e.g. the display's frame time) and
/// advances animation time by the elapsed host time × `timeScale` (0.1 is 10× slow motion).
/// Tests call `tick(to:)` with chosen times, so runs are deterministic and frame-rate
/// independent. With `reduceMotion` on, new animations become a short, bounce-free
/// easeInEaseOut (and the transition layer shows a crossfade instead of 3D motion).
///
/// One clock per tree: a layer tree's `LayerClock` (FolioLayers) can run on this clock
/// (`LayerClock(root:clock:)`), so its time, slow motion and reduce motion are this clock's and
/// the book's leaves and its layers' animations move on one time. Such clocks follow it
/// (`addFollower(_:)`): every tick or advance tells them, whichever of them the host drives.
public final class AnimationClock {
    /// Animation time, in seconds since the first tick.
    public private(set) var time: Double = 0
    /// Multiplies elapsed host time (1 real time, 0.1 slow motion); finite and > 0.
    public private(set) var timeScale: Double = 1
    /// Replace motion with short crossfades (the accessibility setting).
    public var reduceMotion = false
    /// The easeInEaseOut duration that replaces every animation under reduce motion, in seconds.
    public static let reducedMotionDuration = 0.25

    private var lastHostTime: Double?
    private var values: [AnimatedValue] = []
    private var followers: [WeakFollower] = []

    /// A clock at time 0.
    public init() { values.reserveCapacity(16) }

    /// A clock at animation time `time` (seconds).
    ///
    /// - Throws: `MotionError.nonFinite` for a time that is not finite.
    public convenience init(time: Double) throws(MotionError) {
        self.init()
        self.time = try MotionError.finite("time", time)
    }

    /// Tells `follower` every time the clock's time moves, after the animated values have been
    /// updated (held weakly; adding it again does nothing).
    public func addFollower(_ follower: any AnimationClockFollower) {
        followers.removeAll { $0.follower == nil }
        if !followers.contains(where: { $0.follower === follower }) { followers.append(WeakFollower(follower: follower)) }
    }

    private struct WeakFollower {
        weak var follower: (any AnimationClockFollower)?
    }

    private func notifyFollowers() {
        for entry in followers { entry.follower?.clockDidAdvance(to: time) }
    }

    /// Sets how fast animation time runs against host time (finite and > 0).
    public func setTimeScale(_ scale: Double) throws(MotionError) {
        timeScale = try MotionError.positive("timeScale", scale)
    }

    /// Drives `value` from now on (once; adding it again does nothing).
    public func add(_ value: AnimatedValue) {
        if !values.contains(where: { $0 === value }) { values.append(value) }
    }

    /// Stops driving `value`.
    public func remove(_ value: AnimatedValue) {
        values.removeAll { $0 === value }
    }

    /// Whether any driven value is animating.
    public var isAnimating: Bool { values.contains { $0.isAnimating } }

    /// Advances to host time `hostTime` (seconds, monotonic) and updates every value.
    /// The first tick only sets the baseline.
    public func tick(to hostTime: Double) throws(MotionError) {
        let hostTime = try MotionError.finite("hostTime", hostTime)
        if let last = lastHostTime {
            guard hostTime >= last else { throw .timeWentBackwards(from: last, to: hostTime) }
            time += (hostTime - last) * timeScale
        }
        lastHostTime = hostTime
        for value in values { value.update(at: time) }
        notifyFollowers()
    }

    /// Advances animation time by `seconds` (unscaled; for tests and offline rendering).
    public func advance(by seconds: Double) throws(MotionError) {
        time += try MotionError.nonNegative("seconds", seconds)
        for value in values { value.update(at: time) }
        notifyFollowers()
    }

    /// Animates `value` to `target` now, beginning from its presentation value; under reduce
    /// motion the animation is replaced by a short easeInEaseOut.
    ///
    /// - Parameters:
    ///   - value: the value to animate (added to the clock if needed).
    ///   - target: the new model value.
    ///   - animation: how to get there.
    ///   - velocity: the start velocity in value units per second (a flick's speed), taken by
    ///     springs; nil keeps the value's current velocity.
    /// - Throws: `MotionError` for non-finite numbers or a bad duration.
    public func animate(_ value: AnimatedValue, to target: Double, with animation: Animation,
                        velocity: Double? = nil) throws(MotionError) {
        add(value)
        value.update(at: time)
        let effective: Animation
        if reduceMotion, case .none = animation {
            effective = animation
        } else if reduceMotion {
            effective = .timing(.easeInEaseOut, duration: Self.reducedMotionDuration)
        } else {
            effective = animation
        }
        try value.set(target, animation: effective, at: time, velocity: velocity)
    }
}
