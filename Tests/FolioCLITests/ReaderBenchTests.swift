import Foundation
import Testing

/// `folio bench --reader` (issue #27's reader figures), run small: every figure is present,
/// finite and positive, each ratio is its figure over its floor, and the verdicts follow from
/// the ratios and the targets. No time is asserted: the machine decides those.
@Suite(.serialized) struct ReaderBenchTests {
    /// The `reader` object of `folio bench --reader --reader-pages 8 --json`, run headless.
    static func smallReport() throws -> [String: Any] {
        let r = try ChildProcess.run(["/usr/bin/env", "-u", "DISPLAY", ChildProcess.product("folio"), "bench", "--reader", "--reader-pages", "8", "--json"])
        #expect(r.status == 0, "\(r.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(r.standardOutput.utf8)) as? [String: Any]
        return try #require(json?["reader"] as? [String: Any], "no reader object in: \(r.standardOutput)")
    }

    @Test func theReaderSectionReportsEveryFigureAgainstItsFloor() throws {
        let reader = try Self.smallReport()
        func section(_ name: String) throws -> [String: Any] { try #require(reader[name] as? [String: Any], "missing \(name)") }
        func number(_ s: [String: Any], _ key: String) throws -> Double {
            let v = try #require((s[key] as? NSNumber)?.doubleValue, "missing \(key)")
            #expect(v.isFinite && v > 0, "\(key) = \(v)")
            return v
        }
        func ratio(_ s: [String: Any], _ key: String, _ measured: String, _ floor: String) throws -> Double {
            let r = try number(s, key), m = try number(s, measured), f = try number(s, floor)
            #expect(abs(r - m / f) <= 1e-9 * r, "\(key) \(r) is not \(measured) \(m) over \(floor) \(f)")
            return r
        }
        #expect(reader["pages"] as? Int == 8)

        let first = try section("firstPage")
        let firstRatio = try ratio(first, "ratio", "ms", "floorMs")
        #expect(first["size"] as? [Int] == [1280, 800])
        let pixels = try #require(first["pagePixels"] as? [Int])
        #expect(pixels.count == 2 && pixels.allSatisfy { $0 > 0 && $0 <= 1280 })

        let riffle = try section("riffle")
        let riffleRatio = try ratio(riffle, "ratio", "pagesPerSecond", "floorPagesPerSecond")
        _ = try ratio(riffle, "heapRatio", "heapPagesPerSecond", "floorPagesPerSecond")
        #expect(riffle["threads"] as? Int == 2 && riffle["pages"] as? Int == 8)

        // The memory riffle reads the document of twice as many pages, end to end.
        let memory = try section("memory")
        #expect(memory["pages"] as? Int == 16)
        let workers = try #require(memory["workerPeakMiB"] as? [Double])
        #expect(!workers.isEmpty && workers.allSatisfy { $0.isFinite && $0 > 0 })
        let peak = try number(memory, "peakMiB"), own = try number(memory, "readerPeakMiB")
        #expect(abs(peak - own - workers.reduce(0, +)) <= 1e-6 * peak)
        let frames = try #require(memory["frames"] as? Int), shown = try #require(memory["placeholderFrames"] as? Int)
        #expect(frames > 0 && (0...frames).contains(shown))
        let loaded = try #require(memory["pagesLoaded"] as? Int)
        #expect(loaded > 0)

        let turn = try section("turn")
        let turnRatio = try ratio(turn, "ratio", "frameMs", "floorMs")
        #expect(turn["size"] as? [Int] == [1920, 1200])
        let turnFrames = try #require(turn["frames"] as? Int)
        let turnPlaceholders = try #require(turn["placeholderFrames"] as? Int)
        #expect(turnFrames > 0 && (0...turnFrames).contains(turnPlaceholders))
        #expect(turn["coarseFrames"] as? Int == 0)
        _ = try number(turn, "uploadMs")

        // Zoomed, the tiles of what shows are rasterised and counted; a frame showing a coarse
        // level is one of the frames.
        let zoomed = try section("zoomedTurn")
        _ = try ratio(zoomed, "ratio", "frameMs", "floorMs")
        #expect(zoomed["size"] as? [Int] == [1920, 1200] && zoomed["zoom"] as? Double == 3 && zoomed["level"] as? Int == 2)
        let zoomedFrames = try #require(zoomed["frames"] as? Int)
        let coarse = try #require(zoomed["coarseFrames"] as? Int), zoomedPlaceholders = try #require(zoomed["placeholderFrames"] as? Int)
        #expect(zoomedFrames > 0 && (0...zoomedFrames).contains(coarse) && (0...zoomedFrames).contains(zoomedPlaceholders))
        #expect(try #require(zoomed["tilesLoaded"] as? Int) > 0)
        _ = try number(zoomed, "tileUploadMs")

        // The verdicts are the ratios held to the targets.
        let targets = try #require(reader["targets"] as? [String: Double])
        let met = try #require(reader["met"] as? [String: Bool])
        #expect(targets == ["firstPageOverFloor": 1.3, "riffleOverFloor": 0.85, "peakMiB": 300, "turnOverFloor": 2.5])
        #expect(met["firstPageOverFloor"] == (firstRatio <= 1.3))
        #expect(met["riffleOverFloor"] == (riffleRatio >= 0.85))
        #expect(met["peakMiB"] == (peak <= 300))
        #expect(met["turnOverFloor"] == (turnRatio <= 2.5))
    }

    @Test func readerPagesWithoutReaderOrTooSmallIsAUsageError() throws {
        for arguments in [["--reader-pages", "20"], ["--reader", "--reader-pages", "3"], ["--reader", "--quick"]] {
            let r = try ChildProcess.run([ChildProcess.product("folio"), "bench"] + arguments)
            #expect(r.status == 64, "\(arguments): status \(r.status), \(r.standardError)")
            #expect(r.standardError.contains("--reader"), "\(arguments): \(r.standardError)")
        }
    }
}
