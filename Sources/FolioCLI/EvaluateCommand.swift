import ArgumentParser
import FolioGeometry
import FolioLayers
import FolioScene

/// `folio evaluate SCENE.json`: a layer tree in, its quads in draw order out.
public struct EvaluateCommand: ParsableCommand {
    /// The command's name, summary and help.
    public static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a layer tree given as JSON and print its quads in back-to-front order.",
        discussion: """
            SCENE.json is {"size":[W,H],"layer":{…}} with CALayer's keys and defaults; transforms \
            are 16 numbers m11…m44 row by row; "kind" is "layer", "transform" or "gradient". \
            Output: {"size":[W,H],"quads":[{"name","corners","depth","opacity","visible"}…]}, \
            visible quads in draw order, then the invisible ones. A scene whose intersecting \
            layers would need more depth-sorting work than the evaluator's budget is refused \
            (exit 1) unless --allow-approximate-order is given.
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Flag(help: "Print an approximate draw order (whole layers, far to near) when the depth sort runs out of budget, instead of failing.")
    var allowApproximateOrder = false

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// The evaluated scene, as printed.
    public struct Report: Encodable {
        /// The view size `[W, H]`, in points.
        public var size: [Double]
        /// Every quad: visible ones in draw order, then the invisible ones.
        public var quads: [QuadReport]
        /// Present (true) only when the order is approximate (`--allow-approximate-order`).
        public var approximateOrder: Bool?
    }

    /// Loads and evaluates the scene.
    public func report() throws -> Report {
        let loaded: Scene
        do { loaded = try Scene.load(path: scene) } catch { throw CommandFailure(error) }
        let evaluator = LayerEvaluator()
        evaluator.evaluate(loaded.root)
        var approximate: Bool?
        do {
            try evaluator.requireExactDepthOrder()
        } catch {
            guard allowApproximateOrder else {
                throw CommandFailure(message: "\(error); --allow-approximate-order prints the approximate order anyway")
            }
            approximate = true
        }
        return Report(size: [loaded.size.width, loaded.size.height], quads: QuadReport.reports(evaluator), approximateOrder: approximate)
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
