import Testing
import FolioTessellation
import FolioTransitions

/// Without antialiasing margins and with hidden parts kept, each drawn polygon's triangles
/// cover exactly the polygon the evaluator projected: the sum of their areas equals the
/// shoelace area of its corners (`QuadVertex.point`, view points × scale), computed here from
/// the evaluator's output alone, for every polygon inside the viewport (the list clips one
/// reaching past it to the viewport plus 4 px, a guard band this check would have to copy). (A curl's patches are not checked this way:
/// their triangulation adds caps and tips past a patch's open edges on purpose, so their
/// triangles reach past the patch polygon; the GL coverage tests measure them in pixels.)
struct CoverageAreaTests {
    static let size = Size(width: 320, height: 480)

    static func transitions() throws -> [any Transition] {
        [try FoldTransition(size: size, style: [.cubic, .horizontal], source: ContentHandle(1), destination: ContentHandle(2)),
         try FlipTransition(size: size, style: .vertical, source: ContentHandle(1), destination: ContentHandle(2)),
         try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2)),
         try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))]
    }

    /// Twice the signed area of a closed polygon.
    static func shoelace(_ p: [(x: Double, y: Double)]) -> Double {
        p.indices.reduce(0) { sum, k in sum + p[k].x * p[(k + 1) % p.count].y - p[(k + 1) % p.count].x * p[k].y }
    }

    @Test(arguments: [0.15, 0.4, 0.7])
    func trianglesCoverEachProjectedPolygonExactly(progress: Double) throws {
        var checked = 0
        for transition in try Self.transitions() {
            try transition.setProgress(progress)
            let e = LayerEvaluator()
            e.evaluate(transition.root)
            var list = DrawList()
            list.cutsHiddenParts = false
            list.build(e, scale: 1, pixelWidth: 320, pixelHeight: 480, mode: .none) { _ in (1, 1) }
            #expect(!list.items.isEmpty)
            let f = DrawList.floatsPerVertex
            for i in list.items.indices {
                var area = 0.0
                for batch in list.batches where batch.item == i {
                    for t in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound, by: 3) {
                        // Clip position → pixels, as the rasterizer maps it.
                        let c = (0..<3).map { v -> (Double, Double) in
                            let w = Double(list.vertices[(t + v) * f + 3])
                            return ((Double(list.vertices[(t + v) * f]) / w + 1) * 160, (Double(list.vertices[(t + v) * f + 1]) / w + 1) * 240)
                        }
                        #expect(c.allSatisfy { $0.0.isFinite && $0.1.isFinite })
                        area += abs((c[1].0 - c[0].0) * (c[2].1 - c[0].1) - (c[2].0 - c[0].0) * (c[1].1 - c[0].1)) / 2
                    }
                }
                let quad = e.quads[list.items[i].quadIndex]
                let corners = e.corners(of: quad).map { (x: $0.point.x, y: $0.point.y) }
                // A polygon reaching past the viewport is clipped to its guard band: not compared.
                guard corners.allSatisfy({ (0...320).contains($0.x) && (0...480).contains($0.y) }) else { continue }
                checked += 1
                let polygon = abs(Self.shoelace(corners)) / 2
                // Vertex positions travel as floats: about 1e-5 px each.
                #expect(abs(area - polygon) <= 1e-4 * max(100, polygon),
                        "\(type(of: transition)) at \(progress), item \(i) (\(quad.layer.name)): triangles \(area) px², polygon \(polygon) px²")
            }
        }
        #expect(checked >= 6, "only \(checked) polygons inside the view were checked")
    }
}
