import XCTest
@testable import FolioRender
import FolioTessellation
import FolioTransitions

/// The draw list's triangles: a watertight mesh per polygon whose interior no silhouette edge
/// reaches and whose band triangles carry exactly the edges that do.
final class TriangulationTests: XCTestCase {
    /// Fold and flip frames over the motion, evaluated.
    func frames() throws -> [LayerEvaluator] {
        var result: [LayerEvaluator] = []
        let size = Size(width: 320, height: 480)
        for p in stride(from: 0.05, to: 1, by: 0.1) {
            for t: any Transition in [try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2)),
                                      try FoldTransition(size: size, style: [.cubic, .horizontal], source: ContentHandle(1), destination: ContentHandle(2)),
                                      try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2)),
                                      try FlipTransition(size: size, style: .vertical, source: ContentHandle(1), destination: ContentHandle(2))] {
                try t.setProgress(p)
                let e = LayerEvaluator()
                e.evaluate(t.root)
                result.append(e)
            }
        }
        return result
    }

    /// The pixel position and edge slots of vertex `v`.
    func vertex(_ list: DrawList, _ v: Int) -> (x: Double, y: Double, edges: [(Float, Float, Float)]) {
        let f = DrawList.floatsPerVertex
        let w = Double(list.vertices[v * f + 3])
        let x = (Double(list.vertices[v * f]) / w + 1) * list.pixelSize.width / 2
        let y = (Double(list.vertices[v * f + 1]) / w + 1) * list.pixelSize.height / 2
        let edges = (0..<ShaderVariant.Coverage.maximumEdges).map { s in
            (list.vertices[v * f + 6 + 3 * s], list.vertices[v * f + 7 + 3 * s], list.vertices[v * f + 8 + 3 * s])
        }
        return (x, y, edges)
    }

    func testEachTriangleCarriesExactlyTheSilhouetteEdgesWithinReachAndTheInteriorNone() throws {
        var interior = 0, band = 0
        for e in try frames() {
            var list = DrawList()
            let frame = Frame(recording: e)
            list.build(frame, scale: 1, pixelWidth: 320, pixelHeight: 480, mode: .inflated, isOpaque: { frame.record(of: $0).paint.contents != nil }) { _ in (1, 1) }
            for batch in list.batches {
                let edges = list.edges[list.items[batch.item].edges]
                for t in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound, by: 3) {
                    let corners = (0..<3).map { vertex(list, t + $0) }
                    // The three corners carry the same edges: a property of the triangle.
                    for c in corners.dropFirst() { XCTAssertTrue(zip(c.edges, corners[0].edges).allSatisfy { $0 == $1 }) }
                    let carried = corners[0].edges.filter { !($0.0 == 0 && $0.1 == 0 && $0.2 == 1) }
                    // The edges within reach of the triangle, in outline order, are the ones carried.
                    let near = edges.filter { edge in
                        corners.map { edge.nx * $0.x + edge.ny * $0.y + edge.c }.min()! < edge.reach + list.coverageTolerance
                    }
                    XCTAssertEqual(carried.count, near.count)
                    for (a, b) in zip(carried, near) { XCTAssertTrue(a == b.shaderEdge) }
                    // A nearly straight corner's edges are combined by their minimum (`.slitEdges`).
                    XCTAssertEqual(batch.coverage, near.contains(where: \.isCombined) ? .slitEdges : ShaderVariant.Coverage.edges(for: near.count))
                    if near.isEmpty {
                        interior += 1
                        // Interior corners keep clear of every edge by the reach plus the clearance.
                        for edge in edges {
                            for c in corners { XCTAssertGreaterThanOrEqual(edge.nx * c.x + edge.ny * c.y + edge.c, edge.reach + DrawList.interiorClearance - 1e-4) }
                        }
                    } else {
                        band += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(interior, 100)
        XCTAssertGreaterThan(band, 100)
    }

    func testEveryPolygonsTrianglesMeetVertexToVertexAndTileItsFootprint() throws {
        for mode in [AntialiasingMode.analytic, .none] {
            for e in try frames() {
                for cuts in [false, true] {
                    var list = DrawList()
                    list.cutsHiddenParts = cuts
                    let frame = Frame(recording: e)
                    list.build(frame, scale: 1, pixelWidth: 320, pixelHeight: 480, mode: mode.triangulation, isOpaque: { frame.record(of: $0).paint.contents != nil }) { _ in (1, 1) }
                    for i in list.items.indices {
                        var points: [(Double, Double)] = []
                        var segments: [((Double, Double), (Double, Double))] = []
                        var area = 0.0, signs = Set<Bool>()
                        for batch in list.batches where batch.item == i {
                            for t in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound, by: 3) {
                                let c = (0..<3).map { vertex(list, t + $0) }.map { ($0.x, $0.y) }
                                points += c
                                segments += [(c[0], c[1]), (c[1], c[2]), (c[2], c[0])]
                                let signed = ((c[1].0 - c[0].0) * (c[2].1 - c[0].1) - (c[2].0 - c[0].0) * (c[1].1 - c[0].1)) / 2
                                area += abs(signed)
                                if abs(signed) > 1e-3 { signs.insert(signed > 0) }
                            }
                        }
                        // Triangles that all turn the same way around a star do not fold over.
                        if !cuts { XCTAssertLessThanOrEqual(signs.count, 1, "\(mode) item \(i): triangles fold over") }
                        // No T-junction: no corner lies inside another triangle's edge.
                        for p in points {
                            for (a, b) in segments where !(p == a || p == b) {
                                let (dx, dy) = (b.0 - a.0, b.1 - a.1)
                                let length2 = dx * dx + dy * dy
                                guard length2 > 1e-12 else { continue }
                                let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length2
                                let off = abs((p.0 - a.0) * dy - (p.1 - a.1) * dx) / length2.squareRoot()
                                XCTAssertFalse(t > 1e-6 && t < 1 - 1e-6 && off < 1e-4, "\(mode) cuts \(cuts) item \(i) \(e.quads[list.items[i].quadIndex].layer.name): T-junction at \(p) on \(a)–\(b) \(list.corners[list.items[i].corners].map { ($0.x, $0.y, $0.fades, $0.shared) })")
                            }
                        }
                        guard !cuts else { continue }
                        // Uncut, the triangles tile the footprint: their areas add up to its area.
                        var footprint = 0.0
                        if mode == .analytic {
                            var probe = list
                            probe.points.removeAll()
                            let quad = frame.polygons[list.items[i].quadIndex]
                            let outline = probe.appendFootprint(list.items[i].corners, quad, scale: 1)
                            let o = outline.map { probe.points[$0] }
                            for k in o.indices { footprint += o[k].x * o[(k + 1) % o.count].y - o[(k + 1) % o.count].x * o[k].y }
                        } else {
                            let o = Array(list.corners[list.items[i].corners])
                            for k in o.indices { footprint += o[k].x * o[(k + 1) % o.count].y - o[(k + 1) % o.count].x * o[k].y }
                        }
                        // (Positions come back through floats: about 1e-5 px each.)
                        XCTAssertEqual(area, abs(footprint) / 2, accuracy: 1e-4 * max(100, area), "\(mode) item \(i)")
                    }
                }
            }
        }
    }
}
