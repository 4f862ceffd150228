import Testing
import FolioGeometry

/// The one convex-polygon clipper: corners kept and made, their order, areas, and the corners
/// that lie on the boundary or are not numbers. Expected values are worked out by hand.
@Suite struct ConvexPolygonClipperTests {
    /// Clips `polygon` to `a·x + b·y + c ≥ 0` (corners within `tolerance` of the line are on
    /// it), interpolating points linearly: the rule every caller in the package uses.
    func clipped(_ polygon: [Point], a: Double, b: Double, c: Double, tolerance: Double = 0,
                 closingEdge: ConvexPolygonClipper.ClosingEdge = .first) -> [Point] {
        var out: [Point] = []
        func f(_ p: Point) -> Double { a * p.x + b * p.y + c }
        ConvexPolygonClipper.clip(
            count: polygon.count, closingEdge: closingEdge, corner: { polygon[$0] },
            side: { ConvexPolygonClipper.side(of: f($0), tolerance: tolerance) }, value: f,
            keep: { out.append($0) },
            cross: { p, q, t in out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)) })
        return out
    }

    /// The shoelace area (positive for counter-clockwise corners in y-up axes).
    func area(_ p: [Point]) -> Double {
        var s = 0.0
        for i in p.indices {
            let q = p[(i + 1) % p.count]
            s += p[i].x * q.y - q.x * p[i].y
        }
        return s / 2
    }

    let square = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)]

    @Test func aLineThroughTheMiddleKeepsHalfTheSquareWithTwoNewCorners() {
        // x ≤ 1 (−x + 1 ≥ 0): the strip 0…1 of the 4×4 square, area 4.
        let out = clipped(square, a: -1, b: 0, c: 1)
        #expect(out == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 4), Point(x: 0, y: 4)])
        #expect(area(out) == 4)
    }

    @Test func cuttingOffOneCornerGivesAPentagonOfTheRemainingArea() {
        // x + y ≤ 6 cuts the triangle (2,4)-(4,4)-(4,2), area 2, off the corner (4,4): 16 − 2 = 14.
        let out = clipped(square, a: -1, b: -1, c: 6)
        #expect(out.count == 5)
        #expect(out == [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 2), Point(x: 2, y: 4), Point(x: 0, y: 4)])
        #expect(area(out) == 14)
    }

    @Test func theClosingEdgesCrossingGoesFirstOrLastAsAsked() {
        // y ≥ 1 drops corners 0 and 1: the closing edge 3 → 0 crosses at (0,1), the edge 1 → 2
        // at (4,1). The two orders are one polygon, starting one corner apart; area 4 × 3.
        let first = clipped(square, a: 0, b: 1, c: -1, closingEdge: .first)
        let last = clipped(square, a: 0, b: 1, c: -1, closingEdge: .last)
        #expect(first == [Point(x: 0, y: 1), Point(x: 4, y: 1), Point(x: 4, y: 4), Point(x: 0, y: 4)])
        #expect(last == [Point(x: 4, y: 1), Point(x: 4, y: 4), Point(x: 0, y: 4), Point(x: 0, y: 1)])
        #expect(area(first) == 12 && area(last) == 12)
        // x + y ≥ 1 drops only corner 0: crossings at (0,1) on edge 3 → 0 and (1,0) on edge 0 → 1.
        let f = clipped(square, a: 1, b: 1, c: -1, closingEdge: .first)
        let l = clipped(square, a: 1, b: 1, c: -1, closingEdge: .last)
        #expect(f == [Point(x: 0, y: 1), Point(x: 1, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)])
        #expect(l == [Point(x: 1, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4), Point(x: 0, y: 1)])
        #expect(area(f) == 15.5 && area(l) == 15.5)
    }

    @Test func aPolygonWhollyInsideIsKeptAsItIsAndOneWhollyOutsideVanishes() {
        #expect(clipped(square, a: 1, b: 0, c: 10) == square)
        #expect(clipped(square, a: 1, b: 0, c: -10).isEmpty)
    }

    @Test func cornersOnTheLineAreKeptAndNeverEndACrossing() {
        // x ≤ 4: corners 1 and 2 lie on the line; nothing is cut, no corner is added.
        #expect(clipped(square, a: -1, b: 0, c: 4) == square)
        // x ≥ 4: only the two corners on the line remain (a degenerate sliver, no new corner).
        #expect(clipped(square, a: 1, b: 0, c: -4) == [Point(x: 4, y: 0), Point(x: 4, y: 4)])
    }

    @Test func aCornerWithinTheToleranceCountsAsOnTheLine() {
        // y ≥ 0 with the corner (4, −1e-13) just beyond the line: with tolerance 1e-12 it is on
        // the line, kept, and no sliver corner is made next to it.
        let triangle = [Point(x: 0, y: 0), Point(x: 4, y: -1e-13), Point(x: 4, y: 3)]
        #expect(clipped(triangle, a: 0, b: 1, c: 0, tolerance: 1e-12) == triangle)
        // Without the tolerance the corner is beyond the line: it goes, and a corner is made on
        // the edge to (4,3) instead.
        let strict = clipped(triangle, a: 0, b: 1, c: 0)
        #expect(strict.count == 3)
        #expect(!strict.contains(Point(x: 4, y: -1e-13)))
        #expect(strict[0] == Point(x: 0, y: 0) && strict[2] == Point(x: 4, y: 3))
        #expect(strict[1].x == 4 && abs(strict[1].y) < 1e-15)
    }

    @Test func aTriangleCutAcrossTwoEdgesKeepsTheRightArea() {
        // Triangle (0,0) (6,0) (0,6), area 18; y ≥ 3 keeps the small triangle (0,3) (3,3) (0,6): 4.5.
        let t = [Point(x: 0, y: 0), Point(x: 6, y: 0), Point(x: 0, y: 6)]
        let out = clipped(t, a: 0, b: 1, c: -3)
        #expect(out == [Point(x: 0, y: 3), Point(x: 3, y: 3), Point(x: 0, y: 6)])
        #expect(area(out) == 4.5)
    }

    @Test func cornersAreReadInOrderStartingWithTheLastWhenTheClosingEdgeGoesFirst() {
        var reads: [Int] = []
        let values = [1.0, -1.0, 1.0, -1.0]
        ConvexPolygonClipper.clip(count: 4, closingEdge: .first, corner: { i -> Int in reads.append(i); return i },
                                  side: { values[$0] }, value: { values[$0] }, keep: { _ in }, cross: { _, _, _ in })
        #expect(reads == [3, 0, 1, 2, 3])
        reads = []
        ConvexPolygonClipper.clip(count: 4, closingEdge: .last, corner: { i -> Int in reads.append(i); return i },
                                  side: { values[$0] }, value: { values[$0] }, keep: { _ in }, cross: { _, _, _ in })
        #expect(reads == [0, 1, 2, 3])
    }

    @Test func theCrossingIsWhereTheAffineValueIsZeroNotTheMidpoint() {
        // Values 1 and −3 at the ends of an edge: t = 1/4, whatever the payload.
        var ts: [Double] = []
        let values = [1.0, -3.0, -3.0]
        ConvexPolygonClipper.clip(count: 3, closingEdge: .last, corner: { $0 }, side: { values[$0] }, value: { values[$0] },
                                  keep: { _ in }, cross: { _, _, t in ts.append(t) })
        // Edges 0 → 1 (1 to −3) and 2 → 0 (−3 to 1): t = 1/4 and 3/4 from their first corners.
        #expect(ts == [0.25, 0.75])
    }

    @Test func aCornerWhoseSideIsNotANumberIsNeitherKeptNorCrossed() {
        var kept: [Int] = [], crossed: [Int] = []
        let sides = [1.0, Double.nan, -1.0, 1.0]
        ConvexPolygonClipper.clip(count: 4, closingEdge: .first, corner: { $0 }, side: { sides[$0] }, value: { sides[$0] },
                                  keep: { kept.append($0) }, cross: { i, _, _ in crossed.append(i) })
        #expect(kept == [0, 3])
        // Only the edge 2 → 3 (−1 to 1) crosses; the edges at the NaN corner do not.
        #expect(crossed == [2])
    }

    @Test func noCornersCallsNothing() {
        var calls = 0
        ConvexPolygonClipper.clip(count: 0, closingEdge: .first, corner: { i -> Int in calls += 1; return i },
                                  side: { _ in calls += 1; return 1 }, value: { _ in 0 },
                                  keep: { _ in calls += 1 }, cross: { _, _, _ in calls += 1 })
        #expect(calls == 0)
    }

    @Test func sideOfAValueReadsTheToleranceAndTreatsNaNAsOutside() {
        #expect(ConvexPolygonClipper.side(of: 2e-12, tolerance: 1e-12) == 1)
        #expect(ConvexPolygonClipper.side(of: 1e-12, tolerance: 1e-12) == 0)
        #expect(ConvexPolygonClipper.side(of: -1e-12, tolerance: 1e-12) == 0)
        #expect(ConvexPolygonClipper.side(of: -2e-12, tolerance: 1e-12) == -1)
        #expect(ConvexPolygonClipper.side(of: .nan, tolerance: 1e-12) == -1)
    }
}
