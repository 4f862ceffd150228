/// A string compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` compares by Unicode canonical equivalence: "é" precomposed (U+00E9) and
/// decomposed (e + U+0301) are equal strings. RFC 8259 compares object keys by code units, and
/// file names are bytes, so a dictionary keyed by `String` would call two JSON keys duplicates
/// and give two image files one texture (issue #31). Keys and paths use this instead.
struct UTF8Key: Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The string, exactly as read.
    let string: String

    /// Wraps `string`.
    init(_ string: String) { self.string = string }

    /// Wraps a literal (the schema's own keys).
    init(stringLiteral value: String) { string = value }

    static func == (a: UTF8Key, b: UTF8Key) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
    }

    var description: String { string }
}
