import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
@testable import FolioScene

/// The key paths added to every animatable property read their JSON forms in scenes: finer
/// sub-paths as numbers, flags as `true`/`false`, a gradient's lists as arrays; `contents`, and
/// a gradient key on a plain layer, are refused with their path.
@Suite struct SceneKeyPathTests {
    static func decode(_ layer: String) throws(SceneError) -> Scene {
        try Scene.decode(Array("{\"size\":[400,300],\"layer\":\(layer)}".utf8))
    }

    @Test func subPathsFlagsAndGradientListsAnimateFromAScene() throws {
        var scene = try Self.decode("""
            {"kind":"gradient","bounds":[0,0,100,100],"colors":[[0,0,0],[1,1,1]],"locations":[0,1],
             "animations":[{"keyPath":"bounds.size.width","toValue":300,"duration":1},
                           {"keyPath":"anchorPoint.y","fromValue":0,"toValue":1,"duration":1},
                           {"keyPath":"hidden","type":"keyframe","values":[false,true],"keyTimes":[0,0.5,1],"calculationMode":"discrete","duration":1},
                           {"keyPath":"colors","toValue":[[1,0,0],[0,0,1]],"duration":1},
                           {"keyPath":"locations","toValue":[0.5,1],"duration":1},
                           {"keyPath":"rasterizationScale","toValue":3,"duration":1}]}
            """)
        let gradient = try #require(scene.root as? GradientLayer)
        try scene.presenting(at: 0.25) { _ in
            // The timing curve is solved numerically: values to 1e-12.
            #expect(abs(gradient.bounds.size.width - 150) < 1e-12 && gradient.bounds.size.height == 100)
            #expect(gradient.anchorPoint.x == 0.5 && abs(gradient.anchorPoint.y - 0.25) < 1e-12)
            #expect(!gradient.isHidden)
            let colors = [Color(red: 0.25, green: 0, blue: 0), Color(red: 0.75, green: 0.75, blue: 1)]
            #expect(gradient.colors.count == 2 && zip(gradient.colors, colors).allSatisfy { ($0 - $1).magnitude < 1e-12 })
            #expect(gradient.locations?.count == 2 && abs((gradient.locations?[0] ?? 0) - 0.125) < 1e-12 && gradient.locations?[1] == 1)
            #expect(abs(gradient.rasterizationScale - 1.5) < 1e-12)
        }
        try scene.presenting(at: 0.75) { _ in #expect(gradient.isHidden) }
        #expect(!gradient.isHidden && gradient.bounds.size.width == 100 && gradient.colors == [.black, .white])
    }

    @Test func theCubicModesReadByName() throws {
        var scene = try Self.decode("""
            {"bounds":[0,0,10,10],"animations":[{"keyPath":"position.x","type":"keyframe","values":[0,100,50],
             "keyTimes":[0,0.5,1],"calculationMode":"cubic","duration":1}]}
            """)
        // At a key time the spline passes through the value.
        let x = try scene.presenting(at: 0.5) { root in root.position.x }
        #expect(abs(x - 100) < 1e-9)
        _ = try Self.decode(#"{"animations":[{"keyPath":"opacity","type":"keyframe","values":[0,1],"calculationMode":"cubicPaced"}]}"#)
    }

    @Test func contentsAndGradientKeysOnAPlainLayerAreRefusedWithTheirPath() {
        for (layer, path) in [
            (#"{"animations":[{"keyPath":"contents","toValue":1}]}"#, "layer.animations[0].keyPath"),
            (#"{"animations":[{"keyPath":"colors","toValue":[[1,0,0]]}]}"#, "layer.animations[0].keyPath"),
            (#"{"animations":[{"keyPath":"paperTranslucency","toValue":0}]}"#, "layer.animations[0].keyPath"),
            (#"{"animations":[{"keyPath":"hidden","toValue":1}]}"#, "layer.animations[0].toValue"),
        ] {
            do {
                _ = try Self.decode(layer)
                Issue.record("accepted \(layer)")
            } catch {
                #expect("\(error)".contains(path), "\(error)")
            }
        }
    }
}
