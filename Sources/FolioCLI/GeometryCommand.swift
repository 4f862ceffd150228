import ArgumentParser
import FolioGeometry
import FolioScene
import FolioTransitions

/// `folio geometry`: one frame of a transition as JSON (DESIGN.md §3).
public struct GeometryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the panels of one fold or flip frame, or the quads of a book, as JSON.",
        discussion: """
            Corners are each panel's own rectangle (0,0),(w,0),(w,h),(0,h) projected to view points; \
            depth is the pre-projection z. --time applies the effect's default timing; "progress" in \
            the output is always the geometric progress. --effect book prints every visible quad of the \
            book in draw order: page<N> for pages lying flat, leaf<INDEX>.front and leaf<INDEX>.back for \
            leaves in flight (--leaf INDEX:PROGRESS, repeatable), and their shadows.
            """
    )

    @OptionGroup var options: EffectOptions

    public init() {}

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
        let transition = try options.makeTransition()
        let size = try options.parsedSize()
        let quads = transition.panels().map { panel in
            QuadReport(name: panel.name, corners: panel.corners.map { [$0.x, $0.y] }, depth: panel.depth,
                       opacity: nil, shadowOpacity: panel.shadowOpacity, visible: panel.visible)
        }
        return Report(effect: options.effect.rawValue, size: [size.width, size.height], scale: options.scale,
                      progress: transition.progress, time: options.time, m34: transition.m34,
                      viewpoint: options.effect == .flip ? (options.viewpoint ?? 0.5) : nil, quads: quads)
    }

    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
