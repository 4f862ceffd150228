import ArgumentParser
import Foundation
import Testing
@testable import FolioCLI
import FolioCLISupport

/// The command-line contract of docs/command-line.md, exercised in-process.
@Suite struct CommandTests {
    static func geometry(_ arguments: [String]) throws -> GeometryCommand.Report {
        let command = try FolioCommand.parseAsRoot(["geometry"] + arguments)
        return try #require(command as? GeometryCommand).report()
    }

    @Test func foldGeometryMatchesTheContract() throws {
        let r = try Self.geometry(["--effect", "fold", "--progress", "0.5"])
        #expect(r.effect == "fold" && r.size == [320, 480] && r.scale == 1 && r.progress == 0.5)
        #expect(abs(r.m34 - -0.000892857) < 1e-9)
        #expect(r.quads.map(\.name) == ["A", "B", "C", "D"])
        let b = r.quads[1]
        #expect(abs(b.corners[0][1] - 70.294) < 5e-4 && abs(b.corners[3][0] - 21.054) < 5e-4)
        #expect(b.corners.count == 4 && b.depth.count == 4 && b.shadowOpacity != nil && b.opacity == nil)
        let json = try JSONOutput.string(r)
        #expect(json.hasPrefix("{\"effect\":\"fold\""))
        #expect(!json.contains("nan") && !json.contains("inf"))
    }

    @Test func flipGeometryMatchesTheContract() throws {
        let r = try Self.geometry(["--effect", "flip", "--progress", "0.125"])
        #expect(r.quads.map(\.name) == ["facing", "front", "back", "reveal"])
        let front = r.quads[1]
        #expect(abs(front.corners[1][0] - 321.025) < 5e-4 && abs(front.corners[1][1] - -21.439) < 5e-4)
        #expect(abs(front.corners[2][1] - 501.439) < 5e-4)
        #expect(r.quads[2].visible == false)
    }

    @Test func timeAppliesTheDefaultTimingAndIsReported() throws {
        let r = try Self.geometry(["--effect", "fold", "--time", "0.5", "--style", "unfold,cubic"])
        #expect(r.time == 0.5)
        #expect(abs(r.progress - 0.315357) < 1e-5, "unfold eases in")
        let flip = try Self.geometry(["--effect", "flip", "--time", "0.5", "--style", "backward,vertical,reverse"])
        #expect(flip.progress == 0.5 && flip.m34 > 0)
    }

    @Test func optionsOverrideDefaults() throws {
        let r = try Self.geometry(["--effect", "flip", "--size", "99x99", "--scale", "2", "--m34", "-0.001", "--viewpoint", "1.5"])
        #expect(r.size == [99, 99] && r.scale == 2 && r.m34 == -0.001 && r.viewpoint == 1.5)
    }

    /// Arguments that must fail, and whether the failure is a usage error (exit 64) or a value error (exit 1).
    static let badArguments: [([String], Int32)] = [
        (["--effect", "fold", "--progress", "nan"], 1),
        (["--effect", "fold", "--progress", "-0.5"], 1),
        (["--effect", "fold", "--progress", "1.5"], 1),
        (["--effect", "fold", "--progress", "inf"], 1),
        (["--effect", "fold", "--size", "-320x480"], 1),
        (["--effect", "fold", "--size", "0x480"], 1),
        (["--effect", "fold", "--size", "nanx480"], 1),
        (["--effect", "fold", "--scale", "0"], 1),
        (["--effect", "flip", "--m34", "-0.01"], 1),
        (["--effect", "fold", "--m34", "0.01"], 1),
        (["--effect", "flip", "--viewpoint", "nan"], 1),
        (["--effect", "fold", "--time", "2"], 1),
        (["--effect", "fold", "--style", "bogus"], 64),
        (["--effect", "flip", "--style", "cubic"], 64),
        (["--effect", "fold", "--size", "big"], 64),
        (["--effect", "fold", "--viewpoint", "1"], 64),
        (["--effect", "fold", "--progress", "0.5", "--time", "0.5"], 64),
        (["--effect", "spin"], 64),
    ]

    @Test(arguments: badArguments.indices)
    func badArgumentsFailWithTheRightStatus(index: Int) {
        let (arguments, status) = Self.badArguments[index]
        do {
            _ = try Self.geometry(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(FolioCommand.exitCode(for: error).rawValue == status, "\(arguments): \(error)")
            #expect(!FolioCommand.message(for: error).isEmpty)
        }
    }

    @Test func evaluateReadsASceneFileAndReportsQuads() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-\(UUID().uuidString).json").path
        try Data("""
            {"size":[100,100],"layer":{"name":"root","bounds":[0,0,100,100],"position":[50,50],
             "sublayers":[{"name":"child","bounds":[0,0,10,10],"position":[20,30],"opacity":0.5}]}}
            """.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try #require(try FolioCommand.parseAsRoot(["evaluate", path]) as? EvaluateCommand)
        let r = try command.report()
        #expect(r.quads.map(\.name) == ["root", "child"])
        #expect(r.quads[1].corners == [[15, 25], [25, 25], [25, 35], [15, 35]])
        #expect(r.quads[1].opacity == 0.5 && r.quads[1].visible)
    }

    @Test func evaluateReportsMissingFilesAsValueErrors() throws {
        let command = try #require(try FolioCommand.parseAsRoot(["evaluate", "/nonexistent.json"]) as? EvaluateCommand)
        #expect(throws: CommandFailure.self) { try command.report() }
        do { _ = try command.report() } catch {
            #expect(FolioCommand.exitCode(for: error).rawValue == 1)
            #expect("\(error)".contains("/nonexistent.json"))
        }
    }
}
