import Foundation
import FolioBook
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender
import FolioTransitions

/// The measurements behind `folio bench`: medians of repeated timed rounds on one thread,
/// plus real allocation counts per steady-state frame.
package struct Benchmarks {
    /// Fewer repetitions, no rendering, tiles only up to 1,000.
    var quick: Bool
    /// Skip the GL measurements.
    var render: Bool

    /// The figures, as printed with `--json`.
    struct Report: Encodable {
        var machine: String
        var build: String
        var renderer: String?
        var concatNs: Double
        var projectNs: Double
        var foldFrameNs: Double
        var flipFrameNs: Double
        /// Curl geometry per frame at 1280×800, scale 2: set progress, pose, mesh (ns).
        var curlFrameNs: Double
        /// Mesh size of the measured curl frames: vertices and triangles, averaged.
        var curlMesh: [String: Double]
        /// Milliseconds per frame for each tile count.
        var tilesMs: [String: Double]
        var tiles10kMs: Double
        /// Nanoseconds per tile at the largest count ÷ at 100 tiles (1 = perfectly linear).
        var tilesScaling: Double
        var springs10kMs: Double
        /// Heap allocations per steady-state frame in Folio's own code: evaluation (fold, flip,
        /// tiles, springs) and render preparation; −1 when the counter is unavailable.
        var allocationsPerFrame: Double
        /// The same, per path.
        var allocations: [String: Double]
        var allocationCounter: String
        /// Flip frames per second at 1280×800 per AA mode (from `render`).
        var renderFps: [String: Double]
        /// The share of a flip frame spent evaluating the layer tree on the CPU, per AA mode.
        var renderCpuShare: [String: Double]
        /// Depth sorting of many layers in one context (parallel and intersecting).
        var depthSort: DepthSortFigures
        /// A 1280×800 spread with four leaves in flight: nanoseconds per frame (pose + evaluate).
        var bookFrameNs: Double = 0
        /// The same ÷ one flip frame measured in the same run (the floor: four leaves are
        /// four flips' worth of pages plus the two lying flat).
        var bookFrameVsFlip: Double = 0
        /// The 1,000-page book of 1280×800 pages, opened and turned through its page cache.
        var book1000: BookMemoryReport?
        /// The evaluator's targets: fold against its closed-form floor, flip, tiles.
        var evaluator: EvaluatorFigures?
        /// Layers that animate: 10,000 springing layers presented against the same tree still
        /// (1,000 with `--quick`), allocations, and what 1,000 animating layers add.
        var presentation: PresentationBenchmark.Figures?
        /// Fold and flip per AA mode against the textured-quad floor (absent with --quick or
        /// --no-render).
        var render: RenderBenchmarks.Report?
        /// A page of fine text in mid-turn against its 4 × 4 supersampled reference, per
        /// sampling option (absent with --quick or --no-render; `sharpnessError` says why when
        /// it could not be measured).
        var sharpness: SharpnessBenchmarks.Report?
        /// Why the sharpness figures are missing from a full run (for instance, no PDF worker).
        var sharpnessError: String?
    }

    /// Where the book-memory benchmark puts page images: GL textures (made and deleted on the
    /// main thread, as the demo does), or nowhere.
    struct PageTextures {
        /// Uploads a decoded page as the texture for a handle.
        var upload: (ContentHandle, Image) -> Void
        /// Deletes the texture for a handle.
        var remove: (ContentHandle) -> Void
    }

    /// Resident memory while a 1,000-page book opens and turns.
    struct BookMemoryReport: Encodable {
        /// Resident MiB before the book opens (with the GL context when textures are made).
        var baselineMiB: Double
        /// The highest resident MiB sampled while it opened, turned and riffled.
        var peakMiB: Double
        /// Whether page textures were uploaded and freed as in the demo (needs a display).
        var textures: Bool
        /// The cache's budget and the most it held.
        var budgetPages: Int, budgetMiB: Double, peakCachePages: Int, peakCacheMiB: Double
        /// Pages loaded, frames simulated, and frames where a page on screen was not loaded
        /// yet (showing its placeholder; no frame ever waits).
        var pagesLoaded: Int, frames: Int, placeholderFrames: Int
        var seconds: Double
    }

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

    static func machine() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// A root holding `count` fold tiles of 64×96 points.
    static func tiles(_ count: Int) throws -> (Layer, [FoldTransition]) {
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let root = Layer(name: "tiles")
        root.bounds = Rect(x: 0, y: 0, width: Double(columns) * 64, height: Double(columns) * 96)
        var folds: [FoldTransition] = []
        folds.reserveCapacity(count)
        for i in 0..<count {
            let fold = try FoldTransition(size: Size(width: 64, height: 96))
            fold.root.position = Point(x: Double(i % columns) * 64 + 32, y: Double(i / columns) * 96 + 48)
            try root.addSublayer(fold.root)
            folds.append(fold)
        }
        return (root, folds)
    }

    /// 10,000 springs of mixed regimes, each with its own start time.
    static func springs(_ count: Int) throws -> SpringBatch {
        let kinds = [try Spring(response: 0.4, dampingRatio: 0.7), Spring.snappy, try Spring(response: 0.5, dampingRatio: 1.6)]
        var batch = SpringBatch(capacity: count)
        for i in 0..<count {
            batch.append(try kinds[i % 3].motion(from: Double(i % 17), velocity: Double(i % 5) - 2,
                                                 to: Double(i % 11), start: Double(i % 13) * 0.01))
        }
        return batch
    }

    /// The curl's geometry per frame at 1280×800, scale 2 (a 640×800 leaf): progress walks
    /// 0…1 (never repeating a pose) through the default path with its pose and adaptive mesh.
    static func curlFrames(quick: Bool, rounds: Int) throws -> (ns: Double, allocations: Double, mesh: [String: Double], failures: Int) {
        let curl = try CurlTransition(size: Size(width: 1280, height: 800), scale: 2)
        var p = 0.0, failures = 0, vertices = 0, triangles = 0, frames = 0
        let frame = {
            p += 0.0137; if p > 1 { p -= 1 }
            do { try curl.setProgress(p) } catch { failures += 1 }
            vertices += curl.mesh.vertices.count; triangles += curl.mesh.triangles.count; frames += 1
        }
        let ns = median(rounds: rounds, iterations: quick ? 500 : 5_000, frame) * 1e9
        let mesh = ["vertices": Double(vertices) / Double(frames), "triangles": Double(triangles) / Double(frames)]
        let allocations = AllocationCounter.isActive ? AllocationCounter.perCall(warmUp: 200, iterations: 500, frame) : -1
        return (ns, allocations, mesh, failures)
    }

    func run() throws -> Report {
        let rounds = quick ? 3 : 9
        var sink = 0.0
        var failures = 0
        // First, while the process is small: resident memory is what it measures.
        let bookMemory: BookMemoryReport
        if render && !quick {
            // GL (the page textures) is main-thread only; rendering benchmarks run there.
            bookMemory = try MainActor.assumeIsolated { [quick] in
                let offscreen = try OffscreenRenderer()
                let renderer = offscreen.renderer   // a @MainActor class: Sendable, so the closures may hold it
                // Sample pages, small: far below any texture limit.
                let textures = PageTextures(upload: { handle, image in MainActor.assumeIsolated { _ = try? renderer.setImage(image, for: handle) } },
                                            remove: { handle in MainActor.assumeIsolated { renderer.removeImage(for: handle) } })
                return try Self.bookMemory(quick: quick, textures: textures)
            }
        } else {
            bookMemory = try Self.bookMemory(quick: quick, textures: nil)
        }
        let a = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0).translated(x: 5, y: 6, z: 7)
        var b = Transform3D.identity
        b.m34 = -1.0 / 800
        let concat = Self.median(rounds: rounds, iterations: 200_000) { b = a.concatenating(b); b.m44 = 1; sink += b.m11 }
        var point = Vector3(x: 1, y: 2, z: 3)
        let project = Self.median(rounds: rounds, iterations: 200_000) {
            let p = point.applying(a).projected ?? .zero
            point.x = p.x * 1e-9 + 1; sink += p.y
        }

        // Frames: progress walks 0…1 in steps that never repeat a pose; every step is valid,
        // so a refused progress is a bug in the benchmark, counted and reported.
        let evaluator = LayerEvaluator()
        let fold = try FoldTransition(size: Size(width: 320, height: 480), scale: 2)
        let flip = try FlipTransition(size: Size(width: 320, height: 480), scale: 2)
        var p = 0.0
        func step() -> Double { p += 0.013; if p > 1 { p -= 1 }; return p }
        let foldFrame = { do { try fold.setProgress(step()) } catch { failures += 1 }; evaluator.evaluate(fold.root) }
        let flipFrame = { do { try flip.setProgress(step()) } catch { failures += 1 }; evaluator.evaluate(flip.root) }
        let frames = quick ? 2_000 : 20_000
        let foldNs = Self.median(rounds: rounds, iterations: frames, foldFrame) * 1e9
        let flipNs = Self.median(rounds: rounds, iterations: frames, flipFrame) * 1e9
        var allocations: [String: Double] = [:]
        let counting = AllocationCounter.isActive
        if counting {
            allocations["foldFrame"] = AllocationCounter.perCall(iterations: 1000, foldFrame)
            allocations["flipFrame"] = AllocationCounter.perCall(iterations: 1000, flipFrame)
        }
        let (bookNs, bookAllocations) = try Self.bookFrame(rounds: rounds, frames: frames, counting: counting)
        if counting { allocations["bookFrame"] = bookAllocations }
        if counting { allocations.merge(Self.compositingAllocations()) { $1 } }

        let curl = try Self.curlFrames(quick: quick, rounds: rounds)
        if counting { allocations["curlFrame"] = curl.allocations }
        if curl.failures > 0 { failures += curl.failures }

        var tilesMs: [String: Double] = [:]
        for count in quick ? [10, 100, 1000] : [10, 100, 1000, 10_000, 100_000] {
            let (root, folds) = try Self.tiles(count)
            let tileEvaluator = LayerEvaluator()
            var frame = 0
            let tilesFrame = {
                frame += 1
                for (i, f) in folds.enumerated() {
                    do { try f.setProgress(Double((i + frame) % 100) / 100) } catch { failures += 1 }
                }
                tileEvaluator.evaluate(root)
            }
            let seconds = Self.median(rounds: count >= 100_000 ? 3 : (quick ? 3 : 5), iterations: max(1, 2000 / count), tilesFrame)
            tilesMs[String(count)] = seconds * 1e3
            if counting && count == 1000 { allocations["tiles1000Frame"] = AllocationCounter.perCall(warmUp: 5, iterations: 20, tilesFrame) }
        }
        let perTile = { (n: Int) in (tilesMs[String(n)] ?? .nan) / Double(n) }
        let largest = tilesMs.keys.compactMap { Int($0) }.max() ?? 100
        let evaluatorFigures = try Self.evaluatorFigures(rounds: rounds, frames: frames, flipNs: flipNs, tilesMs: tilesMs)

        let batch = try Self.springs(10_000)
        var values: [Double] = []
        var time = 0.0
        let springFrame = { time += 1.0 / 120; batch.evaluate(at: time, into: &values); sink += values[17] }
        let springsMs = Self.median(rounds: rounds, iterations: quick ? 20 : 200, springFrame) * 1e3
        if counting { allocations["springs10kFrame"] = AllocationCounter.perCall(iterations: 100, springFrame) }
        // Layers that animate: a tree of springing layers presented at a time, against the
        // same tree still (issue 40).
        let presentation = try PresentationBenchmark.run(layers: quick ? 1_000 : 10_000, rounds: rounds, frames: quick ? 5 : 20,
                                                         allocations: counting ? { AllocationCounter.count } : nil)
        if let perFrame = presentation.allocationsPerFrame { allocations["presentationFrame"] = perFrame }

        let depthSort = try depthSortFigures(rounds: rounds, counting: counting, allocations: &allocations)

        var renderFps: [String: Double] = [:], cpuShare: [String: Double] = [:]
        var rendererName: String?
        var renderReport: RenderBenchmarks.Report?
        var sharpness: SharpnessBenchmarks.Report?, sharpnessError: String?
        // GL is main-thread only; the command runs there. The quick run checks that render
        // preparation allocates nothing when there is a display, and times nothing.
        if render { try MainActor.assumeIsolated {
            let bench: RenderBenchmarks
            do { bench = try RenderBenchmarks() } catch RenderError.noDisplay(_) where quick { return }
            if counting {
                let counts = try bench.allocations()
                allocations["renderPrepare"] = counts.prepare
                allocations["renderSubmission"] = counts.submission
            }
            guard !quick else { return }
            let report = try bench.run(rounds: 5)
            renderReport = report
            rendererName = report.renderer
            let cpuEvaluator = LayerEvaluator()
            var q = 0.0
            let cpu = Self.median(rounds: 5, iterations: 200) {
                q += 0.037; if q > 1 { q -= 1 }
                do { try bench.flip.setProgress(q) } catch { failures += 1 }
                cpuEvaluator.evaluate(bench.flip.root)
            }
            for (mode, ms) in report.frameMs["flip"] ?? [:] {
                renderFps[mode] = 1000 / ms
                cpuShare[mode] = min(1, cpu * 1000 / ms)
            }
            // A quality figure, not a time: measured once, in the same context.
            do {
                let measure = try SharpnessBenchmarks(offscreen: bench.offscreen)
                sharpness = try measure.run()
                sharpness?.document = try measure.runDocument()
            } catch { sharpnessError = "\(error)" }
        } }
        if sink == .infinity { print(sink) }
        if failures > 0 { throw CommandFailure(message: "\(failures) benchmark steps were refused: a bug in the benchmark") }
        var report = Report(
            machine: Self.machine(), build: Self.isDebug ? "debug" : "release", renderer: rendererName,
            concatNs: concat * 1e9, projectNs: project * 1e9, foldFrameNs: foldNs, flipFrameNs: flipNs,
            curlFrameNs: curl.ns, curlMesh: curl.mesh,
            tilesMs: tilesMs, tiles10kMs: tilesMs["10000"] ?? -1,
            tilesScaling: perTile(largest) / perTile(100), springs10kMs: springsMs,
            allocationsPerFrame: counting ? allocations.filter { $0.key != "renderSubmission" }.values.reduce(0, +) : -1,
            allocations: allocations,
            allocationCounter: counting ? "interposed malloc, this thread" : "unavailable",
            renderFps: renderFps, renderCpuShare: cpuShare, depthSort: depthSort, render: renderReport)
        report.bookFrameNs = bookNs
        report.bookFrameVsFlip = bookNs / flipNs
        report.book1000 = bookMemory
        report.evaluator = evaluatorFigures
        report.presentation = presentation
        report.sharpness = sharpness
        report.sharpnessError = sharpnessError
        return report
    }
}

