#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry
@testable import FolioTessellation
import Testing

/// Which sheet edges a shadow triangle carries (`DrawList.dropIdleCarriedEdges`,
/// docs/curl.md §8, "Footprint"): a pixel's penumbra is `u = min(1, minₖ 2dₖ/w(h))` over the
/// edge lines its triangle carries, so an edge may be left out only where it changes no
/// pixel's `u`. The oracle evaluates `u` here at points spread over the triangle, from every
/// edge and from those kept, with the height interpolated from the corners.
struct ShadowEdgeSlotTests {
    typealias Point2 = CastShadowList.Point2

    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    /// The edge from `a` to `b` with its inside on the left (y up).
    static func edge(_ a: Point2, _ b: Point2) -> CastShadowList.Edge {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
        return CastShadowList.Edge(nx: nx, ny: ny, c: -(nx * a.x + ny * a.y), sheet: 0, i: 0, j: 0, reach: 0,
                                   box: (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)), a: a, b: b)
    }

    /// `u` at barycentric point (s, t) of triangle `a, b, c` over the edges `carried`.
    static func u(_ list: CastShadowList, _ carried: [Int], _ a: Point2, _ b: Point2, _ c: Point2, _ s: Double, _ t: Double) -> Double {
        let r = 1 - s - t
        let x = r * a.x + s * b.x + t * c.x, y = r * a.y + s * b.y + t * c.y, h = r * a.h + s * b.h + t * c.h
        let w = list.penumbra.contactWidth + list.penumbra.spread * max(0, h)
        var u = 1.0
        for k in carried {
            let e = list.edges[k]
            u = min(u, 2 * (e.nx * x + e.ny * y + e.c) / w)
        }
        return max(-1, u)
    }

    /// Triangles along the shadow of a rolled edge — the outline a polygon of short chords of a
    /// circle, as the mesh's rulings cut it — with every chord within reach carried: dropping the
    /// idle ones changes `u` nowhere (to 1e-9, rounding) at 66 points over each of 400 triangles.
    @Test func droppingIdleEdgesChangesNoPixel() {
        var random = Generator(state: 41)
        var kept = (most: 0, total: 0, before: 0)
        for _ in 0..<400 {
            var list = DrawList()
            // The outline: chords of a circle of radius 40–200 px, each 1–6 px long.
            let radius = 40 + 160 * random.next(), chord = 1 + 5 * random.next()
            let step = chord / radius
            var points: [Point2] = []
            for k in 0...60 {
                let angle = Double(k) * step
                points.append(Point2(x: radius * cos(angle), y: radius * sin(angle), w: 1, h: 10 + 30 * random.next()))
            }
            // Counterclockwise round the circle: the inside (the shadow) is on the left.
            for k in 0..<(points.count - 1) { list.castShadow.edges.append(Self.edge(points[k], points[k + 1])) }
            list.castShadow.penumbra = (contactWidth: 2, spread: 0.42)
            // A triangle of the shadow or its skirt near the middle of the outline.
            let middle = points[30]
            func near() -> Point2 {
                let (dx, dy) = (-middle.x / radius, -middle.y / radius)
                let along = (random.next() - 0.5) * 12 * chord, depth = (random.next() - 0.6) * 20
                return Point2(x: middle.x - dy * along + dx * depth, y: middle.y + dx * along + dy * depth, w: 1, h: 5 + 40 * random.next())
            }
            let (a, b, c) = (near(), near(), near())
            list.castShadow.carried = Array(list.castShadow.edges.indices)
            let all = list.castShadow.carried
            list.dropIdleCarriedEdges(a, b, c)
            let carried = list.castShadow.carried
            kept.most = max(kept.most, carried.count)
            kept.total += carried.count
            kept.before += all.count
            for i in 0...10 {
                for j in 0...(10 - i) {
                    let (s, t) = (Double(i) / 10, Double(j) / 10)
                    let expected = Self.u(list.castShadow, all, a, b, c, s, t), actual = Self.u(list.castShadow, carried, a, b, c, s, t)
                    #expect(abs(actual - expected) <= 1e-9, "u \(actual) against \(expected) over every edge")
                }
            }
        }
        print("idle shadow edges dropped: \(kept.before) carried, \(kept.total) kept, at most \(kept.most) in one triangle")
    }
}
