/// A PDF password on its way to poppler: bounded, and in the forms poppler-glib needs.
///
/// The PDF standard takes at most 127 bytes of a password (ISO 32000-2 §7.6.4.3.3: AES-256
/// passwords are UTF-8, truncated to 127 bytes; the older handlers use 32 bytes of
/// PDFDocEncoding). Longer ones are cut here, at a UTF-8 character boundary, which is what a
/// conforming writer did when it encrypted the file; poppler itself crashes on a password past
/// 127 bytes. Package-internal: the reader and the worker share it.
package enum PDFPassword {
    /// The most bytes of a password that count.
    package static let maximumBytes = 127

    /// `bytes` cut to at most ``maximumBytes``, never inside a UTF-8 character (a cut would
    /// leave continuation bytes without their lead).
    package static func truncated(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > maximumBytes else { return bytes }
        var end = maximumBytes
        // Back up over continuation bytes (10xxxxxx) to the lead byte of the character the cut
        // falls in, then drop that character.
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }

    /// What to hand poppler-glib, in order, for a password of `bytes` (UTF-8 as typed).
    ///
    /// poppler-glib converts the password it is given from UTF-8 to Latin-1 before the
    /// security handler sees it. That is right for the older handlers (PDFDocEncoding agrees
    /// with Latin-1 on letters such as ä) but wrong for AES-256, whose passwords are UTF-8 bytes:
    /// `pässwörd` arrives as Latin-1 and `密码` not at all. So a password with any non-ASCII
    /// byte has a second form: each of its bytes as the Latin-1 character of that value, which
    /// the conversion turns back into exactly the UTF-8 bytes typed.
    package static func popplerForms(_ bytes: [UInt8]) -> [String] {
        let bytes = truncated(bytes)
        let typed = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(where: { $0 >= 0x80 }) else { return [typed] }
        var raw = String.UnicodeScalarView()
        for b in bytes { raw.append(Unicode.Scalar(b)) }
        return [typed, String(raw)]
    }
}