extension Benchmarks {
    /// A 1280×800 spread of 40 pages with four leaves in flight, their angles moving every
    /// frame in turning order (the leaves stay in flight, so nothing is rebuilt): the median
    /// nanoseconds per frame of posing and evaluating, and heap allocations per frame.
    static func bookFrame(rounds: Int, frames: Int, counting: Bool) throws -> (ns: Double, allocations: Double) {
        let book = try Book(pageCount: 40, configuration: BookConfiguration(viewSize: Size(width: 1280, height: 800), layout: .spread))
        let evaluator = LayerEvaluator()
        var leaves = (0..<4).map { BookLeaf(index: 6 + $0, progress: 0) }
        var base = 0.0
        var failures = 0
        let frame = {
            base += 0.0037
            if base > 0.6 { base -= 0.6 }
            for i in leaves.indices { leaves[i].progress = base + 0.1 * Double(3 - i) }
            do { try book.setLeaves(leaves) } catch { failures += 1 }
            evaluator.evaluate(book.root)
        }
        let ns = median(rounds: rounds, iterations: frames, frame) * 1e9
        let allocations = counting ? AllocationCounter.perCall(iterations: 1000, frame) : -1
        if failures > 0 { throw CommandFailure(message: "\(failures) book frames were refused: a bug in the benchmark") }
        return (ns, allocations)
    }

