import Foundation
import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
@testable import FolioScene

/// `"animations"` and `"actions"` in scene files (docs/command-line.md, docs/animation.md): values at
/// times worked out by hand, errors naming their JSON paths, and scenes without animations
/// evaluating exactly as before.
@Suite struct SceneAnimationTests {
    static func decode(_ layer: String) throws(SceneError) -> Scene {
        try Scene.decode(Array("{\"size\":[400,300],\"layer\":\(layer)}".utf8))
    }

    static func failure(_ layer: String) -> SceneError? {
        do { _ = try decode(layer); return nil } catch { return error }
    }

    static func path(_ error: SceneError?) -> String? {
        switch error {
        case let .invalidValue(path, _, _)?, let .wrongType(path, _, _)?, let .unknownKey(path)?, let .missingKey(path)?: path
        default: nil
        }
    }

    @Test func aFadeAndASlideShowTheirValuesAtTheGivenTime() throws {
        // Opacity 0 → 1 over 2 s (0.25 at 0.5 s); position.x by 100 over 1 s, easeInEaseOut
        // (half-way at 0.5 s: 50 + 50 = 100).
        var scene = try Self.decode("""
            {"bounds":[0,0,100,100],"position":[50,50],"backgroundColor":[1,0,0],
             "animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":2},
                           {"keyPath":"position.x","byValue":100,"duration":1,"timingFunction":"easeInEaseOut"}]}
            """)
        #expect(scene.isAnimated)
        let (opacity, x) = try scene.presenting(at: 0.5) { root in (root.opacity, root.position.x) }
        #expect(abs(opacity - 0.25) < 1e-15 && abs(x - 100) < 1e-12)
        #expect(scene.root.opacity == 1 && scene.root.position.x == 50)
    }

    @Test func keyframesSpringsAndTransformPartsReadTheirJSONForms() throws {
        var scene = try Self.decode("""
            {"bounds":[0,0,100,100],
             "animations":[{"keyPath":"bounds.size","type":"keyframe","values":[[100,100],[200,100],[200,300]],"keyTimes":[0,0.5,1],"duration":1},
                           {"keyPath":"transform.rotation.z","fromValue":0,"toValue":4.71238898038469,"duration":1},
                           {"keyPath":"backgroundColor","type":"spring","fromValue":[0,0,0],"toValue":[1,1,1],"mass":1,"stiffness":100,"damping":20}]}
            """)
        try scene.presenting(at: 0.25) { root in
            #expect(root.bounds.size == Size(width: 150, height: 100))
            // 270° over 1 s: 67.5° at 0.25 s.
            let r = Transform3D(rotationDegrees: 67.5, x: 0, y: 0, z: 1)
            #expect(zip(root.transform.entries, r.entries).allSatisfy { abs($0 - $1) < 1e-12 })
            // Critically damped (ζ = 1, ω₀ = 10): x = 1 − (1 + 10t)e^(−10t).
            let x = 1 - (1 + 2.5) * exp(-2.5)
            #expect(abs((root.backgroundColor?.red ?? -1) - x) < 1e-12)
        }
    }

    @Test func anActionAnimatesFromThePresentationWithItsVelocity() throws {
        // position.x: a spring to 300 at t = 0, interrupted at t = 0.2 by a spring to 0.
        var scene = try Self.decode("""
            {"bounds":[0,0,10,10],"position":[0,0],
             "actions":[{"time":0,"keyPath":"position.x","value":300,"animation":{"type":"spring","stiffness":200,"damping":15}},
                        {"time":0.2,"keyPath":"position.x","value":0,"animation":{"type":"spring"}}]}
            """)
        try scene.applyActions(through: 0.1999)
        let layer = scene.root
        let before = layer.presentationValue(forKeyPath: .positionX, at: 0.2).number ?? .nan
        let velocityBefore = layer.presentationVelocity(forKeyPath: .positionX, at: 0.2).number ?? .nan
        try scene.applyActions(through: 0.2)
        #expect(layer.position.x == 0)
        let after = layer.presentationValue(forKeyPath: .positionX, at: 0.2).number ?? .nan
        let velocityAfter = layer.presentationVelocity(forKeyPath: .positionX, at: 0.2).number ?? .nan
        #expect(abs(after - before) < 1e-9 && abs(velocityAfter - velocityBefore) < 1e-9)
        #expect(velocityBefore > 100)
        #expect(throws: SceneError.self) { try scene.applyActions(through: 0.1) }
    }

