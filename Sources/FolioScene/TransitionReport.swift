import Foundation
import FolioGeometry
import FolioLayers
import FolioTransitions

/// One frame of any transition — built-in or custom — in the JSON schema `folio geometry`
/// prints (docs/command-line.md): every panel's projected rectangle, depth and shadow.
public struct TransitionReport: Encodable, Sendable {
    /// The effect's name.
    public var effect: String
    /// The view size in points, `[width, height]`.
    public var size: [Double]
    /// Pixels per point.
    public var scale: Double
    /// The geometric progress, 0…1.
    public var progress: Double
    /// The normalised time the progress came from, when it came from one.
    public var time: Double?
    /// The perspective in use.
    public var m34: Double
    /// The panels, in the effect's own order.
    public var quads: [QuadReport]

    /// Reports `transition` at its current progress.
    ///
    /// - Parameters:
    ///   - transition: any effect, at the progress to report.
    ///   - effect: the name printed as `"effect"`.
    ///   - scale: pixels per point, as printed.
    ///   - time: the normalised time behind the progress, if any.
    public init(_ transition: any Transition, effect: String, scale: Double = 1, time: Double? = nil) {
        self.effect = effect
        size = [transition.size.width, transition.size.height]
        self.scale = scale
        progress = transition.progress
        self.time = time
        m34 = transition.m34
        quads = QuadReport.reports(transition)
    }

    /// The report as one line of JSON with sorted keys, as the command line prints it.
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension QuadReport {
    /// A transition panel as the command line prints it: corners `[[x, y], …]` in view
    /// points, depth, shadow opacity and visibility (no `opacity`).
    public init(panel: PanelGeometry) {
        self.init(name: panel.name, corners: panel.corners.map { [$0.x, $0.y] }, depth: panel.depth,
                  opacity: nil, shadowOpacity: panel.shadowOpacity, visible: panel.visible)
    }

    /// Every panel of `transition` at its current progress, in the effect's order.
    public static func reports(_ transition: any Transition) -> [QuadReport] {
        transition.panels().map(QuadReport.init(panel:))
    }
}
