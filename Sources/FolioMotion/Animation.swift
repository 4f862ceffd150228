import FolioGeometry

/// How an `AnimatedValue` travels to a new model value.
public enum Animation: Sendable {
    /// Jump at once.
    case none
    /// A timing curve over `duration` seconds, from the presentation value to the new model value.
    case timing(TimingFunction, duration: Double)
    /// A spring from the presentation value and its current velocity (interruptible, continuous).
    case spring(Spring)
    /// Keyframes over `duration` seconds; the model value becomes the last keyframe.
    case keyframes(KeyframeAnimation<Double>, duration: Double)

    /// Checks durations (finite, > 0).
    func validated() throws(MotionError) -> Animation {
        switch self {
        case let .timing(_, duration), let .keyframes(_, duration):
            _ = try MotionError.positive("duration", duration)
        case .none, .spring:
            break
        }
        return self
    }
}
