/// Why a scene file could not be loaded; every case names the offending path or value.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than the loader accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The text is not valid JSON: what was wrong, where (line and column from 1, columns in
    /// characters), and the key path of the value being read (empty at the top level).
    case invalidJSON(reason: String, line: Int, column: Int, path: String)
    /// A key appears twice in one object (`path` ends with it); the position is its second use.
    case duplicateKey(path: String, line: Int, column: Int)
    /// A number beyond the range of a `Double` (about ±1.8e308), as written (long ones shortened).
    case numberOutOfRange(path: String, text: String, line: Int, column: Int)
    /// Arrays and objects nested deeper than `limit`.
    case nestedTooDeeply(limit: Int, line: Int, column: Int)
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

    /// A one-line message naming the path or value.
    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read scene '\(path)': \(reason)"
        case let .tooLarge(bytes, limit): return "scene is \(bytes) bytes; the limit is \(limit)"
        case let .invalidJSON(reason, line, column, path):
            let place = path.isEmpty ? "" : " (in '\(path)')"
            return "scene is not valid JSON at line \(line), column \(column)\(place): \(reason)"
        case let .duplicateKey(path, line, column):
            return "scene has a duplicate key '\(path)' at line \(line), column \(column): each key may appear only once"
        case let .numberOutOfRange(path, text, line, column):
            let name = path.isEmpty ? "the number" : "'\(path)'"
            return "\(name) = \(text) at line \(line), column \(column) is out of range: numbers must lie within ±1.8e308"
        case let .nestedTooDeeply(limit, line, column):
            return "scene nests arrays and objects deeper than \(limit) levels at line \(line), column \(column)"
        case let .missingKey(path): return "scene is missing '\(path)'"
        case let .unknownKey(path): return "scene has an unknown key '\(path)'"
        case let .wrongType(path, expected, found): return "'\(path)' must be \(expected), not \(found)"
        case let .invalidValue(path, value, reason): return "'\(path)' = \(value): \(reason)"
        case let .tooManyLayers(limit): return "scene has more than \(limit) layers"
        case let .tooDeep(path, limit): return "'\(path)' nests layers deeper than \(limit) levels"
        }
    }
}
