import FolioGeometry

/// Hands a finished drag to a spring: project where the flick would carry the value, pick
/// the nearer end of the range, and spring there with the pointer's velocity.
public enum GestureHandoff {
    /// The end a release settles on, and the spring that takes it there.
    public struct Release: Sendable {
        /// The chosen end of the range.
        public let target: Double
        /// Where a decay at the release velocity would have come to rest.
        public let projectedValue: Double
        /// The motion from the release value and velocity to `target`.
        public let motion: SpringMotion
    }

    /// The release of a drag at `value` moving at `velocity` (units per second) at `time`:
    /// the projected end (UIKit's deceleration projection at `rate`) decides between the
    /// range's ends, split at `threshold` (default: the midpoint).
    public static func release(value: Double, velocity: Double, range: ClosedRange<Double>,
                               threshold: Double? = nil, rate: Double = Decay.normalRate,
                               spring: Spring = .snappy, at time: Double = 0) throws(MotionError) -> Release {
        let value = try MotionError.finite("value", value)
        let velocity = try MotionError.finite("velocity", velocity)
        guard range.lowerBound.isFinite, range.upperBound.isFinite else {
            throw .nonFinite(name: "range", value: range.lowerBound.isFinite ? range.upperBound : range.lowerBound)
        }
        let split = try MotionError.finite("threshold", threshold ?? (range.lowerBound + range.upperBound) / 2)
        let projected = Decay.projectedValue(from: value, velocity: velocity, rate: rate)
        let target = projected >= split ? range.upperBound : range.lowerBound
        let motion = try spring.motion(from: value, velocity: velocity, to: target, start: time)
        return Release(target: target, projectedValue: projected, motion: motion)
    }
}
