import Foundation
import XCTest

/// `folio render` with no X server: `DISPLAY` unset, the command draws through a headless EGL
/// context and writes the very bytes it writes in a window's context under Xvfb.
final class HeadlessRenderTests: XCTestCase {
    /// Runs the built `folio` with `environment` changes (nil removes a variable); returns its
    /// exit status and standard error.
    func folio(_ arguments: [String], environment changes: [String: String?]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ChildProcess.product("folio"))
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        p.environment = environment
        let errors = Pipe()
        p.standardError = errors
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    func testRenderingWithoutADisplayWritesTheSameBytesAsInAWindowsContext() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-headless-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
        for (name, options) in [("fold", ["--effect", "fold", "--progress", "0.3", "--aa", "analytic"]),
                                ("flip-msaa", ["--effect", "flip", "--progress", "0.6", "--aa", "msaa"]),
                                ("curl-lit", ["--effect", "curl", "--progress", "0.4", "--light"]),
                                ("book", ["--effect", "book", "--layout", "spread", "--leaf", "1:0.35", "--leaf", "2:0.2"])] {
            let headless = folder.appendingPathComponent("\(name)-egl.png").path
            let r = try folio(["render"] + options + ["--out", headless], environment: ["DISPLAY": nil, "FOLIO_GL": nil])
            XCTAssertEqual(r.status, 0, "\(name) without DISPLAY: \(r.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: headless))
            XCTAssertGreaterThan(bytes.count, 1000, name)
            if hasDisplay {
                // The same frame in a hidden GLFW window's context on the test's X display.
                let windowed = folder.appendingPathComponent("\(name)-glx.png").path
                let w = try folio(["render"] + options + ["--out", windowed], environment: ["FOLIO_GL": "glfw"])
                XCTAssertEqual(w.status, 0, "\(name) in a window's context: \(w.stderr)")
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: windowed)), bytes, "\(name): EGL and GLX frames differ")
            } else {
                // No display at all: the window's context is refused by name, the headless one drew.
                let w = try folio(["render"] + options + ["--out", folder.appendingPathComponent("x.png").path], environment: ["FOLIO_GL": "glfw"])
                XCTAssertNotEqual(w.status, 0)
                XCTAssertTrue(w.stderr.contains("no display"), w.stderr)
            }
        }
    }

    /// A `DISPLAY` naming a server that is not there (a closed ssh -X session, an X server gone
    /// or refusing clients) does not stop offscreen rendering: the command falls back to the
    /// headless context and writes the bytes it writes with no `DISPLAY` at all. `FOLIO_GL=glfw`
    /// still asks for the window's context, and is refused by name.
    func testAnUnreachableDisplayFallsBackToTheHeadlessContext() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-stale-display-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["render", "--effect", "fold", "--progress", "0.3"]
        let headless = folder.appendingPathComponent("egl.png").path, stale = folder.appendingPathComponent("stale.png").path
        let a = try folio(options + ["--out", headless], environment: ["DISPLAY": nil, "FOLIO_GL": nil])
        XCTAssertEqual(a.status, 0, a.stderr)
        // Display 9999 on a socket that no server listens on.
        let b = try folio(options + ["--out", stale], environment: ["DISPLAY": ":9999", "FOLIO_GL": nil])
        XCTAssertEqual(b.status, 0, "an unreachable DISPLAY: \(b.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: stale)), try Data(contentsOf: URL(fileURLWithPath: headless)))
        let c = try folio(options + ["--out", folder.appendingPathComponent("x.png").path], environment: ["DISPLAY": ":9999", "FOLIO_GL": "glfw"])
        XCTAssertNotEqual(c.status, 0)
        XCTAssertTrue(c.stderr.contains("no display"), c.stderr)
    }
}
