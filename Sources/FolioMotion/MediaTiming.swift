#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Core Animation's `CAMediaTiming` for one animation: when it begins, how long one pass lasts,
/// how fast its time runs, how often it repeats, whether it plays back again, and what it shows
/// outside its active interval; as pure functions of the parent's time.
///
/// From the parent time `t` (seconds: the tree's clock for an animation on a layer, the group's
/// local time for an animation in a group):
///
/// 1. elapsed active time `a = (t − beginTime) · speed`;
/// 2. the active duration `A` = `repeatDuration` when it is > 0, else `d · n · (autoreverses ? 2 : 1)`
///    with `d` the duration and `n` the repeat count (0 counts as 1; fractions and `.infinity`
///    allowed);
/// 3. before (`a < 0`) the animation applies only when it fills backwards (as at `a = 0`), after
///    (`a ≥ A`) only when it fills forwards (as at `a = A`). With a negative speed `a` runs
///    down as the parent time grows: the animation plays its active duration backwards over
///    the parent times `beginTime − A/|speed| … beginTime`, the "after" side (`a > A`) is the
///    earlier one and the "before" side (`a ≤ 0`, from `beginTime` on) the later one, and the
///    boundaries are Web Animations' for a backwards direction (active for `0 < a ≤ A`), so the
///    first instant of a reversed play shows the end of its last pass and its end (`a = 0`)
///    belongs to the backwards fill;
/// 4. the time offset is added, `u = a + timeOffset`, and, as Core Animation's documentation
///    describes it, wraps around the active duration (a 5 s animation with offset 2 plays 2…5,
///    then 0…2);
/// 5. `u` splits into a completed iteration count `k = ⌊u / D⌋` (D = d, or 2d when autoreversing)
///    and a time `w` in the iteration; at the very end of the active duration the last
///    iteration is kept whole (`w = D`), so the final value is the end of the last pass;
/// 6. an autoreversing pass runs back in its second half (`w ← 2d − w` for `w > d`);
/// 7. the progress is `w / d` ∈ 0…1 (a timing function then shapes it).
///
/// A negative speed plays backwards (step 3); a speed of 0 is refused (a paused layer is
/// `speed` 0 on a layer's own timing, not on an animation). A zero duration means Core
/// Animation's default, `defaultDuration` (0.25 s).
public struct MediaTiming: Hashable, Sendable {
    /// Core Animation's duration for an animation whose duration is 0.
    public static let defaultDuration = 0.25

    /// When the animation begins, in the parent's time (seconds).
    public var beginTime: Double
    /// One pass, in local seconds (> 0 once resolved; 0 stands for `defaultDuration`).
    public var duration: Double
    /// How fast local time runs against the parent's (not 0; 2 plays twice as fast, −1 plays
    /// backwards at the normal rate).
    public var speed: Double
    /// Added to the elapsed local time, in seconds (starts the animation part-way through).
    public var timeOffset: Double
    /// How many passes (0 counts as 1; may be fractional or `.infinity`).
    public var repeatCount: Double
    /// How long to repeat for, in local seconds (0: use `repeatCount`; may be `.infinity`).
    public var repeatDuration: Double
    /// Whether each pass plays forward and then back.
    public var autoreverses: Bool
    /// What applies outside the active interval.
    public var fillMode: FillMode

    /// Core Animation's defaults: begins at 0, one pass of `defaultDuration`, speed 1, no
    /// offset, no repetition, no fill.
    public static let `default` = MediaTiming(unchecked: 0)

    init(unchecked duration: Double) {
        beginTime = 0; self.duration = duration; speed = 1; timeOffset = 0
        repeatCount = 0; repeatDuration = 0; autoreverses = false; fillMode = .removed
    }

