import Foundation
import Testing
@testable import FolioCLI

/// `folio evaluate SCENE --time T`: the presentation of a scene's animations at T.
@Suite struct EvaluateTimeTests {
    static let scene = """
        {"size":[200,100],
         "layer":{"bounds":[0,0,200,100],"position":[100,50],"backgroundColor":[1,1,1],
          "sublayers":[{"name":"card","bounds":[0,0,40,40],"position":[30,50],"backgroundColor":[0.2,0.4,0.9],
            "animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":0.5,"fillMode":"backwards"},
                          {"keyPath":"position.x","fromValue":30,"toValue":170,"duration":1,"timingFunction":"easeInEaseOut"}]}]}}
        """

    static func report(_ extra: [String]) throws -> EvaluateCommand.Report {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-anim-\(UUID().uuidString).json").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try #require(try FolioCommand.parseAsRoot(["evaluate", path] + extra) as? EvaluateCommand)
        return try command.report()
    }

    @Test func theTimeOptionEvaluatesThePresentation() throws {
        // t = 0.5: x = 30 + 140·easeInEaseOut(0.5) = 100, so the card spans 80…120; the fade is over.
        let half = try Self.report(["--time", "0.5"])
        #expect(half.quads[1].corners == [[80, 30], [120, 30], [120, 70], [80, 70]])
        #expect(half.quads[1].opacity == 1)
        // t = 0.25: opacity 0.5; default time 0: opacity 0 (the fade fills backwards... and begins at 0).
        #expect(try Self.report(["--time", "0.25"]).quads[1].opacity == 0.5)
        let start = try Self.report([])
        #expect(start.quads[1].corners == [[10, 30], [50, 30], [50, 70], [10, 70]])
    }

    /// README's command, on the scene file the README names: the card half faded in at 0.25 s,
    /// where easeInEaseOut has it (docs/fade-and-slide.json is the file users run).
    @Test func theReadmesFadeAndSlideCommandShowsTheCardHalfFadedIn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("docs/fade-and-slide.json").path
        let command = try #require(try FolioCommand.parseAsRoot(["evaluate", path, "--time", "0.25"]) as? EvaluateCommand)
        let report = try command.report()
        #expect(report.quads.count == 2)
        #expect(report.quads[1].opacity == 0.5)
        let inside = report.quads[1].corners.map(\.[0])
        #expect(inside.min()! > 10 && inside.max()! < 150, "the card has left x 10…50 and not reached 150…190: \(inside)")
    }

    @Test func aTimeThatIsNotFiniteIsAUsageError() {
        #expect(throws: (any Error).self) { _ = try FolioCommand.parseAsRoot(["evaluate", "x.json", "--time", "nan"]) }
        // The message names the value without printing `nan` or `inf`.
        for (value, shown) in [("nan", "not-a-number"), ("inf", "infinity")] {
            for arguments in [["evaluate", "x.json", "--time", value], ["render", "--scene", "x.json", "--time", value, "--out", "x.png"]] {
                do {
                    _ = try FolioCommand.parseAsRoot(arguments)
                    Issue.record("\(arguments) was accepted")
                } catch {
                    let message = FolioCommand.message(for: error)
                    #expect(message.contains("--time \(shown) must be"), "\(message)")
                    #expect(!message.lowercased().contains("nan") && !message.contains("inf "), "\(message)")
                }
            }
        }
    }
}
