import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// The accordion's outline is antialiased as well as the fold's: the mean error of analytic
/// coverage against the exact area of the projected panels, over the pixels their outline
/// crosses, measured the same way for both (`AntialiasingQualityTests` does it for one page).
///
/// Two errors are measured. Against the exact coverage itself, 8-bit output alone costs up to
/// half a grey level (1/510) per pixel: the accordion's measured outline is one straight edge at
/// one fractional position per frame, so all its pixels share one coverage and one rounding
/// error (anywhere from 0 to 0.00196), while the fold's many coverages average that rounding to
/// about 1/1020. That comparison says more about where the edge falls than about the
/// antialiasing, so the accordion is held to the fold against the exact coverage *rounded to 8
/// bits* (what a perfect renderer writes), with no tolerance; against the unrounded coverage
/// it is held to the rounding bound and to the one percent the fold is held to.
final class AccordionAntialiasingTests: XCTestCase {

    /// Mean |rendered − exact| coverage over the pixels the outline of `t`'s visible panels
    /// crosses, the panels white (shading off) over black; `handles` are given a white image.
    func outlineError(_ t: any Transition, handles: [ContentHandle], scale: Double) throws -> (total: Double, rounded: Double, pixels: Int) {
        t.showsShadows = false
        let size = t.size
        nonisolated(unsafe) let root = t.root // XCTest runs on the main thread
        let image = try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            for h in handles { try r.renderer.setImage(TestPages.solid((255, 255, 255), width: 64, height: 64), for: h) }
            return try r.render(root, size: size, scale: scale, antialiasing: .analytic, background: .black)
        }
        // Panels meet along shared creases: their exact coverages add up to the union's.
        let polygons = t.panels().filter(\.visible).map { $0.corners.map { Point(x: $0.x * scale, y: $0.y * scale) } }
        // Only pixels an edge passes through can be partly covered: walk every edge.
        var candidates = Set<Int>()
        for polygon in polygons {
            for (i, a) in polygon.enumerated() {
                let b = polygon[(i + 1) % polygon.count]
                let steps = max(1, Int(a.distance(to: b) * 4))
                for k in 0...steps {
                    let t = Double(k) / Double(steps)
                    let x = Int((a.x + (b.x - a.x) * t).rounded(.down)), y = Int((a.y + (b.y - a.y) * t).rounded(.down))
                    for (dx, dy) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let px = x + dx, py = y + dy
                        if px >= 0, py >= 0, px < image.width, py < image.height { candidates.insert(py * image.width + px) }
                    }
                }
            }
        }
        var total = 0.0, rounded = 0.0, count = 0
        for c in candidates {
            let (x, y) = (c % image.width, c / image.width)
            var exact = 0.0
            for p in polygons { exact += ExactCoverage.coverage(p, pixelX: x, pixelY: y) }
            exact = min(1, exact)
            guard exact > 1e-6 && exact < 1 - 1e-6 else { continue }
            let drawn = Double(image.pixel(x, y).r)
            total += abs(drawn / 255 - exact)
            rounded += abs(drawn - (exact * 255).rounded()) / 255
            count += 1
        }
        return (total, rounded, count)
    }

    func testTheAccordionsOutlineErrorIsWithinTheFolds() throws {
        var report: [String] = []
        for scale in [1.0, 2] {
            var fold = (total: 0.0, rounded: 0.0, pixels: 0), accordion = (total: 0.0, rounded: 0.0, pixels: 0)
            for p in [0.2, 0.4, 0.6, 0.8] {
                let size = Size(width: 400, height: 240)
                let f = try FoldTransition(size: size, scale: scale, source: ContentHandle(1), destination: ContentHandle(2))
                try f.setProgress(p)
                let e1 = try outlineError(f, handles: [ContentHandle(1), ContentHandle(2)], scale: scale)
                // The accordion's destination lies under the whole view: left empty, so the
                // panels' outline is what shows.
                let a = try AccordionTransition(size: size, scale: scale, panelWidths: [104, 72, 88, 56, 80], source: ContentHandle(1))
                try a.setProgress(p)
                let e2 = try outlineError(a, handles: [ContentHandle(1)], scale: scale)
                fold.total += e1.total; fold.rounded += e1.rounded; fold.pixels += e1.pixels
                accordion.total += e2.total; accordion.rounded += e2.rounded; accordion.pixels += e2.pixels
            }
            let foldMean = fold.total / Double(fold.pixels), accordionMean = accordion.total / Double(accordion.pixels)
            let foldRounded = fold.rounded / Double(fold.pixels), accordionRounded = accordion.rounded / Double(accordion.pixels)
            report.append("scale \(scale): fold \(String(format: "%.4f", foldMean)) (\(String(format: "%.5f", foldRounded)) against 8-bit exact) over \(fold.pixels) px, "
                          + "accordion \(String(format: "%.4f", accordionMean)) (\(String(format: "%.5f", accordionRounded))) over \(accordion.pixels) px")
            XCTAssertGreaterThan(fold.pixels, 500, "the fold's outline was measured")
            XCTAssertGreaterThan(accordion.pixels, 500, "the accordion's outline was measured")
            XCTAssertLessThanOrEqual(accordionRounded, foldRounded, "scale \(scale): against the 8-bit exact coverage")
            XCTAssertLessThanOrEqual(accordionMean, 1.0 / 510 + 1e-9, "scale \(scale): within 8-bit rounding of the exact coverage")
            XCTAssertLessThanOrEqual(accordionMean, 0.01, "scale \(scale): analytic coverage within a percent")
        }
        print("AA mean outline error (analytic) — " + report.joined(separator: "; "))
    }
}
