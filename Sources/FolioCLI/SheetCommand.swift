import ArgumentParser
import Foundation
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions
import FolioBook

/// `folio sheet`: the headless main job — a numbered frame sequence of a fold and a flip and a
/// contact sheet of both, written to a folder.
public struct SheetCommand: ParsableCommand {
    /// The command's name, summary and help.
    public static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Render a fold and a flip (and curls) as numbered frames plus a contact sheet.",
        discussion: "Rows: fold, cubic fold, flip, vertical flip, a curl per --curl-angles, and with --riffle a book riffling four flip leaves; columns: progress 0…1. The pages are the first two of --document (a PDF or a folder of PNG and JPEG scans), else of the built-in sample book, rasterised at the frame's pixel size. --light draws them lit, each leaf casting its shadow on the pages and the leaves beneath it. Needs no display (headless EGL)."
    )

    @Option(help: "Output folder (created if missing).")
    var out: String = "out"

    @Option(help: "Frames per row (progress steps, at least 2).")
    var frames: Int = 7

    @Option(parsing: .unconditional, help: "Frame size in points, WxH.")
    var size: String = "240x320"

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: "Edge antialiasing: analytic, msaa, border or none.")
    var aa: String = "analytic"

    @Flag(help: "Light every page with the standard paper light (the default look is unlit).")
    var light = false

    @Option(name: .customLong("curl-angles"), help: "Add a curl row per start angle, in degrees, comma-separated (|A| ≤ 85), like 20,-30.")
    var curlAngles: String?

    @Flag(help: "Add a row of a book riffling: four flip leaves in flight, each 0.15 behind the one before (with --light, leaves shade the leaves beneath them).")
    var riffle = false

    @Option(help: "A PDF, or a folder of PNG and JPEG scans: its first two pages turn (default: the built-in sample book).")
    var document: String?

    @Option(help: "With --document: the password of an encrypted PDF.")
    var password: String?

    @Flag(name: .customLong("numbered-pages"), help: "Turn the built-in numbered pages instead of a document.")
    var numberedPages = false

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// Checks the options before running (usage errors, exit 64).
    public func validate() throws {
        guard (2...60).contains(frames) else { throw ValidationError("--frames \(frames) must be in 2…60") }
        guard AntialiasingMode(rawValue: aa) != nil else { throw ValidationError("--aa '\(aa)' is not a mode") }
        _ = try EffectOptions.parseSize(size)
        _ = try parsedCurlAngles()
        if password != nil && document == nil { throw ValidationError("--password applies to --document") }
        if numberedPages && document != nil { throw ValidationError("give --document or --numbered-pages, not both") }
    }

    /// The sheet's two pages at `width` × `height` pixels: the first two pages of `--document`,
    /// else of the built-in sample book (the numbered pages with `--numbered-pages`, or when
    /// the sample book is missing), each fitted and centred on white.
    func pages(width: Int, height: Int, limits: RenderLimits) throws -> RenderCommand.PlannedPages {
        let path = numberedPages ? nil : document ?? SampleBook.path
        guard let path else { return try RenderCommand.plannedPages(from: nil, to: nil, width: width, height: height, limits: limits) }
        let source: any PageSource
        do {
            source = try DocumentBook.open(path, password: password)
        } catch where document == nil {
            // The default book is a convenience, not an input the user named: without it (a
            // `folio` copied without its PDF worker) the sheet turns the numbered pages.
            DocumentBook.warn("folio: the built-in sample book cannot be opened (\(error)); turning the numbered pages")
            return try RenderCommand.plannedPages(from: nil, to: nil, width: width, height: height, limits: limits)
        }
        try limits.checkTexture(width: width, height: height, what: "document page")
        // Rasterised only when loaded, after the memory check has counted them.
        return RenderCommand.PlannedPages(bytes: 2 * RenderLimits.pageBytes(width: width, height: height)) { () throws(RenderError) in
            (DocumentBook.fitted(page: 0, of: source, width: width, height: height),
             DocumentBook.fitted(page: min(1, source.pageCount - 1), of: source, width: width, height: height))
        }
    }

    /// `--curl-angles`: one to eight finite angles within ±85° (none without the option).
    func parsedCurlAngles() throws -> [Double] {
        guard let curlAngles else { return [] }
        let parts = curlAngles.split(separator: ",", omittingEmptySubsequences: false)
        let angles = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...8).contains(parts.count), angles.count == parts.count, angles.allSatisfy({ abs($0) <= 85 }) else {
            throw ValidationError("--curl-angles '\(curlAngles)' must be one to eight angles in degrees within ±85, like 20,-30")
        }
        return angles
    }

    /// The rows of the sheet: a name and a transition factory.
    static func rows(size: Size, scale: Double, curlAngles: [Double] = []) throws(TransitionError) -> [(String, any Transition)] {
        let (a, b) = (ContentHandle(1), ContentHandle(2))
        var rows: [(String, any Transition)] = [
            ("fold", try FoldTransition(size: size, scale: scale, source: a, destination: b)),
            ("fold-cubic", try FoldTransition(size: size, scale: scale, style: .cubic, source: a, destination: b)),
            ("flip", try FlipTransition(size: size, scale: scale, source: a, destination: b)),
            ("flip-vertical", try FlipTransition(size: size, scale: scale, style: .vertical, source: a, destination: b)),
        ]
        for angle in curlAngles {
            rows.append(("curl\(Int(angle.rounded()))", try curl(size: size, scale: scale, angle: angle, source: a, destination: b)))
        }
        return rows
    }

    /// A sheet's curl from start angle `angle`, default radius, showing `source` and `destination`.
    static func curl(size: Size, scale: Double, angle: Double, source: ContentHandle, destination: ContentHandle) throws(TransitionError) -> CurlTransition {
        try CurlTransition(size: size, scale: scale, startAngle: angle, source: source, destination: destination)
    }

    /// The contact sheet's size in pixels for frames of `pw × ph`: a gap of a twentieth of a
    /// frame (at least 8 pixels) around and between them.
    static func sheetSize(frames: Int, rows: Int, pw: Int, ph: Int) -> (width: Int, height: Int, gap: Int) {
        let gap = max(8, pw / 20)
        return (frames * pw + (frames + 1) * gap, rows * ph + (rows + 1) * gap, gap)
    }

    /// Renders everything; returns the paths written, the contact sheet first.
    ///
    /// Checks every size before allocating: the view (by the transitions), the frame against
    /// the GL device's limits, the contact sheet against the PNG limits (so it can be read
    /// back), and the whole job against the free memory; the folder is created only then.
    @MainActor public func write() throws -> [String] {
        let viewSize = try EffectOptions.parseSize(size)
        let mode = AntialiasingMode(rawValue: aa)!
        let folder = URL(fileURLWithPath: out)
        let framesFolder = folder.appendingPathComponent("frames")
        do {
            let rows = try Self.rows(size: viewSize, scale: scale, curlAngles: try parsedCurlAngles())
            let (pw, ph) = try RenderLimits.pixelSize(viewSize, scale: scale)
            let sheetSize = Self.sheetSize(frames: frames, rows: rows.count + (riffle ? 1 : 0), pw: pw, ph: ph)
            let limits = PNGLimits.standard
            guard sheetSize.width <= limits.maximumSide, sheetSize.height <= limits.maximumSide,
                  sheetSize.width * sheetSize.height <= limits.maximumPixels else {
                throw CommandFailure(message: "contact sheet would be \(sheetSize.width)x\(sheetSize.height) pixels (\(frames) frames of "
                    + "\(pw)x\(ph) in \(rows.count) rows); the limit is \(limits.maximumSide) pixels per side and "
                    + "\(limits.maximumPixels) pixels in all; use fewer --frames or a smaller --size or --scale")
            }
            let offscreen = try OffscreenRenderer()
            if light { offscreen.renderer.light = .standard }
            // Unlit, the curl rows' leaves cast the lit look's shadow, as the flips show their tints.
            offscreen.renderer.castsUnlitShadows = true
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: pw, height: ph, samples: samples)
            let pages = try self.pages(width: pw, height: ph, limits: offscreen.limits)
            // The sheet, and its PNG encoding while it is written.
            let sheetBytes = 2 * sheetSize.width * sheetSize.height * 4
            // The riffle's book uploads its 8 pages as textures of their own.
            let riffleBytes = riffle ? 8 * RenderLimits.pageBytes(width: pw, height: ph) : 0
            try RenderLimits.checkMemory(pages.bytes + riffleBytes + RenderLimits.frameBytes(width: pw, height: ph, samples: samples) + sheetBytes,
                                         for: "a contact sheet of \(sheetSize.width)x\(sheetSize.height) pixels")
            do {
                try FileManager.default.createDirectory(at: framesFolder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(RenderError.unwritableOutput(path: framesFolder.path, reason: "cannot create the folder"))
            }
            let (source, destination) = try pages.load()
            try offscreen.renderer.setImage(source, for: ContentHandle(1))
            try offscreen.renderer.setImage(destination, for: ContentHandle(2))
            var sheet = Image(width: sheetSize.width, height: sheetSize.height, fill: (46, 49, 56, 255))
            let gap = sheetSize.gap
            var written: [String] = []
            var number = 0
            for (r, (name, transition)) in rows.enumerated() {
                RenderCommand.setLitLook(of: transition, light)
                for i in 0..<frames {
                    try transition.setProgress(Double(i) / Double(frames - 1))
                    let frame = try offscreen.render(transition.root, size: viewSize, scale: scale, antialiasing: mode,
                                                     background: Color(red: 0.18, green: 0.19, blue: 0.22))
                    let path = framesFolder.appendingPathComponent(String(format: "%03d-%@-%02d.png", number, name, i)).path
                    try frame.writePNG(path: path)
                    written.append(path)
                    number += 1
                    sheet.blit(frame, x: gap + i * (pw + gap), y: gap + r * (ph + gap))
                }
            }
            if riffle {
                let book = try Self.riffleBook(size: viewSize, scale: scale)
                book.isLit = light
                // Its pages alternate between the sheet's two (the book's handles start at 101).
                for page in 0..<book.pageCount {
                    try offscreen.renderer.setImage(page % 2 == 0 ? source : destination, for: book.handle(forPage: page))
                }
                for i in 0..<frames {
                    try Self.poseRiffle(book, column: i, of: frames)
                    let frame = try offscreen.render(book.root, size: viewSize, scale: scale, antialiasing: mode,
                                                     background: Color(red: 0.18, green: 0.19, blue: 0.22))
                    let path = framesFolder.appendingPathComponent(String(format: "%03d-riffle-%02d.png", number, i)).path
                    try frame.writePNG(path: path)
                    written.append(path)
                    number += 1
                    sheet.blit(frame, x: gap + i * (pw + gap), y: gap + rows.count * (ph + gap))
                }
            }
            let sheetPath = folder.appendingPathComponent("contact-sheet.png").path
            try sheet.writePNG(path: sheetPath)
            return [sheetPath] + written
        } catch let error as RenderError {
            throw CommandFailure(error)
        } catch let error as TransitionError {
            throw CommandFailure(error)
        } catch let error as BookError {
            throw CommandFailure(error)
        }
    }

    /// The riffle row's book: one page per frame (single layout, flip leaves), eight pages.
    static func riffleBook(size: Size, scale: Double) throws(BookError) -> Book {
        try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, scale: scale, layout: .single, contentHandleBase: 101))
    }

    /// Column `i` of `frames` of the riffle row: leaves 0…3 in flight, leaf k at
    /// `1.45·t − 0.15·k` clamped to 0…1 (`t` = i/(frames − 1)), so the first stands ahead and
    /// each later one trails it; at rest (none in flight) in the first and last columns.
    static func poseRiffle(_ book: Book, column i: Int, of frames: Int) throws(BookError) {
        let t = Double(i) / Double(max(frames - 1, 1))
        var leaves: [BookLeaf] = []
        if t > 0 && t < 1 {
            for k in 0..<4 { leaves.append(BookLeaf(index: k, progress: min(1, max(0, 1.45 * t - 0.15 * Double(k))))) }
        }
        try book.setLeaves(leaves, opening: t < 0.5 ? 0 : 4)
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        nonisolated(unsafe) let command = self // GL is main-thread only, and `run` is called there
        let paths = try MainActor.assumeIsolated { try command.write() }
        print("contact sheet: \(paths[0])")
        print("frames (\(paths.count - 1)): \((URL(fileURLWithPath: paths[1]).deletingLastPathComponent().path))/")
    }
}
