import ArgumentParser
import Foundation
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
        abstract: "Render one fold or flip frame offscreen to a PNG.",
        discussion: "Uses built-in numbered sample pages unless --from and --to give PNG pages. Needs an X display; on a headless machine run under 'xvfb-run -a'."
    )

    @OptionGroup var options: EffectOptions

    @Option(help: "Output PNG path.")
    var out: String

    @Option(help: "Edge antialiasing: analytic, msaa, border or none.")
    var aa: String = "analytic"

    @Option(help: "Source page PNG (what turns or folds away).")
    var from: String?

    @Option(help: "Destination page PNG (what appears).")
    var to: String?

    @Option(help: "Background colour as RRGGBB.")
    var background: String = "FFFFFF"

    @Flag(help: "Draw no shadows.")
    var noShadows = false

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// Checks the options before running (usage errors, exit 64).
    public func validate() throws {
        guard AntialiasingMode(rawValue: aa) != nil else {
            throw ValidationError("--aa '\(aa)' must be one of: \(AntialiasingMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        _ = try Self.parseColor(background)
        if (from == nil) != (to == nil) { throw ValidationError("give both --from and --to, or neither") }
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
    public func image() throws -> Image {
        let transition = try options.makeTransition(source: ContentHandle(1), destination: ContentHandle(2))
        transition.showsShadows = !noShadows
        let size = try options.parsedSize()
        let mode = AntialiasingMode(rawValue: aa)!
        do {
            let (w, h) = try RenderLimits.pixelSize(size, scale: options.scale)
            let offscreen = try OffscreenRenderer()
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: w, height: h, samples: samples)
            let pages = try Self.plannedPages(from: from, to: to, width: w, height: h, limits: offscreen.limits)
            try RenderLimits.checkMemory(pages.bytes + RenderLimits.frameBytes(width: w, height: h, samples: samples) + w * h * 4,
                                         for: "rendering \(w)x\(h) pixels\(mode == .msaa ? " with msaa" : "")")
            let (source, destination) = try pages.load()
            offscreen.renderer.setImage(source, for: ContentHandle(1))
            offscreen.renderer.setImage(destination, for: ContentHandle(2))
            return try offscreen.render(transition.root, size: size, scale: options.scale,
                                        antialiasing: mode, background: try Self.parseColor(background))
        } catch let error as RenderError {
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

    /// The given PNGs (headers checked against the device's texture size), or the built-in
    /// pages 1 and 2 at the frame's pixel size.
    static func plannedPages(from: String?, to: String?, width: Int, height: Int, limits: RenderLimits) throws(RenderError) -> PlannedPages {
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

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        // A FIFO, a folder or a missing folder at --out fails now, not after the render.
        do { try AtomicFile.checkDestination(out) } catch {
            throw CommandFailure(RenderError.unwritableOutput(path: out, reason: error.reason))
        }
        let frame = try image()
        do { try frame.writePNG(path: out) } catch { throw CommandFailure(error) }
        print(out)
    }
}
