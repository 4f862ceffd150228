import FolioCLISupport

/// `folio bench --sharpness`.
extension SharpnessBenchmarks {
    /// Runs the sharpness figures alone (on the main thread, where GL runs) and prints them,
    /// as the bench's table (`lines`) or as one line of JSON.
    package nonisolated static func command(json: Bool) throws {
        let report = try MainActor.assumeIsolated { try SharpnessBenchmarks().run() }
        if json { print(try JSONOutput.string(report)) } else { lines(report).forEach { print($0) } }
    }
}
