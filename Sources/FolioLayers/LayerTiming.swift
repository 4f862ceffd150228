import FolioMotion

/// A layer's own media timing, as `CALayer` has it through `CAMediaTiming`: its local time is
/// `(parentTime − beginTime)·speed + timeOffset`, where the parent time is its superlayer's
/// local time (the tree's clock for the root), so a timing applies to the layer's animations
/// and to every layer below it.
///
/// Core Animation's usual pause is `speed = 0` with `timeOffset` set to the paused local time
/// (`Layer.localTime(fromTreeTime:)`); a speed of 2 runs the subtree's animations twice as fast,
/// a negative one runs them backwards. A layer has no duration, repetition or fill of its own
/// (Core Animation's layers are not finite either): only the three values that map time.
///
/// `init(beginTime:speed:timeOffset:)` refuses values that are not finite; the fields set
/// directly are not checked, and a local time that is not finite applies none of the
/// subtree's animations (a sample at a time that is not finite is nil), so nothing presented
/// becomes NaN.
@frozen
public struct LayerTiming: Hashable, Sendable {
    /// Where the layer's local time starts, in its parent's time (seconds).
    public var beginTime: Double
    /// Local seconds per parent second: 0 pauses, negative runs backwards.
    public var speed: Double
    /// Added to the local time (seconds).
    public var timeOffset: Double

    /// Local time is the parent's.
    public static let identity = LayerTiming(checked: 0, 1, 0)

    init(checked beginTime: Double, _ speed: Double, _ timeOffset: Double) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// A timing with every value checked.
    ///
    /// - Throws: `MotionError.nonFinite` naming the first value that is not finite (any finite
    ///   speed is allowed, 0 and negative ones included).
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) throws(MotionError) {
        guard beginTime.isFinite else { throw .nonFinite(name: "beginTime", value: beginTime) }
        guard speed.isFinite else { throw .nonFinite(name: "speed", value: speed) }
        guard timeOffset.isFinite else { throw .nonFinite(name: "timeOffset", value: timeOffset) }
        self.init(checked: beginTime, speed, timeOffset)
    }

    /// The local time at parent time `time`: `(time − beginTime)·speed + timeOffset`.
    @inlinable public func localTime(fromParentTime time: Double) -> Double { (time - beginTime) * speed + timeOffset }
}

/// A layer's timing when it is not the identity (`Layer.timing`), counted while it lives, so
/// that the presentation asks for local times only while some layer has a timing of its own.
final class LayerTimingBox {
    let timing: LayerTiming

    init(_ timing: LayerTiming) {
        self.timing = timing
        Layer.timedLayerCount.add(1, ordering: .relaxed)
    }

    deinit { Layer.timedLayerCount.subtract(1, ordering: .relaxed) }
}
