import ArgumentParser
import FolioGeometry
import FolioScene
import FolioTransitions

/// `folio geometry`: one frame of a transition as JSON (DESIGN.md §3).
public struct GeometryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the panels of one fold or flip frame as JSON.",
        discussion: """
            Fold styles: unfold, cubic, horizontal, solid-shadows. Flip styles: backward, vertical, reverse. \
            Corners are each panel's own rectangle (0,0),(w,0),(w,h),(0,h) projected to view points; \
            depth is the pre-projection z. --time applies the effect's default timing; "progress" in \
            the output is always the geometric progress.
            """
    )

    /// The two effects.
    public enum Effect: String, ExpressibleByArgument, CaseIterable, Sendable { case fold, flip }

    @Option(help: "fold or flip.")
    var effect: Effect

    @Option(help: "Comma-separated style names.")
    var style: String = ""

    @Option(parsing: .unconditional, help: "View size in points, WxH.")
    var size: String = "320x480"

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Geometric progress 0…1.")
    var progress: Double?

    @Option(parsing: .unconditional, help: "Normalised time 0…1, through the effect's default timing.")
    var time: Double?

    @Option(parsing: .unconditional, help: "Perspective m34 (default −1/(4.666667·L/2)).")
    var m34: Double?

    @Option(parsing: .unconditional, help: "Flip only: the perspective pivot along the spine (0.5 centre).")
    var viewpoint: Double?

    public init() {}

    public func validate() throws {
        if progress != nil && time != nil { throw ValidationError("give --progress or --time, not both") }
        _ = try parsedSize()
        switch effect {
        case .fold:
            _ = try Self.parseStyle(style, FoldStyle.names, effect: "fold")
            if viewpoint != nil { throw ValidationError("--viewpoint applies to the flip only") }
        case .flip:
            _ = try Self.parseStyle(style, FlipStyle.names, effect: "flip")
        }
    }

    /// Parses `WxH`.
    func parsedSize() throws -> Size {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ValidationError("--size '\(size)' must look like 320x480")
        }
        return Size(width: w, height: h)
    }

    /// Parses a comma-separated style list against the effect's names.
    static func parseStyle<S: OptionSet>(_ text: String, _ names: [(String, S)], effect: String) throws -> S where S.Element == S {
        var result: S = []
        for raw in text.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces)
            guard let style = names.first(where: { $0.0 == name })?.1 else {
                throw ValidationError("unknown \(effect) style '\(name)'; expected one of: \(names.map(\.0).joined(separator: ", "))")
            }
            result.formUnion(style)
        }
        return result
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
    }

    /// Builds the transition and reports its panels.
    public func report() throws -> Report {
        let viewSize = try parsedSize()
        do {
            let transition: any Transition
            switch effect {
            case .fold:
                transition = try FoldTransition(size: viewSize, scale: scale,
                                                style: try Self.parseStyle(style, FoldStyle.names, effect: "fold"), m34: m34)
            case .flip:
                transition = try FlipTransition(size: viewSize, scale: scale,
                                                style: try Self.parseStyle(style, FlipStyle.names, effect: "flip"),
                                                m34: m34, viewpoint: viewpoint ?? 0.5)
            }
            let p = try time.map { t throws(TransitionError) in try transition.progress(atTime: t) } ?? (progress ?? 0.5)
            try transition.setProgress(p)
            let quads = transition.panels().map { panel in
                QuadReport(name: panel.name, corners: panel.corners.map { [$0.x, $0.y] }, depth: panel.depth,
                           opacity: nil, shadowOpacity: panel.shadowOpacity, visible: panel.visible)
            }
            return Report(effect: effect.rawValue, size: [viewSize.width, viewSize.height], scale: scale,
                          progress: transition.progress, time: time, m34: transition.m34,
                          viewpoint: effect == .flip ? (viewpoint ?? 0.5) : nil, quads: quads)
        } catch let error as TransitionError {
            throw CommandFailure(error)
        }
    }

    public func run() throws {
        print(try JSONOutput.string(report()))
    }
}
