import Testing
import FolioScene
import FolioTransitions
@testable import FolioCLI
import FolioCLISupport

/// `TransitionReport` — what a custom effect prints — is byte for byte what `folio geometry`
/// prints for the built-in effects.
@Suite struct TransitionReportTests {
    @Test(arguments: [["--effect", "fold", "--progress", "0.3", "--style", "cubic"],
                      ["--effect", "fold", "--size", "321x479", "--scale", "2", "--time", "0.6"]])
    func aTransitionReportIsTheGeometryCommandsJSON(arguments: [String]) throws {
        let command = try #require(try FolioCommand.parseAsRoot(["geometry"] + arguments) as? GeometryCommand)
        let printed = try JSONOutput.string(try command.report())
        let transition = try command.options.makeTransition()
        let report = TransitionReport(transition, effect: "fold", scale: command.options.scale, time: command.options.time)
        #expect(try report.jsonString() == printed)
    }
}
