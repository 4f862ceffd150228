import ArgumentParser
import Foundation
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// `folio bench`: measured speed of the geometry and the renderer, printed with units.
public struct BenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure transform, frame-evaluation, tiling and rendering speed (build with -c release).",
        discussion: "Rendering needs an X display; headless: 'xvfb-run -a'. Medians of repeated runs, one thread."
    )

    @Flag(help: "Print the figures as JSON.")
    var json = false

    @Flag(help: "A few seconds' smoke run with fewer repetitions and no rendering sweep.")
    var quick = false

    @Flag(help: "Skip the GL rendering measurements.")
    var noRender = false

    public init() {}

    /// Median seconds per call of `body`, over `rounds` timed rounds of `iterations` calls.
    static func median(rounds: Int, iterations: Int, _ body: () -> Void) -> Double {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { body() }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations))
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The figures, as printed with `--json`.
    public struct Report: Encodable {
        public var machine: String
        public var build: String
        public var concatNs: Double
        public var projectNs: Double
        public var foldFrameNs: Double
        public var flipFrameNs: Double
        public var tilesMs: [String: Double]
        public var tiles10kMs: Double
        public var renderFps: [String: Double]
        public var renderCpuShare: [String: Double]
        public var renderer: String?
    }

    static func machine() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    /// A root holding `count` fold tiles of 64×96 points, each at its own progress.
    static func tiles(_ count: Int) throws -> (Layer, [FoldTransition]) {
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let root = Layer(name: "tiles")
        root.bounds = Rect(x: 0, y: 0, width: Double(columns) * 64, height: Double(columns) * 96)
        var folds: [FoldTransition] = []
        for i in 0..<count {
            let fold = try FoldTransition(size: Size(width: 64, height: 96))
            fold.root.position = Point(x: Double(i % columns) * 64 + 32, y: Double(i / columns) * 96 + 48)
            try root.addSublayer(fold.root)
            folds.append(fold)
        }
        return (root, folds)
    }

    public func report() throws -> Report {
        let rounds = quick ? 3 : 9
        var sink = 0.0
        let a = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0).translated(x: 5, y: 6, z: 7)
        var b = Transform3D.identity
        b.m34 = -1.0 / 800
        let concat = Self.median(rounds: rounds, iterations: 200_000) {
            b = a.concatenating(b); b.m44 = 1; sink += b.m11
        }
        var point = Vector3(x: 1, y: 2, z: 3)
        let project = Self.median(rounds: rounds, iterations: 200_000) {
            let p = point.applying(a).projected ?? .zero
            point.x = p.x * 1e-9 + 1; sink += p.y
        }

        let evaluator = LayerEvaluator()
        let fold = try FoldTransition(size: Size(width: 320, height: 480), scale: 2)
        let flip = try FlipTransition(size: Size(width: 320, height: 480), scale: 2)
        // Progress walks 0…1 in steps that never repeat a pose; every step is valid, so a
        // refused progress would be a bug, not something to skip.
        var p = 0.0
        func step() -> Double { p += 0.013; if p > 1 { p -= 1 }; return p }
        var failures = 0
        let foldFrame = Self.median(rounds: rounds, iterations: quick ? 2_000 : 20_000) {
            do { try fold.setProgress(step()) } catch { failures += 1 }
            evaluator.evaluate(fold.root)
        }
        let flipFrame = Self.median(rounds: rounds, iterations: quick ? 2_000 : 20_000) {
            do { try flip.setProgress(step()) } catch { failures += 1 }
            evaluator.evaluate(flip.root)
        }

        var tilesMs: [String: Double] = [:]
        for count in quick ? [10, 100, 1000] : [10, 100, 1000, 10_000] {
            let (root, folds) = try Self.tiles(count)
            let tileEvaluator = LayerEvaluator()
            var frame = 0
            let seconds = Self.median(rounds: quick ? 3 : 5, iterations: max(1, 2000 / count)) {
                frame += 1
                for (i, f) in folds.enumerated() {
                    do { try f.setProgress(Double((i + frame) % 100) / 100) } catch { failures += 1 }
                }
                tileEvaluator.evaluate(root)
            }
            tilesMs[String(count)] = seconds * 1e3
        }

        var renderFps: [String: Double] = [:], cpuShare: [String: Double] = [:]
        var rendererName: String?
        if !noRender && !quick {
            let size = Size(width: 1280, height: 800)
            let offscreen = try OffscreenRenderer()
            rendererName = "\(offscreen.context.renderer), \(offscreen.context.version)"
            let flip = try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
            offscreen.renderer.setImage(SamplePages.page(1, width: 1280, height: 800), for: ContentHandle(1))
            offscreen.renderer.setImage(SamplePages.page(2, width: 1280, height: 800), for: ContentHandle(2))
            let cpuEvaluator = LayerEvaluator()
            for mode in AntialiasingMode.allCases {
                var q = 0.0
                try offscreen.draw(flip.root, size: size, scale: 1, antialiasing: mode)
                offscreen.finish()
                func next() -> Double { q += 0.037; if q > 1 { q -= 1 }; return q }
                var renderError: Error?
                let frame = Self.median(rounds: 5, iterations: 20) {
                    do {
                        try flip.setProgress(next())
                        try offscreen.draw(flip.root, size: size, scale: 1, antialiasing: mode)
                    } catch { renderError = error }
                    offscreen.finish()
                }
                if let renderError { throw CommandFailure(renderError) }
                let cpu = Self.median(rounds: 5, iterations: 200) {
                    do { try flip.setProgress(next()) } catch { failures += 1 }
                    cpuEvaluator.evaluate(flip.root)
                }
                renderFps[mode.rawValue] = 1 / frame
                cpuShare[mode.rawValue] = min(1, cpu / frame)
            }
        }
        if sink == .infinity { print(sink) }
        if failures > 0 { throw ValidationError("\(failures) benchmark steps were refused: a bug in the benchmark") }
        return Report(machine: Self.machine(), build: Self.isDebug ? "debug" : "release", concatNs: concat * 1e9, projectNs: project * 1e9,
                      foldFrameNs: foldFrame * 1e9, flipFrameNs: flipFrame * 1e9, tilesMs: tilesMs,
                      tiles10kMs: tilesMs["10000"] ?? .nan, renderFps: renderFps, renderCpuShare: cpuShare, renderer: rendererName)
    }

    static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    public func run() throws {
        let r = try report()
        if json {
            var copy = r
            if copy.tiles10kMs.isNaN { copy.tiles10kMs = -1 }
            print(try JSONOutput.string(copy))
            return
        }
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("machine: \(r.machine) (\(r.build) build)")
        if let name = r.renderer { print("renderer: \(name)") }
        print("Transform3D concat         \(f(r.concatNs)) ns/op")
        print("point projection           \(f(r.projectNs)) ns/op")
        print("fold frame (set + evaluate) \(f(r.foldFrameNs)) ns/frame   (target ≤ 1000)")
        print("flip frame (set + evaluate) \(f(r.flipFrameNs)) ns/frame   (target ≤ 1000)")
        for (count, ms) in r.tilesMs.sorted(by: { Int($0.key)! < Int($1.key)! }) {
            print("fold tiles \(count.padding(toLength: 6, withPad: " ", startingAt: 0))          \(f(ms, 3)) ms/frame  (\(f(ms * 1e6 / Double(Int(count)!), 0)) ns/tile)")
        }
        for mode in AntialiasingMode.allCases {
            guard let fps = r.renderFps[mode.rawValue] else { continue }
            print("render 1280x800 \(mode.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(f(fps)) fps  (\(f(1000 / fps, 2)) ms/frame, CPU share \(f((r.renderCpuShare[mode.rawValue] ?? 0) * 100, 3))%)")
        }
        if let analytic = r.renderFps["analytic"], let none = r.renderFps["none"] {
            print("analytic AA cost over none: \(f((none / analytic - 1) * 100))% (target ≤ 10%)")
        }
    }
}
