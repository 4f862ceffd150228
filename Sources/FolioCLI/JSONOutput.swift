import Foundation

/// Encodes command output as one line of JSON with sorted keys (stable across platforms).
enum JSONOutput {
    static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A failure while running a command, printed as one line.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ error: some Error) { description = "\(error)" }
    init(message: String) { description = message }
}
