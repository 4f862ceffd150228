import Foundation
import XCTest
@testable import FolioRender
@testable import FolioCLI
import FolioGeometry

/// The lit curl's shadow has no seam where neighbouring shadow triangles meet (docs/curl.md §8,
/// "Footprint"): a pixel's penumbra is the least of the edge lines its triangle carries, so two
/// triangles sharing a side must agree on the edges that matter along it. A triangle reached by
/// more edges than a vertex has slots used to keep those nearest its centre; its neighbour kept
/// another set, and the shadow stepped along their common side.
final class CastShadowSeamRenderTests: XCTestCase {
    /// `folio render --effect curl --light` at `progress` and start angle `angle`, 480 × 300 pt at
    /// scale 2, with or without shadows, and how many shadow triangles carried fewer edges than
    /// reach them.
    func render(progress: Double, angle: Double, shadows: Bool = true) throws -> (image: Image, truncated: Int) {
        try MainActor.assumeIsolated {
            let command = try RenderCommand.parse(["--effect", "curl", "--light", "--progress", "\(progress)", "--angle", "\(angle)",
                                                   "--size", "480x300", "--scale", "2", "--out", "/tmp/folio-seam.png"]
                                                  + (shadows ? [] : ["--no-shadows"]))
            let (transition, offscreen, size) = try command.setUp()
            let image = try offscreen.render(transition.root, size: size, scale: 2, antialiasing: .analytic,
                                             background: Color(red: 0, green: 0, blue: 0))
            return (image, offscreen.renderer.list.castShadow.truncatedTriangles)
        }
    }

    /// Over a sweep of lit curl poses (progress 0.4, 0.5 and 0.6, start angles 20°, 35° and 45°),
    /// every shadow triangle carries every edge that changes one of its pixels: the edges that
    /// reach it but lie beyond half the penumbra at all its corners, or farther than another
    /// edge at all its corners, are dropped first (`dropIdleCarriedEdges`, exact), and none is
    /// left over for the nearest-to-the-centre choice. Before, 1,028 triangles at progress 0.5
    /// and 20° (the default angle) chose, and 146, 108, 42 and 24 at four other poses.
    func testEveryShadowTriangleCarriesEveryEdgeThatMatters() throws {
        var counts: [String] = []
        for progress in [0.4, 0.5, 0.6] {
            for angle in [20.0, 35, 45] {
                let truncated = try render(progress: progress, angle: angle).truncated
                counts.append("\(progress)/\(Int(angle))°: \(truncated)")
                XCTAssertEqual(truncated, 0, "progress \(progress), angle \(angle)°: triangles that dropped an edge that matters")
            }
        }
        print("lit curl, shadow triangles carrying fewer edges than matter: " + counts.joined(separator: ", "))
    }

    /// The lit curl at progress 0.5 and 20°, in the shadow of the leaf's rolled lower corner (the
    /// frame's pixels x 650–800, y 540–600): the model's darkness `o(h)·F(2d/w(h))` is continuous
    /// (F, the least distance to the sheet's edge lines and the height all are), so between two
    /// adjacent pixels the darkening steps by no more than 1.5 × the larger of the steps just
    /// before and after it along the same line, plus 8 levels (the shadow's corners, where the
    /// nearest edge changes, bend the profile but do not break it: 5 levels at most here).
    /// Pixels where the frame without shadows is not smooth (the leaf's and the page's outlines,
    /// over which the shadow ends) are left out. Before, the triangles there kept different edge
    /// sets: steps of 16 and 18 levels between pixels whose neighbouring steps were 1 and 3.
    func testTheRolledCornersShadowHasNoSeam() throws {
        let shaded = try render(progress: 0.5, angle: 20).image, bare = try render(progress: 0.5, angle: 20, shadows: false).image
        if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try shaded.writePNG(path: "\(dir)/seam-curl-0.5-20.png") }
        func darkening(_ x: Int, _ y: Int) -> Double {
            let s = shaded.pixel(x, y), b = bare.pixel(x, y)
            return Double(max(Int(b.r) - Int(s.r), Int(b.g) - Int(s.g), Int(b.b) - Int(s.b)))
        }
        func smooth(_ x: Int, _ y: Int) -> Bool {
            let p = bare.pixel(x, y)
            for dy in -2...2 {
                for dx in -2...2 {
                    let q = bare.pixel(x + dx, y + dy)
                    if max(abs(Int(q.r) - Int(p.r)), abs(Int(q.g) - Int(p.g)), abs(Int(q.b) - Int(p.b))) > 2 { return false }
                }
            }
            return true
        }
        var checked = 0, worst = (excess: -Double.infinity, step: 0.0, x: 0, y: 0)
        for y in 540..<min(600, shaded.height - 3) {
            for x in 650..<800 {
                for (dx, dy) in [(1, 0), (0, 1)] {
                    guard y + 2 * dy < shaded.height - 2, smooth(x - dx, y - dy), smooth(x, y), smooth(x + dx, y + dy), smooth(x + 2 * dx, y + 2 * dy) else { continue }
                    let step = abs(darkening(x + dx, y + dy) - darkening(x, y))
                    let before = abs(darkening(x, y) - darkening(x - dx, y - dy))
                    let after = abs(darkening(x + 2 * dx, y + 2 * dy) - darkening(x + dx, y + dy))
                    guard step > 0 || before > 0 else { continue }
                    checked += 1
                    let excess = step - 1.5 * max(before, after)
                    if excess > worst.excess { worst = (excess, step, x, y) }
                    XCTAssertLessThanOrEqual(excess, 8, "pixels (\(x), \(y)) and (\(x + dx), \(y + dy)): a step of \(step) levels between steps of \(before) and \(after)")
                }
            }
        }
        print("lit curl 0.5/20°, rolled corner's shadow: \(checked) steps checked, worst \(worst.step) levels at (\(worst.x), \(worst.y)), "
              + "\(worst.excess) over 1.5 × its neighbours'")
        XCTAssertGreaterThan(checked, 1000, "shadow pixels checked")
    }
}
