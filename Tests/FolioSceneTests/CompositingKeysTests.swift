import Foundation
import Testing
import FolioGeometry
import FolioLayers
@testable import FolioScene

/// The scene keys of Core Animation's compositing properties: read, clamped where Core
/// Animation clamps, refused with their path otherwise; `contents` files listed, not read.
@Suite struct CompositingKeysTests {
    static func decode(_ layer: String, base: String? = nil) throws(SceneError) -> Scene {
        try Scene.decode(Array("{\"size\":[100,100],\"layer\":\(layer)}".utf8), baseDirectory: base)
    }

    @Test func everyKeyMapsOntoItsProperty() throws {
        let scene = try Self.decode("""
            {"allowsGroupOpacity":false,"shouldRasterize":true,"rasterizationScale":2,"cornerRadius":12.5,
             "borderWidth":3,"borderColor":[1,0.5,0,0.25],"contents":"page.png","contentsRect":[0.25,0,0.5,1]}
            """)
        let l = scene.root
        #expect(!l.allowsGroupOpacity && l.shouldRasterize && l.rasterizationScale == 2)
        #expect(l.cornerRadius == 12.5 && l.borderWidth == 3)
        #expect(l.borderColor == Color(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(l.contents == ContentHandle(1) && scene.contentFiles == [SceneContentFile(handle: ContentHandle(1), path: "page.png")])
        #expect(l.contentsRect == Rect(x: 0.25, y: 0, width: 0.5, height: 1))
    }

    @Test func defaultsAreCoreAnimations() throws {
        let l = try Self.decode("{}").root
        #expect(l.allowsGroupOpacity && !l.shouldRasterize && l.rasterizationScale == 1)
        #expect(l.cornerRadius == 0 && l.borderWidth == 0 && l.borderColor == .black)
        #expect(l.contents == nil && l.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(try Self.decode("{}").contentFiles.isEmpty)
    }

    @Test func valuesCoreAnimationClampsAreAcceptedAndClampedWhenDrawn() throws {
        let l = try Self.decode("{\"bounds\":[0,0,40,20],\"cornerRadius\":500,\"borderWidth\":90,\"borderColor\":[2,-1,0.5,7]}").root
        #expect(l.cornerRadius == 500 && l.effectiveCornerRadius == 10)
        #expect(l.borderWidth == 90 && l.effectiveBorderWidth == 10)
        #expect(l.borderColor == Color(red: 1, green: 0, blue: 0.5, alpha: 1))
        // contentsRect beyond the image: Core Animation extends the edge pixels.
        #expect(try Self.decode("{\"contentsRect\":[-1,-1,3,3]}").root.contentsRect == Rect(x: -1, y: -1, width: 3, height: 3))
    }

    /// Each bad value and the exact error naming it.
    static let badValues: [(String, SceneError)] = [
        ("{\"cornerRadius\":-1}", .invalidValue(path: "layer.cornerRadius", value: "-1.0", reason: "a corner radius cannot be negative")),
        ("{\"borderWidth\":-0.5}", .invalidValue(path: "layer.borderWidth", value: "-0.5", reason: "a border width cannot be negative")),
        ("{\"rasterizationScale\":0}",
         .invalidValue(path: "layer.rasterizationScale", value: "0.0", reason: "must be within 0.001…1000 pixels per point")),
        ("{\"rasterizationScale\":5000}",
         .invalidValue(path: "layer.rasterizationScale", value: "5000.0", reason: "must be within 0.001…1000 pixels per point")),
        ("{\"allowsGroupOpacity\":1}", .wrongType(path: "layer.allowsGroupOpacity", expected: "true or false", found: "a number")),
        ("{\"shouldRasterize\":\"yes\"}", .wrongType(path: "layer.shouldRasterize", expected: "true or false", found: "a string")),
        // Issue #31 (item 13): an array of the wrong length was reported as "not an array".
        ("{\"borderColor\":[1,1]}", .invalidValue(path: "layer.borderColor", value: "2 numbers", reason: "a colour needs 3 or 4 components, [r, g, b] or [r, g, b, a]")),
        ("{\"contents\":7}", .wrongType(path: "layer.contents", expected: "a string", found: "a number")),
        ("{\"contents\":\"\"}", .invalidValue(path: "layer.contents", value: "\"\"", reason: "must name an image file")),
        ("{\"contents\":\"a\\u0000b.png\"}", .invalidValue(path: "layer.contents", value: "a string with \\u0000", reason: "a file name cannot contain NUL")),
        ("{\"contentsRect\":[0,0,1]}", .invalidValue(path: "layer.contentsRect", value: "3 numbers", reason: "needs exactly 4")),
        ("{\"contentsRect\":[0,0,-1,1]}", .invalidValue(path: "layer.contentsRect[2]", value: "-1.0", reason: "a size cannot be negative")),
        ("{\"sublayers\":[{\"cornerradius\":4}]}", .unknownKey(path: "layer.sublayers[0].cornerradius")),
    ]

