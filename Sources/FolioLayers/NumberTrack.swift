import FolioGeometry
import FolioMotion

/// A basic or spring animation of a number stored directly in a layer (`opacity`,
/// `position.x|y`, `zPosition`, `anchorPointZ`, `cornerRadius`, `borderWidth`), flattened into
/// plain values when it is added, so that presenting it reads one contiguous table of structs:
/// no enum payload objects, no key path lookups, no reference counting per frame.
///
/// This is the presentation's fast path (`LayerAnimationStorage.presentTracks`): a layer takes
/// it when every one of its animations is such a track, which is what a spring or a fade on
/// thousands of layers is. It computes exactly what `LayerAnimation.leafNumber(_:base:)`
/// computes (the same operations in the same order, so the same bits; tested against it).
///
/// A row is what presenting a one-pass spring reads, in 64 bytes: one cache line in its table
/// (`NumberTrackTable` aligns the rows to 64). Presenting 10,000 springing layers reads one row
/// each per frame; the row that held the whole `MediaTiming`, the timing function and the
/// optional from/to/by was 184 bytes, three or four lines. What only other animations read — the
/// timing of one with repeats, an offset or reversal, a basic animation's timing function — is
/// in the table's `Timing` row of the same index.
struct NumberTrack {
    /// `MediaTiming.beginTime`, `resolvedDuration` and `speed`: what a one-pass sample reads.
    let beginTime: Double, duration: Double, speed: Double
    /// The start value when `fromIsBase` is false: `from`, or `to − by` (worked out once; the
    /// same operation `LayerAnimation.resolveNumbers` does on the same values each frame).
    let from: Double
    /// The end value (`toMode` 0: `to`, or `from + by` worked out once), or the `by` added to
    /// the base (`toMode` 2); unused when the end is the base (`toMode` 1).
    let to: Double
    /// A spring's absolute start velocity (units per second) when `hasVelocity`, otherwise its
    /// start velocity as a fraction of the distance per second (`initialVelocity`).
    let velocity: Double
    /// Where a spring's unit responses (φ as x, ψ as y; `LayerAnimation.SpringValues.responses`)
    /// are in the table's `springs` (−1 for a basic animation).
    let spring: Int32
    /// The animated property, as its slot in `SavedNumbers` (`SavedNumbers.slot(of:)`).
    let slot: UInt8
    /// How the end is found: 0 the constant `to`, 1 the base, 2 the base plus `to`.
    let toMode: UInt8
    /// Whether the start is the base (no `from`, and not both `to` and `by`).
    let fromIsBase: Bool
    /// Whether `velocity` is absolute.
    let hasVelocity: Bool
    /// `LayerAnimation.isAdditive`, `isCumulative`.
    let isAdditive: Bool, isCumulative: Bool
    /// `MediaTiming.isSinglePass`, and its fill mode's two directions.
    let isSinglePass: Bool, fillsBackwards: Bool, fillsForwards: Bool

    /// What a track reads only when it is not a one-pass spring.
    struct Timing {
        /// The animation's media timing (sampled in full when `isSinglePass` is false).
        let timing: MediaTiming
        /// Shapes a basic animation's progress (unused by a spring).
        let timingFunction: TimingFunction
    }

