import FolioGeometry
import FolioLayers
import FolioTessellation
import FolioTestSupport
import FolioTransitions
import Testing

/// Flip, fold and curl frames turned into triangles with no GL context and no display: what
/// the triangles cover, how many there are, and the seams they share, each checked against
/// numbers computed here from the evaluator's own polygons (not from the list's corners).
struct TessellationTests {
    static let size = Size(width: 320, height: 480)
    /// The viewport is larger than the transition so that nothing but a perspective bulge
    /// reaches its edge; what does is clipped here the way the list documents (4 px of pad).
    static let (width, height) = (400, 560)

    /// One frame of each effect at a few progresses (the curl is a surface: many patches).
    static func frames() throws -> [(name: String, evaluator: LayerEvaluator)] {
        var result: [(String, LayerEvaluator)] = []
        for p in [0.2, 0.5, 0.8] {
            let effects: [(String, any Transition)] = [
                ("flip", try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))),
                ("fold", try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))),
                ("curl", try CurlTransition(size: size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2))),
            ]
            for (name, t) in effects {
                try t.setProgress(p)
                let e = LayerEvaluator()
                e.evaluate(t.root)
                result.append(("\(name) \(p)", e))
            }
        }
        return result
    }

    /// The pixel position of vertex `v` (clip space back to viewport pixels, origin bottom-left).
    static func vertex(_ list: DrawList, _ v: Int) -> Point {
        let f = DrawList.floatsPerVertex
        let w = Double(list.vertices[v * f + 3])
        return Point(x: (Double(list.vertices[v * f]) / w + 1) * list.pixelSize.width / 2,
                     y: (Double(list.vertices[v * f + 1]) / w + 1) * list.pixelSize.height / 2)
    }

    /// Quad `q`'s polygon in viewport pixels (y up), clipped to the viewport plus the list's pad.
    static func expectedPolygon(_ e: LayerEvaluator, _ q: Int) -> [Point] {
        var polygon = e.corners(of: e.quads[q]).map { Point(x: $0.point.x, y: Double(height) - $0.point.y) }
        let pad = 4.0
        // Half-planes a·x + b·y + c ≥ 0 of the padded viewport.
        for (a, b, c) in [(1.0, 0.0, pad), (-1.0, 0.0, Double(width) + pad), (0.0, 1.0, pad), (0.0, -1.0, Double(height) + pad)] {
            polygon = MeshCoverage.clip(polygon, a, b, c)
        }
        return polygon
    }

    static func build(_ e: LayerEvaluator, mode: TriangulationMode) -> DrawList {
        var list = DrawList()
        list.cutsHiddenParts = false
        list.build(Frame(recording: e), scale: 1, pixelWidth: width, pixelHeight: height, mode: mode) { _ in (1, 1) }
        return list
    }

    /// Area covered by item `i`'s triangles (each counted once; they never fold over).
    static func triangleArea(_ list: DrawList, item i: Int) -> (area: Double, triangles: Int) {
        var area = 0.0, triangles = 0
        for batch in list.batches where batch.item == i {
            for t in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound, by: 3) {
                area += abs(MeshCoverage.area([vertex(list, t), vertex(list, t + 1), vertex(list, t + 2)]))
                triangles += 1
            }
        }
        return (area, triangles)
    }

    @Test func plainTrianglesTileEachPolygonExactlyWithOneTrianglePerCorner() throws {
        for (name, e) in try Self.frames() {
            let list = Self.build(e, mode: .plain)
            #expect(!list.items.isEmpty, "\(name)")
            var total = 0
            for (i, item) in list.items.enumerated() {
                let expected = abs(MeshCoverage.area(Self.expectedPolygon(e, item.quadIndex)))
                let (area, triangles) = Self.triangleArea(list, item: i)
                // Vertices are floats: about 1e-7 relative per coordinate.
                let tolerance = 1e-4 * max(100, expected)
                if name.hasPrefix("curl") {
                    // A nearer sheet's patch loses what lies in a contour's band (the farther
                    // sheet's silhouette shows there: `DrawList+Surface.swift`), never gains.
                    #expect(area <= expected + tolerance, "\(name) item \(i): \(area) vs \(expected)")
                } else {
                    #expect(abs(area - expected) <= tolerance, "\(name) item \(i): \(area) vs \(expected)")
                    // A fan around the centre: one triangle per corner.
                    #expect(triangles == item.corners.count, "\(name) item \(i)")
                }
                total += triangles
            }
            #expect(list.vertexCount == 3 * total, "\(name): no vertex outside a batch")
        }
    }

    @Test func inflatedTrianglesCoverEachPolygonAndAtMostAMarginMore() throws {
        for (name, e) in try Self.frames() {
            let list = Self.build(e, mode: .inflated)
            for (i, item) in list.items.enumerated() {
                let polygon = Self.expectedPolygon(e, item.quadIndex)
                let expected = abs(MeshCoverage.area(polygon))
                var perimeter = 0.0
                for k in polygon.indices { perimeter += polygon[k].distance(to: polygon[(k + 1) % polygon.count]) }
                let (area, _) = Self.triangleArea(list, item: i)
                // Silhouettes move out by the margin, seams stay: between nothing and the whole
                // perimeter pushed out (a corner's cap adds at most 16 margins along a line).
                // (A curl's nearer patch gives up a contour's band: no lower bound there.)
                if !name.hasPrefix("curl") { #expect(area >= expected - 1e-4 * max(100, expected), "\(name) item \(i)") }
                #expect(area <= expected + perimeter * DrawList.margin + Double(polygon.count) * 16 * DrawList.margin * DrawList.margin,
                        "\(name) item \(i)")
            }
        }
    }

    @Test func sharedEdgesHaveBitIdenticalEndsOnBothSides() throws {
        var seams = [String: Int]()
        for (name, e) in try Self.frames() {
            let list = Self.build(e, mode: .inflated)
            func ends(_ i: Int, _ k: Int) -> (Corner, Corner) {
                let r = list.items[i].corners
                return (list.corners[k], list.corners[k + 1 == r.upperBound ? r.lowerBound : k + 1])
            }
            var count = 0
            for i in list.items.indices where list.items[i].border < 0 {
                for k in list.items[i].corners where list.corners[k].shared && !list.corners[k].fades {
                    let (a, b) = ends(i, k)
                    guard !(a.x == b.x && a.y == b.y) else { continue }
                    // Another item has the same edge, either way round, bit for bit.
                    var found = false
                    for j in list.items.indices where j != i && list.items[j].border < 0 {
                        for m in list.items[j].corners {
                            let (c, d) = ends(j, m)
                            if (c.x == a.x && c.y == a.y && d.x == b.x && d.y == b.y) || (c.x == b.x && c.y == b.y && d.x == a.x && d.y == a.y) {
                                found = true
                            }
                        }
                    }
                    if found { count += 1 }
                }
            }
            seams[String(name.prefix(4)), default: 0] += count
        }
        // The fold's panels meet at creases and the curl's patches at their seams, every frame;
        // counted over both sides of each seam.
        #expect(seams["fold", default: 0] >= 2 * 3, "\(seams)")
        #expect(seams["curl", default: 0] >= 2 * 3, "\(seams)")
    }

    @Test func curlFramesAreDrawnAsSurfacePatches() throws {
        for (name, e) in try Self.frames() where name.hasPrefix("curl") {
            let list = Self.build(e, mode: .plain)
            let patches = list.items.filter { e.quads[$0.quadIndex].surfacePatch >= 0 }
            #expect(patches.count >= 2, "\(name): \(patches.count) patches")
        }
    }
}
