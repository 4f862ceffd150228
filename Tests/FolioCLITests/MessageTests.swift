import Foundation
import FolioDocument
import FolioRender
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `folio` says about bad input from outside, as a person reads it on a terminal: one line
/// per problem, naming the file and the page, never a forged line, never `nan` or `inf`, and
/// environment settings it does not know refused by name (issue 42, items 5–8).
@Suite struct MessageTests {
    static func folio(_ arguments: [String], environment: [String] = []) throws -> ChildProcess.Result {
        try ChildProcess.run(["/usr/bin/env", "-u", "DISPLAY"] + environment + ["/usr/bin/timeout", "60", ChildProcess.product("folio")] + arguments)
    }

    /// The lines of the message, without the usage hint ArgumentParser adds after a usage error.
    static func lines(_ r: ChildProcess.Result) -> [Substring] {
        r.standardError.split(separator: "\n").filter {
            !$0.hasPrefix("Usage:") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("See '") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }

    static func printsNanOrInf(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter }).contains { ["nan", "inf"].contains($0.lowercased()) }
    }

    @Test func nonFiniteValuesAreNamedInWords() throws {
        for arguments in [["geometry", "--effect", "accordion", "--panels", "1,nan"], ["geometry", "--effect", "fold", "--time", "nan"],
                          ["geometry", "--effect", "fold", "--progress", "inf"],
                          ["render", "--effect", "fold", "--out", "/tmp/folio-never-written.webp", "--duration", "nan"]] {
            let r = try Self.folio(arguments)
            #expect(r.status != 0)
            #expect(Self.lines(r).count == 1 && !Self.printsNanOrInf(r.standardError), "\(arguments): \(r.standardError)")
        }
        #expect(try Self.folio(["geometry", "--effect", "fold", "--time", "nan"]).standardError.contains("time not-a-number"))
    }

    @Test func aPageWithAnAbsurdSizeIsShownNotFatal() throws {
        let folder = try DocumentCommandTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, box) in [("thin", "0 0 0.0001 792"), ("tall", "0 0 1 14400000"), ("huge", "0 0 " + String(repeating: "9", count: 400) + " 792")] {
            let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 2 >>", PDFWriter.stream("0 0 1 rg 0 0 50 50 re f"),
                           "<< /Type /Page /Parent 2 0 R /MediaBox [\(box)] /Contents 3 0 R >>",
                           "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>"]
            try DocumentCommandTests.write(PDFWriter.document(objects), "\(folder)/\(name).pdf")
            let r = try Self.folio(["render", "--effect", "book", "--document", "\(folder)/\(name).pdf", "--size", "400x300", "--out", "\(folder)/\(name).png"])
            #expect(r.status == 0, "\(name): \(r.standardError)")
            #expect(!Self.printsNanOrInf(r.standardError) && Self.lines(r).count <= 1, "\(name): \(r.standardError)")
            // A page that cannot be shown names itself and its file.
            for line in Self.lines(r) { #expect(line.contains("page 1 of '\(folder)/\(name).pdf'"), "\(line)") }
        }
    }

    @Test func aFailedPDFPageCostsOneLineNamingItsFileAndPage() throws {
        let folder = try DocumentCommandTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Page 1 draws 2^30 squares: the worker is stopped at the 10 s page timeout.
        try DocumentCommandTests.write(PDFWriter.nestedForms(levels: 30, pages: 2), "\(folder)/slow.pdf")
        let r = try Self.folio(["render", "--effect", "book", "--document", "\(folder)/slow.pdf", "--size", "300x200", "--out", "\(folder)/o.png"])
        #expect(r.status == 0, "\(r.standardError)")
        let lines = Self.lines(r)
        #expect(lines.count == 1, "\(r.standardError)")
        #expect(lines.first?.hasPrefix("folio: page 1 of '\(folder)/slow.pdf' shows as a placeholder: page 1 took longer than 10.0 s") == true,
                "\(r.standardError)")
    }

    @Test func aScanNamedWithALineBreakCannotForgeALine() throws {
        let folder = try DocumentCommandTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try DocumentCommandTests.write(TestScans.png(width: 30, height: 40), "\(folder)/01.png")
        try DocumentCommandTests.write(Array("not an image".utf8), "\(folder)/02\nfolio: page 9 shows as a placeholder: FORGED.png")
        let r = try Self.folio(["render", "--effect", "book", "--layout", "spread", "--document", folder, "--size", "400x300",
                                "--leaf", "0:0.5", "--out", "\(folder)/o.png"])
        #expect(r.status == 0, "\(r.standardError)")
        #expect(!Self.lines(r).contains { $0.hasPrefix("folio: page 9") }, "a forged line: \(r.standardError)")
        #expect(Self.lines(r).allSatisfy { $0.hasPrefix("folio: page 2 of") } && r.standardError.contains("02\\nfolio: page 9"), "\(r.standardError)")
        // A missing PDF whose name has a line break: one line.
        let missing = try Self.folio(["render", "--effect", "book", "--document", "\(folder)/a\nb.pdf", "--out", "\(folder)/p.png"])
        #expect(missing.status == 1 && Self.lines(missing).count == 1, "\(missing.standardError)")
    }

    @Test func aScanWhoseNameIsNotUTF8IsShown() throws {
        let folder = try DocumentCommandTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try DocumentCommandTests.write(TestScans.png(width: 30, height: 40), "\(folder)/01.png")
        let name = Array("\(folder)/02-".utf8) + [0xFF, 0xFE] + Array(".png".utf8)
        let bytes = TestScans.png(width: 30, height: 40)
        let fd = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        try #require(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { _ = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } } }
        let r = try Self.folio(["render", "--effect", "book", "--layout", "spread", "--document", folder, "--size", "400x300",
                                "--leaf", "0:0.5", "--out", "\(folder)/o.png"])
        #expect(r.status == 0 && r.standardError.isEmpty, "\(r.standardError)")
    }

    @Test func anUnknownGLSettingIsRefusedByName() throws {
        let r = try Self.folio(["render", "--effect", "fold", "--out", "/tmp/folio-never-\(getpid()).png"], environment: ["FOLIO_GL=garbage"])
        #expect(r.status == 1 && Self.lines(r).count == 1 && r.standardError.contains("FOLIO_GL='garbage'"), "\(r.standardError)")
    }
}

/// Small scans for the message tests, through FolioRender's PNG writer.
enum TestScans {
    static func png(width: Int, height: Int) -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scan-\(UUID().uuidString).png").path
        defer { unlink(path) }
        try? Image(width: width, height: height, fill: (200, 200, 200, 255)).writePNG(path: path)
        return (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }
}
