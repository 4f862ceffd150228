import FolioGeometry
import FolioLayers
import FolioSurface

extension Book {
    /// How far, in points, anything a book of `configuration` draws can reach past each side
    /// of its view, over a sweep of every pose it can take: each kind of leaf the
    /// configuration turns (its effect, the hard cover's boards, the reduce-motion crossfade)
    /// at 65 progress values, and a curl also along paths whose axis is tilted up to ±75°. A
    /// flipping leaf edge-on stands toward the viewer and its perspective makes it taller than
    /// the page; a curl's turned corner sweeps past the top and bottom edges; folds recede and
    /// reach nothing. A small pad (half a percent of the view plus half a point) covers what
    /// falls between the samples.
    ///
    /// - Throws: what ``init(pageCount:configuration:)`` throws for the configuration.
    public static func overhang(of configuration: BookConfiguration) throws(BookError) -> BookInsets {
        let book = try Book(pageCount: 6, configuration: configuration)
        let view = configuration.viewSize
        var low = Point(x: 0, y: 0), high = Point(x: view.width, y: view.height)
        let evaluator = LayerEvaluator()
        func measure() {
            evaluator.evaluate(book.root)
            for quad in evaluator.quads where quad.isVisible {
                for corner in evaluator.corners(of: quad) where corner.point.isFinite {
                    low = Point(x: min(low.x, corner.point.x), y: min(low.y, corner.point.y))
                    high = Point(x: max(high.x, corner.point.x), y: max(high.y, corner.point.y))
                }
            }
        }
        // Leaf 0 is a board when the cover is hard, leaf 1 a soft leaf.
        let leaves = configuration.hardCover ? [0, 1] : [1]
        // A curl dragged by a corner follows the path through the pose the drag left it in: its
        // axis tilted either way, met early or late in the turn.
        let anchors: [CurlPose?] = configuration.effect is CurlLeafEffect
            ? [nil] + stride(from: -75.0, through: 75, by: 15).flatMap { a in [0.2, 0.6].map { CurlPose(angle: a, axisFraction: $0) } } : [nil]
        for reduceMotion in [false, true] {
            book.reduceMotion = reduceMotion
            for leaf in leaves {
                for anchor in reduceMotion ? [nil] : anchors {
                    for step in 0...64 {
                        // The book's own checks: a pose it refuses is one it never shows.
                        guard (try? book.setLeaves([BookLeaf(index: leaf, progress: Double(step) / 64, anchor: anchor)], opening: leaf)) != nil
                        else { continue }
                        measure()
                    }
                }
            }
        }
        let pad = 0.5 + 0.005 * max(view.width, view.height)
        func reach(_ d: Double) -> Double { d > 1e-9 ? d + pad : 0 }
        return BookInsets(top: reach(-low.y), left: reach(-low.x), bottom: reach(high.y - view.height), right: reach(high.x - view.width))
    }
}
