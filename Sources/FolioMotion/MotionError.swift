import FolioGeometry

/// Why a motion parameter was refused; each case names the bad value.
public enum MotionError: Error, Equatable, CustomStringConvertible {
    /// A Bézier control point outside what CAMediaTimingFunction allows (x in 0…1, finite y).
    case invalidControlPoint(name: String, value: Double)
    /// A time or progress that is not finite.
    case nonFinite(name: String, value: Double)
    /// A parameter outside its allowed range (`requirement` says which range).
    case invalidParameter(name: String, value: Double, requirement: String)
    /// Keyframe arrays that do not fit together (counts, order, range).
    case invalidKeyframes(reason: String)
    /// A host time earlier than the clock's last tick.
    case timeWentBackwards(from: Double, to: Double)

    /// A one-line message; numbers as `"\(number:)"` shows them, so a NaN or an infinity reads
    /// `not-a-number` or `infinity`, never `nan` or `inf`.
    public var description: String {
        switch self {
        case let .invalidControlPoint(name, value):
            return "timing control point \(name) = \(number: value) is invalid: x must be in 0…1 and y finite"
        case let .nonFinite(name, value):
            return "\(name) = \(number: value) is not a finite number"
        case let .invalidParameter(name, value, requirement):
            return "\(name) = \(number: value) is invalid: it must be \(requirement)"
        case let .invalidKeyframes(reason):
            return "invalid keyframes: \(reason)"
        case let .timeWentBackwards(from, to):
            return "clock time went backwards from \(number: from) s to \(number: to) s"
        }
    }

    /// Checks that `value` is finite.
    static func finite(_ name: String, _ value: Double) throws(MotionError) -> Double {
        guard value.isFinite else { throw .nonFinite(name: name, value: value) }
        return value
    }

    /// Checks that every component of `value` is finite; a `Double` is reported as itself,
    /// any other value by its magnitude.
    static func finite<Value: VectorArithmetic>(_ name: String, _ value: Value) throws(MotionError) -> Value {
        guard value.isFinite else {
            throw .nonFinite(name: name, value: (value as? Double) ?? value.magnitude)
        }
        return value
    }

    /// Checks that `value` is finite and strictly positive.
    static func positive(_ name: String, _ value: Double) throws(MotionError) -> Double {
        guard value > 0, value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "finite and > 0")
        }
        return value
    }

    /// Checks that `value` is finite and not 0 (a speed: negative plays backwards).
    static func nonZero(_ name: String, _ value: Double) throws(MotionError) -> Double {
        guard value != 0, value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "finite and not 0")
        }
        return value
    }

    /// Checks that `value` is finite and not negative.
    static func nonNegative(_ name: String, _ value: Double) throws(MotionError) -> Double {
        guard value >= 0, value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "finite and ≥ 0")
        }
        return value
    }
}
