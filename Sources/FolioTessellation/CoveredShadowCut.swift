#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// A page-plane shadow polygon cut by the covered interiors of later opaque items
/// (`DrawList+CoveredShadow.swift`), in storage kept from frame to frame (no allocation once
/// it has grown to a frame's needs).
///
/// ## No T-junctions
///
/// The pieces are drawn with multisampling as well as at pixel centres, and a sample on an edge
/// two pieces share is drawn exactly once only when both have the same vertices along it, bit
/// for bit (a vertex of one lying on the other's edge, a T-junction, is rounded to the
/// rasterizer's grid off that edge, and a sample in the sliver between falls in neither
/// piece: the shadow is missing there). Three rules keep every shared edge conforming:
///
/// - **Vertices only where the cover's interior meets an edge.** A piece `P` is cut by one
///   cover `C` (a convex region: the intersection of its lines' insides) into `K = P ∩ C`,
///   dropped, and `P − K`, triangulated between `P`'s outline and `K`'s (`zip`). The only new
///   points on `P`'s edges are the ends of `K`'s part of them: points of `C`'s boundary,
///   which the neighbour across that edge (another piece, or another shadow polygon clipped
///   from the same triangles) meets too, and so cuts at the same points. Splitting `P` line by
///   line instead (the cut's first form) drew each line's chord across the whole of what was
///   left, and put its ends on `P`'s edges far from `C`, where the neighbour had no vertex.
/// - **One crossing per edge and line, whichever way it is walked.** `crossing` orders an
///   edge's two ends before it interpolates, so the two pieces sharing the edge, which walk it
///   in opposite directions, get the same point, bit for bit; `K` is clipped one line at a
///   time, and a line meets an edge's remaining part, which both pieces hold alike.
/// - **The triangles of `P − K` share whole edges.** Each joins a vertex of `P`'s outline
///   (with `K`'s points on it inserted) to one of `K`'s, in angular order around a point
///   inside `K`, so no triangle has a vertex inside another's edge.
///
/// Every piece ends as a triangle or as the uncut polygon, and the next cover cuts each alike.
///
/// What a cut does move: an edge of the polygon that `K` reaches is drawn as two or three
/// (split at `K`'s points on it), which round to the rasterizer's grid (a 256th of a pixel)
/// a little off the whole edge, so a sample that close to it may change sides. The pieces on
/// both sides change alike, so no sample is lost; but where the pass's shading differs across
/// that edge (when a triangle has more edges than slots, neighbours can keep different ones),
/// that pixel takes the other side's shade (docs/performance.md: one pixel 15/255 in one of 90
/// curl frames checked, before idle edges were dropped first: `dropIdleCarriedEdges`). Keeping `K` a
/// 64th of a pixel inside the polygon's own edges, so that they never move, was tried: the
/// slivers along that margin, cut again by later covers, made T-junctions.
package struct CoveredShadowCut {
    package typealias Point2 = CastShadowList.Point2

    /// The first item whose covered interior the pass leaves out (`Int.max`: none, the pass is
    /// drawn whole).
    package var firstItem = Int.max
    /// The covers of the pass being written (`DrawList.beginCoverCut`), gathered once per pass:
    /// per item from `firstItem` on whose covered interior is worth a cut, the item and its
    /// outline's box (pixels), in draw order; and the box of them all.
    package var covers: [(item: Int, box: (x0: Double, y0: Double, x1: Double, y1: Double))] = []
    package var coversBox = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
    /// The least width and height (pixels) of a cover's outline box worth a cut: its interior
    /// moved `cutInset` (2 px) in from each side leaves at most this less 4 px across, and a
    /// cut that saves under 2 px across costs more than the pixels it saves. Leaving a cover
    /// out draws more of the pass, which the cover then paints over: no pixel changes.
    package var minimumCoverSize = 6.0
    /// How many cover boxes this frame's polygons were tested against, and how many the cut
    /// tested before covers were gathered per pass (every later item with a covered interior,
    /// per polygon): for measurement.
    package var boxTests = 0, ungatheredBoxTests = 0
    /// The items from `firstItem` on with a covered interior, however small.
    package var laterCovers = 0
    /// The pieces: convex polygons, each a range of `points`.
    package var points: [Point2] = []
    package var pieces: [Range<Int>] = []
    /// The pieces being made by the cover being applied.
    var nextPoints: [Point2] = [], nextPieces: [Range<Int>] = []
    /// `K` while a piece is clipped (double buffered): its corners; per corner the piece's
    /// edge its outgoing edge lies along (−1: along a cover line); and where the corner lies:
    /// the piece's edge it was made on (≥ 0), one of the piece's own corners (−2), or inside
    /// (−1, where two cover lines cross).
    var inner: [Point2] = [], innerNext: [Point2] = []
    var along: [Int32] = [], alongNext: [Int32] = []
    var on: [Int32] = [], onNext: [Int32] = []
    /// The piece's outline with `K`'s points on it inserted, and both outlines' angles around
    /// a point inside `K`.
    var outer: [Point2] = []
    var outerAngles: [Double] = [], innerAngles: [Double] = []

    package init() {}

    /// Starts the cut with the one piece `polygon` (a convex polygon, either winding).
    package mutating func start(with polygon: [Point2]) {
        points.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        points.append(contentsOf: polygon)
        pieces.append(0..<points.count)
    }

    /// The point where the edge between `a` and `b` crosses `line`, from the two ends taken in
    /// one order whatever the order they are given in (the lesser x first, then the lesser y),
    /// so that the pieces on both sides of an edge get the same point bit for bit; `w` and `h`
    /// are perspective-correct (`Point2.toward`). An end is returned itself where the crossing
    /// rounds onto it.
    package static func crossing(_ a: Point2, _ b: Point2, _ line: DrawList.CoverLine) -> Point2 {
        let (s, t) = a.x < b.x || (a.x == b.x && a.y <= b.y) ? (a, b) : (b, a)
        let ds = line.distance(s.x, s.y), dt = line.distance(t.x, t.y)
        guard ds != dt else { return s }
        let f = ds / (ds - dt)
        return f <= 0 ? s : f >= 1 ? t : s.toward(t, f)
    }

    static func same(_ a: Point2, _ b: Point2) -> Bool { a.x == b.x && a.y == b.y }

    /// Twice the area of `a, b, c`, times `flip` (±1: positive when wound as the piece).
    static func turn(_ a: Point2, _ b: Point2, _ c: Point2, _ flip: Double) -> Double {
        flip * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
    }

    /// The angle of `p` around `centre`, in [0, 2π), y times `flip`.
    static func angle(_ p: Point2, around centre: (x: Double, y: Double), flip: Double) -> Double {
        let a = atan2(flip * (p.y - centre.y), p.x - centre.x)
        return a < 0 ? a + 2 * Double.pi : a
    }

    /// Cuts every piece by the region inside all of `lines` (each moved `inset` pixels further
    /// in: inside where `distance − inset ≥ 0`) and drops what lies in it. Pieces it does not
    /// reach stay as they are; one it holds whole is dropped; any other is replaced by the
    /// triangles of its part outside. Returns false, leaving the pieces as they were, when that
    /// would make more than `maximumPieces`.
    @discardableResult
    package mutating func subtract(_ lines: ArraySlice<DrawList.CoverLine>, inset: Double, maximumPieces: Int) -> Bool {
        nextPoints.removeAll(keepingCapacity: true)
        nextPieces.removeAll(keepingCapacity: true)
        for p in pieces.indices {
            let piece = pieces[p]
            clipInner(piece, lines, inset: inset)
            var keepsWhole = inner.count < 3
            if !keepsWhole {
                // Held whole: every corner of `K` is one of the piece's.
                if inner.count == piece.count && on.allSatisfy({ $0 == -2 }) { continue }
                // A `K` of no area (the cover only touches the piece) cuts nothing.
                keepsWhole = abs(Self.signedArea(inner[...])) <= 1e-9
            }
            if keepsWhole {
                let start = nextPoints.count
                nextPoints.append(contentsOf: points[piece])
                nextPieces.append(start..<nextPoints.count)
            } else if !zip(piece) {
                // No triangulation found (never seen): the piece is drawn whole.
                let start = nextPoints.count
                nextPoints.append(contentsOf: points[piece])
                nextPieces.append(start..<nextPoints.count)
            }
            if nextPieces.count > maximumPieces { return false }
        }
        swap(&points, &nextPoints)
        swap(&pieces, &nextPieces)
        return true
    }

    /// Clips `piece` to the inside of `lines` (moved `inset` in) into `inner`, one line at a
    /// time, noting for each corner where it lies (`on`) and what its outgoing edge runs
    /// along (`along`). Repeated points are merged.
    mutating func clipInner(_ piece: Range<Int>, _ lines: ArraySlice<DrawList.CoverLine>, inset: Double) {
        inner.removeAll(keepingCapacity: true)
        along.removeAll(keepingCapacity: true)
        on.removeAll(keepingCapacity: true)
        for k in piece {
            inner.append(points[k])
            along.append(Int32(k - piece.lowerBound))
            on.append(-2)
        }
        for var line in lines {
            line.c -= inset
            let n = inner.count
            guard n >= 3 else { break }
            innerNext.removeAll(keepingCapacity: true)
            alongNext.removeAll(keepingCapacity: true)
            onNext.removeAll(keepingCapacity: true)
            for i in 0..<n {
                let j = i + 1 == n ? 0 : i + 1
                let s = inner[i], t = inner[j]
                let ds = line.distance(s.x, s.y), dt = line.distance(t.x, t.y)
                if ds >= 0 { appendInner(s, on: on[i], along: along[i]) }
                guard (ds >= 0) != (dt >= 0) else { continue }
                let x = Self.crossing(s, t, line)
                let g = along[i]
                let position: Int32 = Self.same(x, s) ? on[i] : Self.same(x, t) ? on[j] : g >= 0 ? g : -1
                // Leaving the inside, the outgoing edge runs along the line; entering, along
                // the rest of s → t.
                appendInner(x, on: position, along: ds >= 0 ? -1 : g)
            }
            // The polygon closes on itself: a last corner repeating the first is merged.
            if innerNext.count >= 2, Self.same(innerNext[innerNext.count - 1], innerNext[0]) {
                onNext[0] = Self.merged(onNext[0], onNext[innerNext.count - 1])
                innerNext.removeLast(); alongNext.removeLast(); onNext.removeLast()
            }
            swap(&inner, &innerNext)
            swap(&along, &alongNext)
            swap(&on, &onNext)
        }
    }

    /// Appends a corner of the next `K`; one repeating the last corner is merged into it (the
    /// position that says more, the later outgoing edge).
    mutating func appendInner(_ p: Point2, on position: Int32, along edge: Int32) {
        if let last = innerNext.last, Self.same(last, p) {
            onNext[onNext.count - 1] = Self.merged(onNext[onNext.count - 1], position)
            alongNext[alongNext.count - 1] = edge
            return
        }
        innerNext.append(p)
        alongNext.append(edge)
        onNext.append(position)
    }

    /// Of two positions of one point, the one that says more: a corner of the piece (−2), then
    /// a point on one of its edges (≥ 0), then inside (−1).
    static func merged(_ a: Int32, _ b: Int32) -> Int32 { a == -2 || b == -2 ? -2 : max(a, b) }

    /// Twice the signed area of the polygon `p` (positive counterclockwise with y up).
    static func signedArea(_ p: ArraySlice<Point2>) -> Double {
        guard var previous = p.last else { return 0 }
        var sum = 0.0
        for q in p { sum += previous.x * q.y - q.x * previous.y; previous = q }
        return sum
    }

    /// Appends to `nextPoints`/`nextPieces` the triangles of `piece` less `inner` (`K`, of
    /// some area, inside the piece), or returns false (appending nothing) where it finds no
    /// triangulation. The piece's outline, with `K`'s points on its edges inserted, and `K`'s
    /// are walked once around, from a bridge between them (a corner they share, or the
    /// outline's corner of least angle around a point inside `K` and the corner of `K` that
    /// starts the side it faces), each step a triangle of the bridge and the next corner of
    /// one outline. A step is taken only where its new bridge leaves `K` on the far side of
    /// one of `K`'s edges at its end (it stays inside the piece, which is convex); of two
    /// such steps, the one whose corner comes first in angle.
    mutating func zip(_ piece: Range<Int>) -> Bool {
        let n = piece.count
        outer.removeAll(keepingCapacity: true)
        for g in 0..<n {
            let a = points[piece.lowerBound + g], b = points[piece.lowerBound + (g + 1 == n ? 0 : g + 1)]
            outer.append(a)
            // `K`'s points on this edge (at most two: `K` is convex), in order from a to b.
            let mark = outer.count
            let dx = b.x - a.x, dy = b.y - a.y
            for k in inner.indices where on[k] == Int32(g) {
                let p = inner[k]
                if Self.same(p, a) || Self.same(p, b) { continue }
                let u = (p.x - a.x) * dx + (p.y - a.y) * dy
                var at = outer.count
                while at > mark, (outer[at - 1].x - a.x) * dx + (outer[at - 1].y - a.y) * dy > u { at -= 1 }
                outer.insert(p, at: at)
            }
        }
        // A point inside `K` (the mean of its corners: `K` is convex, of some area).
        var sum = (x: 0.0, y: 0.0)
        for p in inner { sum.x += p.x; sum.y += p.y }
        let centre = (x: sum.x / Double(inner.count), y: sum.y / Double(inner.count))
        // Angles increase along the outlines: y is flipped for a clockwise piece.
        let flip = Self.signedArea(points[piece]) < 0 ? -1.0 : 1.0
        let no = outer.count, ni = inner.count
        // The first bridge: a shared corner, or else the outline's corner of least angle and
        // the corner of `K` at the start of the side facing it.
        var o0 = -1, i0 = -1
        search: for k in 0..<ni where on[k] != -1 {
            for at in 0..<no where Self.same(outer[at], inner[k]) {
                (o0, i0) = (at, k)
                break search
            }
        }
        outerAngles.removeAll(keepingCapacity: true)
        innerAngles.removeAll(keepingCapacity: true)
        for p in outer { outerAngles.append(Self.angle(p, around: centre, flip: flip)) }
        if o0 < 0 {
            o0 = 0
            for k in 1..<no where outerAngles[k] < outerAngles[o0] { o0 = k }
        }
        // Angles counted on from the first outline corner's, in [0, 2π).
        let from = outerAngles[o0]
        for k in 0..<no { outerAngles[k] = outerAngles[k] - from < 0 ? outerAngles[k] - from + 2 * Double.pi : outerAngles[k] - from }
        for p in inner {
            let a = Self.angle(p, around: centre, flip: flip) - from
            innerAngles.append(a < 0 ? a + 2 * Double.pi : a)
        }
        if i0 < 0 {
            // The corner of `K` the least angle back from the outline's first corner.
            i0 = 0
            for k in 1..<ni where innerAngles[k] > innerAngles[i0] { i0 = k }
        }
        innerAngles[i0] = 0
        // (No local functions here: in a debug build their captures were allocated per call.)
        let mark = (points: nextPoints.count, pieces: nextPieces.count)
        var i = 0, j = 0
        while i < no || j < ni {
            let o = outer[(o0 + i) % no], k = inner[(i0 + j) % ni]
            // To the next outline corner: the new bridge from it to `k` must stay off `K`,
            // outside the line of one of `K`'s edges at `k`.
            var outerStep = false, innerStep = false
            if i < no {
                let p = outer[(o0 + i + 1) % no]
                outerStep = Self.same(p, k) || Self.turn(inner[(i0 + j + ni - 1) % ni], k, p, flip) <= 0 || Self.turn(k, inner[(i0 + j + 1) % ni], p, flip) <= 0
            }
            // To the next corner of `K`: `o` must lie outside (or on) that edge's line.
            if j < ni { innerStep = Self.turn(k, inner[(i0 + j + 1) % ni], o, flip) <= 0 }
            if outerStep && innerStep {
                if (i + 1 == no ? 2 * Double.pi : outerAngles[(o0 + i + 1) % no]) <= (j + 1 == ni ? 2 * Double.pi : innerAngles[(i0 + j + 1) % ni]) { innerStep = false } else { outerStep = false }
            }
            let a: Point2, b: Point2, c: Point2
            if outerStep {
                (a, b, c) = (o, outer[(o0 + i + 1) % no], k)
                i += 1
            } else if innerStep {
                (a, b, c) = (o, inner[(i0 + j + 1) % ni], k)
                j += 1
            } else {
                nextPoints.removeSubrange(mark.points...)
                nextPieces.removeSubrange(mark.pieces...)
                return false
            }
            // Where the outlines share a corner, the step past it has no area.
            if Self.same(a, b) || Self.same(b, c) || Self.same(c, a) { continue }
            let start = nextPoints.count
            nextPoints.append(a); nextPoints.append(b); nextPoints.append(c)
            nextPieces.append(start..<nextPoints.count)
        }
        return true
    }
}
