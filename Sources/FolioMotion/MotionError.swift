/// Why a motion parameter was refused; each case names the bad value.
public enum MotionError: Error, Equatable, CustomStringConvertible {
    /// A Bézier control point outside what CAMediaTimingFunction allows (x in 0…1, finite y).
    case invalidControlPoint(name: String, value: Double)
    /// A time or progress that is not finite.
    case nonFinite(name: String, value: Double)

    public var description: String {
        switch self {
        case let .invalidControlPoint(name, value):
            return "timing control point \(name) = \(value) is invalid: x must be in 0…1 and y finite"
        case let .nonFinite(name, value):
            return "\(name) = \(value) is not a finite number"
        }
    }
}
