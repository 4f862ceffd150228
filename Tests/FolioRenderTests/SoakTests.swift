import XCTest
@testable import FolioCLI

/// Offscreen rendering keeps memory flat: `folio soak` over a few thousand frames (the full
/// 100,000-frame run is `folio soak`, reported in the README).
final class SoakTests: XCTestCase {
    func testRenderingThousandsOfFramesKeepsResidentMemoryFlat() throws {
        let command = try SoakCommand.parse(["--frames", "3000", "--limit", "8"])
        let report = try MainActor.assumeIsolated { try command.report() }
        XCTAssertEqual(report.frames, 3000)
        XCTAssertGreaterThanOrEqual(report.residentMiB.count, 2)
        XCTAssertTrue(report.residentMiB.allSatisfy(\.isFinite))
        XCTAssertLessThan(report.growthMiB, 8, "resident MiB: \(report.residentMiB)")
    }
}
