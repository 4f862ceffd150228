import Foundation
import Testing
@testable import FolioFiles

/// Output paths at the edges of what the file system allows (issue #31): the longest names,
/// symbolic link loops, and outputs that are the command's own inputs. Each is decided before
/// anything is written.
@Suite final class OutputNameTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// A name of exactly `bytes` bytes ending in `.png`.
    static func name(bytes: Int) -> String { String(repeating: "n", count: bytes - 4) + ".png" }

    @Test(arguments: [250, 254, 255])
    func aNameUpToTheSystemsLimitIsWrittenWhole(bytes: Int) throws {
        // The temporary name `.NAME.XXXXXX` is 8 bytes longer than NAME: it must be cut to fit.
        let out = path(Self.name(bytes: bytes))
        try AtomicFile.checkDestination(out)
        try AtomicFile.write([1, 2, 3], to: out)
        #expect(FileManager.default.contents(atPath: out) == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [Self.name(bytes: bytes)], "no temporary file left")
        // A second write replaces it (the temporary name is cut the same way).
        try AtomicFile.write([4], to: out)
        #expect(FileManager.default.contents(atPath: out) == Data([4]))
    }

    @Test func aMultibyteNameIsCutOnACharacterBoundary() throws {
        // 127 two-byte characters and ".png": 258 bytes would not fit, 84 × 3 + 4 = 256 neither;
        // 83 three-byte characters and ".png" = 253 bytes do, and their temporary name must be
        // cut between characters, not inside one.
        let name = String(repeating: "€", count: 83) + ".png"
        #expect(name.utf8.count == 253)
        try AtomicFile.write([9], to: path(name))
        #expect(FileManager.default.contents(atPath: path(name)) == Data([9]))
    }

    @Test func aNameOverTheLimitIsRefusedBeforeAnythingIsWritten() throws {
        let out = path(Self.name(bytes: 256))
        #expect(throws: FileError.writeFailed(path: out, reason: "its name is 256 bytes; file names may have at most 255")) {
            try AtomicFile.checkDestination(out)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aSymbolicLinkLoopIsCalledALoop() throws {
        #expect(symlink(path("b"), path("a")) == 0 && symlink(path("a"), path("b")) == 0)
        do {
            try AtomicFile.checkDestination(path("a"))
            Issue.record("a link loop was accepted")
        } catch {
            #expect("\(error)" == "cannot write '\(path("a"))': it is a loop of symbolic links (Too many levels of symbolic links)", "\(error)")
        }
        // A link to a missing file is still that.
        #expect(symlink(path("none"), path("dangling")) == 0)
        #expect(throws: FileError.writeFailed(path: path("dangling"), reason: "it is a symbolic link to a missing file")) {
            try AtomicFile.checkDestination(path("dangling"))
        }
    }

    @Test func anOutputThatIsOneOfTheInputsIsRefusedByIdentity() throws {
        let scene = path("v.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: scene))
        #expect(link(scene, path("hard.png")) == 0)
        #expect(symlink(scene, path("soft.png")) == 0)
        for out in [scene, path("hard.png"), path("soft.png"), "\(folder)/./v.json"] {
            #expect(throws: FileError.wouldOverwriteInput(path: out, input: scene)) {
                try AtomicFile.checkDestination(out, notOverwriting: [path("other.png"), scene])
            }
        }
        #expect("\(FileError.wouldOverwriteInput(path: "o.png", input: "v.json"))"
            == "cannot write 'o.png': it is the input 'v.json', which an output never replaces")
        // A new file, or another existing one, is fine.
        try AtomicFile.checkDestination(path("new.png"), notOverwriting: [scene])
        try Data("x".utf8).write(to: URL(fileURLWithPath: path("other.png")))
        try AtomicFile.checkDestination(path("other.png"), notOverwriting: [scene, path("missing.png")])
        #expect(FileManager.default.contents(atPath: scene) == Data("{}".utf8))
    }
}
