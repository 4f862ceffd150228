import FolioGeometry
import FolioLayers

/// One evaluated quad as the command line prints it (docs/command-line.md).
public struct QuadReport: Encodable, Equatable, Sendable {
    /// The layer's (or panel's) name.
    public var name: String
    /// Projected corners in view points, `[[x, y], …]`; empty when not finite.
    public var corners: [[Double]]
    /// Pre-projection z of each corner, in points.
    public var depth: [Double]
    /// Effective opacity of the quad.
    public var opacity: Double?
    /// Shadow opacity over the panel (transitions only).
    public var shadowOpacity: Double?
    /// Whether the quad draws anything.
    public var visible: Bool

    /// Creates a report entry.
    public init(name: String, corners: [[Double]], depth: [Double], opacity: Double?, shadowOpacity: Double?, visible: Bool) {
        self.name = name; self.corners = corners; self.depth = depth
        self.opacity = opacity; self.shadowOpacity = shadowOpacity; self.visible = visible
    }

    /// The report of every quad of an evaluation, in its order (draw order, then invisible).
    public static func reports(_ evaluator: LayerEvaluator) -> [QuadReport] {
        evaluator.quads.map { q in
            let c = evaluator.corners(of: q)
            return QuadReport(name: q.layer.name, corners: c.map { [$0.point.x, $0.point.y] }, depth: c.map(\.depth),
                              opacity: q.opacity, shadowOpacity: nil, visible: q.isVisible)
        }
    }
}
