import Foundation
import FolioBook
import FolioCLISupport
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender

/// `folio bench --window`: what a person sees — a book spread turning in a real window, each
/// frame posed, evaluated, drawn, presented (buffers swapped, without waiting for vsync) and
/// finished (`glFinish`), at the window sizes of issue 29, next to a floor measured in the
/// same run: a bare textured quad over the whole window, presented and finished the same way.
///
/// Each size has its own window, shown only while it is measured (windows stacked on one
/// another would each present only their visible part). Wall time on a shared machine drifts,
/// so the configurations are timed in interleaved rounds, the order rotated each round, and
/// each ratio over the floor is the median of per-round ratios (against that size's floor
/// timed in the same round), never a ratio of medians taken minutes apart.
@MainActor
package struct WindowBenchmarks {
    /// One measured configuration: the leaf effect, leaves in flight and the paper light.
    struct Configuration: Hashable {
        var effect: String
        var leaves: Int
        var lit: Bool
        /// Whether frames are damage-driven (`WindowRenderer.drawsOnlyDamage`, issue 29): the
        /// same motion drawn both ways in one run gives the before and after side by side.
        var damage = false
        /// With `damage`: whether the window may present through the sub-buffer copy
        /// (`DamagePresentation.subBufferCopy`, where offered) rather than the retained
        /// framebuffer, so that both damage-driven presentations are timed in one run.
        var subBuffer = false
        var name: String {
            let how = damage ? (subBuffer ? ", damage, copy" : ", damage, fbo") : ""
            return "\(lit ? "lit " : "")\(effect), \(leaves) \(leaves == 1 ? "leaf" : "leaves")\(how)"
        }

        /// The configuration drawn in full, damage-driven through the retained framebuffer, and
        /// damage-driven through the sub-buffer copy.
        static func presentations(effect: String, leaves: Int, lit: Bool) -> [Configuration] {
            [Configuration(effect: effect, leaves: leaves, lit: lit),
             Configuration(effect: effect, leaves: leaves, lit: lit, damage: true),
             Configuration(effect: effect, leaves: leaves, lit: lit, damage: true, subBuffer: true)]
        }
    }

    /// What is measured and how often.
    struct Plan {
        var sizes: [(width: Int, height: Int)]
        var configurations: [Configuration]
        /// Timed rounds; each figure is a median over them.
        var rounds: Int
        /// Timed frames per configuration per round (after an untimed warm-up pass).
        var frames: Int

        /// Issue 29's table: flip, fold and curl, one leaf and four in flight (or only
        /// `leaves`), light off and on, each drawn in full and damage-driven both ways, at
        /// 1280×800, 1920×1200 and 2560×1600.
        static func full(leaves: [Int] = [1, 4]) -> Plan {
            Plan(sizes: [(1280, 800), (1920, 1200), (2560, 1600)],
                 configurations: ["flip", "fold", "curl"].flatMap { e in leaves.flatMap { n in [false, true].flatMap { lit in
                     Configuration.presentations(effect: e, leaves: n, lit: lit) } } },
                 rounds: 3, frames: 10)
        }
        /// The smoke run (`--window --quick`): one configuration each way, a few frames, a small window.
        static let quick = Plan(sizes: [(640, 400)], configurations: Configuration.presentations(effect: "flip", leaves: 1, lit: false),
                                rounds: 1, frames: 3)
    }

    /// One configuration at one size: medians over the rounds.
    struct Row: Encodable {
        /// Window size in pixels.
        var size: [Int]
        var effect: String
        /// Leaves in flight.
        var leaves: Int
        /// Whether the paper light is on (with the leaves' cast shadows).
        var lit: Bool
        /// Whether frames were damage-driven (`WindowRenderer.drawsOnlyDamage`).
        var damageDriven: Bool
        /// How frames reached the window: `swap` (drawn in full), or the damage-driven
        /// `DamagePresentation` the window used (`retainedFramebuffer`, `subBufferCopy`).
        var presentation: String
        /// Wall milliseconds per frame (pose + evaluate + draw + present + finish).
        var frameMs: Double
        /// 1000 / `frameMs`.
        var fps: Double
        /// Process CPU milliseconds per frame, every thread (llvmpipe's included).
        var cpuMsPerFrame: Double
        /// Mean fraction of the window each frame redrew (`FrameStatistics.damagedFraction`).
        var damagedFraction: Double
        /// The floor's milliseconds per frame at this size (median over rounds).
        var floorMs: Double
        /// Frame time over the floor's in the same round, median over rounds.
        var overFloor: Double
        /// CPU time per frame over the floor's in the same round, median over rounds: steadier
        /// than `overFloor` on a loaded machine, where wall time stretches with other work.
        var cpuOverFloor: Double
    }

    /// The floor at one size: clear + bare textured quad + present + finish.
    struct Floor: Encodable {
        var size: [Int]
        /// The book's page texture size at this window size.
        var pagePixels: [Int]
        var frameMs: Double
        var fps: Double
        var cpuMsPerFrame: Double
        var damagedFraction: Double
    }

    /// The figures, under `window` in `folio bench --window --json`.
    struct Report: Encodable {
        var renderer: String
        var machine: String
        var build: String
        var antialiasing: String
        /// What one frame is.
        var frame: String
        var rounds: Int
        var framesPerRound: Int
        /// Progress of the leaf (one leaf) or of the first leaf's base (four) at each timed frame.
        var progress: [Double]
        var floor: [Floor]
        var frames: [Row]
        /// Sizes not measured, with the reason (a screen too small for the window).
        var skippedSizes: [String]
    }

    /// A window of one size with its books (one per effect) and page textures.
    final class Stage {
        let size: (width: Int, height: Int)
        let window: WindowRenderer
        let books: [String: Book]
        let pagePixels: (width: Int, height: Int)
        init(size: (width: Int, height: Int), window: WindowRenderer, books: [String: Book], pagePixels: (width: Int, height: Int)) {
            self.size = size; self.window = window; self.books = books; self.pagePixels = pagePixels
        }
    }

    /// The texture the floor draws: a page drawn at the window's size, so one texel per pixel.
    static let floorHandle = ContentHandle(1_000_000)
    /// The demo's background (seen only where a lifted leaf uncovers it).
    static let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
    /// A spread in mid-book: one leaf turns from 20 pages in, four from there on.
    static let pageCount = 40, firstLeaf = 10

    let plan: Plan
    var stages: [Stage] = []
    var skippedSizes: [String] = []

    /// Opens a window per size that fits the screen and fills its books' pages.
    ///
    /// - Throws: `RenderError.noDisplay` when there is no display (the caller skips), other
    ///   render and book errors as they come.
    init(plan: Plan) throws {
        self.plan = plan
        // A hidden probe window starts GLFW, so that a missing display is found (and the
        // screen's size known) before the first size is checked against the screen.
        _ = try GLContext()
        for size in plan.sizes {
            if let screen = WindowRenderer.screenSize(), size.width > screen.width || size.height > screen.height {
                skippedSizes.append("\(size.width)x\(size.height): larger than the \(screen.width)x\(screen.height) screen (run under xvfb-run -s \"-screen 0 2600x1700x24\")")
                continue
            }
            stages.append(try Self.stage(size: size, plan: plan))
        }
        guard !stages.isEmpty else {
            throw CommandFailure(message: "bench --window: no window size fits the screen: \(skippedSizes.joined(separator: "; "))")
        }
    }

    /// The scale `FOLIO_WINDOW_FINE_RASTER_SCALE=S` asks every page in flight to be uploaded at
    /// (S × S its resting size instead of the book's `rasterScale(ofPage:)`), or nil where it is
    /// not set: another raster's cost measured in one build — 2 is what `folio-demo` uploaded
    /// before its pages in flight took the book's finer scale (1.62 then, 1.5 since; docs/performance.md,
    /// "the demo's pages in flight at 1.62 × 1.62"); 1.62 measures the scale before this one.
    ///
    /// - Throws: `CommandFailure` when it is set to anything but a finite number above 1.
    nonisolated static func fineRasterScaleOverride() throws -> Double? {
        guard let text = ProcessInfo.processInfo.environment["FOLIO_WINDOW_FINE_RASTER_SCALE"] else { return nil }
        guard let scale = Double(text), scale.isFinite, scale > 1 else {
            throw CommandFailure(message: "FOLIO_WINDOW_FINE_RASTER_SCALE '\(text)' must be a number above 1 (the scale pages in flight are uploaded at, e.g. 2)")
        }
        return scale
    }

    /// A hidden window of `size` with a spread book per effect filling it, every page the
    /// plan's configurations show uploaded at the page's pixel size, and the floor's texture.
    static func stage(size: (width: Int, height: Int), plan: Plan) throws -> Stage {
        let window = try WindowRenderer(width: size.width, height: size.height, title: "folio bench \(size.width)x\(size.height)")
        window.presentsWithoutVSync()
        window.setShown(false)
        let scale = window.scale
        let view = Size(width: Double(window.windowSize.width), height: Double(window.windowSize.height))
        var books: [String: Book] = [:]
        // Each effect's book has handles of its own (1,000 apart, below the floor's), so that
        // each page is uploaded as that book shows it: at the raster scale its effect's turn
        // asks for while a leaf in flight carries it (`Book.rasterScale(ofPage:)`), as a reader
        // rasterises it, and at its resting size where it lies flat.
        var pages: [String: [Int: PageMagnification]] = [:]
        // `FOLIO_WINDOW_RESTING_RASTERS` (any value): every page at its resting size, as before
        // issue 41, to measure what the finer rasters cost against it in one build.
        let resting = ProcessInfo.processInfo.environment["FOLIO_WINDOW_RESTING_RASTERS"] != nil
        let fineScale = try fineRasterScaleOverride()
        for (i, effect) in Set(plan.configurations.map(\.effect)).sorted().enumerated() {
            let configuration = BookConfiguration(viewSize: view, scale: scale, layout: .spread, effect: try leafEffect(effect),
                                                  contentHandleBase: 1 + 1_000 * i)
            let book = try Book(pageCount: pageCount, configuration: configuration)
            for leaves in Set(plan.configurations.map(\.leaves)) {
                try book.setLeaves(Self.leaves(leaves, step: 0, of: plan.frames))
                for p in book.visiblePages {
                    var wanted = resting ? .one : book.rasterScale(ofPage: p, withLevelOfDetailBias: window.renderer.appliesLevelOfDetailBias)
                    if let fineScale, wanted != .one { wanted = PageMagnification(horizontal: fineScale, vertical: fineScale) }
                    let known = pages[effect]?[p] ?? .one
                    pages[effect, default: [:]][p] = PageMagnification(horizontal: max(wanted.horizontal, known.horizontal),
                                                                       vertical: max(wanted.vertical, known.vertical))
                }
            }
            books[effect] = book
        }
        let book = books.values.first!
        // The larger part of the split, as `folio render --effect book` draws its pages.
        let page = (width: Int((book.frame.split.leading * scale).rounded()), height: Int((book.frame.height * scale).rounded()))
        // A page in flight goes up as a reader's does: its resting raster first (it lay flat
        // before its turn), then its finer raster, which keeps the resting one beside it for the
        // draws nothing magnifies (QuadRenderer+RestingRaster.swift). `FOLIO_WINDOW_FINE_ONLY`
        // (any value): the finer raster alone, as before that, to measure what it saves.
        let fineOnly = ProcessInfo.processInfo.environment["FOLIO_WINDOW_FINE_ONLY"] != nil
        for (effect, scales) in pages {
            for (p, raster) in scales {
                let handle = books[effect]!.handle(forPage: p)
                if raster != .one && !fineOnly {
                    try window.renderer.setImage(SamplePages.page(p + 1, width: page.width, height: page.height), for: handle)
                }
                let (w, h) = raster.pixels(width: page.width, height: page.height)
                try window.renderer.setImage(SamplePages.page(p + 1, width: w, height: h), for: handle, rasterScale: raster.largest)
            }
        }
        let (fw, fh) = window.framebufferSize
        try window.renderer.setImage(SamplePages.page(1, width: fw, height: fh), for: floorHandle)
        return Stage(size: size, window: window, books: books, pagePixels: page)
    }

    static func leafEffect(_ name: String) throws -> any LeafEffect {
        switch name {
        case "flip": return FlipLeafEffect()
        case "fold": return FoldLeafEffect()
        case "curl": return CurlLeafEffect()
        default: throw CommandFailure(message: "bench --window: effect '\(name)' must be flip, fold or curl")
        }
    }

    /// The progress of frame `step` of `count`: the whole turn, evenly, for one leaf; for four,
    /// the first (most turned) leaf's base, the others 0.1 behind one another, as a riffle.
    static func progress(step: Int, of count: Int, leaves: Int) -> Double {
        let p = (Double(step % count) + 0.5) / Double(count)
        return leaves == 1 ? p : p * (1 - 0.1 * Double(leaves))
    }

    /// The leaves in flight at frame `step` of `count`, in turning order: earlier leaves further on.
    static func leaves(_ count: Int, step: Int, of frames: Int) -> [BookLeaf] {
        leaves(count, base: progress(step: step, of: frames, leaves: count))
    }

    /// `count` leaves in flight in turning order, the last at `base`, each earlier one 0.1 further on.
    static func leaves(_ count: Int, base: Double) -> [BookLeaf] {
        (0..<count).map { BookLeaf(index: firstLeaf + $0, progress: base + 0.1 * Double(count - 1 - $0)) }
    }

    /// One window frame as a person sees it: pose, evaluate, draw, present, finish.
    func frame(_ stage: Stage, _ configuration: Configuration, step: Int, leaves: inout [BookLeaf]) throws {
        let book = stage.books[configuration.effect]!
        let base = Self.progress(step: step, of: plan.frames, leaves: configuration.leaves)
        for i in leaves.indices { leaves[i].progress = base + 0.1 * Double(configuration.leaves - 1 - i) }
        try book.setLeaves(leaves)
        stage.window.draw(book.root, background: Self.background)
        stage.window.present()
        stage.window.finish()
    }

    func floorFrame(_ stage: Stage) throws {
        try stage.window.drawFloor(Self.floorHandle, background: Self.background)
        stage.window.present()
        stage.window.finish()
    }

    /// Sets the renderer and book for `configuration` (light on or off, the cast shadows with it).
    func prepare(_ stage: Stage, _ configuration: Configuration) {
        let renderer = stage.window.renderer
        stage.window.drawsOnlyDamage = configuration.damage
        stage.window.allowsSubBufferCopy = configuration.subBuffer
        // The first damage-driven frame of a configuration redraws everything (untimed).
        stage.window.invalidateRetainedPixels()
        renderer.light = configuration.lit ? .standard : nil
        renderer.castsShadows = true
        // Unlit, a curl leaf casts its shadow all the same (as the demo does).
        renderer.castsUnlitShadows = true
        // Lit with shadows, the leaves cast their shadows in place of the pages' tints (as the demo does).
        stage.books[configuration.effect]!.isLit = configuration.lit
    }

    /// The figures of `frames` frames of `configuration` (nil: the floor) at `stage`, after one
    /// untimed frame that absorbs the switch (leaves rebuilt, light changed).
    func timed(_ stage: Stage, _ configuration: Configuration?, frames: Int) throws -> FrameMeter.Figures {
        var meter = FrameMeter()
        guard let configuration else {
            try floorFrame(stage)
            meter.tick()
            for _ in 0..<frames {
                try floorFrame(stage)
                meter.tick(damagedFraction: 1)
            }
            return meter.figures!
        }
        prepare(stage, configuration)
        var leaves = Self.leaves(configuration.leaves, step: 0, of: plan.frames)
        try frame(stage, configuration, step: 0, leaves: &leaves)
        meter.tick()
        for k in 0..<frames {
            try frame(stage, configuration, step: k, leaves: &leaves)
            meter.tick(damagedFraction: stage.window.renderer.lastFrame.damagedFraction)
        }
        return meter.figures!
    }

    /// Every measured item, by stage: the floor (nil), then each configuration.
    var items: [(stage: Int, configuration: Configuration?)] {
        stages.indices.flatMap { s in [(s, nil)] + plan.configurations.map { (s, $0) } }
    }

    func run() throws -> Report {
        let items = self.items
        var shown: Int?
        func show(_ s: Int) {
            guard shown != s else { return }
            if let shown { stages[shown].window.setShown(false) }
            stages[s].window.setShown(true)
            shown = s
        }
        // An untimed pass of every item first: every shader variant the motion needs is built
        // and compiled by the driver, and every page texture is resident, before counting.
        for item in items {
            show(item.stage)
            _ = try timed(stages[item.stage], item.configuration, frames: plan.frames)
        }
        var samples: [Int: [FrameMeter.Figures]] = [:]
        var overFloor: [Int: [Double]] = [:], cpuOverFloor: [Int: [Double]] = [:]
        for round in 0..<plan.rounds {
            // Rotate the order each round so that no item always runs first: by a share of the
            // list, plus one so that a size's own items (one block of the list) also change
            // places — a shift of exactly one block would keep each size's order every round.
            let shift = round * (max(1, items.count / max(1, plan.rounds)) + 1)
            var figures: [Int: FrameMeter.Figures] = [:]
            for k in items.indices {
                let i = (k + shift) % items.count
                show(items[i].stage)
                figures[i] = try timed(stages[items[i].stage], items[i].configuration, frames: plan.frames)
            }
            for (i, f) in figures {
                samples[i, default: []].append(f)
                if items[i].configuration != nil, let floor = items.firstIndex(where: { $0.stage == items[i].stage && $0.configuration == nil }) {
                    overFloor[i, default: []].append(f.frameMs / figures[floor]!.frameMs)
                    cpuOverFloor[i, default: []].append(f.cpuMsPerFrame / max(figures[floor]!.cpuMsPerFrame, 1e-9))
                }
            }
        }
        if let shown { stages[shown].window.setShown(false) }
        return report(items: items, samples: samples, overFloor: overFloor, cpuOverFloor: cpuOverFloor)
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    func report(items: [(stage: Int, configuration: Configuration?)], samples: [Int: [FrameMeter.Figures]], overFloor: [Int: [Double]],
                cpuOverFloor: [Int: [Double]]) -> Report {
        var floors: [Floor] = [], rows: [Row] = []
        var floorMs: [Int: Double] = [:]
        for (i, item) in items.enumerated() {
            let f = samples[i]!
            let ms = Self.median(f.map(\.frameMs)), cpu = Self.median(f.map(\.cpuMsPerFrame))
            let damage = f.map(\.damagedFraction).reduce(0, +) / Double(f.count)
            let stage = stages[item.stage]
            let size = [stage.size.width, stage.size.height]
            if let c = item.configuration {
                // What the window offers decides the presentation, not only what was allowed.
                stage.window.allowsSubBufferCopy = c.subBuffer
                let presentation = c.damage ? stage.window.damagePresentation.rawValue : "swap"
                rows.append(Row(size: size, effect: c.effect, leaves: c.leaves, lit: c.lit, damageDriven: c.damage, presentation: presentation,
                                frameMs: ms, fps: 1000 / ms,
                                cpuMsPerFrame: cpu, damagedFraction: damage, floorMs: floorMs[item.stage]!,
                                overFloor: Self.median(overFloor[i]!), cpuOverFloor: Self.median(cpuOverFloor[i]!)))
            } else {
                floorMs[item.stage] = ms
                floors.append(Floor(size: size, pagePixels: [stage.pagePixels.width, stage.pagePixels.height], frameMs: ms,
                                    fps: 1000 / ms, cpuMsPerFrame: cpu, damagedFraction: damage))
            }
        }
        let context = stages[0].window.context
        return Report(
            renderer: "\(context.renderer), \(context.version)", machine: Benchmarks.machine(),
            build: Benchmarks.isDebug ? "debug" : "release", antialiasing: stages[0].window.renderer.antialiasing.rawValue,
            frame: "pose + evaluate + draw + present (swap without vsync, or sub-buffer copy) + glFinish, a \(Self.pageCount)-page spread filling the window",
            rounds: plan.rounds, framesPerRound: plan.frames,
            progress: (0..<plan.frames).map { Self.progress(step: $0, of: plan.frames, leaves: 1) },
            floor: floors, frames: rows, skippedSizes: skippedSizes)
    }
}
