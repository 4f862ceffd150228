import XCTest
@testable import FolioBench
import FolioCLISupport

/// `folio bench --quick`'s report. XCTest, not Swift Testing: the benchmarks open the book on
/// the main actor (its page textures are GL), and XCTest runs on the main thread, where
/// `MainActor.assumeIsolated` holds; a Swift Testing test runs elsewhere and traps there.
final class BenchReportTests: XCTestCase {
    func testQuickReportHasTheContractKeysWithUnits() throws {
        let report = try Benchmarks(quick: true, render: false).run()
        let json = try JSONOutput.string(report)
        for key in ["foldFrameNs", "flipFrameNs", "tiles10kMs", "allocationsPerFrame", "springs10kMs", "renderFps", "machine",
                    "bookFrameNs", "bookFrameVsFlip", "book1000", "peakMiB", "baselineMiB", "peakCachePages"] {
            XCTAssertTrue(json.contains("\"\(key)\""), "missing \(key)")
        }
        XCTAssertTrue(report.foldFrameNs > 0 && report.springs10kMs > 0 && report.allocationsPerFrame >= 0)
        XCTAssertEqual(report.tilesMs.keys.sorted(), ["10", "100", "1000"])
        // The book: its frame, and the 1,000-page book's memory through the page cache. The
        // resident figures are the whole test process's (earlier GL tests' memory counts), so
        // the ≤ 300 MiB target is the benchmark's to report; this test pins what the book owns:
        // its cache never holds more than its budget, in pages or in bytes.
        let book = try XCTUnwrap(report.book1000)
        XCTAssertTrue(report.bookFrameNs > 0 && book.peakMiB >= book.baselineMiB)
        XCTAssertTrue(book.peakCachePages <= book.budgetPages && book.peakCacheMiB <= book.budgetMiB && book.frames > 100)
        XCTAssertNotNil(report.allocations["bookFrame"])
        // The evaluator's targets: floors, ratios and targets in the same report.
        for key in ["evaluator", "foldReferenceNs", "foldVsReference", "tileSpread", "tileOutputStoreNs", "targets", "met"] {
            XCTAssertTrue(json.contains("\"\(key)\""), "missing \(key)")
        }
        let e = try XCTUnwrap(report.evaluator)
        XCTAssertTrue(e.foldReferenceNs > 0 && e.foldVsReference > 0 && e.referenceDifference <= 1e-9)
        XCTAssertEqual(e.targets, ["foldVsReference": 8, "flipFrameNs": 500, "tiles10kMs": 8, "tileSpread": 1.2])
    }
}
