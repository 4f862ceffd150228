import Foundation
import XCTest
import FolioGeometry
import FolioLayers
import FolioScene
import FolioTestSupport

/// The compositing fixtures (Fixtures/Compositing, see its README): each scene with the
/// colours Core Animation gives at its probe pixels, computed by hand. Here the hand-computed
/// colours are checked against the CPU model (`ReferenceCompositor`) and the group decisions
/// against `Layer.opacityCompositing`; the GL renderer's pixel test of the same fixtures comes
/// with the GPU compositing.
final class CompositingFixtureTests: XCTestCase {
    struct Expected: Decodable {
        struct Case: Decodable {
            var name: String
            var scene: String
            var background: String
            var probes: [Probe]
        }
        struct Probe: Decodable {
            var pixel: [Int]
            var rgb: [Int]
            var what: String?
        }
        var tolerance: Int
        var cases: [Case]
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Compositing")

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    static func color(_ hex: String) -> Color {
        let v = UInt32(hex, radix: 16) ?? 0
        return Color(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
    }

    func testHandComputedColoursAreWhatTheCompositingModelGives() throws {
        let expected = try Self.expected()
        XCTAssertEqual(expected.cases.count, 16)
        var probes = 0
        for c in expected.cases {
            let scene = try Scene.load(path: Self.folder.appendingPathComponent(c.scene).path)
            for probe in c.probes {
                let p = Point(x: Double(probe.pixel[0]) + 0.5, y: Double(probe.pixel[1]) + 0.5)
                let got = ReferenceCompositor().pixel(scene.root, at: p, over: Self.color(c.background))
                let differences = zip([got.r, got.g, got.b], probe.rgb).map { abs($0 - $1) }
                XCTAssertLessThanOrEqual(differences.max() ?? 0, expected.tolerance,
                                         "\(c.name) at \(probe.pixel): model \(got), expected \(probe.rgb) (\(probe.what ?? ""))")
                probes += 1
            }
        }
        XCTAssertGreaterThan(probes, 40)
    }

    func testEveryFixtureIsInTheReadmeTable() throws {
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        for c in try Self.expected().cases {
            XCTAssertTrue(readme.contains("`\(c.scene)`"), "\(c.scene) is not in the README table")
        }
    }

    func testTheGroupDecisionOfEachGroupFixture() throws {
        // The layer named `layer` of each scene, and how its opacity must be composited.
        let decisions: [(String, String, OpacityCompositing)] = [
            ("group-overlapping-children.json", "group", .offscreen),
            ("group-background-under-child.json", "group", .offscreen),
            ("group-disjoint-children.json", "group", .multiplied),
            ("group-opacity-off.json", "group", .multiplied),
            ("transform-layer-opacity.json", "joint", .multiplied),
            ("group-nested.json", "inner", .offscreen),
            ("group-nested.json", "outer", .multiplied),
            ("shadow-cover.json", "panel", .offscreen),
            ("shadow-inset.json", "panel", .offscreen),
        ]
        for (file, name, mode) in decisions {
            let scene = try Scene.load(path: Self.folder.appendingPathComponent(file).path)
            let layer = try XCTUnwrap(Self.find(name, in: scene.root), "\(file): no layer '\(name)'")
            XCTAssertEqual(layer.opacityCompositing, mode, "\(file): \(name)")
        }
    }

    static func find(_ name: String, in layer: Layer) -> Layer? {
        if layer.name == name { return layer }
        for s in layer.sublayers { if let found = find(name, in: s) { return found } }
        return nil
    }
}
