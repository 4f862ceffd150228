import Foundation
import XCTest

/// A frame recorded by one process (`folio evaluate --frame-out`) and drawn by another
/// (`folio render --scene --frame`): the same PNG bytes as evaluating and drawing in one, and
/// the same JSON from `evaluate`.
final class FrameFileTests: XCTestCase {
    /// Two intersecting layers under a perspective (split by the depth sort), a translucent
    /// group with rounded corners, and a border.
    static let scene = """
        {"size":[120,90],"layer":{"name":"root","bounds":[0,0,120,90],"position":[60,45],"sublayers":[
          {"name":"a","bounds":[0,0,80,50],"position":[60,45],"backgroundColor":[1,0,0],
           "transform":[0.8,0,-0.6,0.0012, 0,1,0,0, 0.6,0,0.8,-0.0016, 0,0,0,1]},
          {"name":"b","bounds":[0,0,80,50],"position":[60,45],"backgroundColor":[0,0.4,1],
           "transform":[0.8,0,0.6,-0.0012, 0,1,0,0, -0.6,0,0.8,-0.0016, 0,0,0,1]},
          {"name":"group","bounds":[0,0,50,40],"position":[30,25],"opacity":0.6,"cornerRadius":8,"masksToBounds":true,
           "borderWidth":2,"borderColor":[0,0,0],"sublayers":[
             {"name":"c","bounds":[0,0,40,40],"position":[15,15],"backgroundColor":[0,0.8,0]},
             {"name":"d","bounds":[0,0,40,40],"position":[35,25],"backgroundColor":[1,0.8,0]}]}]}}
        """

    func testAFrameRecordedInOneProcessDrawsTheSameBytesInAnother() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-frame-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.json").path
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let frame = folder.appendingPathComponent("scene.frame").path

        let plain = try ChildProcess.run([ChildProcess.product("folio"), "evaluate", scene])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        let recording = try ChildProcess.run([ChildProcess.product("folio"), "evaluate", scene, "--frame-out", frame])
        XCTAssertEqual(recording.status, 0, recording.standardError)
        XCTAssertEqual(recording.standardOutput, plain.standardOutput, "the JSON is one view of the frame, byte for byte")
        XCTAssertTrue(plain.standardOutput.contains("\"name\":\"group\"") || plain.standardOutput.contains("\"name\" : \"group\""))

        for aa in ["analytic", "border", "msaa"] {
            let direct = folder.appendingPathComponent("direct-\(aa).png").path
            let replayed = folder.appendingPathComponent("replayed-\(aa).png").path
            let a = try ChildProcess.run([ChildProcess.product("folio"), "render", "--scene", scene, "--scale", "2", "--aa", aa, "--out", direct])
            XCTAssertEqual(a.status, 0, a.standardError)
            let b = try ChildProcess.run([ChildProcess.product("folio"), "render", "--scene", scene, "--frame", frame, "--scale", "2",
                                          "--aa", aa, "--out", replayed])
            XCTAssertEqual(b.status, 0, b.standardError)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: replayed)), try Data(contentsOf: URL(fileURLWithPath: direct)),
                           "\(aa): the frame drawn in another process differs from the scene drawn at once")
        }
    }

    func testAFileThatIsNotAFrameIsRefusedByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-frame-bad-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.json").path
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let frame = folder.appendingPathComponent("scene.frame").path
        XCTAssertEqual(try ChildProcess.run([ChildProcess.product("folio"), "evaluate", scene, "--frame-out", frame]).status, 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: frame))
        for (name, data, fragment) in [("not-a-frame", Data(Self.scene.utf8), "not a Folio frame"),
                                       ("truncated", bytes.prefix(bytes.count / 2), "frame file")] {
            let path = folder.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let r = try ChildProcess.run([ChildProcess.product("folio"), "render", "--scene", scene, "--frame", path,
                                          "--out", folder.appendingPathComponent("x.png").path])
            XCTAssertEqual(r.status, 1, "\(name): \(r.standardError)")
            XCTAssertTrue(r.standardError.contains(fragment) && r.standardError.contains(path), "\(name): \(r.standardError)")
        }
        // An output never replaces the scene it was evaluated from.
        let same = try ChildProcess.run([ChildProcess.product("folio"), "evaluate", scene, "--frame-out", scene])
        XCTAssertEqual(same.status, 64, same.standardError)
    }
}
