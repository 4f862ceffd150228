import Foundation
import FolioBook
import FolioCLISupport
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender
import FolioTransitions

/// Rendering measured against a floor taken in the same run: a bare textured, blended quad over
/// the same 1280×800 target, with the same context, clear and page texture (`drawFloor`).
///
/// Wall time on a shared machine drifts, so the configurations are timed in interleaved rounds
/// and every ratio is the median of per-round ratios (a configuration over the floor timed
/// moments before it), never a ratio of medians taken minutes apart.
@MainActor
package struct RenderBenchmarks {
    /// The view, in points at scale 1 (so also pixels).
    static let size = Size(width: 1280, height: 800)
    /// Each timed frame set walks these progress values: the whole motion, evenly.
    static let progressSteps = (0..<10).map { (Double($0) + 0.5) / 10 }
    /// The poses the allocation check prepares: `progressSteps` and leaves landing, where a
    /// curl's nearer sheet is split at the spine (`DrawList.cutNearerSheets`).
    static let allocationSteps = progressSteps + [0.999, 0.9995, 0.9999]
    /// Targets from the speed issue: the fold's and the flip's frames over the floor; analytic
    /// AA over none. The curl's figures against the floor are reported without a target: its
    /// own target is against the fold.
    static let overFloorTarget = 2.5
    /// The effects the speed issue's targets name.
    nonisolated static let targetedEffects: Set<String> = ["fold", "flip"]
    static let analyticOverNoneTarget = 1.6
    /// Issue 14: a curl frame costs at most 1.5× a fold frame in the same round.
    static let curlOverFoldTarget = 1.5

    /// The effects measured, by name: `curl-lit` is the curl under the standard paper light,
    /// casting its soft shadow on the page beneath (`QuadRenderer.castsShadows`); `flip-lit`
    /// the flip in its lit look (`FlipTransition.isLit`), its leaf casting its shadow.
    nonisolated static let effects = ["fold", "flip", "curl", "curl-lit", "flip-lit"]

    /// The figures, under `render` in `folio bench --json`.
    struct Report: Encodable {
        /// Target size in pixels.
        var size: [Int]
        var renderer: String
        /// Timed rounds; each frame figure is a median over them.
        var rounds: Int
        var progress: [Double]
        /// Milliseconds per floor frame (clear + bare textured quad + finish).
        var floorMs: Double
        /// Milliseconds per frame (clear + evaluate + draw + finish), effect → AA mode.
        var frameMs: [String: [String: Double]]
        /// Frame time over the floor's in the same round (median over rounds), effect → mode.
        var overFloor: [String: [String: Double]]
        /// Analytic frame time over `none`'s in the same round (median over rounds), per effect.
        var analyticOverNone: [String: Double]
        /// Pixels rasterised over pixels in the view, per effect and mode, averaged over the
        /// progress values; `at0.1` and `at0.9` for the analytic mode at those progresses.
        var overdraw: [String: [String: Double]]
        /// Curl frame time over the fold's in the same round (median over rounds), per mode.
        var curlOverFold: [String: Double]
        /// The lit curl's (with its cast shadow) frame time over the (unlit) fold's in the same
        /// round (median over rounds), per mode: the price of the light and the shadow, with no
        /// target of its own.
        var litCurlOverFold: [String: Double]
        /// The lit flip's (with its leaf's cast shadow) frame time over the unlit flip's in the
        /// same round (median over rounds), per mode.
        var litFlipOverFlip: [String: Double]
        /// The targets the ratios are held to.
        var targets: [String: Double]
        /// Whether each target is met in this run: `fold|flip.MODE.overFloor`,
        /// `fold|flip.analyticOverNone` and `curl.MODE.overFold`.
        var met: [String: Bool]
    }

    let offscreen: OffscreenRenderer
    let fold: FoldTransition
    let flip: FlipTransition
    let curl: CurlTransition
    let page = ContentHandle(1)

    init() throws {
        offscreen = try OffscreenRenderer()
        let (w, h) = (Int(Self.size.width), Int(Self.size.height))
        try offscreen.renderer.setImage(SamplePages.page(1, width: w, height: h), for: ContentHandle(1))
        try offscreen.renderer.setImage(SamplePages.page(2, width: w, height: h), for: ContentHandle(2))
        fold = try FoldTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2))
        flip = try FlipTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2))
        curl = try CurlTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2))
    }

    /// The transition of `effect`, with the renderer's light set for it (on for `curl-lit` and
    /// `flip-lit`).
    func transition(_ effect: String) -> any Transition {
        offscreen.renderer.light = effect.hasSuffix("-lit") ? .standard : nil
        flip.isLit = effect == "flip-lit"
        switch effect {
        case "fold": return fold
        case "flip", "flip-lit": return flip
        default: return curl
        }
    }

    /// One frame as an app draws it: set progress, evaluate, draw, wait for the GL.
    func frame(_ effect: String, _ mode: AntialiasingMode, progress: Double) throws {
        let t = transition(effect)
        try t.setProgress(progress)
        try offscreen.draw(t.root, size: Self.size, scale: 1, antialiasing: mode)
        offscreen.finish()
    }

    func floorFrame() throws {
        try offscreen.drawFloor(page, size: Self.size, scale: 1)
        offscreen.finish()
    }

    /// Seconds per frame over `frames` frames (default: one pass of `progressSteps`), after
    /// untimed frames: one (which absorbs a target change: msaa draws into a multisampled one),
    /// or with `frames` a whole pass, so that every shader variant the motion needs is built
    /// and compiled by the driver before counting starts (profilers count instructions).
    func timed(_ config: String, frames: Int? = nil) throws -> Double {
        let parts = config.split(separator: ":").map(String.init)
        let steps = Self.progressSteps
        let run: (Double) throws -> Void
        if parts == ["floor"] {
            run = { _ in try floorFrame() }
        } else {
            guard parts.count == 2, Self.effects.contains(parts[0]), let mode = AntialiasingMode(rawValue: parts[1]) else {
                throw CommandFailure(message: "render benchmark '\(config)': expected floor or EFFECT:MODE with EFFECT \(Self.effects.joined(separator: " or ")) and MODE \(AntialiasingMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            run = { p in try frame(parts[0], mode, progress: p) }
        }
        for p in frames == nil ? steps[..<1] : steps[...] { try run(p) }
        let count = frames ?? steps.count
        let start = DispatchTime.now().uptimeNanoseconds
        for k in 0..<count { try run(steps[k % steps.count]) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(max(count, 1))
    }

    /// Every configuration, by name: `floor`, then `EFFECT:MODE`.
    static var configurations: [String] {
        ["floor"] + effects.flatMap { e in AntialiasingMode.allCases.map { "\(e):\($0.rawValue)" } }
    }

    /// Mean rasterised area over the view's, over the progress steps (or at `progress`).
    func overdraw(_ effect: String, _ mode: AntialiasingMode, at progress: Double? = nil) throws -> Double {
        let t = transition(effect)
        let evaluator = LayerEvaluator()
        let renderer = offscreen.renderer
        renderer.antialiasing = mode
        var total = 0.0
        let steps = progress.map { [$0] } ?? Self.progressSteps
        for p in steps {
            try t.setProgress(p)
            evaluator.evaluate(t.root)
            renderer.prepare(evaluator, scale: 1, pixelWidth: Int(Self.size.width), pixelHeight: Int(Self.size.height))
            total += renderer.preparedPixelArea
        }
        return total / Double(steps.count) / (Self.size.width * Self.size.height)
    }

    func run(rounds: Int) throws -> Report {
        let configs = Self.configurations
        var samples: [String: [Double]] = [:]
        var overFloor: [String: [Double]] = [:], overNone: [String: [Double]] = [:], overFold: [String: [Double]] = [:]
        var litOverFold: [String: [Double]] = [:], litFlip: [String: [Double]] = [:]
        for round in 0..<rounds {
            // Rotate the order each round so that no configuration always follows another.
            var seconds: [String: Double] = [:]
            for k in configs.indices {
                let config = configs[(k + round) % configs.count]
                seconds[config] = try timed(config)
            }
            for (config, s) in seconds { samples[config, default: []].append(s) }
            let floor = seconds["floor"]!
            for e in Self.effects {
                for mode in AntialiasingMode.allCases {
                    overFloor["\(e):\(mode.rawValue)", default: []].append(seconds["\(e):\(mode.rawValue)"]! / floor)
                }
                overNone[e, default: []].append(seconds["\(e):analytic"]! / seconds["\(e):none"]!)
            }
            for mode in AntialiasingMode.allCases {
                overFold[mode.rawValue, default: []].append(seconds["curl:\(mode.rawValue)"]! / seconds["fold:\(mode.rawValue)"]!)
                litOverFold[mode.rawValue, default: []].append(seconds["curl-lit:\(mode.rawValue)"]! / seconds["fold:\(mode.rawValue)"]!)
                litFlip[mode.rawValue, default: []].append(seconds["flip-lit:\(mode.rawValue)"]! / seconds["flip:\(mode.rawValue)"]!)
            }
        }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        var frameMs: [String: [String: Double]] = [:], ratios: [String: [String: Double]] = [:], overdraws: [String: [String: Double]] = [:]
        var met: [String: Bool] = [:]
        for e in Self.effects {
            for mode in AntialiasingMode.allCases {
                let key = "\(e):\(mode.rawValue)"
                frameMs[e, default: [:]][mode.rawValue] = median(samples[key]!) * 1e3
                ratios[e, default: [:]][mode.rawValue] = median(overFloor[key]!)
                if Self.targetedEffects.contains(e) {
                    met["\(e).\(mode.rawValue).overFloor"] = median(overFloor[key]!) <= Self.overFloorTarget
                }
                overdraws[e, default: [:]][mode.rawValue] = try overdraw(e, mode)
            }
            if Self.targetedEffects.contains(e) {
                met["\(e).analyticOverNone"] = median(overNone[e]!) <= Self.analyticOverNoneTarget
            }
            overdraws[e, default: [:]]["at0.1"] = try overdraw(e, .analytic, at: 0.1)
            overdraws[e, default: [:]]["at0.9"] = try overdraw(e, .analytic, at: 0.9)
        }
        for mode in AntialiasingMode.allCases {
            met["curl.\(mode.rawValue).overFold"] = median(overFold[mode.rawValue]!) <= Self.curlOverFoldTarget
        }
        return Report(
            size: [Int(Self.size.width), Int(Self.size.height)],
            renderer: "\(offscreen.context.renderer), \(offscreen.context.version)",
            rounds: rounds, progress: Self.progressSteps,
            floorMs: median(samples["floor"]!) * 1e3, frameMs: frameMs, overFloor: ratios,
            analyticOverNone: overNone.mapValues(median), overdraw: overdraws, curlOverFold: overFold.mapValues(median),
            litCurlOverFold: litOverFold.mapValues(median), litFlipOverFlip: litFlip.mapValues(median),
            targets: ["overFloor": Self.overFloorTarget, "analyticOverNone": Self.analyticOverNoneTarget,
                      "curlOverFold": Self.curlOverFoldTarget],
            met: met)
    }

    /// Heap allocations per frame of evaluation plus render preparation (no GL calls), over
    /// every effect (the lit curl's cast shadow included) and every AA mode, a lit fold, a lit
    /// four-leaf flip riffle (shadows on raised receivers) and a lit four-leaf curl riffle
    /// (shadows on curved receivers), and per whole rendered frame (GL driver included).
    func allocations() throws -> (prepare: Double, submission: Double) {
        let evaluator = LayerEvaluator()
        let renderer = offscreen.renderer
        var failure: Error?
        var k = 0
        var prepare = 0.0
        for e in Self.effects {
            for mode in AntialiasingMode.allCases {
                renderer.antialiasing = mode
                let t = transition(e)
                prepare = max(prepare, AllocationCounter.perCall(warmUp: 2 * Self.allocationSteps.count, iterations: 52) {
                    k += 1
                    do { try t.setProgress(Self.allocationSteps[k % Self.allocationSteps.count]) } catch { failure = error }
                    evaluator.evaluate(t.root)
                    renderer.prepare(evaluator, scale: 1, pixelWidth: Int(Self.size.width), pixelHeight: Int(Self.size.height))
                })
            }
        }
        // Shadows on receivers off the page plane: the lit fold, deep enough for its upper wall
        // to shade its lower one, and a lit spread with four flip leaves in flight, each shading
        // the leaves beneath it (docs/curl.md §8, every receiver).
        renderer.antialiasing = .analytic
        renderer.light = .standard
        prepare = max(prepare, AllocationCounter.perCall(warmUp: 16, iterations: 50) {
            k += 1
            do { try fold.setProgress(0.76 + 0.03 * Double(k % 8)) } catch { failure = error }
            evaluator.evaluate(fold.root)
            renderer.prepare(evaluator, scale: 1, pixelWidth: Int(Self.size.width), pixelHeight: Int(Self.size.height))
        })
        let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: Self.size, layout: .spread))
        book.isLit = true
        prepare = max(prepare, try riffleAllocations(book, unlit: false, evaluator: evaluator, step: &k))
        // The same spread unlit: each leaf beneath another takes the tint of the leaf over it
        // (docs/curl.md §8, the unlit look), set every frame.
        book.isLit = false
        prepare = max(prepare, try riffleAllocations(book, unlit: true, evaluator: evaluator, step: &k))
        // A lit spread with four curl leaves in flight: each curled leaf takes the shadows of
        // the curled leaves over it (docs/curl.md §8, curved receivers).
        let curls = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: Self.size, layout: .spread, effect: CurlLeafEffect()))
        curls.isLit = true
        prepare = max(prepare, try riffleAllocations(curls, unlit: false, evaluator: evaluator, step: &k))
        // The same curl riffle unlit, each leaf casting the lit look's shadow with no paper light
        // (`castsUnlitShadows`, docs/curl.md §8, the unlit curl's cast shadow).
        curls.isLit = false
        renderer.castsUnlitShadows = true
        prepare = max(prepare, try riffleAllocations(curls, unlit: true, evaluator: evaluator, step: &k))
        renderer.castsUnlitShadows = false
        // The whole frame on this thread, GL driver included (Mesa allocates inside its draw
        // calls; its worker threads are not counted).
        let submission = AllocationCounter.perCall(warmUp: 10, iterations: 20) {
            k += 1
            do { try frame("flip", .analytic, progress: Self.progressSteps[k % Self.progressSteps.count]) } catch { failure = error }
        }
        offscreen.renderer.light = nil
        flip.isLit = false
        if let failure { throw CommandFailure(failure) }
        return (prepare, submission)
    }

    /// Heap allocations per frame of `riffling` with four leaves in flight (leaves 2–5),
    /// staggered by 0.15 and moving every frame: posed, evaluated and prepared by the offscreen
    /// renderer, without its light when `unlit` (the renderer's light is put back after each
    /// frame). `step` counts frames across the allocation checks so each starts where the last
    /// left off.
    ///
    /// A method of this main-actor type, not a local function: a nonisolated local function's
    /// parameter captured by `perCall`'s closure fails Swift 6's region checker in release
    /// builds only ("sending 'riffling' risks data races").
    private func riffleAllocations(_ riffling: Book, unlit: Bool, evaluator: LayerEvaluator, step: inout Int) throws -> Double {
        let renderer = offscreen.renderer
        var leaves = (0..<4).map { BookLeaf(index: 2 + $0, progress: 0) }
        var failure: Error?
        var k = step
        let perFrame = AllocationCounter.perCall(warmUp: 16, iterations: 50) {
            k += 1
            let base = 0.1 + 0.02 * Double(k % 8)
            for i in leaves.indices { leaves[i].progress = base + 0.15 * Double(3 - i) }
            do { try riffling.setLeaves(leaves) } catch { failure = error }
            evaluator.evaluate(riffling.root)
            if unlit { renderer.light = nil }
            renderer.prepare(evaluator, scale: 1, pixelWidth: Int(Self.size.width), pixelHeight: Int(Self.size.height))
            if unlit { renderer.light = .standard }
        }
        step = k
        if let failure { throw CommandFailure(failure) }
        return perFrame
    }
}
