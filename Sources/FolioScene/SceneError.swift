/// Why a scene file could not be loaded; every case names the offending path or value.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than the loader accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The text is not valid JSON.
    case invalidJSON(reason: String)
    /// A required key is missing (`path` is where it was expected).
    case missingKey(path: String)
    /// A key the schema does not know (likely a typo).
    case unknownKey(path: String)
    /// A value of the wrong JSON type.
    case wrongType(path: String, expected: String, found: String)
    /// A value of the right type but outside what is allowed.
    case invalidValue(path: String, value: String, reason: String)
    /// More layers than the loader accepts.
    case tooManyLayers(limit: Int)
    /// Layers nested deeper than the layer tree allows.
    case tooDeep(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read scene '\(path)': \(reason)"
        case let .tooLarge(bytes, limit): return "scene is \(bytes) bytes; the limit is \(limit)"
        case let .invalidJSON(reason): return "scene is not valid JSON: \(reason)"
        case let .missingKey(path): return "scene is missing '\(path)'"
        case let .unknownKey(path): return "scene has an unknown key '\(path)'"
        case let .wrongType(path, expected, found): return "'\(path)' must be \(expected), not \(found)"
        case let .invalidValue(path, value, reason): return "'\(path)' = \(value): \(reason)"
        case let .tooManyLayers(limit): return "scene has more than \(limit) layers"
        case let .tooDeep(path, limit): return "'\(path)' nests layers deeper than \(limit) levels"
        }
    }
}
