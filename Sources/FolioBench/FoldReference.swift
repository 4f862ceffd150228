import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioTransitions

/// The floor a fold frame is measured against: the same nine quads that `LayerEvaluator` gives
/// for a `FoldTransition` (vertical, default style, no odd pixel), computed in closed form.
///
/// Each panel is an affine map of its own rectangle into the view before the perspective
/// (docs/effects.md, worked out by hand from the fold's layer tree): A `(x, h − u + y, 0)`,
/// B `(x, h + y·cosθ, −y·sinθ)`, C `(x, u + y·cosθ, (y − u)·sinθ)`, D `(x, u + l·cosθ + y, 0)`,
/// with `h = u − u·cosθ`; the perspective pivots on `(E/2, u)`, so a point at depth `z` has
/// `w = 1 + m34·z` and clip position `(x − E/2 + E/2·w, y − u + u·w, 0, w)`. The sleeves A and
/// D are cut at the view's top and bottom edges, the way the evaluator's mask clip cuts them
/// (same corners, same order), and the output is the evaluator's: the same draw order, the
/// same `QuadVertex` corners (clip, depth, local), opacities, visibility and maps.
/// Nothing is shared with the evaluator, so the ratio between the two is the price of
/// evaluating a general layer tree.
final class FoldReference {
    /// One output quad: what `Quad` holds, with the layer as an index (0 root, 1…4 panels A…D,
    /// 5…8 their shadows).
    struct Output {
        var layer: Int
        var vertexRange: Range<Int>
        var opacity: Double
        var isVisible: Bool
        var localToView: Homography
    }

    let width: Double, u: Double, l: Double, m34: Double
    /// One corner, as `QuadVertex` stores it (56 bytes: its screen point is computed on read).
    struct Vertex {
        var clip: Vector4
        var depth: Double
        var local: Point
    }

    /// Corner storage (36) and the quads (9), written in place every frame.
    let vertices: UnsafeMutablePointer<Vertex>
    let quads: UnsafeMutablePointer<Output>

    init(size: Size, scale: Double) throws {
        let fold = try FoldTransition(size: size, scale: scale)
        guard fold.split.leading == fold.split.trailing else {
            throw CommandFailure(message: "the fold reference covers even pixel splits only")
        }
        width = size.width
        (u, l, m34) = (fold.split.leading, fold.split.trailing, fold.m34)
        vertices = .allocate(capacity: 36)
        vertices.initialize(repeating: Vertex(clip: Vector4(x: 0, y: 0, z: 0, w: 1), depth: 0, local: .zero), count: 36)
        quads = .allocate(capacity: 9)
        quads.initialize(repeating: Output(layer: 0, vertexRange: 0..<0, opacity: 0, isVisible: false, localToView: .identity), count: 9)
    }

    deinit {
        vertices.deallocate()
        quads.deallocate()
    }

    /// The panel map `(x, y) ↦ (x, y0 + dy·y, z0 + dz·y)` followed by the perspective, as a
    /// homography to clip space (z dropped, as the root flattens).
    @inline(__always)
    func map(y0: Double, dy: Double, z0: Double, dz: Double) -> Homography {
        let ax = width / 2
        // w = 1 + m34·z; clip x = x + ax·(w − 1); clip y = y − u + u·w.
        let w0 = 1 + m34 * z0, wy = m34 * dz
        return Homography(x: Vector4(x: 1, y: 0, z: 0, w: 0),
                          y: Vector4(x: ax * wy, y: dy + u * wy, z: 0, w: wy),
                          origin: Vector4(x: ax * (w0 - 1), y: y0 - u + u * w0, z: 0, w: w0))
    }

    /// Writes the corners of `local` (four points) through `map` at `start`; depth `z0 + dz·y`.
    @inline(__always)
    func corners(_ start: Int, _ local: (Point, Point, Point, Point), _ map: Homography, z0: Double, dz: Double) {
        let v = vertices + start
        @inline(__always) func corner(_ i: Int, _ p: Point) {
            let clip = Vector4(x: p.x + map.y.x * p.y + map.origin.x, y: map.y.y * p.y + map.origin.y,
                               z: 0, w: map.y.w * p.y + map.origin.w)
            v[i] = Vertex(clip: clip, depth: z0 + dz * p.y, local: p)
        }
        corner(0, local.0); corner(1, local.1); corner(2, local.2); corner(3, local.3)
    }

