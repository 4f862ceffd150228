import Foundation
import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender
import FolioScene
import FolioTransitions
@testable import FolioCLI

/// One table of bad inputs across the library API: each is refused with its module's typed
/// error, and the message names the offending value (docs/command-line.md).
@Suite struct BadInputTableTests {
    /// A bad call, the error type it must throw, and a fragment its message must contain.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let fragment: String
        let call: @Sendable () throws -> Void
        let expectedType: String
        var description: String { name }
    }

    static func fold(_ w: Double, _ h: Double, scale: Double = 1, m34: Double? = nil) -> @Sendable () throws -> Void {
        { _ = try FoldTransition(size: Size(width: w, height: h), scale: scale, m34: m34) }
    }

    static let pngFolder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bad-input-\(getpid())")

    static let cases: [Case] = [
        // Sizes and scales.
        Case(name: "NaN width", fragment: "nan", call: fold(.nan, 10), expectedType: "TransitionError"),
        Case(name: "infinite height", fragment: "inf", call: fold(10, .infinity), expectedType: "TransitionError"),
        Case(name: "negative size", fragment: "-5", call: fold(-5, 10), expectedType: "TransitionError"),
        Case(name: "zero-area view", fragment: "0.0", call: fold(0, 10), expectedType: "TransitionError"),
        Case(name: "huge size", fragment: "1e+308", call: fold(1e308, 10), expectedType: "TransitionError"),
        Case(name: "subnormal scale", fragment: "5e-324", call: fold(10, 10, scale: 5e-324), expectedType: "TransitionError"),
        Case(name: "NaN scale", fragment: "nan", call: fold(10, 10, scale: .nan), expectedType: "TransitionError"),
        // Progress, time, perspective, viewpoint.
        Case(name: "progress above 1", fragment: "1.5", call: { try FoldTransition(size: Size(width: 10, height: 10)).setProgress(1.5) }, expectedType: "TransitionError"),
        Case(name: "NaN progress", fragment: "nan", call: { try FlipTransition(size: Size(width: 10, height: 10)).setProgress(.nan) }, expectedType: "TransitionError"),
        Case(name: "time below 0", fragment: "-0.1", call: { _ = try FoldTransition(size: Size(width: 10, height: 10)).progress(atTime: -0.1) }, expectedType: "TransitionError"),
        Case(name: "eye inside the page", fragment: "eye", call: { _ = try FlipTransition(size: Size(width: 320, height: 480), m34: -0.1) }, expectedType: "TransitionError"),
        Case(name: "infinite perspective", fragment: "finite", call: fold(320, 480, m34: -.infinity), expectedType: "TransitionError"),
        Case(name: "collapsing reverse perspective", fragment: "shrinks", call: { _ = try FlipTransition(size: Size(width: 320, height: 480), style: .reverse, m34: 1) }, expectedType: "TransitionError"),
        Case(name: "viewpoint 1e308", fragment: "1e+308", call: { _ = try FlipTransition(size: Size(width: 10, height: 10), viewpoint: 1e308) }, expectedType: "TransitionError"),
        // Layer trees.
        Case(name: "cycle", fragment: "a", call: {
            let a = Layer(name: "a"), b = Layer(name: "b")
            try a.addSublayer(b); try b.addSublayer(a)
        }, expectedType: "LayerError"),
        Case(name: "too deep", fragment: "64", call: {
            var top = Layer(name: "0")
            for i in 1...70 { let l = Layer(name: "\(i)"); try l.addSublayer(top); top = l }
        }, expectedType: "LayerError"),
        Case(name: "sublayer index out of range", fragment: "7", call: { try Layer(name: "a").insertSublayer(Layer(name: "b"), at: 7) }, expectedType: "LayerError"),
        // Scene JSON.
        Case(name: "scene wrong type", fragment: "size", call: { _ = try Scene.decode(Data(#"{"size":"big","layer":{}}"#.utf8)) }, expectedType: "SceneError"),
        Case(name: "scene missing layer", fragment: "layer", call: { _ = try Scene.decode(Data(#"{"size":[10,10]}"#.utf8)) }, expectedType: "SceneError"),
        Case(name: "scene huge array", fragment: "transform", call: {
            let numbers = Array(repeating: "1", count: 100_000).joined(separator: ",")
            _ = try Scene.decode(Data(#"{"size":[10,10],"layer":{"transform":[\#(numbers)]}}"#.utf8))
        }, expectedType: "SceneError"),
        Case(name: "scene not JSON", fragment: "JSON", call: { _ = try Scene.decode(Data("{".utf8)) }, expectedType: "SceneError"),
        Case(name: "scene missing file", fragment: "/nonexistent.json", call: { _ = try Scene.load(path: "/nonexistent.json") }, expectedType: "SceneError"),
        // Images and outputs.
        Case(name: "missing PNG", fragment: "/nonexistent.png", call: { _ = try Image.readPNG(path: "/nonexistent.png") }, expectedType: "RenderError"),
        Case(name: "corrupt PNG", fragment: "corrupt.png", call: {
            try FileManager.default.createDirectory(at: pngFolder, withIntermediateDirectories: true)
            let path = pngFolder.appendingPathComponent("corrupt.png").path
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: URL(fileURLWithPath: path))
            _ = try Image.readPNG(path: path)
        }, expectedType: "RenderError"),
        Case(name: "unwritable PNG", fragment: "/nonexistent/dir/out.png", call: { try Image(width: 1, height: 1).writePNG(path: "/nonexistent/dir/out.png") }, expectedType: "RenderError"),
        // Motion.
        Case(name: "negative mass", fragment: "mass = -1", call: { _ = try Spring(mass: -1) }, expectedType: "MotionError"),
        Case(name: "NaN stiffness", fragment: "stiffness = nan", call: { _ = try Spring(stiffness: .nan) }, expectedType: "MotionError"),
        Case(name: "zero duration", fragment: "duration = 0", call: { try AnimatedValue(0).set(1, animation: .timing(.linear, duration: 0), at: 0) }, expectedType: "MotionError"),
        Case(name: "control point out of range", fragment: "c1x = 2", call: { _ = try TimingFunction(2, 0, 0.5, 1) }, expectedType: "MotionError"),
        Case(name: "zero time scale", fragment: "timeScale = 0", call: { try AnimationClock().setTimeScale(0) }, expectedType: "MotionError"),
    ]

    @Test(arguments: cases)
    func badInputIsRefusedWithATypedErrorNamingTheValue(_ c: Case) {
        do {
            try c.call()
            Issue.record("\(c.name) was accepted")
        } catch {
            #expect(String(describing: type(of: error)) == c.expectedType, "\(c.name): \(type(of: error))")
            let message = "\(error)"
            #expect(message.contains(c.fragment), "\(c.name): '\(message)' does not name '\(c.fragment)'")
            // The CLI prints it as one line.
            #expect(!FolioCommand.message(for: error).contains("\n"), "\(c.name)")
        }
    }

    @Test func singularMatricesHaveNoInverse() {
        #expect(Transform3D.identity.scaled(x: 0, y: 1, z: 1).inverted() == nil)
        var nan = Transform3D.identity
        nan.m11 = .nan
        #expect(nan.inverted() == nil)
    }
}