    /// An action's spring at speed 2 takes over the velocity per scene second (its own time runs
    /// twice as fast, so it starts at half the velocity per second of its time), and with no
    /// duration given it lasts until it settles from there: a fast small move interrupted by a
    /// change back does not end in a jump. (Before, the velocity doubled at the hand-over: 4,047
    /// units per second off at this pose. The settling check is a guard: here the unit step's
    /// settling time, which the action used before, happened to be long enough.)
    @Test func anActionsSpringKeepsTheVelocityAtItsSpeedAndSettlesBeforeItEnds() throws {
        var scene = try Self.decode("""
            {"bounds":[0,0,10,10],"position":[0,0],
             "actions":[{"time":0,"keyPath":"position.x","value":400,"animation":{"type":"spring","stiffness":300,"damping":12}},
                        {"time":0.1,"keyPath":"position.x","value":30,"animation":{"type":"spring","speed":2}}]}
            """)
        try scene.applyActions(through: 0.0999)
        let layer = scene.root
        let before = layer.presentationValue(forKeyPath: .positionX, at: 0.1).number ?? .nan
        let velocityBefore = layer.presentationVelocity(forKeyPath: .positionX, at: 0.1).number ?? .nan
        try scene.applyActions(through: 0.1)
        let after = layer.presentationValue(forKeyPath: .positionX, at: 0.1).number ?? .nan
        let velocityAfter = layer.presentationVelocity(forKeyPath: .positionX, at: 0.1).number ?? .nan
        #expect(velocityBefore > 1000, "moving fast when interrupted: \(velocityBefore)")
        #expect(abs(after - before) < 1e-9, "value: \(before) → \(after)")
        #expect(abs(velocityAfter - velocityBefore) < 1e-6 * abs(velocityBefore), "velocity: \(velocityBefore) → \(velocityAfter)")
        // Just before and just after the action's animation ends, the value is the model's.
        let animation = try #require(layer.animation(forKey: "action.position.x"))
        let end = animation.timing.beginTime + animation.timing.duration / animation.timing.speed
        let last = layer.presentationValue(forKeyPath: .positionX, at: end - 1e-6).number ?? .nan
        #expect(abs(last - 30) < 1e-3 * abs(before - 30), "settled before it ends: \(last)")
        #expect(layer.presentationValue(forKeyPath: .positionX, at: end + 1e-6).number == 30)
    }