    /// The largest difference between this reference's last frame and `evaluator`'s last
    /// evaluation of `fold` at the same progress, over every corner attribute, opacity and map;
    /// infinity if the quads' layers, order, visibility or corner counts differ.
    func difference(from evaluator: LayerEvaluator, of fold: FoldTransition) -> Double {
        let layers: [Layer] = [fold.root, fold.panelA, fold.panelB, fold.panelC, fold.panelD] + fold.panels().indices.map { i in
            [fold.panelA, fold.panelB, fold.panelC, fold.panelD][i].sublayers[0]
        }
        guard evaluator.quads.count == 9 else { return .infinity }
        var worst = 0.0
        func compare(_ a: Double, _ b: Double) { worst = max(worst, abs(a - b)) }
        func compare(_ a: Vector4, _ b: Vector4) { compare(a.x, b.x); compare(a.y, b.y); compare(a.z, b.z); compare(a.w, b.w) }
        for (q, r) in zip(evaluator.quads, UnsafeBufferPointer(start: quads, count: 9)) {
            guard q.layer === layers[r.layer], q.isVisible == r.isVisible,
                  q.vertexRange.count == r.vertexRange.count else { return .infinity }
            compare(q.opacity, r.opacity)
            compare(q.localToView.x, r.localToView.x); compare(q.localToView.y, r.localToView.y)
            compare(q.localToView.origin, r.localToView.origin)
            for (v, w) in zip(evaluator.corners(of: q), UnsafeBufferPointer(start: vertices, count: 36)[r.vertexRange]) {
                compare(v.clip, w.clip)
                compare(v.point.x, w.clip.x / w.clip.w); compare(v.point.y, w.clip.y / w.clip.w)
                compare(v.depth, w.depth)
                compare(v.local.x, w.local.x); compare(v.local.y, w.local.y)
            }
        }
        return worst
    }

    /// One frame at geometric progress `p`: the shadow opacities and the nine quads.
    func evaluate(progress p: Double) {
        let (s, c) = Angle.sinCos(degrees: 90 * p)
        let h = u - u * c
        let shadow = 0.25 * (1 - c)
        let e = width
        func rect(_ y0: Double, _ y1: Double) -> (Point, Point, Point, Point) {
            (Point(x: 0, y: y0), Point(x: e, y: y0), Point(x: e, y: y1), Point(x: 0, y: y1))
        }
        let root = map(y0: 0, dy: 1, z0: 0, dz: 0)
        let a = map(y0: h - u, dy: 1, z0: 0, dz: 0)
        let b = map(y0: h, dy: c, z0: 0, dz: -s)
        let cc = map(y0: u, dy: c, z0: -u * s, dz: s)
        let d = map(y0: u + l * c, dy: 1, z0: 0, dz: 0)
        // The sleeves' parts inside the view: A below y = 0, D above y = u + l (both at w = 1).
        let aTop = u * c, dBottom = l - l * c
        let sleeves = c < 1
        corners(0, rect(0, u + l), root, z0: 0, dz: 0)
        corners(4, rect(0, u), b, z0: 0, dz: -s)
        corners(8, rect(0, u), b, z0: 0, dz: 0)
        corners(12, rect(0, l), cc, z0: -u * s, dz: s)
        corners(16, rect(0, l), cc, z0: 0, dz: 0)
        if sleeves {
            corners(20, rect(aTop, u), a, z0: 0, dz: 0)
            corners(24, rect(aTop, u), a, z0: 0, dz: 0)
            // The mask clip starts D's outline at the cut on its left edge (no cut when flat).
            let (p0, p1, p2, p3) = rect(0, dBottom)
            let outline = c > 0 ? (p3, p0, p1, p2) : (p0, p1, p2, p3)
            corners(28, outline, d, z0: 0, dz: 0)
            corners(32, outline, d, z0: 0, dz: 0)
        } else {
            // Flat: the sleeves lie wholly outside the view, invisible with their own corners.
            corners(20, rect(0, u), a, z0: 0, dz: 0)
            corners(24, rect(0, u), a, z0: 0, dz: 0)
            corners(28, rect(0, l), d, z0: 0, dz: 0)
            corners(32, rect(0, l), d, z0: 0, dz: 0)
        }
        do {
            let q = quads
            q[0] = Output(layer: 0, vertexRange: 0..<4, opacity: 1, isVisible: true, localToView: root)
            q[1] = Output(layer: 2, vertexRange: 4..<8, opacity: 1, isVisible: true, localToView: b)
            q[2] = Output(layer: 6, vertexRange: 8..<12, opacity: shadow, isVisible: true, localToView: b)
            q[3] = Output(layer: 3, vertexRange: 12..<16, opacity: 1, isVisible: true, localToView: cc)
            q[4] = Output(layer: 7, vertexRange: 16..<20, opacity: shadow, isVisible: true, localToView: cc)
            q[5] = Output(layer: 1, vertexRange: 20..<24, opacity: 1, isVisible: sleeves, localToView: a)
            q[6] = Output(layer: 5, vertexRange: 24..<28, opacity: 0, isVisible: sleeves, localToView: a)
            q[7] = Output(layer: 4, vertexRange: 28..<32, opacity: 1, isVisible: sleeves, localToView: d)
            q[8] = Output(layer: 8, vertexRange: 32..<36, opacity: 0, isVisible: sleeves, localToView: d)
        }
    }
}
