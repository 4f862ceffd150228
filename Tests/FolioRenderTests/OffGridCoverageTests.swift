import Foundation
import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTestSupport
@testable import FolioRender

/// Edge coverage where the book sits off the pixel grid: a spread of white pages with a curling
/// leaf over the right page, on black, placed at sub-pixel offsets spread across the pixel at
/// zooms 1, 1.37 and 2, against the exact area of each pixel inside the union of the pages'
/// rectangle and the leaf's projected mesh (computed by clipping, `MeshCoverage`). Flat edges
/// (the pages' outline, and the leaf's flat part where it lies on the page's top and bottom
/// edges) and curved ones (the roll's outline) are measured apart.
final class OffGridCoverageTests: XCTestCase {
    /// Offsets that sample the pixel in both axes (a 4-rook pattern, away from the grid).
    static let offsets = [(0.1, 0.35), (0.35, 0.85), (0.6, 0.1), (0.85, 0.6)]

    struct Errors {
        var flat = (sum: 0.0, count: 0, worst: 0.0)
        var curved = (sum: 0.0, count: 0, worst: 0.0)
        var junction = (sum: 0.0, count: 0, worst: 0.0)
        var junctionMean: Double { junction.sum / Double(max(junction.count, 1)) }
        var flatMean: Double { flat.sum / Double(max(flat.count, 1)) }
        var curvedMean: Double { curved.sum / Double(max(curved.count, 1)) }
    }

    /// The area of `polygon` inside the union of the triangles `near` (`(a, b, c, isBack)`):
    /// `MeshCoverage`'s rule (triangles of one facing never overlap) for any polygon.
    static func meshArea(_ polygon: [Point], near: [(Point, Point, Point, Bool)]) -> Double {
        var total = 0.0
        var front: [[Point]] = [], back: [(Point, Point, Point)] = []
        for t in near {
            let piece = MeshCoverage.clip(polygon, toTriangle: t.0, t.1, t.2)
            let a = MeshCoverage.area(piece)
            guard a > 0 else { continue }
            total += a
            if t.3 { back.append((t.0, t.1, t.2)) } else { front.append(piece) }
        }
        for piece in front { for t in back { total -= MeshCoverage.area(MeshCoverage.clip(piece, toTriangle: t.0, t.1, t.2)) } }
        return total
    }

