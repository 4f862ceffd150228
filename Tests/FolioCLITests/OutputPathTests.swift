import Foundation
import Testing
@testable import FolioCLI

/// `--out` writes only a format Folio knows by its extension, never over one of the command's
/// own inputs, and any name the file system takes (issue #31). Each refusal happens before
/// anything is drawn: the refused commands run without a display, so reaching GL would fail
/// with "no display" instead of the expected message.
@Suite struct OutputPathTests {
    /// A fresh folder with a scene `v.json` showing `page.png`, two PNG pages and a text file.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-out-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try write("v.json", #"{"size":[10,10],"layer":{"bounds":[0,0,10,10],"position":[5,5]}}"#)
            try write("s.json", #"{"size":[10,10],"layer":{"bounds":[0,0,10,10],"position":[5,5],"contents":"page.png"}}"#)
            try write("notes.txt", "my notes\n")
            try write("run.sh", "#!/bin/sh\necho hi\n")
            // Not decoded before the refusals: any bytes will do.
            try write("page.png", "not really a PNG")
            try write("a.png", "page a")
            try write("b.png", "page b")
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
        }
        subscript(_ name: String) -> String { "\(path)/\(name)" }
        func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: self[name]) }
        /// Every name in the folder (a temporary file left behind would show here).
        func names() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: path)) }
    }

    /// Runs `folio` without a display (nothing here may get as far as GL).
    static func folio(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(["/usr/bin/env", "-u", "DISPLAY", "/usr/bin/timeout", "30", ChildProcess.product("folio")] + arguments)
    }

    /// The stderr lines that are not the usage hint.
    static func messageLines(_ r: ChildProcess.Result) -> [Substring] {
        r.standardError.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See ") && !$0.isEmpty }
    }

    @Test(arguments: ["notes.txt", "run.sh", "v.json", "frame", "frame.png.bak", "frame.jpg"])
    func anOutputWhoseExtensionNamesNoFormatIsRefusedAtParseTime(name: String) throws {
        let folder = try Folder()
        let before = try folder.names().reduce(into: [String: Data]()) { $0[$1] = folder.contents($1) }
        for arguments in [["render", "--effect", "fold", "--out", folder[name]], ["render", "--scene", folder["v.json"], "--out", folder[name]]] {
            let r = try Self.folio(arguments)
            #expect(r.status == 64, "\(arguments): \(r.standardError)")
            #expect(r.standardError.contains("--out '\(folder[name])' must end in .png") , "\(r.standardError)")
            #expect(Self.messageLines(r).count == 1, "\(r.standardError)")
        }
        // Nothing was written, created or replaced.
        #expect(try folder.names() == Set(before.keys))
        for (file, data) in before { #expect(folder.contents(file) == data, "\(file) changed") }
    }

    @Test func theSceneFileItselfIsNeverTheOutput() throws {
        let folder = try Folder()
        let scene = try #require(folder.contents("v.json"))
        #expect(link(folder["v.json"], folder["hard.png"]) == 0)
        #expect(symlink(folder["v.json"], folder["soft.png"]) == 0)
        // The scene named as the output (with a PNG name, through a hard link or a symbolic link).
        for out in ["v.json", "hard.png", "soft.png"] {
            let r = try Self.folio(["render", "--scene", folder["v.json"], "--out", folder[out]])
            #expect(r.status == 64, "\(out): \(r.standardError)")
            let expected = out == "v.json" ? "must end in .png" : "--out '\(folder[out])' is the scene '\(folder["v.json"])'"
            #expect(r.standardError.contains(expected), "\(out): \(r.standardError)")
            #expect(Self.messageLines(r).count == 1, "\(r.standardError)")
        }
        #expect(folder.contents("v.json") == scene)
        #expect(try folder.names() == ["v.json", "s.json", "notes.txt", "run.sh", "page.png", "a.png", "b.png", "hard.png", "soft.png"])
    }

    @Test func aPageOfTheEffectIsNeverTheOutput() throws {
        let folder = try Folder()
        #expect(link(folder["b.png"], folder["c.png"]) == 0)
        for (out, input) in [("a.png", "--from"), ("b.png", "--to"), ("c.png", "--to")] {
            let r = try Self.folio(["render", "--effect", "fold", "--from", folder["a.png"], "--to", folder["b.png"], "--out", folder[out]])
            #expect(r.status == 64, "\(out): \(r.standardError)")
            #expect(r.standardError.contains("--out '\(folder[out])' is the \(input) page '\(folder[input == "--from" ? "a.png" : "b.png"])'"),
                    "\(out): \(r.standardError)")
        }
        #expect(folder.contents("a.png") == Data("page a".utf8) && folder.contents("b.png") == Data("page b".utf8))
    }

    @Test func anImageTheSceneShowsIsNeverTheOutput() throws {
        // Known only once the scene is read: refused then (exit 1), before anything is drawn.
        let folder = try Folder()
        let r = try Self.folio(["render", "--scene", folder["s.json"], "--out", folder["page.png"]])
        #expect(r.status == 1, "\(r.standardError)")
        #expect(r.standardError.contains("cannot write '\(folder["page.png"])': it is the input '\(folder["page.png"])'"), "\(r.standardError)")
        #expect(Self.messageLines(r).count == 1, "\(r.standardError)")
        #expect(folder.contents("page.png") == Data("not really a PNG".utf8))
    }

    @Test func theLongestNameTheSystemTakesIsWritten() throws {
        // 254 and 255 bytes are legal names; the temporary file beside them must fit too.
        let folder = try Folder()
        for bytes in [254, 255] {
            let name = String(repeating: "n", count: bytes - 4) + ".png"
            let r = try ChildProcess.run([ChildProcess.product("folio"), "render", "--effect", "fold", "--size", "16x16", "--out", folder[name]])
            #expect(r.status == 0, "\(bytes) bytes: \(r.standardError)")
            #expect(folder.contents(name)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(bytes) bytes")
        }
        #expect(try folder.names().allSatisfy { !$0.hasPrefix(".") }, "no temporary file left")
        // 256 bytes: refused before rendering (no display needed to say so).
        let long = folder[String(repeating: "n", count: 252) + ".png"]
        let r = try Self.folio(["render", "--effect", "fold", "--size", "16x16", "--out", long])
        #expect(r.status == 1, "\(r.standardError)")
        #expect(r.standardError.contains("cannot write '\(long)': its name is 256 bytes; file names may have at most 255"), "\(r.standardError)")
    }

    @Test func formatsFolioWritesStillParse() throws {
        for out in ["x.png", "x.PNG", "dir/x.webp", "x.WebP"] {
            #expect(throws: Never.self, "\(out)") { _ = try FolioCommand.parseAsRoot(["render", "--effect", "flip", "--out", out]) }
        }
    }
}
