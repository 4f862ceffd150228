/// A strict JSON parser (RFC 8259) over UTF-8 bytes, for scene files.
///
/// Foundation's `JSONSerialization` accepts what a scene must not contain — trailing commas,
/// duplicate keys (the first silently wins), `1e400` read as a string error — and reports
/// neither line nor column. This parser accepts exactly RFC 8259 (a leading UTF-8 byte order
/// mark is skipped) and reports every error with its line and column (1-based; columns count
/// characters) and the key path of the value being read, in the notation of the scene errors
/// (`layer.sublayers[2].opacity`). Numbers that do not fit a `Double` (beyond ±1.8e308) are
/// errors of their own; ones too small to represent read as zero. Nesting is limited to
/// `maximumNesting` arrays and objects, so a hostile file cannot exhaust the stack.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (a scene at the layer tree's depth
    /// limit needs about 130).
    static let maximumNesting = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The keys and indices leading to the value being read.
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one JSON document.
    ///
    /// - Throws: `SceneError.invalidJSON`, `.duplicateKey`, `.numberOutOfRange` or
    ///   `.nestedTooDeeply`, each with the line and column.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SceneError) -> JSONValue {
        var parser = JSONParser(bytes)
        return try parser.document()
    }

    // MARK: Grammar

    private mutating func document() throws(SceneError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw invalid(index, "expected a value, found the end of the input") }
        let value = try self.value(nesting: 0)
        skipWhitespace()
        guard index == bytes.count else { throw invalid(index, "unexpected \(describe(index)) after the end of the document") }
        return value
    }

    private mutating func value(nesting: Int) throws(SceneError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(nesting: nesting + 1)
        case UInt8(ascii: "["): return try array(nesting: nesting + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw invalid(index, "\(describe(index)) starts no JSON value: NaN and Infinity are not JSON numbers (numbers must be finite)")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw invalid(index, "expected a value, found \(describe(index))")
        default:
            throw invalid(index, "expected a value, found \(describe(index))")
        }
    }

    private mutating func object(nesting: Int) throws(SceneError) -> JSONValue {
        let open = index
        guard nesting <= Self.maximumNesting else { throw tooDeep(open) }
        index += 1
        var values: [UTF8Key: JSONValue] = [:]
        var keys: [String] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return .object(values, keys: keys) }
        while true {
            guard index < bytes.count else { throw unterminated(open, "object") }
            guard peek == UInt8(ascii: "\"") else {
                throw invalid(index, "expected a key in double quotes, found \(describe(index))")
            }
            let keyStart = index
            let key = try string()
            // By code units: "é" precomposed and decomposed are two keys (RFC 8259 §8.3).
            if values[UTF8Key(key)] != nil {
                path.append(.key(key))
                defer { path.removeLast() }
                let (line, column) = position(of: keyStart)
                throw .duplicateKey(path: pathText, line: line, column: column)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw invalid(index, "expected ':' after the key \"\(key)\", found \(describe(index))")
            }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw unterminated(open, "object") }
            path.append(.key(key))
            let member = try value(nesting: nesting)
            path.removeLast()
            values[UTF8Key(key)] = member
            keys.append(key)
            if try closes(UInt8(ascii: "}"), open, "object", after: "the value of \"\(key)\"") {
                return .object(values, keys: keys)
            }
        }
    }

    private mutating func array(nesting: Int) throws(SceneError) -> JSONValue {
        let open = index
        guard nesting <= Self.maximumNesting else { throw tooDeep(open) }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            guard index < bytes.count else { throw unterminated(open, "array") }
            path.append(.index(items.count))
            let item = try value(nesting: nesting)
            path.removeLast()
            items.append(item)
            if try closes(UInt8(ascii: "]"), open, "array", after: "an array element") { return .array(items) }
        }
    }

    /// After a member or element: consumes a comma (false: more follow) or the closing
    /// bracket (true); a comma right before the bracket is an error of its own.
    private mutating func closes(_ bracket: UInt8, _ open: Int, _ what: String, after: String) throws(SceneError) -> Bool {
        let name = String(UnicodeScalar(bracket))
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","):
            let comma = index
            index += 1
            skipWhitespace()
            if peek == bracket { throw invalid(comma, "trailing comma before '\(name)'") }
            return false
        case bracket:
            index += 1
            return true
        case nil:
            throw unterminated(open, what)
        default:
            throw invalid(index, "expected ',' or '\(name)' after \(after), found \(describe(index))")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SceneError) {
        let start = index
        let count = word.utf8CodeUnitCount
        for k in 0..<count {
            guard start + k < bytes.count, bytes[start + k] == word.utf8Start[k] else {
                throw invalid(start, "expected '\(word)', found \(describe(start + k))")
            }
        }
        index += count
    }

    /// A number per RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(SceneError) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else {
            throw invalid(index, "expected a digit after '-', found \(describe(index))")
        }
        index += 1
        if first == UInt8(ascii: "0"), let next = peek, isDigit(next) {
            throw invalid(start, "numbers cannot have leading zeros")
        }
        skipDigits()
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let d = peek, isDigit(d) else { throw invalid(index, "expected a digit after '.', found \(describe(index))") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let d = peek, isDigit(d) else {
                throw invalid(index, "expected a digit in the exponent, found \(describe(index))")
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // Double(_:) rounds correctly; it gives ±infinity past the largest finite Double.
        guard let value = Double(text), value.isFinite else {
            let (line, column) = position(of: start)
            throw .numberOutOfRange(path: pathText, text: Self.abbreviated(text), line: line, column: column)
        }
        return value
    }

    /// Long number texts shortened for messages: the first digits and the length.
    static func abbreviated(_ text: String) -> String {
        guard text.count > 32 else { return text }
        return "\(text.prefix(16))… (\(text.count) characters)"
    }

    private mutating func string() throws(SceneError) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw unterminated(open, "string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 {
                throw invalid(index, "control character U+\(hex(UInt32(b), digits: 4)) must be escaped in a string")
            }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            let escape = index
            index += 1
            guard index < bytes.count else { throw unterminated(open, "string") }
            switch bytes[index] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad(at: index + 1, escape: escape)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") else {
                        throw invalid(escape, "unpaired surrogate \\u\(hex(scalar, digits: 4)) in a string")
                    }
                    let low = try hexQuad(at: index + 3, escape: index + 1)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw invalid(escape, "unpaired surrogate \\u\(hex(scalar, digits: 4)) in a string")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw invalid(escape, "unpaired surrogate \\u\(hex(scalar, digits: 4)) in a string")
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default:
                throw invalid(escape, "invalid escape \(describe(escape, length: 2)) in a string")
            }
            index += 1
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        index += 1
        guard let text = String(validating: out, as: UTF8.self) else {
            throw invalid(open, "the string is not valid UTF-8")
        }
        return text
    }

    private func hexQuad(at start: Int, escape: Int) throws(SceneError) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 {
            guard start + k < bytes.count, let d = hexValue(bytes[start + k]) else {
                throw invalid(escape, "\\u must be followed by four hexadecimal digits")
            }
            v = v << 4 | d
        }
        return v
    }

    // MARK: Bytes

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    private mutating func skipDigits() {
        while let b = peek, isDigit(b) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    // MARK: Errors

    /// The character at `i` for a message: `'x'`, `U+00E9 'é'`, or "the end of the input".
    private func describe(_ i: Int, length: Int = 1) -> String {
        guard i < bytes.count else { return "the end of the input" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F {
            let end = min(bytes.count, i + length)
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self))'"
        }
        if b < 0x80 { return "U+\(hex(UInt32(b), digits: 4))" }
        // A multi-byte character: decode it if it is valid UTF-8.
        let end = min(bytes.count, i + 4)
        var iterator = UnsafeBufferPointer(rebasing: bytes[i..<end]).makeIterator()
        var decoder = UTF8()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) {
            return "U+\(hex(scalar.value, digits: 4)) '\(Character(scalar))'"
        }
        return "the byte 0x\(hex(UInt32(b), digits: 2)) (not UTF-8)"
    }

    /// Line and column (1-based) of byte `i`; columns count characters, not bytes.
    private func position(of i: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for k in 0..<min(i, bytes.count) {
            let b = bytes[k]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case let .key(key): text += text.isEmpty ? key : ".\(key)"
            case let .index(i): text += "[\(i)]"
            }
        }
        return text
    }

    private func invalid(_ i: Int, _ reason: String) -> SceneError {
        let (line, column) = position(of: i)
        return .invalidJSON(reason: reason, line: line, column: column, path: pathText)
    }

    /// An array, object or string still open at the end of the input: reported where the
    /// input ends, naming where it began.
    private func unterminated(_ open: Int, _ what: String) -> SceneError {
        let (line, column) = position(of: open)
        return invalid(bytes.count, "the \(what) that starts at line \(line), column \(column) is not closed")
    }

    private func tooDeep(_ i: Int) -> SceneError {
        let (line, column) = position(of: i)
        return .nestedTooDeeply(limit: Self.maximumNesting, line: line, column: column)
    }
}
