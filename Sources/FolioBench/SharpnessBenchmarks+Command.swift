import Foundation
import FolioCLISupport

/// `folio bench --sharpness`.
extension SharpnessBenchmarks {
    /// Runs the sharpness figures alone (on the main thread, where GL runs) and prints them,
    /// as the bench's table (`lines`) or as one line of JSON.
    package nonisolated static func command(json: Bool) throws {
        let report = try MainActor.assumeIsolated {
            let bench = try SharpnessBenchmarks()
            // `FOLIO_SHARPNESS_DOCUMENT_ONLY` (any value): the document path's table alone.
            var report = try ProcessInfo.processInfo.environment["FOLIO_SHARPNESS_DOCUMENT_ONLY"] != nil ? bench.run(frames: []) : bench.run()
            report.document = try bench.runDocument()
            return report
        }
        if json { print(try JSONOutput.string(report)) } else { lines(report).forEach { print($0) } }
    }
}
