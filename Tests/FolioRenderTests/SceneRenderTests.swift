import Foundation
import XCTest
import FolioGeometry
import FolioRender
@testable import FolioCLI

/// `folio render --scene`: any layer tree through the current renderer, with colours computed
/// by hand. (Group opacity, rounded corners, borders and exact gradients are the compositing
/// fixtures' part, Fixtures/Compositing.)
final class SceneRenderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` as a scene file and returns its path.
    func scene(_ text: String, name: String = "scene.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func render(_ arguments: [String]) throws -> Image {
        let command = try RenderCommand.parse(arguments + ["--out", folder.appendingPathComponent("out.png").path])
        return try MainActor.assumeIsolated { try command.image() }
    }

    func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 1, _ message: String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
        let p = image.pixel(x, y)
        let got = [Int(p.r), Int(p.g), Int(p.b)]
        XCTAssertTrue(zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }, "(\(x), \(y)): \(got), expected \(expected) \(message)",
                      file: file, line: line)
    }

    func testASceneRendersAtItsOwnSizeWithPerLayerOpacity() throws {
        // Left half opaque red; right half blue at 0.4 over the black background: 0.4·255 = 102.
        let path = try scene("""
            {"size":[40,20],"layer":{"bounds":[0,0,40,20],"position":[20,10],"sublayers":[
              {"bounds":[0,0,20,20],"position":[10,10],"backgroundColor":[1,0,0]},
              {"bounds":[0,0,20,20],"position":[30,10],"backgroundColor":[0,0,1],"opacity":0.4}]}}
            """)
        let image = try render(["--scene", path, "--background", "000000"])
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 20)
        assertPixel(image, 10, 10, [255, 0, 0])
        assertPixel(image, 30, 10, [0, 0, 102])
    }

    func testSizeAndScaleOverrideTheScenesView() throws {
        // The scene is 20 × 10 points; --size 40x20 shows the layer at x 25…35 that lay outside
        // it, and --scale 2 doubles every pixel.
        let path = try scene("""
            {"size":[20,10],"layer":{"bounds":[0,0,20,10],"position":[10,5],"sublayers":[
              {"bounds":[0,0,10,10],"position":[30,10],"backgroundColor":[0,1,0]}]}}
            """)
        let image = try render(["--scene", path, "--size", "40x20", "--scale", "2", "--background", "FFFFFF"])
        XCTAssertEqual(image.width, 80)
        XCTAssertEqual(image.height, 40)
        assertPixel(image, 60, 20, [0, 255, 0])
        assertPixel(image, 20, 20, [255, 255, 255])
    }

    func testContentsImagesLoadFromBesideTheScene() throws {
        // An 8 × 8 image, red on the left half and blue on the right; the layer shows its right
        // half (contentsRect x 0.5…1), so its centre samples pure blue. Another layer shows the
        // whole image: red at its left quarter.
        var image = Image(width: 8, height: 8, fill: (255, 0, 0, 255))
        for y in 0..<8 { for x in 4..<8 { image.setPixel(x, y, (0, 0, 255, 255)) } }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try image.writePNG(path: folder.appendingPathComponent("pages/halves.png").path)
        let path = try scene("""
            {"size":[80,40],"layer":{"bounds":[0,0,80,40],"position":[40,20],"sublayers":[
              {"bounds":[0,0,40,40],"position":[20,20],"contents":"pages/halves.png","contentsRect":[0.5,0,0.5,1]},
              {"bounds":[0,0,40,40],"position":[60,20],"contents":"pages/halves.png"}]}}
            """)
        let drawn = try render(["--scene", path, "--background", "000000"])
        assertPixel(drawn, 20, 20, [0, 0, 255])
        assertPixel(drawn, 45, 20, [255, 0, 0])
        assertPixel(drawn, 75, 20, [0, 0, 255])
    }

    func testAnOpaqueGradientIsTheSameInEitherInterpolation() throws {
        // Opaque stops: premultiplied and straight interpolation agree, so today's renderer
        // already draws it exactly. Pixel column 49 samples t = 49.5/100: red 0.505, blue 0.495.
        let path = try scene("""
            {"size":[100,10],"layer":{"kind":"gradient","bounds":[0,0,100,10],"position":[50,5],
              "colors":[[1,0,0],[0,0,1]],"startPoint":[0,0.5],"endPoint":[1,0.5]}}
            """)
        let image = try render(["--scene", path])
        assertPixel(image, 49, 5, [129, 0, 126])
        assertPixel(image, 0, 5, [254, 0, 1])
    }

    func testUnreadableContentsAreRefusedNamingTheFile() throws {
        let missing = try scene(#"{"size":[10,10],"layer":{"bounds":[0,0,10,10],"position":[5,5],"contents":"nowhere.png"}}"#)
        XCTAssertThrowsError(try render(["--scene", missing])) { error in
            XCTAssertTrue("\(error)".contains("nowhere.png"), "\(error)")
        }
        let bad = try scene(#"{"size":[10,10],"layer":{"cornerRadius":-2}}"#, name: "bad.json")
        XCTAssertThrowsError(try render(["--scene", bad])) { error in
            XCTAssertTrue("\(error)".contains("'layer.cornerRadius' = -2.0"), "\(error)")
        }
        XCTAssertThrowsError(try render(["--scene", try scene(#"{"size":[10,10],"layer":{}}"#, name: "ok.json"), "--scale", "0"])) { error in
            XCTAssertTrue("\(error)".contains("scale"), "\(error)")
        }
    }
}
