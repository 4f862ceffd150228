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

    /// Runs `body` with a new folder for the files it writes, and removes the folder when `body`
    /// returns or throws (the bad PNGs are refused by throwing): each run used to leave one.
    static func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bad-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    static let cases: [Case] = [
        // Sizes and scales.
        Case(name: "NaN width", fragment: "not-a-number × 10.0", call: fold(.nan, 10), expectedType: "TransitionError"),
        Case(name: "infinite height", fragment: "10.0 × infinity", call: fold(10, .infinity), expectedType: "TransitionError"),
        Case(name: "negative size", fragment: "-5", call: fold(-5, 10), expectedType: "TransitionError"),
        Case(name: "zero-area view", fragment: "0.0", call: fold(0, 10), expectedType: "TransitionError"),
        Case(name: "huge size", fragment: "1e+308", call: fold(1e308, 10), expectedType: "TransitionError"),
        Case(name: "subnormal scale", fragment: "5e-324", call: fold(10, 10, scale: .leastNonzeroMagnitude), expectedType: "TransitionError"),
        Case(name: "NaN scale", fragment: "scale not-a-number", call: fold(10, 10, scale: .nan), expectedType: "TransitionError"),
        // Progress, time, perspective, viewpoint.
        Case(name: "progress above 1", fragment: "1.5", call: { try FoldTransition(size: Size(width: 10, height: 10)).setProgress(1.5) }, expectedType: "TransitionError"),
        Case(name: "NaN progress", fragment: "progress not-a-number", call: { try FlipTransition(size: Size(width: 10, height: 10)).setProgress(.nan) }, expectedType: "TransitionError"),
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
        Case(name: "scene duplicate key", fragment: "'layer.opacity' at line 1, column 40", call: {
            _ = try Scene.decode(Data(#"{"size":[10,10],"layer":{"opacity":0.5,"opacity":7}}"#.utf8))
        }, expectedType: "SceneError"),
        Case(name: "scene trailing comma", fragment: "line 1, column 15 (in 'size'): trailing comma", call: {
            _ = try Scene.decode(Data(#"{"size":[10,10,],"layer":{}}"#.utf8))
        }, expectedType: "SceneError"),
        Case(name: "scene number out of range", fragment: "1e400 at line 1, column 10 is out of range", call: {
            _ = try Scene.decode(Data(#"{"size":[1e400,10],"layer":{}}"#.utf8))
        }, expectedType: "SceneError"),
        Case(name: "scene nested too deeply", fragment: "deeper than 200", call: {
            _ = try Scene.decode(Data((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8))
        }, expectedType: "SceneError"),
        Case(name: "scene on a device", fragment: "/dev/zero", call: { _ = try Scene.load(path: "/dev/zero") }, expectedType: "SceneError"),
        // Depth sorting past its budget.
        Case(name: "depth sort over budget", fragment: "depth sort of 3 layers", call: {
            let root = Layer(name: "root")
            root.sublayerTransform.m34 = -1.0 / 500
            let context = TransformLayer(name: "context")
            try root.addSublayer(context)
            for angle in [30.0, -30, 60] {
                let l = Layer(name: "\(angle)")
                l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
                l.transform = Transform3D(rotationDegrees: angle, x: 0, y: 1, z: 0)
                try context.addSublayer(l)
            }
            let e = LayerEvaluator()
            e.depthSortBudget = DepthSortBudget(maximumPieces: 0, maximumPlaneTests: 1)
            e.evaluate(root)
            try e.requireExactDepthOrder()
        }, expectedType: "LayerError"),
        // Images and outputs.
        Case(name: "missing PNG", fragment: "/nonexistent.png", call: { _ = try Image.readPNG(path: "/nonexistent.png") }, expectedType: "RenderError"),
        Case(name: "corrupt PNG", fragment: "corrupt.png", call: {
            try inTemporaryFolder { folder in
                let path = folder.appendingPathComponent("corrupt.png").path
                try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: URL(fileURLWithPath: path))
                _ = try Image.readPNG(path: path)
            }
        }, expectedType: "RenderError"),
        Case(name: "unwritable PNG", fragment: "/nonexistent/dir/out.png", call: { try Image(width: 1, height: 1).writePNG(path: "/nonexistent/dir/out.png") }, expectedType: "RenderError"),
        Case(name: "forged PNG header", fragment: "claims 8000x8000 pixels but has only 33 bytes", call: {
            try inTemporaryFolder { folder in
                let path = folder.appendingPathComponent("forged.png").path
                var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                bytes += [0, 0, 0x1F, 0x40, 0, 0, 0x1F, 0x40, 8, 6, 0, 0, 0, 0, 0, 0, 0]
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                _ = try Image.pngInfo(path: path)
            }
        }, expectedType: "RenderError"),
        Case(name: "PNG from a device", fragment: "character device", call: { _ = try Image.readPNG(path: "/dev/zero") }, expectedType: "RenderError"),
        // Issue #31: checked before the work they bound.
        Case(name: "WebP frame past 16383", fragment: "16384.0x16384.0", call: { try AnimatedWebPEncoder.checkSize(width: 16384, height: 16384) },
             expectedType: "RenderError"),
        Case(name: "group pictures past their budget", fragment: "40 compositing groups", call: {
            let groups = (0..<40).map { _ in
                Layer(bounds: Rect(x: 0, y: 0, width: 2048, height: 2048), position: Point(x: 1024, y: 1024),
                      backgroundColor: Color(red: 1, green: 0, blue: 0), opacity: 0.5,
                      sublayers: [Layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: Color(red: 0, green: 0, blue: 1))])
            }
            let e = LayerEvaluator()
            e.evaluate(Layer(bounds: Rect(x: 0, y: 0, width: 2048, height: 2048), position: Point(x: 1024, y: 1024), sublayers: groups))
            try RenderLimits.checkGroupPictures(e, scale: 1, pixelWidth: 2048, pixelHeight: 2048)
        }, expectedType: "RenderError"),
        Case(name: "PNG to a folder", fragment: "it is a directory", call: { try Image(width: 1, height: 1).writePNG(path: "/tmp") }, expectedType: "RenderError"),
        Case(name: "render target past the one-buffer limit", fragment: "needs 2.0 GiB in one GL buffer", call: {
            try RenderLimits(maximumTextureSize: 16384, maximumRenderbufferSize: 16384, maximumSamples: 4,
                             maximumViewportWidth: 16384, maximumViewportHeight: 16384).checkTarget(width: 11585, height: 11585, samples: 4)
        }, expectedType: "RenderError"),
        // Motion.
        Case(name: "negative mass", fragment: "mass = -1", call: { _ = try Spring(mass: -1) }, expectedType: "MotionError"),
        Case(name: "NaN stiffness", fragment: "stiffness = not-a-number", call: { _ = try Spring(stiffness: .nan) }, expectedType: "MotionError"),
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
