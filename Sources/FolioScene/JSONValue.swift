/// A parsed JSON value that keeps booleans and numbers apart, for precise scene errors.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// The members by key (compared by code units, as RFC 8259 compares them), and the keys
    /// in the order they appear (each appears once).
    case object([UTF8Key: JSONValue], keys: [String])

    /// A short name of the value's JSON type, for messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
