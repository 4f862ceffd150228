import ArgumentParser
import FolioCLISupport
import FolioGeometry
import FolioScene
import FolioTransitions

/// `folio geometry`: one frame of a transition as JSON (docs/command-line.md).
public struct GeometryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the panels of one fold, flip or curl frame, or the quads of a book, as JSON.",
        discussion: """
            Corners are each panel's own rectangle (0,0),(w,0),(w,h),(0,h) projected to view points; \
            depth is the pre-projection z. --time applies the effect's default timing; "progress" in \
            the output is always the geometric progress. The curl adds "mesh" (the curled leaf: \
            vertices with local, position, point and normal; triangles in draw order) and "curl" \
            (its pose), beside the static pages. --effect book prints every visible quad of the \
            book in draw order: page<N> for pages lying flat, leaf<INDEX>.front and leaf<INDEX>.back for \
            leaves in flight (--leaf INDEX:PROGRESS, repeatable), and their shadows.
            """
    )

    @OptionGroup var options: EffectOptions

    public init() {}

    /// Checks the options before running (usage errors, exit 64): an effect is required.
    public func validate() throws {
        try options.requireEffect()
    }

    /// The frame, as printed.
    public struct Report: Encodable {
        public var effect: String
        public var size: [Double]
        public var scale: Double
        public var progress: Double
        public var time: Double?
        public var m34: Double
        public var viewpoint: Double?
        public var quads: [QuadReport]
        /// The curled leaf (curl only).
        public var mesh: MeshReport? = nil
        /// The curl's pose and radius (curl only).
        public var curl: CurlReport? = nil
        /// Book only: layout, reading direction, page count, leaf effect, hard cover and the
        /// leaves in flight as given.
        public var layout: String? = nil
        public var direction: String? = nil
        public var pageCount: Int? = nil
        public var leafEffect: String? = nil
        public var hardCover: Bool? = nil
        public var leaves: [LeafReport]? = nil
    }

    /// Builds the transition and reports its panels.
    public func report() throws -> Report {
        if options.effect == .book { return try bookReport() }
        let size = try options.parsedSize()
        if options.effect == .curl {
            let curl = try options.makeCurl()
            return Report(effect: options.effect.rawValue, size: [size.width, size.height], scale: options.scale,
                          progress: curl.progress, time: options.time, m34: curl.m34, viewpoint: curl.viewpoint,
                          quads: curl.panels().map(QuadReport.init(panel:)), mesh: MeshReport(curl), curl: CurlReport(curl))
        }
        let transition = try options.makeTransition()
        return Report(effect: options.effect.rawValue, size: [size.width, size.height], scale: options.scale,
                      progress: transition.progress, time: options.time, m34: transition.m34,
                      viewpoint: options.effect == .flip ? (options.viewpoint ?? 0.5) : nil, quads: QuadReport.reports(transition))
    }

    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
