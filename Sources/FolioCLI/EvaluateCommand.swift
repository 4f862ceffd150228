import ArgumentParser
import FolioGeometry
import FolioLayers
import FolioScene

/// `folio evaluate SCENE.json`: a layer tree in, its quads in draw order out.
public struct EvaluateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a layer tree given as JSON and print its quads in back-to-front order.",
        discussion: """
            SCENE.json is {"size":[W,H],"layer":{…}} with CALayer's keys and defaults; transforms \
            are 16 numbers m11…m44 row by row; "kind" is "layer", "transform" or "gradient". \
            Output: {"size":[W,H],"quads":[{"name","corners","depth","opacity","visible"}…]}, \
            visible quads in draw order, then the invisible ones.
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    public init() {}

    /// The evaluated scene, as printed.
    public struct Report: Encodable {
        public var size: [Double]
        public var quads: [QuadReport]
    }

    /// Loads and evaluates the scene.
    public func report() throws -> Report {
        let loaded: Scene
        do { loaded = try Scene.load(path: scene) } catch { throw CommandFailure(error) }
        let evaluator = LayerEvaluator()
        evaluator.evaluate(loaded.root)
        return Report(size: [loaded.size.width, loaded.size.height], quads: QuadReport.reports(evaluator))
    }

    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
