import FolioGeometry
import FolioLayers
import FolioSurface

/// How far what a book draws reaches past its view, pose by pose: measured once for a
/// configuration, then read for the leaves in flight at any moment without evaluating a layer.
///
/// A flipping leaf edge-on stands toward the viewer and looks taller than the page; a curl's
/// turned corner sweeps past the top and bottom; a fold recedes and reaches nothing. The
/// measurement poses a six-page book of the configuration at 65 progress values (0, 1/64, …, 1)
/// for each kind of leaf it turns — a soft leaf on the effect's own path, a hard-cover board,
/// the reduce-motion crossfade, and for a curl a leaf on the paths through anchors whose axis is
/// tilted −75°…75° (by 15°, met early or late: axis fractions 0.2 and 0.6) — and keeps, per
/// pose, how far every visible corner the evaluator gives lies past each side of the view.
///
/// ``reach(of:in:)`` bounds one leaf between samples by the larger of the two samples around
/// its progress (a curl leaf on an anchored path by the two sampled angles around the anchor's)
/// plus ``pad``; ``worst`` is what ``Book/overhang(of:)`` returns. The per-frame reads allocate
/// nothing.
public struct BookReach: Equatable, Sendable {
    /// Progress samples per profile less one: 0, 1/64, …, 1.
    static let steps = 64
    /// The anchored curl paths' axis angles, in degrees.
    static let angles = Array(stride(from: -75.0, through: 75, by: 15))
    /// The anchored curl paths' axis fractions (the axis met early or late in the turn).
    static let fractions = [0.2, 0.6]

    /// What every non-zero reach gets on top of the samples, in points: half a percent of the
    /// view's larger side plus half a point, for what falls between the samples.
    public let pad: Double
    /// The most any measured pose reaches past each side of the view, padded, in points.
    public let worst: BookInsets
    /// Soft leaves on the effect's own path, per progress sample (unpadded, points).
    let soft: [BookInsets]
    /// Hard-cover boards, per progress sample (all zero without a hard cover).
    let board: [BookInsets]
    /// The reduce-motion crossfade, per progress sample.
    let fade: [BookInsets]
    /// Curl leaves on anchored paths: per angle of ``angles``, per progress sample, the most of
    /// the sampled axis fractions. Empty for other effects.
    let anchored: [[BookInsets]]

    /// Measures `configuration`'s leaves at its view size.
    ///
    /// - Throws: what ``Book/init(pageCount:configuration:)`` throws for the configuration.
    public init(configuration: BookConfiguration) throws(BookError) {
        let book = try Book(pageCount: 6, configuration: configuration)
        let view = configuration.viewSize
        let evaluator = LayerEvaluator()
        func measure() -> BookInsets {
            evaluator.evaluate(book.root)
            var low = Point(x: 0, y: 0), high = Point(x: view.width, y: view.height)
            for quad in evaluator.quads where quad.isVisible {
                for corner in evaluator.corners(of: quad) where corner.point.isFinite {
                    low = Point(x: min(low.x, corner.point.x), y: min(low.y, corner.point.y))
                    high = Point(x: max(high.x, corner.point.x), y: max(high.y, corner.point.y))
                }
            }
            return BookInsets(top: -low.y, left: -low.x, bottom: high.y - view.height, right: high.x - view.width)
        }
        /// One leaf's reach at every progress sample; a pose the book refuses (one it never
        /// shows) reaches nothing.
        func profile(leaf: Int, anchor: CurlPose?) -> [BookInsets] {
            (0...Self.steps).map { step in
                guard (try? book.setLeaves([BookLeaf(index: leaf, progress: Double(step) / Double(Self.steps), anchor: anchor)], opening: leaf)) != nil
                else { return .zero }
                return measure()
            }
        }
        let none = [BookInsets](repeating: .zero, count: Self.steps + 1)
        // Leaf 0 is a board when the cover is hard, leaf 1 a soft leaf.
        soft = profile(leaf: 1, anchor: nil)
        board = configuration.hardCover ? profile(leaf: 0, anchor: nil) : none
        anchored = configuration.effect is CurlLeafEffect
            ? Self.angles.map { a in Self.fractions.map { profile(leaf: 1, anchor: CurlPose(angle: a, axisFraction: $0)) }.reduce(none, Self.most) }
            : []
        book.reduceMotion = true
        fade = Self.most(profile(leaf: 1, anchor: nil), configuration.hardCover ? profile(leaf: 0, anchor: nil) : none)
        pad = 0.5 + 0.005 * max(view.width, view.height)
        let all = ([soft, board, fade] + anchored).reduce(none, Self.most).reduce(BookInsets.zero, Self.most)
        worst = Self.padded(all, pad)
    }

