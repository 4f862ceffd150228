import FolioGeometry
import FolioLayers
@testable import FolioBook

/// One evaluated quad, reduced to what the properties compare.
struct EvaluatedQuad {
    var name: String
    var visible: Bool
    var opacity: Double
    /// Screen points, pre-projection depth and layer-local points, corner by corner.
    var points: [Point]
    var depth: [Double]
    var local: [Point]
    var contents: ContentHandle?
    var contentsRect: Rect
}

enum BookTestSupport {
    /// Every quad of the tree under `root`, in the evaluator's order (visible ones in draw order first).
    static func quads(_ root: Layer) -> [EvaluatedQuad] {
        let e = LayerEvaluator()
        e.evaluate(root)
        return e.quads.map { q in
            let c = e.corners(of: q)
            return EvaluatedQuad(name: q.layer.name, visible: q.isVisible, opacity: q.opacity, points: c.map(\.point),
                                 depth: c.map(\.depth), local: c.map(\.local), contents: q.layer.contents,
                                 contentsRect: q.layer.contentsRect)
        }
    }

    /// The visible quads of layers that draw something (pages, leaves, shadows, edges).
    static func drawn(_ root: Layer) -> [EvaluatedQuad] {
        quads(root).filter { $0.visible && $0.points.count >= 3 && ($0.name.hasPrefix("page") || $0.name.hasPrefix("leaf")) }
    }

    /// The largest distance between corresponding points.
    static func distance(_ a: [Point], _ b: [Point]) -> Double {
        guard a.count == b.count else { return .infinity }
        return zip(a, b).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// Whether every point of `a` has a point of `b` within `tolerance`, and the other way round.
    static func sameSet(_ a: [Point], _ b: [Point], tolerance: Double) -> Bool {
        a.count == b.count
            && a.allSatisfy { p in b.contains { $0.distance(to: p) <= tolerance } }
            && b.allSatisfy { p in a.contains { $0.distance(to: p) <= tolerance } }
    }
}
