import ArgumentParser
import Foundation
import FolioCLISupport
import FolioGeometry
import FolioFiles
import FolioLayers
import FolioRender
import FolioTransitions

/// `folio render`: one frame offscreen to PNG.
public struct RenderCommand: ParsableCommand {
    /// The command's name, summary and help.
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one fold, flip or book frame, or any layer tree (--scene), offscreen to a PNG, or the whole motion to an animated WebP.",
        discussion: """
            Uses built-in numbered sample pages unless --from and --to give PNG pages; --effect book \
            --document FILE.pdf|DIR shows a real document, framed so no leaf is clipped (a .webp riffles through it). An --out ending in .webp             writes an animation a browser plays: --frames frames over normalised time 0…1 through the effect's             default timing, taking --duration seconds, held half a second at each end, then played back             (unless --once), looping forever. --scene SCENE.json draws the layer tree of a scene file (as \
            'folio evaluate' reads it) at its own size unless --size is given, each layer's "contents" PNG \
            loaded from beside the scene; with --time T, the presentation of its animations and actions at T \
            seconds (default 0), and an --out ending in .webp plays the scene from 0 to --duration in \
            --frames frames. Needs an X display; on a headless machine run under 'xvfb-run -a'.
            """
    )

    @OptionGroup var options: EffectOptions

    @Option(help: "Output path: a PNG (*.png), or an animated WebP (*.webp); never one of the command's inputs.")
    var out: String

    @Option(help: "Animation: frames over the motion, 2…600.")
    var frames: Int = 30

    @Option(help: "Animation: seconds the motion takes.")
    var duration: Double = 1.2

    @Option(help: "Animation: lossy quality 0…100, or 'lossless'.")
    var quality: String = "80"

    @Flag(help: "Animation: play the motion forward only, not forward and back.")
    var once = false

    @Option(help: "Edge antialiasing: analytic, msaa, border or none.")
    var aa: String = "analytic"

    @Option(help: "Source page PNG (what turns or folds away).")
    var from: String?

    @Option(help: "Destination page PNG (what appears).")
    var to: String?

    @Option(help: "With --effect fold, flip or curl: a PDF, or a folder of PNG and JPEG scans, whose first two pages the transition shows (what turns away, what appears), each fitted to the frame on white paper and rasterised at the frame's pixel size, instead of the numbered pages.")
    var pagesFrom: String?

    @Option(help: "Background colour as RRGGBB.")
    var background: String = "FFFFFF"

    @Flag(help: "Draw no shadows.")
    var noShadows = false

    @Flag(help: "Light the pages with paper light (diffuse shading and a soft sheen from each surface's normal); the default look is unlit.")
    var light = false

    @Option(name: .customLong("light-direction"), parsing: .unconditional,
            help: "With --light: the direction toward the light as X,Y,Z (view axes: +y down, +z toward the viewer; z > 0). Default -0.35,-0.5,1.")
    var lightDirection: String?

    @Option(name: .customLong("paper-translucency"), parsing: .unconditional,
            help: "Curl only: the leaf's back shows its own front seen through white paper, at this strength 0…1 (0 plain paper, 1 the front's full image), instead of the destination's half.")
    var paperTranslucency: Double?

    @Option(help: "With --effect book: a PDF, or a folder of PNG and JPEG scans, whose pages the book shows (framed in --size so no leaf is clipped; pages rasterised at the size they are displayed). A .webp output riffles through the whole document.")
    var document: String?

    @Option(help: "With --document: the password of an encrypted PDF.")
    var password: String?

    @Option(help: "A scene file (JSON, as 'folio evaluate' reads it) to draw instead of an effect.")
    var scene: String?

    @Option(help: "With --scene: draw this frame file (written by 'folio evaluate --frame-out') instead of evaluating the scene; the scene gives the size and the images its contents name.")
    var frame: String?

    @Flag(help: "With --scene: draw an approximate order (whole layers, far to near) when the depth sort runs out of budget, instead of failing.")
    var allowApproximateOrder = false

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// Checks the options before running (usage errors, exit 64).
    public func validate() throws {
        try validateOutput()
        guard AntialiasingMode(rawValue: aa) != nil else {
            throw ValidationError("--aa '\(aa)' must be one of: \(AntialiasingMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        _ = try Self.parseColor(background)
        _ = try parsedLight()
        if scene != nil { return try validateScene() }
        try options.requireEffect()
        try validateDocument()
        if allowApproximateOrder { throw ValidationError("--allow-approximate-order applies to --scene") }
        if let t = paperTranslucency {
            guard options.effect == .curl else { throw ValidationError("--paper-translucency applies to --effect curl") }
            guard t >= 0, t <= 1 else { throw ValidationError("--paper-translucency \(t) must be in 0...1") }
        }
        if (from == nil) != (to == nil) { throw ValidationError("give both --from and --to, or neither") }
        if let pagesFrom {
            if options.effect == .book { throw ValidationError("--pages-from '\(pagesFrom)' applies to fold, flip and curl; a book shows a document with --document") }
            if from != nil { throw ValidationError("give --pages-from or --from and --to, not both") }
        }
        if options.effect == .book && from != nil { throw ValidationError("a book draws its built-in numbered pages: --from and --to apply to fold and flip") }
        if options.effect == .book && isAnimation && document == nil {
            throw ValidationError("a book of numbered pages renders one frame (--out *.png); an animation of a book needs --document")
        }
        if document != nil && isAnimation && !options.leaves.isEmpty {
            throw ValidationError("an animation (--out *.webp) riffles through the whole document: drop --leaf")
        }
        if isAnimation {
            guard options.progress == nil, options.time == nil else {
                throw ValidationError("an animation (--out *.webp) runs the whole motion: drop --progress and --time")
            }
            guard (2...600).contains(frames) else { throw ValidationError("--frames \(frames) must be in 2...600") }
            guard duration.isFinite, duration > 0, duration <= 600 else {
                throw ValidationError("--duration \(number: duration) must be in (0, 600] seconds")
            }
            _ = try parsedQuality()
        }
    }

    /// Whether `--out` names an animated WebP.
    var isAnimation: Bool { out.lowercased().hasSuffix(".webp") }

    /// `--quality`: 0…100, or nil for lossless.
    func parsedQuality() throws -> Double? {
        if quality == "lossless" { return nil }
        guard let q = Double(quality), (0...100).contains(q) else {
            throw ValidationError("--quality '\(quality)' must be a number in 0...100 or 'lossless'")
        }
        return q
    }

    /// Parses `RRGGBB` (an optional leading `#`): exactly six hexadecimal digits, nothing else
    /// (`UInt32(_:radix:)` alone would take `+FFFFF` as 0FFFFF).
    static func parseColor(_ text: String) throws -> Color {
        let hex = text.hasPrefix("#") ? text.utf8.dropFirst() : text.utf8[...]
        let digits = hex.compactMap { c -> UInt32? in
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        guard hex.count == 6, digits.count == 6 else {
            throw ValidationError("--background '\(text)' must be six hexadecimal digits RRGGBB, like 1E90FF")
        }
        let v = digits.reduce(0) { $0 << 4 | $1 }
        return Color(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
    }

    /// Renders the frame and returns it.
    ///
    /// Every size is checked before anything large is allocated: the view (by the
    /// transition), the pixel size against the GL device's limits, the page images against
    /// `GL_MAX_TEXTURE_SIZE` (PNG headers only, before decoding), and the whole job against
    /// the free memory.
    @MainActor public func image() throws -> Image {
        if scene != nil { return try sceneImage() }
        if document != nil { return try documentImage() }
        if options.effect == .book { return try bookImage() }
        let (transition, offscreen, size) = try setUp()
        do {
            return try offscreen.render(transition.root, size: size, scale: options.scale,
                                        antialiasing: AntialiasingMode(rawValue: aa)!, background: try Self.parseColor(background))
        } catch let error as RenderError {
            throw CommandFailure(error)
        }
    }

    /// The transition with its pages uploaded to a fresh offscreen renderer, and the view size,
    /// every size checked first (see `image()`).
    ///
    /// `extraBytes`: memory the job holds beside the pages and the frame (an animation's
    /// encoder), counted in the same check.
    @MainActor func setUp(extraBytes: Int = 0) throws -> (any Transition, OffscreenRenderer, Size) {
        let transition = try options.makeTransition(source: ContentHandle(1), destination: ContentHandle(2))
        transition.showsShadows = !noShadows
        if let t = paperTranslucency, let curl = transition as? CurlTransition {
            // The back shows the leaf's own front through white paper.
            curl.leaf.backContents = nil
            curl.leaf.paperTranslucency = t
            if curl.leaf.backgroundColor == nil { curl.leaf.backgroundColor = .white }
        }
        let size = try options.parsedSize()
        let mode = AntialiasingMode(rawValue: aa)!
        let paperLight = try parsedLight()
        Self.setLitLook(of: transition, paperLight != nil && !noShadows)
        let documentPages = try pagesFrom.map { try Self.documentPages($0, size: size, scale: options.scale) }
        do {
            let (w, h) = try RenderLimits.pixelSize(size, scale: options.scale)
            let offscreen = try OffscreenRenderer()
            offscreen.renderer.light = paperLight
            offscreen.renderer.castsShadows = !noShadows
            // Unlit, a curled leaf casts the lit look's shadow all the same (docs/curl.md §8).
            offscreen.renderer.castsUnlitShadows = !noShadows
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: w, height: h, samples: samples)
            let pages = try Self.plannedPages(from: from, to: to, document: documentPages, width: w, height: h, limits: offscreen.limits)
            try RenderLimits.checkMemory(pages.bytes + RenderLimits.frameBytes(width: w, height: h, samples: samples) + w * h * 4 + extraBytes,
                                         for: "rendering \(w)x\(h) pixels\(mode == .msaa ? " with msaa" : "")\(extraBytes > 0 ? " into an animation" : "")")
            let (source, destination) = try pages.load()
            try offscreen.renderer.setImage(source, for: ContentHandle(1))
            try offscreen.renderer.setImage(destination, for: ContentHandle(2))
            return (transition, offscreen, size)
        } catch {
            // Every call in the block throws `RenderError` only.
            throw CommandFailure(error)
        }
    }

    /// The two page images to load, checked and costed before any is decoded or drawn.
    struct PlannedPages {
        /// Memory the pages take while loading and as textures, in bytes.
        var bytes: Int
        /// Loads (or draws) them.
        var load: () throws(RenderError) -> (Image, Image)
    }

    /// The given PNGs (headers checked against the device's texture size), a document's
    /// first two pages (`--pages-from`, already drawn at the frame's pixel size), or the
    /// built-in pages 1 and 2 at the frame's pixel size.
    static func plannedPages(from: String?, to: String?, document: (Image, Image)? = nil, width: Int, height: Int,
                             limits: RenderLimits) throws(RenderError) -> PlannedPages {
        if let document {
            try limits.checkTexture(width: width, height: height, what: "document page")
            return PlannedPages(bytes: 2 * RenderLimits.pageBytes(width: width, height: height)) { () throws(RenderError) in document }
        }
        if let from, let to {
            var bytes = 0
            for path in [from, to] {
                let info = try Image.pngInfo(path: path)
                try limits.checkTexture(width: info.width, height: info.height, what: "image '\(path)'")
                bytes += RenderLimits.pageBytes(width: info.width, height: info.height)
            }
            return PlannedPages(bytes: bytes) { () throws(RenderError) in (try Image.readPNG(path: from), try Image.readPNG(path: to)) }
        }
        try limits.checkTexture(width: width, height: height, what: "built-in page")
        return PlannedPages(bytes: 2 * RenderLimits.pageBytes(width: width, height: height)) { () throws(RenderError) in
            (SamplePages.page(1, width: width, height: height), SamplePages.page(2, width: width, height: height))
        }
    }

    /// Renders the animation (`--out *.webp`) and returns the WebP file's bytes.
    ///
    /// The frame size is checked against WebP's limit, and the encoder's memory counted, before
    /// the pages are drawn: a frame too large for the format used to be found only once every
    /// page was drawn and uploaded (39 s and 5 GB at 16384 × 16384).
    @MainActor public func animation() throws -> Data {
        if scene != nil { return try sceneAnimation() }
        if document != nil { return try documentAnimation() }
        let size = try options.parsedSize()
        let (w, h): (Int, Int)
        do { try TransitionLimits.validate(size: size, scale: options.scale) } catch { throw CommandFailure(error) }
        do {
            (w, h) = try RenderLimits.pixelSize(size, scale: options.scale)
            try AnimatedWebPEncoder.checkSize(width: w, height: h)
        } catch { throw CommandFailure(error) }
        let (transition, offscreen, _) = try setUp(extraBytes: AnimatedWebPEncoder.workingBytes(width: w, height: h))
        do {
            let encoder = try AnimatedWebPEncoder(width: w, height: h, quality: try parsedQuality())
            let step = duration / Double(frames - 1), hold = 0.5
            // Forward, then back without repeating the end frames.
            let order = Array(0..<frames) + (once ? [] : Array((1..<(frames - 1)).reversed()))
            for (k, i) in order.enumerated() {
                try transition.setProgress(try transition.progress(atTime: Double(i) / Double(frames - 1)))
                let frame = try offscreen.render(transition.root, size: size, scale: options.scale,
                                                 antialiasing: AntialiasingMode(rawValue: aa)!, background: try Self.parseColor(background))
                let ends = k == 0 || i == frames - 1
                try encoder.add(frame, duration: ends ? hold : step)
            }
            return try encoder.encode()
        } catch let error as RenderError {
            throw CommandFailure(error)
        } catch let error as TransitionError {
            throw CommandFailure(error)
        }
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        // A FIFO, a folder, a missing folder or a name too long at --out fails now, not after
        // the render (and so does an input, though `validate` has refused those already).
        do { try AtomicFile.checkDestination(out, notOverwriting: namedInputs.map(\.path)) } catch {
            throw CommandFailure(RenderError.unwritableOutput(path: out, reason: error.reason))
        }
        // GL is main-thread only, and a command's `run` is called on the main thread.
        nonisolated(unsafe) let command = self // only ever used on this (the main) thread
        if isAnimation {
            let data = try MainActor.assumeIsolated { try command.animation() }
            do { try AtomicFile.write([UInt8](data), to: out) } catch {
                throw CommandFailure(RenderError.unwritableOutput(path: out, reason: error.reason))
            }
            print(out)
            return
        }
        let frame = try MainActor.assumeIsolated { try command.image() }
        do { try frame.writePNG(path: out) } catch { throw CommandFailure(error) }
        print(out)
    }
}