    /// How far `leaf` reaches past the view of `book` (a book of the measured configuration)
    /// at its progress, padded; zero where it reaches nothing.
    public func reach(of leaf: BookLeaf, in book: Book) -> BookInsets {
        guard leaf.progress.isFinite else { return worst }
        let profile: [BookInsets]
        switch book.kind(of: leaf) {
        case .fade: profile = fade
        case .cover: profile = board
        case .soft:
            if let anchor = leaf.anchor, !anchored.isEmpty {
                // The two sampled angles around the anchor's (the outermost beyond ±75°).
                let a = min(75, max(-75, anchor.angle.isFinite ? anchor.angle : 0))
                let i = min(Self.angles.count - 2, Int(((a + 75) / 15).rounded(.down)))
                return Self.padded(Self.most(Self.sample(anchored[i], leaf.progress), Self.sample(anchored[i + 1], leaf.progress)), pad)
            }
            profile = soft
        }
        return Self.padded(Self.sample(profile, leaf.progress), pad)
    }

    /// How far the leaves in flight in `book` reach past its view now, padded: the most of
    /// ``reach(of:in:)`` over ``Book/leaves``; zero with none in flight.
    ///
    /// Two cases no sweep bounds are measured instead. A curl leaf a drag left on a path of its
    /// own (``BookLeaf/anchor``) takes one of a two-parameter family of paths (axis angle and
    /// where it is met): a path through an axis met at 10% of the page reaches 37 points further
    /// below a letter spread than the sampled ones around it. And a hard-cover board in flight
    /// with other leaves sits on their stack: behind three folds it rises 10 points more than
    /// alone. While either is in flight the book's layers are evaluated as they stand (an
    /// evaluator the book keeps: no allocation once its buffers have grown), exact but for
    /// ``pad``, for every leaf at once; the root must then be placed by a scale and a
    /// translation (``BookFraming/apply(roomScale:to:at:)``, ``BookZoom/apply(to:)``).
    public func reach(of book: Book) -> BookInsets {
        var r = BookInsets.zero
        let several = book.leaves.count > 1
        for leaf in book.leaves {
            let kind = book.kind(of: leaf)
            if (kind == .soft && leaf.anchor != nil && !anchored.isEmpty) || (kind == .cover && several) {
                return Self.padded(Self.measured(book), pad)
            }
            r = Self.most(r, reach(of: leaf, in: book))
        }
        return r
    }

    /// How far what `book` draws now reaches past its view, in view points, unpadded.
    static func measured(_ book: Book) -> BookInsets {
        let evaluator = book.reachEvaluator
        evaluator.evaluate(book.root)
        let inf = Double.infinity
        var low = Point(x: inf, y: inf), high = Point(x: -inf, y: -inf)
        for quad in evaluator.quads where quad.isVisible {
            for corner in evaluator.corners(of: quad) where corner.point.isFinite {
                low = Point(x: min(low.x, corner.point.x), y: min(low.y, corner.point.y))
                high = Point(x: max(high.x, corner.point.x), y: max(high.y, corner.point.y))
            }
        }
        guard low.x <= high.x, low.y <= high.y else { return .zero }
        // The evaluator gives the root's superlayer's points; a scale and a translation keep
        // the extremes extreme, so mapping the two corners back is enough.
        guard let a = book.viewPoint(fromPlaced: low), let b = book.viewPoint(fromPlaced: high) else { return .zero }
        let view = book.configuration.viewSize
        return BookInsets(top: max(0, -min(a.y, b.y)), left: max(0, -min(a.x, b.x)),
                          bottom: max(0, max(a.y, b.y) - view.height), right: max(0, max(a.x, b.x) - view.width))
    }

    /// The larger of the two samples around `progress`.
    static func sample(_ profile: [BookInsets], _ progress: Double) -> BookInsets {
        let x = min(1, max(0, progress)) * Double(steps)
        let i = min(steps - 1, Int(x.rounded(.down)))
        return most(profile[i], profile[i + 1])
    }

    /// The larger reach on each side.
    static func most(_ a: BookInsets, _ b: BookInsets) -> BookInsets {
        BookInsets(top: max(a.top, b.top), left: max(a.left, b.left), bottom: max(a.bottom, b.bottom), right: max(a.right, b.right))
    }

    /// Per-sample maxima of two profiles.
    static func most(_ a: [BookInsets], _ b: [BookInsets]) -> [BookInsets] { zip(a, b).map { most($0, $1) } }

    /// `pad` added to each side that reaches past the view at all.
    static func padded(_ r: BookInsets, _ pad: Double) -> BookInsets {
        func reach(_ d: Double) -> Double { d > 1e-9 ? d + pad : 0 }
        return BookInsets(top: reach(r.top), left: reach(r.left), bottom: reach(r.bottom), right: reach(r.right))
    }
}