    /// Renders leaf `leaf` of a 200×130 spread at `progress`, placed at `placement`, and adds each
    /// edge pixel's error against the exact coverage to `errors`.
    @MainActor
    static func measure(leaf: Int, progress: Double, placement: CrackSweepTests.Placement, into errors: inout Errors) throws {
        let dump = ProcessInfo.processInfo.environment["OFFGRID_DUMP"].map { _ in "\(progress) at \(placement)" }
        let view = Size(width: 200, height: 130)
        let book = try CrackSweepTests.whiteBook(CurlLeafEffect(), view: view)
        try book.setLeaves([BookLeaf(index: leaf, progress: progress)], opening: leaf)
        let image = try CrackSweepTests.render(book, at: placement, antialiasing: .analytic)
        if dump != nil { try image.writePNG(path: "/tmp/offgrid-\(progress)-\(placement.x)-\(placement.zoom).png") }
        let frame = SharedRenderer.offscreen.renderer.frame
        guard let surface = frame.records.lazy.compactMap(\.surface).first else { XCTFail("no surface drawn"); return }
        let mesh = surface.mesh
        let z = placement.zoom
        func px(_ p: Point) -> Point { Point(x: placement.x + z * p.x, y: placement.y + z * p.y) }
        let tris = mesh.triangles.map { t in
            (px(mesh.vertices[t.a].point), px(mesh.vertices[t.b].point), px(mesh.vertices[t.c].point),
             mesh.patches[t.patch].isBackFacing, mesh.patches[t.patch].region != .flat)
        }
        let boxes = tris.map { t in (min(t.0.x, t.1.x, t.2.x), max(t.0.x, t.1.x, t.2.x), min(t.0.y, t.1.y, t.2.y), max(t.0.y, t.1.y, t.2.y)) }
        // The pages lying flat side by side: one rectangle (the right page alone at opening 0).
        let left = leaf == 0 ? view.width / 2 : 0
        let pages = Rect(x: placement.x + z * left, y: placement.y, width: z * (view.width - left), height: z * view.height)
        for y in 0..<image.height {
            let y0 = Double(y)
            let row = tris.indices.filter { boxes[$0].2 <= y0 + 1 && boxes[$0].3 >= y0 }
            for x in 0..<image.width {
                let x0 = Double(x)
                // The pixel's part inside the pages: a rectangle.
                let (minX, maxX) = (max(x0, pages.minX), min(x0 + 1, pages.maxX))
                let (minY, maxY) = (max(y0, pages.minY), min(y0 + 1, pages.maxY))
                let pageArea = max(0, maxX - minX) * max(0, maxY - minY)
                let near = row.filter { boxes[$0].0 <= x0 + 1 && boxes[$0].1 >= x0 }
                // Well inside the pages and away from any triangle of the leaf: nothing to learn.
                if near.isEmpty && (pageArea == 0 || pageArea == 1) { continue }
                let square = [Point(x: x0, y: y0), Point(x: x0 + 1, y: y0), Point(x: x0 + 1, y: y0 + 1), Point(x: x0, y: y0 + 1)]
                // A pixel inside one triangle of the leaf is covered whole.
                if near.contains(where: { i in square.allSatisfy { CurlRenderTests.inside($0, (tris[i].0, tris[i].1, tris[i].2, 0)) } }) { continue }
                let inPages = pageArea > 0 ? [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)] : []
                let leaf = near.map { (tris[$0].0, tris[$0].1, tris[$0].2, tris[$0].3) }
                let exact = min(1, max(0, pageArea + Self.meshArea(square, near: leaf) - Self.meshArea(inPages, near: leaf)))
                guard exact > 1e-9 && exact < 1 - 1e-9 else { continue }
                let d = abs(Double(image.pixel(x, y).r) / 255 - exact)
                if let dump, d > 0.05 { print("off-grid \(dump): (\(x), \(y)) drawn \(image.pixel(x, y).r) exact \(Int((exact * 255).rounded())) curved \(near.contains(where: { tris[$0].4 }))") }
                // Within a pixel of the pages' outline, the roll's outline meets or runs along
                // the page's edge: there the page's own ramp lies under the roll's.
                let nearPages = x0 + 1 >= pages.minX - 1 && x0 <= pages.maxX + 1 && y0 + 1 >= pages.minY - 1 && y0 <= pages.maxY + 1
                let insidePages = x0 >= pages.minX + 1 && x0 + 1 <= pages.maxX - 1 && y0 >= pages.minY + 1 && y0 + 1 <= pages.maxY - 1
                let nearPageEdge = nearPages && !insidePages
                if near.contains(where: { tris[$0].4 }) && nearPageEdge {
                    errors.junction.sum += d; errors.junction.count += 1; errors.junction.worst = max(errors.junction.worst, d)
                } else if near.contains(where: { tris[$0].4 }) {
                    errors.curved.sum += d; errors.curved.count += 1; errors.curved.worst = max(errors.curved.worst, d)
                } else {
                    errors.flat.sum += d; errors.flat.count += 1; errors.flat.worst = max(errors.flat.worst, d)
                }
            }
        }
    }

    /// Mean error within 0.002 on flat edges and 0.01 on curved ones — the roll's outline over
    /// the stage and where it runs out over the page's edge — at every offset and zoom.
    ///
    /// Before the stacked-edge rules the leaf's flat part and the page beneath it, stacked
    /// along their top edge, were taken for a seam and drawn hard (coverage 0.2 drawn as 0, 0.7
    /// as 255), and along the bottom edge both ramps were drawn (0.3 as 0.51). Before the page
    /// handed its edge over to the leaf (`DrawList.handsOverStackedEdges` off), its ramp lay
    /// under the flat part's beside the roll and under the roll's where the roll runs out over
    /// the page's edge, composited `a + b − ab` (0.65 drawn as 0.88): a mean of 0.014–0.020 there.
    func testEdgesOffThePixelGridAreCoveredExactly() throws {
        try MainActor.assumeIsolated {
            for zoom in [1.0, 1.37, 2] {
                for (x, y) in Self.offsets {
                    var errors = Errors()
                    // Leaf 1 over the right page (flat edges, and the roll running out over the
                    // page's edge); leaf 0 over the empty left side (the roll and the turned
                    // part's outline over the stage).
                    for (leaf, progress) in [(1, 0.45), (0, 0.7)] {
                        try Self.measure(leaf: leaf, progress: progress, placement: .init(x: x, y: y, zoom: zoom), into: &errors)
                    }
                    print(String(format: "off-grid coverage ×%.2f at (%.2f, %.2f): flat edges mean %.4f (worst %.3f) over %d px, curved mean %.4f (worst %.3f) over %d px, roll on the page's edge mean %.4f (worst %.3f) over %d px",
                                 zoom, x, y, errors.flatMean, errors.flat.worst, errors.flat.count, errors.curvedMean, errors.curved.worst, errors.curved.count,
                                 errors.junctionMean, errors.junction.worst, errors.junction.count))
                    let at = "zoom \(zoom) at (\(x), \(y))"
                    XCTAssertGreaterThan(errors.flat.count, 250, at)
                    XCTAssertGreaterThan(errors.junction.count, 50, at)
                    XCTAssertGreaterThan(errors.curved.count, 25, at)
                    XCTAssertLessThanOrEqual(errors.flatMean, 0.002, "\(at): flat edges")
                    XCTAssertLessThanOrEqual(errors.curvedMean, 0.01, "\(at): curved edges")
                    XCTAssertLessThanOrEqual(errors.junctionMean, 0.01, "\(at): the roll over the page's edge")
                }
            }
        }
    }

    /// Where the roll runs out over the page's edge, the page leaves its ramp to the leaf stacked
    /// on it (`DrawList+StackedEdges.swift`): with that off, the page's ramp lies under the flat
    /// part's beside the roll and under the roll's, and the mean error there at zoom 1.37 and
    /// offset (0.6, 0.1) is 0.0254 over the leaf over the right page alone; with it, 0.0033.
    func testThePageLeavesItsEdgeToTheLeafStackedOnIt() throws {
        try MainActor.assumeIsolated {
            defer { SharedRenderer.offscreen.renderer.list.handsOverStackedEdges = true }
            var means: [Double] = []
            for handsOver in [false, true] {
                SharedRenderer.offscreen.renderer.list.handsOverStackedEdges = handsOver
                var errors = Errors()
                try Self.measure(leaf: 1, progress: 0.45, placement: .init(x: 0.6, y: 0.1, zoom: 1.37), into: &errors)
                XCTAssertGreaterThan(errors.junction.count, 50)
                means.append(errors.junctionMean)
            }
            print(String(format: "the roll over the page's edge at ×1.37 (0.6, 0.1): mean %.4f with the page's own ramp under the leaf's, %.4f handed over", means[0], means[1]))
            XCTAssertGreaterThan(means[0], 0.01, "the measure sees the page's ramp under the leaf's")
            XCTAssertLessThanOrEqual(means[1], 0.01)
        }
    }
}
