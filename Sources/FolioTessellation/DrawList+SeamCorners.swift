import FolioGeometry
import FolioLayers

/// Where a surface's outline passes from one patch to the next across a seam.
///
/// A patch covers the pixels whose centres it holds, by the coverage of its own silhouette
/// edges. Where the leaf's rolled edge runs on from patch B into patch A across the seam
/// between them, turning a little at the seam's end `V` (near a contour, 10° and more), a
/// pixel held by B past `V` is bounded by A's edge, not by B's edge carried on past `V`; and
/// where A is a strip thinner than a pixel (beside a contour it is seen nearly edge-on), the
/// pixels B holds along the seam are bounded by A's edge all along it. So each of the two
/// takes the other's edge as one more coverage edge, and the line through `V` across the
/// outline's mean direction there divides them: the triangles on one side use the edge of
/// that side only (the product of two nearly parallel coverages would count the pixel twice).
/// The patch's triangles that straddle the line are split along it; a crossing is computed
/// from its edge's ends in one fixed order, so triangles sharing that edge share the point.
extension DrawList {
    /// A nearly straight corner of a surface's outline at the end `V` of a seam, seen from one
    /// of the two patches that meet there.
    package struct SeamCorner {
        /// The item this corner is recorded for, and its corner whose edge is its own side.
        package var item: Int
        package var ownCorner: Int
        /// The neighbour's silhouette edge at `V`, as a line in viewport pixels (positive inside).
        package var nx: Double, ny: Double, c: Double
        /// Its index in `edges` once appended (−1 before).
        package var foreignEdge: Int
        /// `V`, and the unit direction along the outline there.
        package var x: Double, y: Double
        package var along: (Double, Double)
        /// Whether the item's own edge arrives at `V` (its side is `side < 0`) or leaves it.
        package var ownIsBefore: Bool

        /// Negative on the side of the edge arriving at `V`, positive on the leaving edge's.
        package func side(_ p: PlanePoint) -> Double { along.0 * (p.x - x) + along.1 * (p.y - y) }
    }

    /// Finds the seam corners of every surface patch: a corner `V` of item B between a
    /// silhouette edge and a seam whose partner A, of the same facing, has a silhouette edge at
    /// `V` too, the two turning less than 30°. Each of the two gets a record.
    package mutating func findSeamCorners(_ frame: Frame) {
        surface.seamCorners.removeAll(keepingCapacity: true)
        for i in items.indices {
            let quad = frame.polygons[items[i].quadIndex]
            guard quad.surfacePatch >= 0, frame.record(of: quad).kind == .surface else { continue }
            let r = items[i].corners
            let back = quad.localToView.showsBack
            for k in r {
                let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
                let previous = k == r.lowerBound ? r.upperBound - 1 : k - 1
                // Case (a): own edge previous → k fades, seam k → next. Case (b): seam previous → k,
                // own edge k → next fades.
                let arriving = corners[previous].fades && corners[k].shared
                let leaving = corners[previous].shared && corners[k].fades
                guard arriving || leaving else { continue }
                let v = corners[k]
                let w = arriving ? corners[next] : corners[previous]
                guard let (j, m) = partner(of: (v.x, v.y), (w.x, w.y), besides: i, layer: quad.record, back: back, frame) else { continue }
                let rj = items[j].corners
                let mNext = m + 1 == rj.upperBound ? rj.lowerBound : m + 1
                let mPrevious = m == rj.lowerBound ? rj.upperBound - 1 : m - 1
                // The partner's other edge at V: leaving V in case (a), arriving in case (b).
                let foreignCorner = arriving ? m : mPrevious
                guard corners[foreignCorner].fades else { continue }
                let ownCorner = arriving ? previous : k
                func direction(_ a: Corner, _ b: Corner) -> (Double, Double)? {
                    let dx = b.x - a.x, dy = b.y - a.y
                    let length = (dx * dx + dy * dy).squareRoot()
                    return length > 0 ? (dx / length, dy / length) : nil
                }
                let own = arriving ? direction(corners[previous], v) : direction(v, corners[next])
                let foreign = arriving ? direction(v, corners[mNext]) : direction(corners[mPrevious], v)
                guard let own, let foreign, own.0 * foreign.0 + own.1 * foreign.1 > Self.straightCornerCosine else { continue }
                guard let (fx, fy) = inwardNormal(foreignCorner, in: rj, winding: winding(rj)) else { continue }
                var (ax, ay) = (own.0 + foreign.0, own.1 + foreign.1)
                let length = (ax * ax + ay * ay).squareRoot()
                guard length > 0 else { continue }
                (ax, ay) = (ax / length, ay / length)
                let a = corners[foreignCorner]
                surface.seamCorners.append(SeamCorner(item: i, ownCorner: ownCorner, nx: fx, ny: fy, c: -(fx * a.x + fy * a.y), foreignEdge: -1,
                                              x: v.x, y: v.y, along: (ax, ay), ownIsBefore: arriving))
            }
        }
    }

