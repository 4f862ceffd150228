import FolioGeometry

/// A function-driven keyframe track: `offset + amplitude·f(angle)` with f = sin or cos and
/// the angle moving from `from` to `to` degrees along a timing curve, evaluated exactly at
/// any time (no sampling). The fold's cosine height and the shadows' sine and cosine opacity
/// paths are tracks of this kind.
public struct AngleKeyframes: Hashable, Sendable {
    /// Which trigonometric function shapes the path.
    public enum Function: Hashable, Sendable {
        /// `sin(angle)`.
        case sine
        /// `cos(angle)`.
        case cosine
    }

    /// The function of the angle.
    public let function: Function
    /// Angle at time 0 and time 1, in degrees.
    public let from: Double, to: Double
    /// Added to the scaled function.
    public let offset: Double
    /// Multiplies the function.
    public let amplitude: Double
    /// Maps normalised time to the angle's progress.
    public let timing: TimingFunction

    /// A track `offset + amplitude·function(angle)`, the angle going `from` → `to` degrees.
    public init(_ function: Function, from: Double, to: Double, amplitude: Double = 1, offset: Double = 0,
                timing: TimingFunction = .linear) throws(MotionError) {
        self.function = function
        self.from = try MotionError.finite("from", from)
        self.to = try MotionError.finite("to", to)
        self.amplitude = try MotionError.finite("amplitude", amplitude)
        self.offset = try MotionError.finite("offset", offset)
        self.timing = timing
    }

    /// The angle in degrees at normalised time `time`.
    public func angle(at time: Double) -> Double {
        from.interpolated(to: to, by: timing.value(at: time))
    }

    /// The track's value at normalised time `time`; exact at multiples of 90°.
    public func value(at time: Double) -> Double {
        let (s, c) = Angle.sinCos(degrees: angle(at: time))
        return offset + amplitude * (function == .sine ? s : c)
    }
}
