/// Text from outside (file names, passwords' files, anything a user or a file chose) made safe
/// to put in a one-line message.
///
/// A file may be named `02\nfolio: page 9 shows as a placeholder: FORGED.png`: printed as it
/// is, the name would end the message's line and forge a second one. Every name that goes into
/// a message goes through ``escaped(_:)`` first, and every line the reader and the tools write
/// goes through it as a whole, so one message is always one line.
public enum MessageText {
    /// `text` with every character that could end a line, hide text or reorder it escaped:
    /// `\n`, `\r` and `\t` as those two-character escapes, other control characters (C0,
    /// DEL, C1), the line and paragraph separators (U+2028, U+2029) and the bidirectional
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) as `\u{XXXX}`. Everything else
    /// is kept, so ordinary names read as they are. A backslash stays itself: escaping is then
    /// idempotent (a message escaped where it is made and again where it is written reads the
    /// same), and no escape can produce a line break.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A file name's bytes as message text: valid UTF-8 as ``escaped(_:)`` shows it, each byte
    /// that is not part of valid UTF-8 as `\xHH`. Linux names are bytes, not text; this shows
    /// every name distinctly and on one line.
    public static func escaped(bytes: some Collection<UInt8>) -> String {
        let b = Array(bytes)
        var out = ""
        var i = 0
        while i < b.count {
            // The sequence's length from its lead byte; a sequence that does not validate
            // (overlong, surrogate, cut short) shows its lead byte alone and decoding goes on.
            let lead = b[i]
            let n = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if n > 0, i + n <= b.count, let text = String(validating: b[i..<(i + n)], as: UTF8.self) {
                out += escaped(text)
                i += n
            } else {
                out += "\\x" + (lead < 16 ? "0" : "") + String(lead, radix: 16, uppercase: true)
                i += 1
            }
        }
        return out
    }

    /// Whether `scalar` is escaped by ``escaped(_:)``.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