    /// Timing with every value checked.
    ///
    /// - Throws: `MotionError` naming the first bad value: a begin time or time offset that is
    ///   not finite, a negative or non-finite duration, a speed that is 0 or not finite, a
    ///   negative or NaN repeat count or repeat duration, or both a repeat count and a repeat
    ///   duration (Core Animation leaves that combination undefined).
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) throws(MotionError) {
        self.beginTime = try MotionError.finite("beginTime", beginTime)
        self.duration = try MotionError.nonNegative("duration", duration)
        self.speed = try MotionError.nonZero("speed", speed)
        self.timeOffset = try MotionError.finite("timeOffset", timeOffset)
        guard repeatCount >= 0 else {
            throw .invalidParameter(name: "repeatCount", value: repeatCount, requirement: "≥ 0 (or infinity)")
        }
        guard repeatDuration >= 0 else {
            throw .invalidParameter(name: "repeatDuration", value: repeatDuration, requirement: "≥ 0 (or infinity)")
        }
        guard repeatCount == 0 || repeatDuration == 0 else {
            throw .invalidParameter(name: "repeatDuration", value: repeatDuration,
                                    requirement: "0 when a repeatCount is given (Core Animation leaves both undefined)")
        }
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Where an animation is at a parent time: its progress through the current pass and the
    /// number of passes completed before it.
    public struct Sample: Hashable, Sendable {
        /// Progress through the pass, 0…1, before any timing function (an autoreversing pass
        /// runs 1 → 0 in its second half).
        public var progress: Double
        /// Local seconds into the pass (`progress · duration`): a group's children run on it.
        public var localTime: Double
        /// Passes completed before this one (for cumulative animations), counting a forward and
        /// back trip of an autoreversing animation as one.
        public var iteration: Double
        /// Whether the parent time is at or past the end of the active interval: for a positive
        /// speed from `a ≥ A` on, for a negative one (which plays backwards and ends at its
        /// begin time) from `a ≤ 0` on.
        public var isFinished: Bool
        /// Whether the pass is running backwards (the second half of an autoreversing pass):
        /// progress then falls as the parent time grows.
        public var isReversing: Bool = false

        @usableFromInline
        init(progress: Double, localTime: Double, iteration: Double, isFinished: Bool, isReversing: Bool = false) {
            self.progress = progress; self.localTime = localTime; self.iteration = iteration
            self.isFinished = isFinished; self.isReversing = isReversing
        }
    }

    /// The duration in effect: `duration`, or `defaultDuration` when it is 0.
    @inlinable public var resolvedDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// The active duration in local seconds (step 2 above); may be `.infinity`.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let passes = repeatCount > 0 ? repeatCount : 1
        return resolvedDuration * (autoreverses ? 2 : 1) * passes
    }

    /// The parent time at which the active interval ends (`.infinity` for an endless animation):
    /// `beginTime + A/speed`, or `beginTime` itself for a negative speed (local time reaches 0
    /// there).
    public var endTime: Double { speed > 0 ? beginTime + activeDuration / speed : beginTime }

    /// The parent time at which the active interval starts: `beginTime`, or for a negative
    /// speed `beginTime − A/|speed|` (`-.infinity` for an endless reversed animation).
    public var startTime: Double { speed > 0 ? beginTime : beginTime + activeDuration / speed }

    /// Whether the animation is over at parent time `time`: its active duration has elapsed
    /// (`a ≥ A`), or, for a negative speed, its local time has run down to 0 (`a ≤ 0`: from
    /// `beginTime` on).
    public func isFinished(at time: Double) -> Bool {
        let elapsed = (time - beginTime) * speed
        return speed > 0 ? elapsed >= activeDuration : elapsed <= 0
    }

    /// Whether local time runs at parent time `time`: inside the active interval (`0 ≤ a < A`,
    /// or `0 < a ≤ A` for a negative speed), not in a fill; false for a time that is not finite.
    public func isActive(at time: Double) -> Bool {
        guard time.isFinite else { return false }
        let elapsed = (time - beginTime) * speed
        return speed > 0 ? elapsed >= 0 && elapsed < activeDuration : elapsed > 0 && elapsed <= activeDuration
    }

    /// The sample at parent time `time`, or nil when the animation does not apply there (before
    /// it begins without a backwards fill, after it ends without a forwards fill, or a time that
    /// is not finite).
    ///
    /// Inlined, with a short path for the commonest timing (one pass, no offset, no reversal):
    /// the presentation samples every animation of every animated layer in every frame, and
    /// the call and the general steps were a sixth of its cost. Both paths give the same bits
    /// (the general steps reduce to these operations then; `MediaTimingTests` compares them).
    @inlinable
    public func sample(at time: Double) -> Sample? {
        guard isSinglePass else { return generalSample(at: time) }
        guard time.isFinite else { return nil }
        let d = resolvedDuration
        var elapsed = (time - beginTime) * speed
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            elapsed = 0
        } else if elapsed >= d {
            guard fillMode.fillsForwards else { return nil }
            return Sample(progress: 1, localTime: d, iteration: 0, isFinished: true, isReversing: false)
        }
        return Sample(progress: elapsed / d, localTime: elapsed, iteration: 0, isFinished: false, isReversing: false)
    }

    /// One pass (a repeat count of 0 or 1, no repeat duration), no time offset, no reversal,
    /// a positive speed: `sample(at:)` then takes its short path (a layer's number tracks keep
    /// the answer; a negative speed's boundaries are the general path's).
    @inlinable
    public var isSinglePass: Bool {
        timeOffset == 0 && !autoreverses && repeatDuration <= 0 && (repeatCount == 0 || repeatCount == 1) && speed > 0
    }

    /// `sample(at:)` by the general steps (1–7 above).
    @usableFromInline
    func generalSample(at time: Double) -> Sample? {
        guard time.isFinite else { return nil }
        let d = resolvedDuration
        let active = activeDuration
        var elapsed = (time - beginTime) * speed
        var finished = false
        if speed > 0 {
            if elapsed < 0 {
                guard fillMode.fillsBackwards else { return nil }
                elapsed = 0
            } else if elapsed >= active {
                guard fillMode.fillsForwards else { return nil }
                elapsed = active
                finished = true
            }
        } else {
            // Backwards: the "before" side (a ≤ 0) is where the reversed play has ended, later
            // in parent time; the "after" side (a > A) is before it has begun.
            if elapsed <= 0 {
                guard fillMode.fillsBackwards else { return nil }
                elapsed = 0
                finished = true
            } else if elapsed > active {
                guard fillMode.fillsForwards else { return nil }
                elapsed = active
            }
        }
        // At the end of the active duration (reached forwards, held by a fill, or where a
        // reversed play begins) the last pass is kept whole.
        let atEnd = elapsed >= active
        var u = elapsed + timeOffset
        if timeOffset != 0, active.isFinite {
            u = fmod(u, active)
            if u < 0 { u += active }
            if atEnd && u == 0 { u = active }
        }
        let pass = autoreverses ? 2 * d : d
        var iteration = (u / pass).rounded(.down)
        var within = u - iteration * pass
        if iteration > 0, within <= 0, u >= active {
            // The end of the active duration: the last pass is complete, not the next begun.
            iteration -= 1
            within = pass
        }
        within = min(max(within, 0), pass)
        var reversing = false
        if autoreverses, within > d { within = 2 * d - within; reversing = true }
        return Sample(progress: within / d, localTime: within, iteration: iteration, isFinished: finished, isReversing: reversing)
    }
}
