import XCTest
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
import FolioTransitions
@testable import FolioRender

/// A frame recorded from a layer tree, encoded to bytes and decoded after the tree is gone,
/// draws exactly the pixels that drawing the tree draws: everything the renderer reads is in
/// the frame.
final class RecordedFrameTests: XCTestCase {
    static let size = Size(width: 160, height: 200)

    /// Scenes that reach every part of a frame: flat and curled leaves, light and cast
    /// shadows (records' light and context maps, surface meshes), a rounded mask, a border,
    /// a compositing group and a rasterized picture nested in the tree.
    static func scenes() throws -> [(name: String, root: Layer, light: PaperLight?)] {
        let a = ContentHandle(801), b = ContentHandle(802)
        let flip = try FlipTransition(size: size, source: a, destination: b)
        try flip.setProgress(0.35)
        let fold = try FoldTransition(size: size, source: a, destination: b)
        try fold.setProgress(0.6)
        let curl = try CurlTransition(size: size, scale: 1, source: a, destination: b)
        try curl.setProgress(0.45)
        let squares = (0..<6).map { i in
            Layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50), position: Point(x: 40 + Double(i) * 12, y: 50 + Double(i) * 10),
                  backgroundColor: Color(red: Double(i) / 6, green: 0.3, blue: 1 - Double(i) / 6, alpha: 0.8))
        }
        let group = Layer(bounds: Rect(x: 0, y: 0, width: 150, height: 190), position: Point(x: 80, y: 100), sublayers: squares)
        group.opacity = 0.7
        group.cornerRadius = 18
        group.masksToBounds = true
        group.borderWidth = 3
        group.borderColor = Color(red: 0, green: 0, blue: 0)
        let rasterized = Layer(bounds: Rect(x: 0, y: 0, width: 60, height: 60), position: Point(x: 110, y: 150), contents: a,
                               backgroundColor: Color(red: 1, green: 0.8, blue: 0),
                               sublayers: [Layer(bounds: Rect(x: 0, y: 0, width: 20, height: 20), position: Point(x: 30, y: 30),
                                                 backgroundColor: Color(red: 0, green: 0.5, blue: 0))])
        rasterized.shouldRasterize = true
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 160, height: 200), position: Point(x: 80, y: 100),
                         sublayers: [group, rasterized])
        return [("flip lit", flip.root, .standard), ("fold", fold.root, nil), ("curl lit", curl.root, .standard),
                ("curl unlit", curl.root, nil), ("group, mask, border, raster", root, nil)]
    }

    func testADecodedFrameDrawsTheTreesPixelsAfterTheTreeIsGone() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(SamplePages.page(1, width: 80, height: 100), for: ContentHandle(801))
            try r.renderer.setImage(SamplePages.page(2, width: 80, height: 100), for: ContentHandle(802))
            defer { r.renderer.light = nil }
            for mode in [AntialiasingMode.analytic, .border] {
                var encoded: [(String, [UInt8], Image, PaperLight?)] = []
                weak var released: Layer?
                do {
                    for scene in try Self.scenes() {
                        r.renderer.light = scene.light
                        let direct = try r.render(scene.root, size: Self.size, scale: 1.5, antialiasing: mode)
                        let evaluator = LayerEvaluator()
                        evaluator.evaluate(scene.root)
                        let frame = Frame(recording: evaluator, inputs: r.renderer.frameInputs)
                        encoded.append((scene.name, frame.encoded(), direct, scene.light))
                        // (A rasterized subtree stays in the renderer's picture cache: not that one.)
                        if scene.name.hasPrefix("curl") { released = scene.root }
                    }
                    // The renderer's own evaluator lets the last tree go when it draws another.
                    _ = try r.render(Layer(bounds: Rect(x: 0, y: 0, width: 1, height: 1)), size: Self.size, scale: 1)
                }
                XCTAssertNil(released, "the encoded frames keep no layer alive")
                for (name, bytes, direct, light) in encoded {
                    let frame = try Frame(decoding: bytes)
                    r.renderer.light = light
                    let drawn = try r.render(frame, size: Self.size, scale: 1.5, antialiasing: mode)
                    XCTAssertEqual(drawn.pixels, direct.pixels, "\(name), \(mode): the decoded frame draws other pixels")
                    XCTAssertEqual(frame.encoded(), bytes, "\(name): decoding and encoding again changes the bytes")
                }
            }
        }
    }
}