    @Test(arguments: badValues.indices)
    func badValuesAreRefusedWithTheirPath(index: Int) {
        let (text, expected) = Self.badValues[index]
        #expect(throws: expected) { try Self.decode(text) }
    }

    @Test func aLongPathIsRefused() {
        let name = String(repeating: "a", count: 5000)
        #expect(throws: SceneError.invalidValue(path: "layer.contents", value: "5000 bytes", reason: "a path may have at most 4096")) {
            try Self.decode("{\"contents\":\"\(name)\"}")
        }
    }

    @Test func contentFilesResolveAgainstTheScenesFolderOncePerPath() throws {
        let scene = try Self.decode("""
            {"contents":"a.png","sublayers":[{"contents":"img/b.png"},{"contents":"a.png"},{"contents":"/abs/c.png"},
             {"kind":"gradient","contents":"img/b.png"}]}
            """, base: "/scenes/")
        #expect(scene.contentFiles == [
            SceneContentFile(handle: ContentHandle(1), path: "/scenes/a.png"),
            SceneContentFile(handle: ContentHandle(2), path: "/scenes/img/b.png"),
            SceneContentFile(handle: ContentHandle(3), path: "/abs/c.png"),
        ])
        #expect(scene.root.sublayers.map(\.contents) == [ContentHandle(2), ContentHandle(1), ContentHandle(3), ContentHandle(2)])
        // Without a folder, paths stay as written; a folder without a slash gets one.
        #expect(try Self.decode("{\"contents\":\"x.png\"}").contentFiles[0].path == "x.png")
        #expect(try Self.decode("{\"contents\":\"x.png\"}", base: "dir").contentFiles[0].path == "dir/x.png")
    }

    @Test func loadingAFileResolvesContentsBesideIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try Data("{\"size\":[10,10],\"layer\":{\"contents\":\"pages/one.png\"}}".utf8).write(to: file)
        let scene = try Scene.load(path: file.path)
        #expect(scene.contentFiles.map(\.path) == [folder.appendingPathComponent("pages/one.png").path])
        // Nothing is opened while loading: the image does not exist.
        #expect(!FileManager.default.fileExists(atPath: scene.contentFiles[0].path))
    }

    @Test func contentsNamesThatDifferOnlyInNormalisationAreTwoFiles() throws {
        // File names are bytes: "é.png" precomposed and decomposed are two different files
        // (Swift's String calls them equal). Each gets its own handle and keeps its bytes.
        let nfc = "\u{E9}.png", nfd = "e\u{301}.png"
        let scene = try Self.decode("{\"contents\":\"\(nfc)\",\"sublayers\":[{\"contents\":\"\(nfd)\"},{\"contents\":\"\(nfc)\"}]}")
        #expect(scene.contentFiles.count == 2)
        #expect(scene.contentFiles.map { Array($0.path.utf8) } == [Array(nfc.utf8), Array(nfd.utf8)])
        #expect(scene.root.contents == ContentHandle(1))
        #expect(scene.root.sublayers.map(\.contents) == [ContentHandle(2), ContentHandle(1)])
        // Their entries are not equal either, so a set of them keeps both.
        #expect(Set(scene.contentFiles).count == 2)
        #expect(SceneContentFile(handle: ContentHandle(1), path: nfc) != SceneContentFile(handle: ContentHandle(1), path: nfd))
    }

    @Test func gradientLocationsFarOutsideZeroToOneAreReadAsGiven() throws {
        // Like zPosition and every other unbounded number, any finite location is kept (Core
        // Animation takes any): what 0…1 shows of such a ramp is the renderer's to draw exactly.
        let scene = try Self.decode("{\"kind\":\"gradient\",\"colors\":[[1,0,0],[0,0,1]],\"locations\":[-1e39,1.7e308]}")
        #expect((scene.root as? GradientLayer)?.locations == [-1e39, 1.7e308])
    }
}
