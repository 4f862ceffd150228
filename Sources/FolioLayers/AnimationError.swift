import FolioMotion

/// Why an animation or a transaction was refused; every case names the key path (or the
/// animation's key) it concerns.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// A key path that names no animatable property (or one the layer does not have:
    /// `startPoint` on a layer that is not a `GradientLayer`).
    case unknownKeyPath(String)
    /// A value of the wrong type for its key path (`expected` and `got` are kinds).
    case wrongValueType(keyPath: String, name: String, expected: AnimationValue.Kind, got: AnimationValue.Kind)
    /// A value with a NaN or infinite component.
    case nonFinite(keyPath: String, name: String)
    /// A timing or spring parameter out of range (negative duration, speed 0, mass ≤ 0, …).
    case invalidParameter(keyPath: String, MotionError)
    /// Keyframe arrays that do not fit together.
    case invalidKeyframes(keyPath: String, reason: String)

    /// A one-line message naming the key path and the value.
    public var description: String {
        switch self {
        case let .unknownKeyPath(path):
            return "'\(path)' is not an animatable key path"
        case let .wrongValueType(path, name, expected, got):
            return "\(path): \(name) is a \(got) but the key path takes a \(expected)"
        case let .nonFinite(path, name):
            return "\(path): \(name) is not finite"
        case let .invalidParameter(path, error):
            return "\(path): \(error)"
        case let .invalidKeyframes(path, reason):
            return "\(path): \(reason)"
        }
    }
}
