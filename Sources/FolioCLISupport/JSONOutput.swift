import Foundation

/// Encodes command output as one line of JSON with sorted keys (stable across platforms).
package enum JSONOutput {
    package static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
