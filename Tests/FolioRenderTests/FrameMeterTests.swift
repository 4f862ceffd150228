import XCTest
import FolioRender

/// `FrameMeter`, behind `folio bench --window` and the demo's readout: spans, the damaged
/// fraction's mean and clamp, and the readout's figures. No absolute times are asserted.
final class FrameMeterTests: XCTestCase {
    /// Spins for `seconds` of wall time, so that the process uses CPU time.
    func spin(_ seconds: Double) {
        let end = FrameMeter.wallSeconds() + seconds
        var x = 0.0
        while FrameMeter.wallSeconds() < end { x += 1 }
        XCTAssertGreaterThan(x, 0)
    }

    func testTheFirstTickOnlyStartsTheSpanAndFpsIsAThousandOverFrameMs() throws {
        var meter = FrameMeter()
        XCTAssertNil(meter.figures)
        meter.tick()
        XCTAssertNil(meter.figures, "one tick is a start, not a frame")
        for _ in 0..<3 { spin(0.004); meter.tick() }
        let f = try XCTUnwrap(meter.figures)
        XCTAssertEqual(f.frames, 3)
        XCTAssertTrue(f.frameMs.isFinite && f.frameMs > 0)
        XCTAssertEqual(f.fps * f.frameMs, 1000, accuracy: 1e-9)
        XCTAssertTrue(f.cpuMsPerFrame.isFinite && f.cpuMsPerFrame > 0, "spinning used no CPU time: \(f.cpuMsPerFrame)")
        XCTAssertEqual(f.damagedFraction, 1, "a frame that does not say redrew everything")
    }

    func testTheDamagedFractionIsTheMeanOfEachFramesClampedShare() throws {
        var meter = FrameMeter()
        meter.tick()
        for share in [0.25, 0.75, 2, -1, .nan] { meter.tick(damagedFraction: share) }
        // 0.25, 0.75, 1 (clamped), 0 (clamped), 1 (NaN counts as everything).
        XCTAssertEqual(try XCTUnwrap(meter.figures).damagedFraction, 3.0 / 5, accuracy: 1e-12)
    }

    func testRestartBeginsTheNextSpanAtTheLastTick() throws {
        var meter = FrameMeter()
        meter.tick()
        meter.tick(damagedFraction: 0)
        meter.restart()
        XCTAssertNil(meter.figures, "a new span has no frame yet")
        meter.tick(damagedFraction: 0.5)
        let f = try XCTUnwrap(meter.figures)
        XCTAssertEqual(f.frames, 1, "the frame between the last tick and this one counts, in the new span")
        XCTAssertEqual(f.damagedFraction, 0.5)
    }

    func testTheReadoutShowsFrameTimeFpsCPUAndDamage() {
        let f = FrameMeter.Figures(frames: 10, frameMs: 25.904, cpuMsPerFrame: 31.2, damagedFraction: 1)
        XCTAssertEqual(f.readout, "25.90 ms  39 fps  cpu 31.20 ms  damage 1.00")
    }
}