    /// The other surface patch of `layer` with the given facing that has the edge between `v`
    /// and `w` (bit-identical ends), and its corner at `v`.
    package func partner(of v: (Double, Double), _ w: (Double, Double), besides i: Int, layer: Int32, back: Bool,
                 _ frame: Frame) -> (Int, Int)? {
        for j in items.indices where j != i {
            let quad = frame.polygons[items[j].quadIndex]
            guard quad.record == layer, quad.surfacePatch >= 0, quad.localToView.showsBack == back else { continue }
            let r = items[j].corners
            for m in r where corners[m].x == v.0 && corners[m].y == v.1 {
                let next = corners[m + 1 == r.upperBound ? r.lowerBound : m + 1]
                let previous = corners[m == r.lowerBound ? r.upperBound - 1 : m - 1]
                if (next.x == w.0 && next.y == w.1) || (previous.x == w.0 && previous.y == w.1) { return (j, m) }
            }
        }
        return nil
    }

    /// Adds to item `i`'s silhouette edges the neighbours' edges of its seam corners.
    package mutating func appendSeamCornerEdges(_ i: Int) {
        for s in surface.seamCorners.indices where surface.seamCorners[s].item == i && edges.count - items[i].edges.lowerBound < Self.maximumItemEdges {
            let (nx, ny, c) = (surface.seamCorners[s].nx, surface.seamCorners[s].ny, surface.seamCorners[s].c)
            surface.seamCorners[s].foreignEdge = edges.count
            edges.append(EdgeLine(nx: nx, ny: ny, c: c,
                                  shaderEdge: (Float(nx), Float(ny), Float(c - nx * origin.x - ny * origin.y)),
                                  reach: 0.5 * (abs(nx) + abs(ny))))
        }
        items[i].edges = items[i].edges.lowerBound..<edges.count
    }

