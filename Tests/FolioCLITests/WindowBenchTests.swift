import Foundation
import XCTest

/// `folio bench --window`: the figures a person sees, from a real window on the test's display
/// (Xvfb in CI), and a clean skip without one. No absolute times are asserted: only that every
/// figure is there, finite, positive and consistent with the others.
final class WindowBenchTests: XCTestCase {
    /// Runs the built `folio` with `environment` changes (nil removes a variable).
    func folio(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ChildProcess.product("folio"))
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        p.environment = environment
        let output = Pipe(), errors = Pipe()
        p.standardOutput = output
        p.standardError = errors
        try p.run()
        // Standard error is a line or two; standard output one line of JSON.
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, out, err)
    }

    /// The `window` object of a JSON line.
    func windowObject(_ line: String) throws -> [String: Any] {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        return try XCTUnwrap(root["window"] as? [String: Any], line)
    }

    func testTheWindowBenchReportsEveryFigureFiniteAndPositiveNextToItsFloor() throws {
        let r = try folio(["bench", "--window", "--quick", "--json"])
        // The figures need an X display (the main run is under Xvfb); in the headless rerun the
        // same command must say it skipped, and succeed.
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else {
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertNotNil(try windowObject(r.stdout)["skipped"], "no display, yet not skipped: \(r.stdout)")
            return
        }
        XCTAssertEqual(r.status, 0, r.stderr)
        let window = try windowObject(r.stdout)
        XCTAssertNil(window["skipped"], "skipped on a display: \(r.stdout)")
        for key in ["renderer", "machine", "build", "antialiasing", "frame"] {
            XCTAssertFalse((window[key] as? String ?? "").isEmpty, "missing \(key)")
        }
        XCTAssertGreaterThan(window["rounds"] as? Int ?? 0, 0)
        XCTAssertGreaterThan(window["framesPerRound"] as? Int ?? 0, 0)
        let floors = try XCTUnwrap(window["floor"] as? [[String: Any]])
        let rows = try XCTUnwrap(window["frames"] as? [[String: Any]])
        XCTAssertFalse(floors.isEmpty)
        XCTAssertFalse(rows.isEmpty)
        /// Checks the figures every entry has, floor or frame.
        func checkFigures(_ entry: [String: Any], _ name: String) throws -> (size: [Int], frameMs: Double) {
            let size = try XCTUnwrap(entry["size"] as? [Int], name)
            XCTAssertEqual(size.count, 2, name)
            XCTAssertTrue(size.allSatisfy { $0 > 0 }, name)
            for key in ["frameMs", "fps", "cpuMsPerFrame", "damagedFraction"] {
                let value = try XCTUnwrap(entry[key] as? Double, "\(name): \(key)")
                XCTAssertTrue(value.isFinite && value > 0, "\(name): \(key) = \(value)")
            }
            let ms = entry["frameMs"] as! Double, fps = entry["fps"] as! Double
            XCTAssertEqual(fps, 1000 / ms, accuracy: 1e-9 * fps, "\(name): fps is not 1000 / frame ms")
            let damage = entry["damagedFraction"] as! Double
            XCTAssertTrue((0...1).contains(damage), "\(name): damaged fraction \(damage)")
            return (size, ms)
        }
        var floorMs: [[Int]: Double] = [:]
        for floor in floors {
            let (size, ms) = try checkFigures(floor, "floor")
            floorMs[size] = ms
            let page = try XCTUnwrap(floor["pagePixels"] as? [Int])
            XCTAssertTrue(page.count == 2 && page.allSatisfy { $0 > 0 })
        }
        for row in rows {
            let name = "\(row["effect"] ?? "?") \(row["leaves"] ?? "?") lit \(row["lit"] ?? "?")"
            let (size, _) = try checkFigures(row, name)
            XCTAssertTrue(["flip", "fold", "curl"].contains(row["effect"] as? String ?? ""), name)
            XCTAssertGreaterThan(row["leaves"] as? Int ?? 0, 0, name)
            XCTAssertNotNil(row["lit"] as? Bool, name)
            let presentation = row["presentation"] as? String ?? ""
            XCTAssertTrue(["swap", "retainedFramebuffer", "subBufferCopy"].contains(presentation), "\(name): presentation \(presentation)")
            XCTAssertEqual(presentation == "swap", row["damageDriven"] as? Bool == false, name)
            // The floor was measured in the same run at the same size, and the ratio is over it.
            let floor = try XCTUnwrap(floorMs[size], "\(name): no floor at \(size)")
            XCTAssertEqual(row["floorMs"] as? Double, floor, name)
            for key in ["overFloor", "cpuOverFloor"] {
                let ratio = try XCTUnwrap(row[key] as? Double, "\(name): \(key)")
                XCTAssertTrue(ratio.isFinite && ratio > 0, "\(name): \(key) \(ratio)")
            }
        }
    }

    /// `--window-draws` times each draw of a full frame alone: the smoke plan's flip draws its two
    /// pages and its leaf, each group with its draws, triangles and pixels, and the pixels of
    /// the opaque draws (the pages' and the leaf's interiors) fill the window about once.
    func testTheDrawProfileAccountsForEveryPixelOfTheFrame() throws {
        let r = try folio(["bench", "--window", "--quick", "--window-draws", "--json"])
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else {
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertNotNil(try windowObject(r.stdout)["skipped"], "no display, yet not skipped: \(r.stdout)")
            return
        }
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = try XCTUnwrap(try windowObject(r.stdout)["draws"] as? [[String: Any]], r.stdout)
        XCTAssertEqual(rows.count, 1, "one full-redraw configuration in the smoke plan")
        let row = try XCTUnwrap(rows.first)
        XCTAssertEqual(row["configuration"] as? String, "flip, 1 leaf")
        XCTAssertGreaterThan(row["fixedMicroseconds"] as? Double ?? -1, 0)
        let size = try XCTUnwrap(row["size"] as? [Int])
        let groups = try XCTUnwrap(row["groups"] as? [[String: Any]])
        XCTAssertEqual(Set(groups.compactMap { $0["layer"] as? String }), ["page", "leaf.front"], "\(groups)")
        for g in groups {
            XCTAssertGreaterThan(g["draws"] as? Int ?? 0, 0, "\(g)")
            XCTAssertGreaterThan(g["triangles"] as? Int ?? 0, 0, "\(g)")
            XCTAssertGreaterThan(g["pixels"] as? Double ?? 0, 0, "\(g)")
            XCTAssertGreaterThan(g["microseconds"] as? Double ?? 0, 0, "\(g)")
        }
        // No overdraw in a flip (the leaf's cover cuts the page under it): the opaque
        // interiors, plus the thin antialiased bands, are the window's area.
        let pixels = groups.reduce(0.0) { $0 + ($1["pixels"] as? Double ?? 0) }
        XCTAssertEqual(pixels / Double(size[0] * size[1]), 1, accuracy: 0.05)
    }

    /// `--profile window:EFFECT` runs that configuration's frames for a profiler and prints
    /// its time per frame on a display; without one it fails with a message that says what it
    /// needs (a profiler's run has no figures to skip to), never a crash.
    func testTheWindowProfileRunsOneConfigurationOrSaysItNeedsADisplay() throws {
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else {
            let r = try folio(["bench", "--profile", "window:curl", "--frames", "1"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("no display") && r.stderr.contains("xvfb-run"), r.stderr)
            return
        }
        for (kind, rasters) in [("window:curl", "rasters for the turn"), ("window:floor", "rasters for the turn")] {
            let r = try folio(["bench", "--profile", kind, "--frames", "2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.hasPrefix("\(kind) 1280x800, one leaf, unlit, full redraw, \(rasters): "), r.stdout)
            XCTAssertTrue(r.stdout.contains(" ms/frame, ") && r.stdout.contains(" ms CPU/frame over 2 frames"), r.stdout)
        }
        let resting = try folio(["bench", "--profile", "window:flip", "--frames", "1"], environment: ["FOLIO_WINDOW_RESTING_RASTERS": "1"])
        XCTAssertEqual(resting.status, 0, resting.stderr)
        XCTAssertTrue(resting.stdout.contains("resting rasters"), resting.stdout)
        // The demo's former 2 × 2 rasters, measured in the same build; a scale that is not a
        // number above 1 is refused with a message, not ignored.
        let two = try folio(["bench", "--profile", "window:flip", "--frames", "1"], environment: ["FOLIO_WINDOW_FINE_RASTER_SCALE": "2"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stdout.contains("pages in flight at 2 × 2"), two.stdout)
        for wrong in ["0.5", "two", "nan"] {
            let refused = try folio(["bench", "--profile", "window:flip", "--frames", "1"], environment: ["FOLIO_WINDOW_FINE_RASTER_SCALE": wrong])
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("FOLIO_WINDOW_FINE_RASTER_SCALE '\(wrong)' must be a number above 1"), refused.stderr)
        }
        let bad = try folio(["bench", "--profile", "window:crossfade"])
        XCTAssertEqual(bad.status, 64, "an unknown kind is a usage error: \(bad.stderr)")
    }

    func testWithoutADisplayTheWindowBenchSaysSoAndSucceeds() throws {
        let r = try folio(["bench", "--window", "--quick", "--json"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("no display") && r.stderr.contains("xvfb-run"), r.stderr)
        let skipped = try XCTUnwrap(try windowObject(r.stdout)["skipped"] as? String, r.stdout)
        XCTAssertTrue(skipped.contains("no display"), skipped)
    }

    func testTheWindowBenchRefusesOptionsItWouldIgnore() throws {
        for other in [["--render-only"], ["--no-render"], ["--profile", "floor"]] {
            let r = try folio(["bench", "--window"] + other)
            XCTAssertEqual(r.status, 64, "--window \(other): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--window cannot be combined"), r.stderr)
        }
        let draws = try folio(["bench", "--window-draws"])
        XCTAssertEqual(draws.status, 64, draws.stderr)
        XCTAssertTrue(draws.stderr.contains("--window-draws applies to --window"), draws.stderr)
        // Leaf counts the window benchmark has (1, 4), and only for its full plan.
        for arguments in [["--window", "--window-leaves", "2"], ["--window-leaves", "1"], ["--window", "--quick", "--window-leaves", "1"]] {
            let r = try folio(["bench"] + arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--window-leaves"), r.stderr)
        }
    }
}
