import ArgumentParser
import Foundation
import Testing
@testable import FolioCLI
import FolioCLISupport

/// `folio geometry|render --effect accordion --panels W1,… [--vertical]`: the contract's quad
/// schema with quads named `panel<N>`, seams shared in the printed JSON, and refusals.
@Suite struct AccordionCommandTests {
    @Test(arguments: [false, true])
    func accordionGeometryPrintsEveryPanelJoinedToTheNext(vertical: Bool) throws {
        var arguments = ["--effect", "accordion", "--panels", "208,144,176,112,160", "--size", vertical ? "480x800" : "800x480",
                         "--scale", "2", "--progress", "0.4"]
        if vertical { arguments.append("--vertical") }
        let r = try CommandTests.geometry(arguments)
        #expect(r.effect == "accordion" && r.progress == 0.4)
        #expect(r.quads.map(\.name) == ["panel1", "panel2", "panel3", "panel4", "panel5"])
        for k in 0..<4 {
            let (a, b) = (r.quads[k], r.quads[k + 1])
            let pairs = vertical ? [(3, 0), (2, 1)] : [(1, 0), (2, 3)]
            for (i, j) in pairs {
                #expect(abs(a.corners[i][0] - b.corners[j][0]) <= 1e-9 && abs(a.corners[i][1] - b.corners[j][1]) <= 1e-9, "seam \(k + 1)")
            }
        }
        let json = try JSONOutput.string(r)
        #expect(json.contains("\"name\":\"panel5\"") && !json.contains("nan"))
    }

    /// The largest documented panel count works in every command that takes `--panels`
    /// (62 and more used to end the process on a `try!`).
    @Test func everyDocumentedPanelCountRendersOrPrints() throws {
        let panels = Array(repeating: "1", count: 256).joined(separator: ",")
        let r = try CommandTests.geometry(["--effect", "accordion", "--panels", panels, "--size", "1024x300", "--progress", "0.5"])
        #expect(r.quads.count == 256 && r.quads.last?.name == "panel256")
        let book = try CommandTests.geometry(["--effect", "book", "--leaf-effect", "accordion", "--panels", panels,
                                              "--layout", "spread", "--size", "1024x300", "--leaf", "0:0.5"])
        #expect(book.quads.count > 256)
        let folder = try DocumentCommandTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = try DocumentCommandTests.folio(["render", "--effect", "accordion", "--panels", panels, "--size", "512x200",
                                                  "--progress", "0.4", "--out", folder + "/a.png"])
        #expect(out.status == 0, "\(out.standardError)")
    }

    @Test func accordionOptionsAreCheckedAtParseTime() throws {
        for arguments in [["--effect", "accordion"], ["--effect", "accordion", "--panels", "1,x"],
                          ["--effect", "fold", "--panels", "1,2"], ["--effect", "flip", "--vertical"],
                          ["--effect", "accordion", "--panels", "1,2", "--style", "cubic"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try FolioCommand.parseAsRoot(["geometry"] + arguments) }
        }
        // Widths the accordion refuses are named by it (exit 1, not a usage error).
        #expect(throws: (any Error).self) { try CommandTests.geometry(["--effect", "accordion", "--panels", "1"]) }
        #expect(throws: (any Error).self) { try CommandTests.geometry(["--effect", "accordion", "--panels", "1,-2"]) }
    }
}