    /// Splits item `i`'s triangles along the dividing line of each of its seam corners and
    /// gives each piece the edge of its side: its own edge on its own side, the neighbour's on
    /// the other (where it comes within reach).
    package mutating func splitAtSeamCorners(_ i: Int) {
        let edgeRange = items[i].edges
        for s in surface.seamCorners.indices where surface.seamCorners[s].item == i {
            let corner = surface.seamCorners[s]
            let ownEdge = Int(corners[corner.ownCorner].edge)
            guard corner.foreignEdge >= 0, edgeRange.contains(corner.foreignEdge), edgeRange.contains(ownEdge) else { continue }
            let ownBit = UInt32(1) << UInt32(ownEdge - edgeRange.lowerBound)
            let foreignBit = UInt32(1) << UInt32(corner.foreignEdge - edgeRange.lowerBound)
            let tolerance = 1e-7 * (1 + abs(corner.x) + abs(corner.y))
            func crossing(_ a: Int32, _ b: Int32) -> Int32 {
                let (p, q) = (points[Int(a)], points[Int(b)])
                let (first, second) = (p.x, p.y) < (q.x, q.y) ? (p, q) : (q, p)
                let (vf, vs) = (corner.side(first), corner.side(second))
                points.append(first.toward(second, vf / (vf - vs)))
                return Int32(points.count - 1)
            }
            // Split the triangles that straddle the line.
            let count = triangles.count
            for t in 0..<count {
                let tri = triangles[t]
                let v = (corner.side(points[Int(tri.a)]), corner.side(points[Int(tri.b)]), corner.side(points[Int(tri.c)]))
                let positive = (v.0 > tolerance ? 1 : 0) + (v.1 > tolerance ? 1 : 0) + (v.2 > tolerance ? 1 : 0)
                let negative = (v.0 < -tolerance ? 1 : 0) + (v.1 < -tolerance ? 1 : 0) + (v.2 < -tolerance ? 1 : 0)
                guard positive > 0 && negative > 0 else { continue }
                func vertex(_ k: Int) -> Int32 { k == 0 ? tri.a : k == 1 ? tri.b : tri.c }
                func value(_ k: Int) -> Double { k == 0 ? v.0 : k == 1 ? v.1 : v.2 }
                if positive + negative == 2 {
                    // One vertex on the line: two pieces, split at the opposite edge.
                    let on = abs(v.0) <= tolerance ? 0 : abs(v.1) <= tolerance ? 1 : 2
                    let (a, b, c) = (vertex(on), vertex((on + 1) % 3), vertex((on + 2) % 3))
                    let bc = crossing(b, c)
                    triangles[t] = Triangle(a: a, b: b, c: bc, edges: tri.edges)
                    triangles.append(Triangle(a: a, b: bc, c: c, edges: tri.edges))
                } else {
                    // One vertex alone on its side: a triangle there, a quad (two) on the other.
                    let loneIsPositive = positive == 1
                    let odd = (value(0) > tolerance) == loneIsPositive && abs(value(0)) > tolerance ? 0
                        : ((value(1) > tolerance) == loneIsPositive && abs(value(1)) > tolerance ? 1 : 2)
                    let (a, b, c) = (vertex(odd), vertex((odd + 1) % 3), vertex((odd + 2) % 3))
                    let (ab, ac) = (crossing(a, b), crossing(a, c))
                    triangles[t] = Triangle(a: a, b: ab, c: ac, edges: tri.edges)
                    triangles.append(Triangle(a: ab, b: b, c: c, edges: tri.edges))
                    triangles.append(Triangle(a: ab, b: c, c: ac, edges: tri.edges))
                }
            }
            // Each piece takes the edge of its side.
            let magnitude = max(pixelSize.width, pixelSize.height) + abs(origin.x) + abs(origin.y)
            let reachTolerance = 0.02 + 1e-6 * magnitude
            let foreign = edges[corner.foreignEdge]
            for t in triangles.indices {
                let (a, b, c) = (points[Int(triangles[t].a)], points[Int(triangles[t].b)], points[Int(triangles[t].c)])
                let sides = (corner.side(a), corner.side(b), corner.side(c))
                let onPositive = sides.0 >= -tolerance && sides.1 >= -tolerance && sides.2 >= -tolerance
                let onNegative = sides.0 <= tolerance && sides.1 <= tolerance && sides.2 <= tolerance
                let onOwnSide = corner.ownIsBefore ? onNegative : onPositive
                let onForeignSide = corner.ownIsBefore ? onPositive : onNegative
                if onForeignSide && !onOwnSide {
                    triangles[t].edges &= ~ownBit
                    let nearest = min(foreign.distance(a), foreign.distance(b), foreign.distance(c))
                    if nearest < foreign.reach + reachTolerance && triangles[t].edges.nonzeroBitCount < TriangleCoverage.maximumEdges {
                        triangles[t].edges |= foreignBit
                    }
                } else {
                    triangles[t].edges &= ~foreignBit
                }
            }
        }
    }
}
