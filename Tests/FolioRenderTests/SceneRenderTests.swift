import Foundation
import XCTest
import FolioGeometry
import FolioLayers
import FolioMotion
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

    /// `render --scene --time`: the pixels of docs/fade-and-slide.json's card at a time, computed
    /// by hand. At 0.25 s the opacity is 0.5 (linear, 0 → 1 over 0.5 s) and position.x is
    /// 30 + 140 · easeInEaseOut(0.25); at 2 s both animations have ended and the model shows.
    func testASceneAtATimeShowsItsAnimationsValues() throws {
        let path = try scene("""
            {"size":[200,100],
             "layer":{"bounds":[0,0,200,100],"position":[100,50],"backgroundColor":[1,1,1],
              "sublayers":[{"name":"card","bounds":[0,0,40,40],"position":[30,50],"backgroundColor":[0,0,1],
                "animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":0.5,"fillMode":"backwards"},
                              {"keyPath":"position.x","fromValue":30,"toValue":170,"duration":1,"timingFunction":"easeInEaseOut"}]}]}}
            """)
        // easeInEaseOut is the cubic Bézier (0.42, 0, 0.58, 1): solve x(s) = 0.25, then y(s).
        func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let mid = (lo + hi) / 2; if bezier(0.42, 0.58, mid) < 0.25 { lo = mid } else { hi = mid } }
        let x = 30 + 140 * bezier(0, 1, (lo + hi) / 2)
        let image = try render(["--scene", path, "--time", "0.25"])
        // Half-transparent blue over white: (127.5, 127.5, 255) inside the card at x ± 20.
        assertPixel(image, Int(x.rounded(.down)), 50, [128, 128, 255], tolerance: 1, "the card's centre at x = \(x)")
        assertPixel(image, Int((x - 20 + 2).rounded(.down)), 50, [128, 128, 255], tolerance: 1, "inside its left edge")
        assertPixel(image, Int((x + 20 + 2).rounded(.down)), 50, [255, 255, 255], tolerance: 1, "past its right edge")
        assertPixel(image, 30, 50, x - 20 > 31 ? [255, 255, 255] : [128, 128, 255], tolerance: 1, "where the model puts it")
        let after = try render(["--scene", path, "--time", "2"])
        assertPixel(after, 30, 50, [0, 0, 255], "the model once both have ended")
        assertPixel(after, 170, 50, [255, 255, 255], "nothing left where the slide ended (fill mode removed)")
    }

    /// `OffscreenRenderer.render(_:at:…)` draws the presentation at the time and leaves the
    /// model as the app set it: a 20-point square sliding from x 10 to 90 over 1 s (linear) is
    /// at 50 at 0.5 s, and drawn there, while its model stays at 10.
    func testRenderingATreeAtATimeDrawsItsPresentationAndKeepsItsModel() throws {
        let (image, modelX) = try MainActor.assumeIsolated {
            let square = Layer(name: "square", frame: Rect(x: 0, y: 0, width: 20, height: 20), backgroundColor: Color(red: 1, green: 0, blue: 0))
            square.position = Point(x: 10, y: 20)
            let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 40), sublayers: [square])
            try square.add(LayerAnimation.basic(.positionX, from: .number(10), to: .number(90), timing: MediaTiming(duration: 1)), forKey: "slide")
            let image = try SharedRenderer.offscreen.render(root, at: 0.5, size: Size(width: 100, height: 40), scale: 1, background: .white)
            return (image, square.position.x)
        }
        assertPixel(image, 50, 20, [255, 0, 0], tolerance: 0, "the presentation's centre")
        assertPixel(image, 41, 20, [255, 0, 0], tolerance: 0, "inside its left edge (x 40)")
        assertPixel(image, 38, 20, [255, 255, 255], tolerance: 0, "left of it")
        assertPixel(image, 10, 20, [255, 255, 255], tolerance: 0, "where the model is")
        XCTAssertEqual(modelX, 10, "the model is restored")
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
