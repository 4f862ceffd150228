import Testing
@testable import FolioDocument

/// Passwords reach poppler as the PDF standard wants them: UTF-8 for AES-256 (R6), Latin-1 for
/// the older handlers, never past 127 bytes (poppler aborted on 128–999 bytes and crashed on
/// more), cut only between characters. Fixtures: scripts/make-document-fixtures.
@Suite struct PasswordTests {
    static func fixture(_ name: String) -> String {
        String(#filePath.dropLast("PasswordTests.swift".count)) + "Fixtures/" + name
    }

    /// encrypted-utf8-N.pdf's user passwords, in the script's order.
    static let utf8Passwords = ["pässwörd", "密码", "pässwörd€", String(repeating: "ä", count: 63) + "a"]

    static func open(_ file: String, _ password: String) throws -> PDFDocumentSource {
        var options = PDFDocumentSource.Options(password: password)
        options.workers = 1
        options.startsWorkersEagerly = false
        return try PDFDocumentSource(path: fixture(file), options: options)
    }

    @Test(arguments: Array(utf8Passwords.enumerated()))
    func aUTF8PasswordOpensAnAES256Document(index: Int, password: String) throws {
        let source = try Self.open("encrypted-utf8-\(index + 1).pdf", password)
        #expect(source.pageCount == 1)
        // The page: red in its lower-left quarter.
        #expect(try source.render(page: 0, width: 20, height: 20).pixel(2, 17) == (255, 0, 0, 255))
    }

    @Test func aLatin1PasswordOpensAnRC4Document() throws {
        #expect(try Self.open("encrypted-rc4-latin.pdf", "pässwörd").pageCount == 1)
        #expect(throws: DocumentError.wrongPassword(path: Self.fixture("encrypted-rc4-latin.pdf"))) {
            try Self.open("encrypted-rc4-latin.pdf", "passwort")
        }
    }

    @Test func aWrongPasswordIsRefusedByName() throws {
        for (i, wrong) in ["passwörd", "密", "pässwörd€x", ""].enumerated() {
            let file = "encrypted-utf8-\(i + 1).pdf"
            #expect(throws: DocumentError.wrongPassword(path: Self.fixture(file))) { try Self.open(file, wrong) }
        }
    }

    @Test(arguments: [128, 500, 999, 1000, 5000, 100_000])
    func aLongPasswordIsCutAt127BytesAndNeverCrashesTheWorker(length: Int) throws {
        // Wrong, and long: refused as wrong, not a crash.
        #expect(throws: DocumentError.wrongPassword(path: Self.fixture("encrypted.pdf"))) {
            try Self.open("encrypted.pdf", String(repeating: "x", count: length))
        }
        // The 127-byte password with more after it: only the first 127 bytes count, as the
        // standard says, so it opens.
        let long = Self.utf8Passwords[3] + String(repeating: "ü", count: (length - 127) / 2 + 1)
        #expect(try Self.open("encrypted-utf8-4.pdf", long).pageCount == 1)
    }

    @Test func truncationKeepsWholeCharacters() {
        let twoByte = Array(String(repeating: "ä", count: 64).utf8)           // 128 bytes
        #expect(PDFPassword.truncated(twoByte) == Array(String(repeating: "ä", count: 63).utf8))
        let mixed = Array((String(repeating: "a", count: 125) + "密").utf8)  // 128 bytes, the cut inside 密
        #expect(PDFPassword.truncated(mixed) == Array(String(repeating: "a", count: 125).utf8))
        let exact = Array((String(repeating: "a", count: 124) + "密").utf8)  // 127 bytes
        #expect(PDFPassword.truncated(exact) == exact)
        #expect(PDFPassword.popplerForms(Array("plain".utf8)) == ["plain"])
        // The second form of a non-ASCII password: each UTF-8 byte as the Latin-1 character of that value.
        #expect(PDFPassword.popplerForms(Array("ä".utf8)) == ["ä", "\u{C3}\u{A4}"])
    }
}
