import XCTest
@testable import FolioBench
import FolioCLISupport
import FolioRender

/// `folio bench` measures rendering against the textured-quad floor in the same run and
/// reports every ratio with its target (one short round here: the figures are timed, not
/// judged; the README reports full runs).
final class RenderBenchmarkTests: XCTestCase {
    func testTheRenderReportHasTheFloorTheRatiosTheOverdrawAndTheTargets() throws {
        let report = try MainActor.assumeIsolated { try RenderBenchmarks().run(rounds: 1) }
        XCTAssertEqual(report.size, [1280, 800])
        XCTAssertGreaterThan(report.floorMs, 0)
        for effect in RenderBenchmarks.effects {
            for mode in AntialiasingMode.allCases.map(\.rawValue) {
                let ms = try XCTUnwrap(report.frameMs[effect]?[mode]), ratio = try XCTUnwrap(report.overFloor[effect]?[mode])
                XCTAssertTrue(ms > 0 && ms.isFinite && ratio > 0 && ratio.isFinite, "\(effect) \(mode)")
                // Targets only where the speed issue sets them: the fold and the flip.
                XCTAssertEqual(report.met["\(effect).\(mode).overFloor"] != nil, ["fold", "flip"].contains(effect), "\(effect) \(mode)")
                XCTAssertNotNil(report.overdraw[effect]?[mode])
            }
            XCTAssertNotNil(report.analyticOverNone[effect])
            XCTAssertEqual(report.met["\(effect).analyticOverNone"] != nil, ["fold", "flip"].contains(effect), effect)
        }
        XCTAssertEqual(report.targets, ["overFloor": 2.5, "analyticOverNone": 1.6, "curlOverFold": 1.5])
        for mode in AntialiasingMode.allCases.map(\.rawValue) {
            let ratio = try XCTUnwrap(report.curlOverFold[mode])
            XCTAssertTrue(ratio > 0 && ratio.isFinite, mode)
            XCTAssertNotNil(report.met["curl.\(mode).overFold"])
            XCTAssertTrue(try XCTUnwrap(report.litCurlOverFold[mode]).isFinite, mode)
            XCTAssertNil(report.met["curl-lit.\(mode).overFold"], "the light's price has no target")
            let litFlip = try XCTUnwrap(report.litFlipOverFlip[mode])
            XCTAssertTrue(litFlip > 0 && litFlip.isFinite, mode)
        }
        // The turning leaf hides the page under it, and what it hides is not drawn.
        XCTAssertLessThan(try XCTUnwrap(report.overdraw["flip"]?["at0.1"]), 1.05)
        XCTAssertLessThan(try XCTUnwrap(report.overdraw["flip"]?["at0.9"]), 1.05)
        let json = try JSONOutput.string(report)
        for key in ["floorMs", "frameMs", "overFloor", "analyticOverNone", "overdraw", "curlOverFold", "litCurlOverFold", "litFlipOverFlip", "targets", "met"] {
            XCTAssertTrue(json.contains("\"\(key)\""), key)
        }
    }

    func testProfilingNamesItsConfigurationOrRefusesIt() throws {
        try MainActor.assumeIsolated {
            let bench = try RenderBenchmarks()
            XCTAssertGreaterThan(try bench.timed("floor", frames: 1), 0)
            XCTAssertGreaterThan(try bench.timed("fold:none", frames: 1), 0)
            XCTAssertGreaterThan(try bench.timed("curl:analytic", frames: 1), 0)
            XCTAssertGreaterThan(try bench.timed("curl-lit:analytic", frames: 1), 0)
            XCTAssertGreaterThan(try bench.timed("flip-lit:analytic", frames: 1), 0)
            XCTAssertThrowsError(try bench.timed("book:analytic", frames: 1)) { error in
                XCTAssertTrue("\(error)".contains("book:analytic"), "\(error)")
            }
            XCTAssertThrowsError(try bench.timed("flip:blurry", frames: 1))
        }
    }
}