    @Test func aSceneWithoutAnimationsEvaluatesBitForBitAsBefore() throws {
        let text = """
            {"bounds":[0,0,400,300],"sublayerTransform":[1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 0,0,0,1],
             "sublayers":[{"bounds":[0,0,100,80],"position":[120,90],"backgroundColor":[0,0,1],
                           "transform":[0.8,0.6,0,0, -0.6,0.8,0,0, 0,0,1,0, 0,0,0,1]}]}
            """
        let plain = try Self.decode(text)
        var timed = try Self.decode(text)
        #expect(!timed.isAnimated)
        let a = LayerEvaluator(), b = LayerEvaluator()
        a.evaluate(plain.root)
        try timed.presenting(at: 7) { root in b.evaluate(root) }
        #expect(a.vertices.count == b.vertices.count)
        for (p, q) in zip(a.vertices, b.vertices) {
            #expect(p.clip.x.bitPattern == q.clip.x.bitPattern && p.clip.y.bitPattern == q.clip.y.bitPattern
                        && p.clip.w.bitPattern == q.clip.w.bitPattern)
        }
    }

    /// A negative speed plays an animation backwards, ending at its begin time (before it was
    /// supported, `"speed": -1` was refused at `layer.animations[0].speed`); an action's
    /// animation must play forwards, so there it is refused with its path.
    @Test func aNegativeSpeedPlaysBackwardsAndAnActionRefusesIt() throws {
        // opacity 0 → 1, d 2, speed −1, begin 3, both fills: a = 3 − t; at t = 2.5, a = 0.5 → 0.25.
        var scene = try Self.decode("""
            {"bounds":[0,0,100,100],
             "animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":2,"speed":-1,"beginTime":3,"fillMode":"both"}]}
            """)
        #expect(abs(try scene.presenting(at: 2.5) { $0.opacity } - 0.25) < 1e-12)
        #expect(abs(try scene.presenting(at: 1.5) { $0.opacity } - 0.75) < 1e-12)
        #expect(try scene.presenting(at: 4) { $0.opacity } == 0)     // ended on its from value
        #expect(try scene.presenting(at: 0) { $0.opacity } == 1)     // not begun: its to value
        let error = Self.failure(#"{"actions":[{"time":1,"keyPath":"opacity","value":1,"animation":{"speed":-1}}]}"#)
        #expect(Self.path(error) == "layer.actions[0].animation.speed", "\(String(describing: error))")
    }

    @Test func badAnimationsAreRefusedWithTheirJSONPath() {
        let cases: [(String, String)] = [
            (#"{"animations":[{"keyPath":"opacity"},{"keyPath":"opacity","duration":-1}]}"#, "layer.animations[1].duration"),
            (#"{"animations":[{"keyPath":"opacity","speed":0}]}"#, "layer.animations[0].speed"),
            (#"{"animations":[{"keyPath":"transform.spin"}]}"#, "layer.animations[0].keyPath"),
            (#"{"animations":[{"keyPath":"position","fromValue":3}]}"#, "layer.animations[0].fromValue"),
            (#"{"animations":[{"keyPath":"opacity","type":"spring","mass":0}]}"#, "layer.animations[0].mass"),
            (#"{"animations":[{"keyPath":"opacity","values":[0,1]}]}"#, "layer.animations[0].values"),
            (#"{"animations":[{"keyPath":"opacity","type":"keyframe","values":[0,1],"keyTimes":[0,1],"calculationMode":"discrete"}]}"#,
             "layer.animations[0].keyTimes"),
            (#"{"animations":[{"keyPath":"opacity","fillMode":"sometimes"}]}"#, "layer.animations[0].fillMode"),
            (#"{"animations":[{"keyPath":"opacity","timingFunction":[1.5,0,0.5,1]}]}"#, "layer.animations[0].timingFunction[0]"),
            (#"{"animations":[{"keyPath":"opacity","repeatCount":-2}]}"#, "layer.animations[0].repeatCount"),
            (#"{"animations":[{"keyPath":"startPoint","toValue":[0,0]}]}"#, "layer.animations[0].keyPath"),
            (#"{"sublayers":[{"animations":[{"keyPath":"opacity","wobble":1}]}]}"#, "layer.sublayers[0].animations[0].wobble"),
            (#"{"actions":[{"time":1,"keyPath":"opacity"}]}"#, "layer.actions[0].value"),
            (#"{"actions":[{"time":1,"keyPath":"opacity","value":[1,2]}]}"#, "layer.actions[0].value"),
            (#"{"actions":[{"time":1,"keyPath":"opacity","value":1,"animation":{"fromValue":0}}]}"#, "layer.actions[0].animation.fromValue"),
        ]
        for (layer, path) in cases {
            let error = Self.failure(layer)
            #expect(Self.path(error) == path, "\(layer) → \(String(describing: error))")
        }
    }
}
