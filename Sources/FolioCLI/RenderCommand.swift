import ArgumentParser
import Foundation
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// `folio render`: one frame offscreen to PNG.
public struct RenderCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one fold, flip or book frame offscreen to a PNG.",
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

    public init() {}

    public func validate() throws {
        guard AntialiasingMode(rawValue: aa) != nil else {
            throw ValidationError("--aa '\(aa)' must be one of: \(AntialiasingMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        _ = try Self.parseColor(background)
        if (from == nil) != (to == nil) { throw ValidationError("give both --from and --to, or neither") }
        if options.effect == .book && from != nil { throw ValidationError("a book draws its built-in numbered pages: --from and --to apply to fold and flip") }
    }

    /// Parses `RRGGBB` (an optional leading `#`).
    static func parseColor(_ text: String) throws -> Color {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let v = UInt32(hex, radix: 16) else { throw ValidationError("--background '\(text)' must look like 1E90FF") }
        return Color(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
    }

    /// Renders the frame and returns it.
    public func image() throws -> Image {
        if options.effect == .book { return try bookImage() }
        let transition = try options.makeTransition(source: ContentHandle(1), destination: ContentHandle(2))
        transition.showsShadows = !noShadows
        let size = try options.parsedSize()
        do {
            let offscreen = try OffscreenRenderer()
            let (source, destination) = try Self.pages(from: from, to: to, size: size, scale: options.scale)
            offscreen.renderer.setImage(source, for: ContentHandle(1))
            offscreen.renderer.setImage(destination, for: ContentHandle(2))
            return try offscreen.render(transition.root, size: size, scale: options.scale,
                                        antialiasing: AntialiasingMode(rawValue: aa)!, background: try Self.parseColor(background))
        } catch let error as RenderError {
            throw CommandFailure(error)
        }
    }

    /// The page images: the given PNGs, or the built-in pages 1 and 2 at the view's pixel size.
    static func pages(from: String?, to: String?, size: Size, scale: Double) throws(RenderError) -> (Image, Image) {
        if let from, let to { return (try Image.readPNG(path: from), try Image.readPNG(path: to)) }
        let w = max(1, Int((size.width * scale).rounded())), h = max(1, Int((size.height * scale).rounded()))
        guard w <= Image.maximumSide, h <= Image.maximumSide else {
            throw .invalidPixelSize(width: Double(w), height: Double(h), limit: Image.maximumSide)
        }
        return (SamplePages.page(1, width: w, height: h), SamplePages.page(2, width: w, height: h))
    }

    public func run() throws {
        let frame = try image()
        do { try frame.writePNG(path: out) } catch { throw CommandFailure(error) }
        print(out)
    }
}