    /// The track for `animation` and its timing row (a spring's responses appended to
    /// `springs`), or nil when it is not a basic or spring animation of a number stored in the
    /// layer (`SavedNumbers.slot(of:)`): groups, keyframes and other value kinds take the
    /// general path.
    static func make(_ animation: LayerAnimation, springs: inout [GenericSpringMotion<Point>]) -> (NumberTrack, Timing)? {
        guard let path = animation.keyPath, let slot = SavedNumbers.slot(of: path) else { return nil }
        let numbers: LayerAnimation.NumberTriple
        var spring: Int32 = -1, velocity = 0.0, hasVelocity = false
        switch animation.kind {
        case let .basic(basic):
            guard basic.numbers.isNumeric, basic.velocity == nil else { return nil }   // a hand-over velocity: general path
            numbers = basic.numbers
        case let .spring(motion):
            guard motion.numbers.isNumeric, motion.velocity == nil || motion.velocityNumber != nil else { return nil }
            numbers = motion.numbers
            if let v = motion.velocityNumber { velocity = v; hasVelocity = true } else { velocity = motion.initialVelocity }
            spring = Int32(springs.count)
            springs.append(motion.responses)
        case .keyframes, .group:
            return nil
        }
        // `LayerAnimation.resolveNumbers`, with what does not depend on the base worked out here.
        var from = 0.0, to = 0.0, fromIsBase = false, toMode: UInt8 = 0
        switch (numbers.from, numbers.to, numbers.by) {
        case let (f?, t?, _): (from, to) = (f, t)
        case let (f?, nil, b?): (from, to) = (f, f + b)
        case let (f?, nil, nil): from = f; toMode = 1
        case let (nil, t?, b?): (from, to) = (t - b, t)
        case let (nil, t?, nil): fromIsBase = true; to = t
        case let (nil, nil, b?): fromIsBase = true; to = b; toMode = 2
        case (nil, nil, nil): fromIsBase = true; toMode = 1
        }
        let timing = animation.timing
        let track = NumberTrack(beginTime: timing.beginTime, duration: timing.resolvedDuration, speed: timing.speed,
                                from: from, to: to, velocity: velocity, spring: spring, slot: UInt8(slot), toMode: toMode,
                                fromIsBase: fromIsBase, hasVelocity: hasVelocity,
                                isAdditive: animation.isAdditive, isCumulative: animation.isCumulative,
                                isSinglePass: timing.isSinglePass, fillsBackwards: timing.fillMode.fillsBackwards,
                                fillsForwards: timing.fillMode.fillsForwards)
        return (track, Timing(timing: timing, timingFunction: animation.timingFunction))
    }

    /// This row with its spring's responses at `index` of another table (a kept
    /// `PresentationList` copies the rows of many layers and their springs side by side).
    func withSpring(at index: Int32) -> NumberTrack {
        NumberTrack(beginTime: beginTime, duration: duration, speed: speed, from: from, to: to, velocity: velocity,
                    spring: index, slot: slot, toMode: toMode, fromIsBase: fromIsBase, hasVelocity: hasVelocity,
                    isAdditive: isAdditive, isCumulative: isCumulative, isSinglePass: isSinglePass,
                    fillsBackwards: fillsBackwards, fillsForwards: fillsForwards)
    }

    /// The value at parent time `time` over `base` (the path's value before this track), or
    /// nil when the animation does not apply there (outside its active time with no fill).
    /// `timing` is this track's timing row; `springs` the table's spring responses (`spring`
    /// indexes them); `memo` the presentation walk's last response (`SpringResponseMemo`).
    @inline(__always)
    func value(at time: Double, base: Double, timing: UnsafeMutablePointer<Timing>,
               springs: UnsafeMutableBufferPointer<GenericSpringMotion<Point>>, memo: inout SpringResponseMemo) -> Double? {
        // `MediaTiming.sample(at:)`, its short path for one pass from this row alone (the same
        // operations on the same values).
        var progress: Double, localTime: Double, iteration = 0.0
        if isSinglePass {
            guard time.isFinite else { return nil }
            let elapsed = (time - beginTime) * speed
            if elapsed < 0 {
                guard fillsBackwards else { return nil }
                (progress, localTime) = (0 / duration, 0)
            } else if elapsed >= duration {
                guard fillsForwards else { return nil }
                (progress, localTime) = (1, duration)
            } else {
                (progress, localTime) = (elapsed / duration, elapsed)
            }
        } else {
            guard let sample = timing.pointee.timing.sample(at: time) else { return nil }
            (progress, localTime, iteration) = (sample.progress, sample.localTime, sample.iteration)
        }
        let a = fromIsBase ? base : from
        let b = toMode == 0 ? to : toMode == 1 ? base : base + to
        var value: Double
        if spring >= 0, let responses = springs.baseAddress {
            let response = memo.response(of: responses + Int(spring), at: localTime)
            value = LayerAnimation.springNumber(from: a, to: b, response: response, velocity: hasVelocity ? velocity : (b - a) * velocity)
        } else {
            value = a.interpolated(to: b, by: timing.pointee.timingFunction.value(at: progress))
        }
        if isCumulative && iteration > 0 { value = value + b * iteration }
        return isAdditive ? base + value : value
    }
}
