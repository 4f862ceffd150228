import Foundation
import Testing
@testable import FolioFiles

/// Inputs that could block or never end are refused at once; outputs replace files atomically.
@Suite final class FileSafetyTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { "\(folder)/\(name)" }

    func contents(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) } }

    /// Everything in the folder except `keep`: leftovers of a failed write would show here.
    func strays(keeping keep: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !keep.contains($0) }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = path("pipe.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = ContinuousClock.now
        #expect(throws: FileError.notARegularFile(path: fifo, kind: "a FIFO")) { try InputFile(path: fifo, maximumBytes: 100) }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func devicesDirectoriesAndMissingFilesAreRefused() throws {
        #expect(throws: FileError.notARegularFile(path: "/dev/zero", kind: "a character device")) {
            try InputFile(path: "/dev/zero", maximumBytes: 100)
        }
        #expect(throws: FileError.notARegularFile(path: folder, kind: "a directory")) { try InputFile(path: folder, maximumBytes: 100) }
        #expect(throws: FileError.notFound(path: path("none"))) { try InputFile(path: path("none"), maximumBytes: 100) }
        #expect(throws: FileError.notFound(path: path("none/deeper"))) { try InputFile(path: path("none/deeper"), maximumBytes: 100) }
        #expect("\(FileError.notARegularFile(path: "/x", kind: "a FIFO"))" == "cannot read '/x': it is a FIFO, not a regular file")
    }

    @Test func theSizeLimitIsCheckedBeforeReading() throws {
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: path("big")))
        #expect(throws: FileError.tooLarge(path: path("big"), bytes: 1000, limit: 999)) { try InputFile(path: path("big"), maximumBytes: 999) }
        let file = try InputFile(path: path("big"), maximumBytes: 1000)
        #expect(try file.readAll() == [UInt8](repeating: 7, count: 1000))
        #expect(try file.readAll().count == 1000, "readAll starts from the beginning each time")
    }

    @Test func aFileThatGrowsPastTheLimitAfterOpeningIsRefused() throws {
        try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: path("growing")))
        let file = try InputFile(path: path("growing"), maximumBytes: 20)
        let handle = try #require(FileHandle(forWritingAtPath: path("growing")))
        handle.seekToEndOfFile()
        handle.write(Data(repeating: 2, count: 30))
        try handle.close()
        #expect(throws: FileError.tooLarge(path: path("growing"), bytes: 21, limit: 20)) { try file.readAll() }
    }

    @Test func aWriteCreatesTheFileWithOrdinaryPermissions() throws {
        try AtomicFile.write(Array("hello".utf8), to: path("new.txt"))
        #expect(contents("new.txt") == Array("hello".utf8))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path("new.txt"))[.posixPermissions] as? Int)
        #expect(mode == 0o666 & ~Int(AtomicFile.currentUmask()))
        #expect(try strays(keeping: ["new.txt"]).isEmpty)
    }

    @Test func aWriteReplacesTheFileAndKeepsItsPermissions() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("out.txt")))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path("out.txt"))
        try AtomicFile.write(Array("new contents".utf8), to: path("out.txt"))
        #expect(contents("out.txt") == Array("new contents".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: path("out.txt"))[.posixPermissions] as? Int == 0o640)
    }

    @Test func aWriteThatFailsHalfWayLeavesThePreviousFileIntact() throws {
        let previous = [UInt8](repeating: 0xAB, count: 5000)
        try Data(previous).write(to: URL(fileURLWithPath: path("frame.png")))
        #expect(throws: FileError.writeFailed(path: path("frame.png"), reason: "No space left on device")) {
            try AtomicFile.write(to: path("frame.png")) { (w: borrowing AtomicFile.Writer) throws(FileError) in
                try w.write([UInt8](repeating: 1, count: 3000))
                // What a full device reports part of the way through.
                throw .writeFailed(path: w.path, reason: "No space left on device")
            }
        }
        #expect(contents("frame.png") == previous)
        #expect(try strays(keeping: ["frame.png"]).isEmpty, "the temporary file is removed")
    }

    @Test func aFIFOOrFolderAtTheOutputPathIsRefusedNotReplacedOrBlockedOn() throws {
        let fifo = path("out.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = ContinuousClock.now
        #expect(throws: FileError.notARegularFile(path: fifo, kind: "a FIFO")) { try AtomicFile.write([1, 2, 3], to: fifo) }
        #expect(ContinuousClock.now - start < .seconds(1))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
        #expect(throws: FileError.notARegularFile(path: folder, kind: "a directory")) { try AtomicFile.write([1], to: folder) }
        #expect(throws: FileError.notARegularFile(path: "/dev/full", kind: "a character device")) { try AtomicFile.write([1], to: "/dev/full") }
        #expect(try strays(keeping: ["out.png"]).isEmpty)
    }

    @Test func aMissingFolderIsNamed() {
        #expect(throws: FileError.writeFailed(path: path("no/such/x.png"), reason: "no such directory '\(path("no/such"))'")) {
            try AtomicFile.write([1], to: path("no/such/x.png"))
        }
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("target.txt")))
        try FileManager.default.createSymbolicLink(atPath: path("link.txt"), withDestinationPath: path("target.txt"))
        try AtomicFile.write(Array("via link".utf8), to: path("link.txt"))
        #expect(contents("target.txt") == Array("via link".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.txt")) == path("target.txt"))
    }

    @Test func writingToAFullDeviceReportsTheSystemsMessage() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(throws: FileError.writeFailed(path: "standard output", reason: "No space left on device")) {
            let bytes = [UInt8](repeating: 0, count: 10)
            try bytes.withUnsafeBytes { try AtomicFile.writeAll($0, to: fd, path: "standard output") }
        }
    }
}
