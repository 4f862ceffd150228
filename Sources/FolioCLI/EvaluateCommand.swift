import ArgumentParser
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioScene
import FolioFiles
import FolioTessellation

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
            (exit 1) unless --allow-approximate-order is given. --frame-out also writes the \
            evaluation as a frame file, which 'folio render --scene SCENE.json --frame FILE' \
            draws in another process. Layers may carry "animations" and "actions" (Core \
            Animation's explicit animations, and model changes at scene times): --time T \
            evaluates the presentation at T seconds (default 0).
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Flag(help: "Print an approximate draw order (whole layers, far to near) when the depth sort runs out of budget, instead of failing.")
    var allowApproximateOrder = false

    @Option(help: "Also write the evaluation as a frame file (everything a renderer reads; 'folio render --frame' draws it). Never the scene file itself.")
    var frameOut: String?

    @Option(help: "Scene time in seconds: evaluate the presentation of the scene's animations and actions there (default 0).")
    var time: Double?

    @Option(help: "The depth sort's budget of split pieces (about 0.5 KB each; at most 4194304). The plane-test budget grows with it (64 per piece, at least 16 million).")
    var maxPieces: Int = DepthSortBudget.standard.maximumPieces

    /// The most split pieces `--max-pieces` accepts (about 2 GB of pieces).
    static let maximumPieces = 4 << 20

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

    /// Checks the options before running (usage errors, exit 64).
    public func validate() throws {
        guard (0...Self.maximumPieces).contains(maxPieces) else {
            throw ValidationError("--max-pieces \(maxPieces) must be in 0…\(Self.maximumPieces)")
        }
        if let time, !time.isFinite { throw ValidationError("--time \(number: time) must be a finite number of seconds") }
        if let frameOut, AtomicFile.input(replacedBy: frameOut, among: [scene]) != nil {
            throw ValidationError("--frame-out '\(frameOut)' is the scene '\(scene)': an output never replaces one of the command's inputs")
        }
    }

    /// The depth sort budget the options ask for.
    var budget: DepthSortBudget {
        DepthSortBudget(maximumPieces: maxPieces,
                        maximumPlaneTests: max(DepthSortBudget.standard.maximumPlaneTests, 64 * maxPieces))
    }

    /// Loads and evaluates the scene.
    public func report() throws -> Report {
        var loaded: Scene
        do { loaded = try Scene.load(path: scene) } catch { throw CommandFailure(error) }
        let evaluator = LayerEvaluator()
        evaluator.depthSortBudget = budget
        // The frame is recorded inside the presentation: it reads the layers' paint.
        let frame: Frame
        if time != nil || loaded.isAnimated {
            do {
                frame = try loaded.presenting(at: time ?? 0) { root in
                    evaluator.evaluate(root)
                    return Frame(recording: evaluator)
                }
            } catch { throw CommandFailure(error) }
        } else {
            evaluator.evaluate(loaded.root)
            frame = Frame(recording: evaluator)
        }
        var approximate: Bool?
        do {
            try evaluator.requireExactDepthOrder()
        } catch {
            guard allowApproximateOrder else {
                throw CommandFailure(message: "\(error); --allow-approximate-order prints the approximate order anyway")
            }
            approximate = true
        }
        // The report is one view of the recorded frame; the frame file, all of it.
        if let frameOut {
            do { try AtomicFile.write(frame.encoded(), to: frameOut) } catch { throw CommandFailure(error) }
        }
        return Report(size: [loaded.size.width, loaded.size.height], quads: QuadReport.reports(frame), approximateOrder: approximate)
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
