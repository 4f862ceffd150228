import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
import FolioTransitions
import Testing

/// A detail's pieces on a curl's sheet (zoom tiles cut per patch) and the patches under them
/// draw each seam between two patches as the same lines: every edge of a piece that lies on
/// an interior seam of its patch is, bit for bit in window pixels, an edge of the patch too.
///
/// The rasterizer decides a pixel centre on a seam by each triangle's own edge, rounded to
/// its subpixel grid from that edge's ends. Before, a patch's seam was one edge from mesh
/// corner to mesh corner and its pieces' seam edges the parts between the tiles' cut points:
/// a different line for each, and a pixel centre within their rounding of the seam could fall
/// to the later patch (the coarse level) and to the earlier patch's piece, drawn before it — a
/// lone coarse pixel on the seam (`CurlPageDetailRenderTests`, `DemoTileCoverageTests`). Here
/// the seams are found from the mesh (its interior edges, in the leaf's own coordinates), not
/// from the draw list's own classification.
struct SurfaceDetailSeamTests {
    static let size = Size(width: 200, height: 260)

    /// A curl at `progress` whose leaf carries a 4 × 4 grid of details on each side, and its
    /// draw list at one pixel a point.
    static func build(progress: Double) throws -> (Frame, DrawList, SurfaceLayer) {
        let curl = try CurlTransition(size: size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2))
        try curl.setProgress(progress)
        let leaf = curl.leaf
        let b = leaf.bounds
        func grid(_ first: Int) -> [Layer] {
            (0..<16).map { k in
                let l = Layer(name: "detail")
                l.bounds = Rect(x: b.minX + Double(k % 4) * b.width / 4, y: b.minY + Double(k / 4) * b.height / 4,
                                width: b.width / 4, height: b.height / 4)
                l.contents = ContentHandle(first + k)
                return l
            }
        }
        try leaf.setDetails(front: grid(100), back: grid(200))
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        let frame = Frame(recording: e)
        var list = DrawList()
        list.build(frame, scale: 1, pixelWidth: Int(size.width), pixelHeight: Int(size.height), mode: .inflated) { _ in (1, 1) }
        return (frame, list, leaf)
    }

    /// Whether leaf point `q` lies on the segment from `a` to `b` (within a billionth of the leaf's size).
    static func lies(_ q: Point, on a: Point, _ b: Point) -> Bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return false }
        let across = abs((q.x - a.x) * dy - (q.y - a.y) * dx) / length
        let along = ((q.x - a.x) * dx + (q.y - a.y) * dy) / (length * length)
        return across <= 1e-9 * size.height && along >= -1e-12 && along <= 1 + 1e-12
    }

    /// For each piece edge on an interior seam of its patch: whether the patch's item has the
    /// same edge (the same two window points, bit for bit). Returns (edges checked, edges the
    /// patch lacks).
    static func seamEdges(_ frame: Frame, _ list: DrawList, _ leaf: SurfaceLayer) -> (checked: Int, missing: Int) {
        let mesh = leaf.mesh
        var checked = 0, missing = 0
        for item in list.items {
            let quad = frame.polygons[item.quadIndex]
            guard quad.surfacePatch >= 0, frame.isSurfaceDetail(quad) else { continue }
            let p = Int(quad.surfacePatch)
            let patch = mesh.patches[p]
            // The patch's own item (one per patch here: nothing cuts the leaf).
            guard let own = list.items.first(where: {
                let q = frame.polygons[$0.quadIndex]
                return q.surfacePatch == quad.surfacePatch && !frame.isSurfaceDetail(q)
            }) else { continue }
            let r = item.corners
            for k in r {
                let next = k + 1 == r.upperBound ? r.lowerBound : k + 1
                let (c, d) = (list.corners[k], list.corners[next])
                // On an interior edge of the patch, in the leaf's own coordinates (the mesh's).
                var onSeam = false
                for m in patch.corners where mesh.patchEdges[m] == .interior {
                    let mNext = m + 1 == patch.corners.upperBound ? patch.corners.lowerBound : m + 1
                    let (a, b) = (mesh.vertices[mesh.patchCorners[m]].local, mesh.vertices[mesh.patchCorners[mNext]].local)
                    if lies(c.local, on: a, b) && lies(d.local, on: a, b) { onSeam = true }
                }
                guard onSeam else { continue }
                checked += 1
                let o = own.corners
                var found = false
                for m in o {
                    let mNext = m + 1 == o.upperBound ? o.lowerBound : m + 1
                    let (e, f) = (list.corners[m], list.corners[mNext])
                    if (e.x, e.y, f.x, f.y) == (c.x, c.y, d.x, d.y) || (e.x, e.y, f.x, f.y) == (d.x, d.y, c.x, c.y) { found = true }
                }
                if !found { missing += 1 }
            }
        }
        return (checked, missing)
    }

    /// At three poses (the roll's strips seen from the front, and from the back once turned
    /// past half way), every piece edge on a seam is an edge of its patch. Before the patches'
    /// seams were split at their details' cut points, 8 of 14, 42 of 46 and 80 of 80 were not.
    @Test(arguments: [0.25, 0.4, 0.7])
    func everyPiecesSeamEdgeIsAnEdgeOfItsPatch(progress: Double) throws {
        let (frame, list, leaf) = try Self.build(progress: progress)
        let (checked, missing) = Self.seamEdges(frame, list, leaf)
        #expect(checked > 10, "the pieces reach the seams: \(checked) edges checked")
        #expect(missing == 0, "\(missing) of \(checked) piece edges on a seam are not edges of their patch")
    }

    /// The split changes only where details cut a seam: without details the patches are the
    /// mesh's own corners, corner for corner (no point added).
    @Test func withoutDetailsEachPatchIsItsMeshCorners() throws {
        let curl = try CurlTransition(size: Self.size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2))
        try curl.setProgress(0.4)
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        let mesh = curl.leaf.mesh
        var patches = 0
        for quad in e.quads where quad.isVisible && quad.surfacePatch >= 0 {
            let patch = mesh.patches[Int(quad.surfacePatch)]
            #expect(quad.vertexRange.count == patch.corners.count)
            patches += 1
        }
        #expect(patches > 3)
    }
}
