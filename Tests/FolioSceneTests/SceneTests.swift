import Foundation
import Testing
import FolioGeometry
import FolioLayers
@testable import FolioScene

/// Scene JSON: CALayer defaults, strictness, and errors that name the bad path and value.
@Suite struct SceneTests {
    static func decode(_ text: String) throws(SceneError) -> Scene {
        try Scene.decode(Data(text.utf8))
    }

    @Test func keysAndDefaultsMapOntoLayers() throws {
        let scene = try Self.decode("""
            {"size":[800,600],"layer":{"name":"root","bounds":[0,0,800,600],"position":[400,300],
             "sublayerTransform":[1,0,0,0, 0,1,0,0, 0,0,1,-0.001, 0,0,0,1],
             "sublayers":[{"name":"page","bounds":[0,0,400,600],"anchorPoint":[0,0.5],"position":[400,300],
               "transform":[0.7071067811865476,0,0.7071067811865476,0, 0,1,0,0, -0.7071067811865476,0,0.7071067811865476,0, 0,0,0,1]},
              {"name":"joint","kind":"transform","hidden":true,"sublayers":[]},
              {"name":"shade","kind":"gradient","colors":[[0,0,0,1],[0,0,0,0]],"locations":[0,1],"doubleSided":false}]}}
            """)
        #expect(scene.size == Size(width: 800, height: 600))
        let root = scene.root
        #expect(root.sublayerTransform.m34 == -0.001)
        #expect(root.anchorPoint == Point(x: 0.5, y: 0.5) && root.opacity == 1 && root.isDoubleSided)
        #expect(root.sublayers.map(\.kind) == [.layer, .transform, .gradient])
        #expect(root.sublayers[1].isHidden)
        #expect((root.sublayers[2] as? GradientLayer)?.colors.count == 2)
        #expect(root.sublayers[2].isDoubleSided == false)
        let e = LayerEvaluator()
        e.evaluate(root)
        let page = try #require(e.quads.first { $0.layer.name == "page" })
        let corner = e.corners(of: page)[e.corners(of: page).startIndex + 1]
        #expect(abs(corner.point.x - 794.394253) < 1e-6 && abs(corner.point.y - -118.318276) < 1e-6)
    }

    /// Each bad scene and the exact error it must produce.
    static let badScenes: [(String, SceneError)] = [
        ("[1,2]", .wrongType(path: "scene", expected: "an object", found: "an array")),
        ("{\"layer\":{}}", .missingKey(path: "size")),
        ("{\"size\":[10,10]}", .missingKey(path: "layer")),
        ("{\"size\":[10,-1],\"layer\":{}}", .invalidValue(path: "size[1]", value: "-1.0", reason: "the view size must be positive")),
        ("{\"size\":[10],\"layer\":{}}", .invalidValue(path: "size", value: "1 numbers", reason: "needs exactly 2")),
        ("{\"size\":[10,10],\"layer\":{\"bounds\":[0,0,-5,5]}}",
         .invalidValue(path: "layer.bounds[2]", value: "-5.0", reason: "a size cannot be negative")),
        ("{\"size\":[10,10],\"layer\":{\"opacity\":\"high\"}}",
         .wrongType(path: "layer.opacity", expected: "a number", found: "a string")),
        ("{\"size\":[10,10],\"layer\":{\"kind\":\"circle\"}}",
         .invalidValue(path: "layer.kind", value: "\"circle\"", reason: "must be \"layer\", \"transform\" or \"gradient\"")),
        ("{\"size\":[10,10],\"layer\":{\"tranform\":[]}}", .unknownKey(path: "layer.tranform")),
        ("{\"size\":[10,10],\"layer\":{\"sublayers\":[{\"hidden\":1}]}}",
         .wrongType(path: "layer.sublayers[0].hidden", expected: "true or false", found: "a number")),
        ("{\"size\":[10,10],\"layer\":{\"transform\":[1,0,0]}}",
         .invalidValue(path: "layer.transform", value: "3 numbers", reason: "needs exactly 16")),
        ("{\"size\":[10,10],\"layer\":{\"sublayers\":{}}}",
         .wrongType(path: "layer.sublayers", expected: "an array of layers", found: "an object")),
        ("{\"size\":[10,10],\"layer\":{\"colors\":[[1,1,1]]}}",
         .invalidValue(path: "layer.colors", value: "…", reason: "only gradient layers take 'colors'")),
    ]

    @Test(arguments: badScenes.indices)
    func badScenesAreRejectedWithTheirPath(index: Int) {
        let (text, expected) = Self.badScenes[index]
        #expect(throws: expected) { try Self.decode(text) }
    }

    @Test func invalidJSONAndNonFiniteNumbersAreRejected() {
        #expect(throws: SceneError.self) { try Self.decode("{\"size\":[10,10],") }
        #expect(throws: SceneError.self) { try Self.decode("{\"size\":[NaN,10],\"layer\":{}}") }
        #expect(throws: SceneError.self) { try Self.decode("{\"size\":[1e400,10],\"layer\":{}}") }
        #expect(throws: SceneError.self) { try Self.decode("") }
    }

    @Test func layersNestedTooDeeplyAreRejected() {
        var text = "{}"
        for _ in 0..<(Layer.maximumDepth + 1) { text = "{\"sublayers\":[\(text)]}" }
        #expect(throws: SceneError.tooDeep(path: "layer" + String(repeating: ".sublayers[0]", count: Layer.maximumDepth),
                                           limit: Layer.maximumDepth)) {
            try Self.decode("{\"size\":[10,10],\"layer\":\(text)}")
        }
    }

    @Test func missingAndOversizedFilesAreRejected() throws {
        #expect(throws: SceneError.unreadable(path: "/nonexistent/scene.json", reason: "no such file")) {
            try Scene.load(path: "/nonexistent/scene.json")
        }
        #expect(throws: SceneError.unreadable(path: "/tmp", reason: "it is a directory, not a regular file")) { try Scene.load(path: "/tmp") }
        #expect(throws: SceneError.tooLarge(bytes: Scene.maximumBytes + 1, limit: Scene.maximumBytes)) {
            try Scene.decode(Data(count: Scene.maximumBytes + 1))
        }
    }

    @Test func seededMutationsNeverCrashTheLoader() {
        // Byte-level mutations of a valid scene: every outcome is a scene or a SceneError.
        let valid = Array("""
            {"size":[320,480],"layer":{"name":"r","bounds":[0,0,320,480],"position":[160,240],
             "sublayers":[{"kind":"transform","transform":[1,0,0,0,0,1,0,0,0,0,1,-0.002,0,0,0,1],
             "sublayers":[{"name":"p","bounds":[0,0,100,100],"doubleSided":false}]}]}}
            """.utf8)
        var state: UInt64 = 0x5CE4E
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("{}[],:\"0123456789.-eE truefalsnul".utf8)
        let evaluator = LayerEvaluator()
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<(1 + next() % 4) {
                let i = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[i] = alphabet[next() % alphabet.count]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[next() % alphabet.count], at: i)
                }
            }
            if let scene = try? Scene.decode(Data(bytes)) {
                evaluator.evaluate(scene.root)
                for q in evaluator.quads where q.isVisible {
                    #expect(evaluator.corners(of: q).allSatisfy { $0.point.isFinite && $0.depth.isFinite })
                }
            }
        }
    }
}
