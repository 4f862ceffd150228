import ArgumentParser
import Foundation
import Testing
@testable import FolioCLI
import FolioCLISupport

/// `folio geometry --effect curl` (docs/command-line.md): the mesh beside the static pages.
@Suite struct CurlCommandTests {
    static func geometry(_ arguments: [String]) throws -> GeometryCommand.Report {
        let command = try FolioCommand.parseAsRoot(["geometry"] + arguments)
        return try #require(command as? GeometryCommand).report()
    }

    @Test func curlGeometryPrintsTheMeshAndTheStaticPages() throws {
        let r = try Self.geometry(["--effect", "curl", "--progress", "0.5", "--angle", "30", "--radius", "24", "--size", "400x300", "--scale", "2"])
        #expect(r.effect == "curl" && r.progress == 0.5 && r.size == [400, 300] && r.scale == 2)
        #expect(abs(r.m34 - -1 / (4.666667 * 200)) < 1e-12 && r.viewpoint == 0.5)
        #expect(r.quads.map(\.name) == ["facing", "reveal"] && r.quads.allSatisfy { $0.depth == [0, 0, 0, 0] })
        let curl = try #require(r.curl)
        #expect(curl.startAngle == 30 && abs(curl.angle - 15) < 1e-12 && curl.axisFraction == 0.5 && curl.radius == 24 && curl.spine == "left")
        let mesh = try #require(r.mesh)
        #expect(mesh.vertices.count > 10 && mesh.triangles.count == mesh.backFacing.count)
        for v in mesh.vertices {
            // point = the position through the perspective pivoting on the spine (200, 150).
            let w = 1 + r.m34 * v.position[2]
            #expect(abs(v.point[0] - (200 + (v.position[0] - 200) / w)) < 1e-9 && abs(v.point[1] - (150 + (v.position[1] - 150) / w)) < 1e-9)
            #expect(abs(v.normal[0] * v.normal[0] + v.normal[1] * v.normal[1] + v.normal[2] * v.normal[2] - 1) < 1e-12)
            #expect(v.local[0] >= 0 && v.local[0] <= 200 && v.local[1] >= 0 && v.local[1] <= 300)
        }
        #expect(mesh.triangles.allSatisfy { $0.count == 3 && $0.allSatisfy { $0 >= 0 && $0 < mesh.vertices.count } })
        #expect(mesh.backFacing.contains(true) && mesh.backFacing.first == false, "front-facing triangles come first")
        #expect(mesh.backFacing == mesh.backFacing.sorted { !$0 && $1 })
        #expect(mesh.outline.contains { $0.kind == "seam" } && mesh.contours.count == 1)
        let json = try JSONOutput.string(r)
        #expect(json.contains("\"mesh\":{") && json.contains("\"position\":[") && !json.contains("nan"))
    }

    @Test func otherEffectsPrintNoMesh() throws {
        let json = try JSONOutput.string(try Self.geometry(["--effect", "flip"]))
        #expect(!json.contains("\"mesh\"") && !json.contains("\"curl\""))
    }

    @Test func curlTimeStylesAndDefaults() throws {
        let r = try Self.geometry(["--effect", "curl", "--time", "0.25", "--style", "backward,vertical"])
        #expect(r.time == 0.25 && abs(r.progress - 0.129) < 1e-3)
        #expect(r.curl?.spine == "bottom" && r.curl?.restRadius == 24 && r.curl?.startAngle == 20)
    }

    static let badArguments: [([String], Int32)] = [
        (["--effect", "curl", "--radius", "-1"], 1),
        (["--effect", "curl", "--radius", "nan"], 1),
        (["--effect", "curl", "--angle", "90"], 1),
        (["--effect", "curl", "--angle", "inf"], 1),
        (["--effect", "curl", "--progress", "1.5"], 1),
        (["--effect", "curl", "--m34", "0.01"], 1),
        (["--effect", "curl", "--style", "reverse"], 64),
        (["--effect", "fold", "--angle", "10"], 64),
        (["--effect", "flip", "--radius", "10"], 64),
    ]

    @Test(arguments: badArguments) func badCurlArgumentsFailWithAClearMessage(_ arguments: [String], _ code: Int32) {
        do {
            var command = try FolioCommand.parseAsRoot(["geometry"] + arguments)
            try command.run()
            Issue.record("\(arguments) should fail")
        } catch {
            let exit = FolioCommand.exitCode(for: error).rawValue
            let message = FolioCommand.message(for: error)
            #expect(exit == code, "\(arguments): exit \(exit), \(message)")
            #expect(!message.isEmpty && !message.contains("\n") || code == 64, "\(arguments): \(message)")
        }
    }

    @Test func renderTakesTheCurlWithItsParametersAndTheLight() throws {
        let command = try FolioCommand.parseAsRoot(["render", "--effect", "curl", "--progress", "0.3", "--angle", "30", "--radius", "20",
                                                    "--light", "--light-direction", "0.2,-0.4,1", "--out", "/tmp/folio-curl.png"])
        let render = try #require(command as? RenderCommand)
        let light = try #require(try render.parsedLight())
        #expect(abs(light.direction.x - 0.2 / (0.04 + 0.16 + 1).squareRoot()) < 1e-12)
        // The seed look is the default: no light unless asked for.
        let plain = try #require(try FolioCommand.parseAsRoot(["render", "--effect", "fold", "--out", "/tmp/folio-fold.png"]) as? RenderCommand)
        #expect(try plain.parsedLight() == nil)
    }

    @Test func paperTranslucencyShowsTheFrontThroughTheBack() throws {
        let command = try FolioCommand.parseAsRoot(["render", "--effect", "curl", "--paper-translucency", "0.3", "--out", "/tmp/folio-curl.png"])
        let render = try #require(command as? RenderCommand)
        #expect(render.paperTranslucency == 0.3)
        for (extra, words) in [(["--effect", "curl", "--paper-translucency", "1.5"], "must be in 0...1"),
                               (["--effect", "curl", "--paper-translucency", "nan"], "must be in 0...1"),
                               (["--effect", "flip", "--paper-translucency", "0.5"], "applies to --effect curl")] {
            do {
                _ = try FolioCommand.parseAsRoot(["render", "--out", "/tmp/folio-never-written.png"] + extra)
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(FolioCommand.exitCode(for: error).rawValue == 64)
                #expect(FolioCommand.message(for: error).contains(words), "\(FolioCommand.message(for: error))")
            }
        }
    }

    @Test(arguments: [
        (["--light", "--light-direction", "0,0,-1"], "direction z"),
        (["--light", "--light-direction", "0,1,1e-300"], "at least 3° above the page"),
        (["--light", "--light-direction", "1,2"], "three numbers"),
        (["--light", "--light-direction", "nan,0,1"], "three numbers"),
        (["--light-direction", "0,0,1"], "applies with --light"),
    ])
    func badLightOptionsAreUsageErrorsNamingTheValue(_ extra: [String], _ words: String) {
        do {
            _ = try FolioCommand.parseAsRoot(["render", "--effect", "flip", "--out", "/tmp/folio-never-written.png"] + extra)
            Issue.record("\(extra) was accepted")
        } catch {
            #expect(FolioCommand.exitCode(for: error).rawValue == 64)
            #expect(FolioCommand.message(for: error).contains(words), "\(FolioCommand.message(for: error))")
        }
    }
}