    /// Opens a 1,000-page book of 1280×800 pages and turns it as a reader would — quick
    /// presses with four leaves in flight, a riffle to the end and back to the middle, presses
    /// back — at 60 frames per second of animation time, through a `PageCache` whose pages are
    /// real decoded images (4 MB each). With `textures`, pages are also uploaded to GL textures
    /// one per frame and deleted on eviction, as the demo does. Samples resident memory.
    static func bookMemory(quick: Bool, textures sink: PageTextures?) throws -> BookMemoryReport {
        let start = DispatchTime.now().uptimeNanoseconds
        PageMemory.releaseFreedPagesPromptly()
        let textures = sink != nil
        let baseline = ProcessMemory.residentMiB()
        let (w, h) = (1280, 800)
        let budget = PageCache<Image?>.Budget(pages: 16, bytes: 128 << 20)
        // Pages are decoded images until uploaded, then nothing (the texture holds them).
        let cache = try PageCache<Image?>(pageCount: 1000, budget: budget, loaders: 2,
                                          load: { Image(width: w, height: h, fill: (UInt8(truncatingIfNeeded: $0), 200, 180, 255)) },
                                          cost: { _ in w * h * 4 * 4 / 3 })
        let book = try Book(pageCount: 1000, configuration: BookConfiguration(viewSize: Size(width: 2 * Double(w), height: Double(h)), layout: .spread))
        let controller = BookController(book: book, clock: AnimationClock())
        let evaluator = LayerEvaluator()
        var peak = baseline, frames = 0, placeholders = 0
        var uploads: [(Int, Image)] = [], uploaded = Set<Int>()
        var wanted: [Int] = []
        func frame() throws {
            try controller.clock.advance(by: 1.0 / 60)
            controller.update()
            evaluator.evaluate(book.root)
            wanted = book.visiblePages
            // Read first: in `o >= 0 && o <= book.leafCount` the right side is an autoclosure,
            // which the release build's region checker takes for `book` sent off the main actor.
            let leafCount = book.leafCount
            for o in [controller.targetOpening, controller.targetOpening + 1, controller.targetOpening - 1] where o >= 0 && o <= leafCount {
                let (read, unread) = book.pages(atOpening: o)
                for p in [read, unread].compactMap({ $0 }) where !wanted.contains(p) { wanted.append(p) }
            }
            cache.request(wanted)
            let events = cache.drain()
            for p in events.evicted {
                uploads.removeAll { $0.0 == p }
                if uploaded.remove(p) != nil { sink?.remove(book.handle(forPage: p)) }
            }
            for (p, image) in events.arrived where textures { if let image { uploads.append((p, image)) } }
            if let sink, !uploads.isEmpty {
                let (p, image) = uploads.removeFirst()
                sink.upload(book.handle(forPage: p), image)
                uploaded.insert(p)
                cache.replace(p, with: nil)
            }
            if !book.visiblePages.allSatisfy({ cache.contains($0) }) { placeholders += 1 }
            frames += 1
            if frames % 8 == 0 { peak = max(peak, ProcessMemory.residentMiB()) }
            // Animation time runs at real speed (at most), so loading keeps its real pace.
            usleep(quick ? 0 : 4000)
        }
        for _ in 0..<(quick ? 20 : 90) { try frame() }
        for _ in 0..<(quick ? 8 : 40) {
            controller.turnForward()
            for _ in 0..<4 { try frame() }
        }
        try controller.turn(toPage: 999)
        for _ in 0..<(quick ? 60 : 180) { try frame() }
        try controller.turn(toPage: 500)
        for _ in 0..<(quick ? 60 : 180) { try frame() }
        for _ in 0..<(quick ? 4 : 20) {
            controller.turnBackward()
            for _ in 0..<3 { try frame() }
        }
        for _ in 0..<(quick ? 60 : 180) { try frame() }
        peak = max(peak, ProcessMemory.residentMiB())
        let stats = cache.statistics
        return BookMemoryReport(baselineMiB: baseline, peakMiB: peak, textures: textures, budgetPages: budget.pages,
                                budgetMiB: Double(budget.bytes) / 1_048_576, peakCachePages: stats.peakPages,
                                peakCacheMiB: Double(stats.peakBytes) / 1_048_576, pagesLoaded: stats.loads, frames: frames,
                                placeholderFrames: placeholders, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
