import ArgumentParser
import FolioGeometry
import FolioScene
import FolioTransitions

/// `folio geometry`: one frame of a transition as JSON (docs/command-line.md).
public struct GeometryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the panels of one fold or flip frame as JSON.",
        discussion: """
            Corners are each panel's own rectangle (0,0),(w,0),(w,h),(0,h) projected to view points; \
            depth is the pre-projection z. --time applies the effect's default timing; "progress" in \
            the output is always the geometric progress.
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
    }

    /// Builds the transition and reports its panels.
    public func report() throws -> Report {
        let transition = try options.makeTransition()
        let size = try options.parsedSize()
        let quads = QuadReport.reports(transition)
        return Report(effect: options.effect.rawValue, size: [size.width, size.height], scale: options.scale,
                      progress: transition.progress, time: options.time, m34: transition.m34,
                      viewpoint: options.effect == .flip ? (options.viewpoint ?? 0.5) : nil, quads: quads)
    }

    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
