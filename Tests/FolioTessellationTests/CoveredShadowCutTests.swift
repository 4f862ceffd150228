#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry
@testable import FolioTessellation
import FolioTestSupport
import Testing

/// The covered-shadow cut (`DrawList+CoveredShadow.swift`, `CoveredShadowCut`): a page-plane
/// shadow polygon less the covered interiors of later opaque items. Its pieces must tile what
/// is left exactly, with no T-junction (a vertex of one piece inside another's edge: under
/// multisampling a sample in the sliver the rasterizer's rounding opens there falls in
/// neither piece, and the shadow is missing at it). The oracles here clip the polygons
/// independently (`MeshCoverage.clip`) and compare the pieces' vertices with each other.
struct CoveredShadowCutTests {
    typealias Point2 = CastShadowList.Point2

    /// A convex cover given by its corners (counterclockwise, y up): the lines of its inside.
    static func lines(_ corners: [Point]) -> [DrawList.CoverLine] {
        corners.indices.map { k in
            let a = corners[k], b = corners[(k + 1) % corners.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
            return DrawList.CoverLine(nx: nx, ny: ny, c: -(nx * a.x + ny * a.y))
        }
    }

    /// `polygon` clipped to the inside of `lines` moved `inset` in.
    static func clip(_ polygon: [Point], _ lines: [DrawList.CoverLine], inset: Double) -> [Point] {
        var p = polygon
        for l in lines { p = MeshCoverage.clip(p, l.nx, l.ny, l.c - inset) }
        return p
    }

    /// The pieces of each of `polygons`, cut by `covers` in order through the list's own path.
    static func cut(_ polygons: [[Point2]], by covers: [[Point]]) -> [[[Point2]]] {
        var list = DrawList()
        var ranges: [Range<Int>] = []
        for c in covers {
            let start = list.occlusion.coverLines.count
            list.occlusion.coverLines.append(contentsOf: lines(c))
            ranges.append(start..<list.occlusion.coverLines.count)
        }
        var result: [[[Point2]]] = []
        for polygon in polygons {
            list.castShadow.coverCut.start(with: polygon)
            for r in ranges { list.subtractCover(r) }
            let cut = list.castShadow.coverCut
            result.append(cut.pieces.filter { $0.count >= 3 }.map { Array(cut.points[$0]) })
        }
        return result
    }

    static func point(_ x: Double, _ y: Double, w: Double = 1, h: Double = 0) -> Point2 { Point2(x: x, y: y, w: w, h: h) }

    static func signedArea(_ p: [Point2]) -> Double {
        var sum = 0.0
        for k in p.indices { let a = p[k], b = p[(k + 1) % p.count]; sum += a.x * b.y - b.x * a.y }
        return sum / 2
    }

    /// The T-junctions among `pieces`: a vertex of one lying on an edge of another (within
    /// 1e-9 px of it, strictly between its ends, 1e-9 of its length from either), and pairs of
    /// vertices within 1e-6 px of each other that are not the same point bit for bit (a point
    /// two pieces share computed twice, which rounds to two vertices).
    static func tJunctions(_ pieces: [[Point2]]) -> (onEdges: Int, nearMisses: Int, example: String) {
        var onEdges = 0, nearMisses = 0, example = ""
        let vertices = pieces.flatMap { $0 }
        for (n, piece) in pieces.enumerated() {
            for k in piece.indices {
                let a = piece[k], b = piece[(k + 1) % piece.count]
                let dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy
                guard l2 > 0 else { continue }
                for (m, other) in pieces.enumerated() where m != n {
                    for v in other where !(v.x == a.x && v.y == a.y) && !(v.x == b.x && v.y == b.y) {
                        let t = ((v.x - a.x) * dx + (v.y - a.y) * dy) / l2
                        let d = abs((v.x - a.x) * dy - (v.y - a.y) * dx) / l2.squareRoot()
                        if t > 1e-9, t < 1 - 1e-9, d < 1e-9 {
                            onEdges += 1
                            if example.isEmpty { example = "(\(v.x), \(v.y)) inside edge (\(a.x), \(a.y))–(\(b.x), \(b.y))" }
                        }
                    }
                }
            }
        }
        for i in vertices.indices {
            for j in vertices.indices where j > i {
                let a = vertices[i], b = vertices[j]
                let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                if d < 1e-6 && !(a.x == b.x && a.y == b.y) { nearMisses += 1 }
            }
        }
        return (onEdges, nearMisses, example)
    }

    /// Whether `p` lies inside the convex polygon `q` by more than `margin` (either winding).
    static func contains(_ q: [Point2], _ p: Point, margin: Double) -> Bool {
        let sign = signedArea(q) < 0 ? -1.0 : 1.0
        for k in q.indices {
            let a = q[k], b = q[(k + 1) % q.count]
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            if sign * (dx * (p.y - a.y) - dy * (p.x - a.x)) / length <= margin { return false }
        }
        return true
    }

    /// Checks `pieces[n]` (cut from `polygons[n]` by `covers`) against the oracle: the
    /// pieces' areas sum to the polygon's less the covers' interiors in it (the lines moved
    /// `cutInset` in; inclusion–exclusion over the covers, `MeshCoverage.clip`), to 1e-9 of its
    /// area; on a grid of points 1.7 px apart (those within 1e-6 px of an edge or line left
    /// out), no point lies in two pieces, every point of the polygon outside the interiors lies
    /// in one, and none inside an interior does; every piece is wound as its polygon; and no
    /// vertex of any piece lies inside another piece's edge (polygons included).
    static func check(_ pieces: [[[Point2]]], _ polygons: [[Point2]], _ covers: [[Point]], _ name: String) {
        let inset = DrawList.cutInset
        let coverLines = covers.map { lines($0) }
        for (polygon, pieces) in zip(polygons, pieces) {
            let p = polygon.map { Point(x: $0.x, y: $0.y) }
            let winding = signedArea(polygon) > 0 ? 1.0 : -1.0
            let whole = MeshCoverage.area(p)
            var expected = whole
            for mask in 1..<(1 << covers.count) {
                var q = p
                for c in covers.indices where mask & (1 << c) != 0 { q = clip(q, coverLines[c], inset: inset) }
                expected += (mask.nonzeroBitCount % 2 == 1 ? -1.0 : 1.0) * MeshCoverage.area(q)
            }
            let total = pieces.reduce(0) { $0 + abs(signedArea($1)) }
            #expect(abs(total - expected) <= 1e-9 * whole, "\(name): the pieces cover \(total) px², the polygon less the covers \(expected)")
            for piece in pieces {
                #expect(winding * signedArea(piece) >= -1e-9, "\(name): a piece wound the other way")
            }
            let xs = p.map(\.x), ys = p.map(\.y)
            var overlaps = 0, holes = 0, leftOver = 0
            var y = ys.min()! + 0.31
            while y < ys.max()! {
                var x = xs.min()! + 0.29
                while x < xs.max()! {
                    defer { x += 1.7 }
                    let point = Point(x: x, y: y)
                    guard contains(polygon, point, margin: 1e-6) else { continue }
                    var count = 0, nearEdge = false
                    for piece in pieces {
                        if contains(piece, point, margin: 1e-6) { count += 1 } else if contains(piece, point, margin: -1e-6) { nearEdge = true }
                    }
                    if nearEdge { continue }
                    let inCover = coverLines.contains { l in l.allSatisfy { $0.distance(x, y) - inset > 1e-6 } }
                    let outOfCovers = coverLines.allSatisfy { l in l.contains { $0.distance(x, y) - inset < -1e-6 } }
                    if count > 1 { overlaps += 1 }
                    if outOfCovers && count != 1 { holes += 1 }
                    if inCover && count != 0 { leftOver += 1 }
                }
                y += 1.7
            }
            #expect(overlaps == 0, "\(name): \(overlaps) grid points in two pieces")
            #expect(holes == 0, "\(name): \(holes) grid points outside the covers in no piece")
            #expect(leftOver == 0, "\(name): \(leftOver) grid points inside a cover's interior still drawn")
        }
        let t = tJunctions(pieces.flatMap { $0 })
        #expect(t.onEdges == 0, "\(name): \(t.onEdges) vertices lie inside another piece's edge, e.g. \(t.example)")
        #expect(t.nearMisses == 0, "\(name): \(t.nearMisses) pairs of vertices within 1e-6 px that differ")
    }

    /// A pentagon cut by two overlapping covers, turned off the axes, whose lines cross each
    /// other inside it: where one cover's line crosses the line the other (or an earlier line
    /// of its own) cut along, the crossing is a vertex of every piece on either side.
    @Test func coversWhoseLinesCrossInsideAPolygonLeavePiecesWithoutTJunctions() {
        let polygon = [Self.point(10, 12, w: 1.1, h: 3), Self.point(130, 5, w: 1.3, h: 8), Self.point(160, 90, w: 1.2, h: 20),
                       Self.point(90, 150, w: 0.9, h: 12), Self.point(5, 110, w: 1.0, h: 5)]
        let covers = [[Point(x: 40, y: 20), Point(x: 120, y: 40), Point(x: 105, y: 115), Point(x: 25, y: 95)],
                      [Point(x: 80, y: -10), Point(x: 190, y: 60), Point(x: 150, y: 140), Point(x: 70, y: 70)]]
        let pieces = Self.cut([polygon], by: covers)
        Self.check(pieces, [polygon], covers, "pentagon")
        // And each cover alone.
        for c in covers.indices { Self.check(Self.cut([polygon], by: [covers[c]]), [polygon], [covers[c]], "pentagon, cover \(c)") }
    }

    /// Two triangles sharing an edge (a shadow quad's two halves), cut one after the other
    /// by the same covers, which reach across their shared edge: each gets the same points on
    /// it, bit for bit, whichever way it walks it, and none elsewhere on it (the line-by-line
    /// split put points on it from each side, computed apart, and some on one side only).
    @Test func neighboursSharingAnEdgeGetTheSameCutPointsOnIt() {
        let a = Self.point(0, 0, w: 1, h: 0), b = Self.point(200, 20, w: 1.4, h: 30)
        let c = Self.point(180, 170, w: 1.2, h: 25), d = Self.point(-10, 150, w: 0.95, h: 4)
        let polygons = [[a, b, c], [a, c, d]]
        let covers = [[Point(x: 60, y: 30), Point(x: 150, y: 60), Point(x: 120, y: 140), Point(x: 40, y: 100)],
                      [Point(x: 100, y: 100), Point(x: 210, y: 120), Point(x: 150, y: 200), Point(x: 90, y: 180)]]
        Self.check(Self.cut(polygons, by: covers), polygons, covers, "two halves")
    }

    /// Random convex polygons and covers (a fixed seed): the same properties every time.
    @Test func randomPolygonsAndCoversAreCutExactlyWithoutTJunctions() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func uniform() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        /// A convex polygon: `n` points on an ellipse around `(cx, cy)`, at sorted random angles.
        func convex(_ n: Int, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> [Point] {
            let angles = (0..<n).map { _ in uniform() * 2 * Double.pi }.sorted()
            return angles.map { Point(x: cx + rx * cos($0), y: cy + ry * sin($0)) }
        }
        for round in 0..<400 {
            let shape = convex(3 + Int(uniform() * 4), 100, 100, 60 + 40 * uniform(), 60 + 40 * uniform())
            let polygon = shape.map { Self.point($0.x, $0.y, w: 0.8 + 0.5 * uniform(), h: 30 * uniform()) }
            let reversed = round % 2 == 1
            let cut = reversed ? Array(polygon.reversed()) : polygon
            var covers: [[Point]] = []
            for _ in 0..<(1 + Int(uniform() * 3)) {
                covers.append(convex(3 + Int(uniform() * 3), 50 + 100 * uniform(), 50 + 100 * uniform(), 20 + 50 * uniform(), 20 + 50 * uniform()))
            }
            Self.check(Self.cut([cut], by: covers), [cut], covers, "round \(round)")
        }
    }
}
