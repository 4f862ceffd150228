import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// The accordion's seams in real pixels: no background shows through any crease, with
/// analytic, multisampled or no antialiasing, at any progress, panel orientation or scale.
final class AccordionRenderTests: XCTestCase {
    func testNoBackgroundShowsThroughAnyCrease() throws {
        let green = Color(red: 0, green: 1, blue: 0)
        var checked = 0
        for vertical in [false, true] {
            for scale in [1.0, 2] {
                let size = vertical ? Size(width: 240, height: 400) : Size(width: 400, height: 240)
                let a = try AccordionTransition(size: size, scale: scale, panelWidths: [104, 72, 88, 56, 80], vertical: vertical,
                                                source: ContentHandle(1))
                for p in [0.1, 0.35, 0.6, 0.85] {
                    try a.setProgress(p)
                    // Border mode is left out: its transparent texel ring fades every texture
                    // edge, seams included, and draws the same faint line at the fold's creases
                    // when a page texture is magnified (docs/effects.md, accordion).
                    for aa in [AntialiasingMode.analytic, .msaa, .none] {
                        nonisolated(unsafe) let root = a.root
                        let image = try MainActor.assumeIsolated {
                            let r = SharedRenderer.offscreen
                            try r.renderer.setImage(TestPages.solid((40, 60, 220), width: 64, height: 64), for: ContentHandle(1))
                            return try r.render(root, size: size, scale: scale, antialiasing: aa, background: green)
                        }
                        // Walk every crease between its ends, through the
                        // projected seam, and the pixel on either side of it.
                        let panels = a.panels()
                        for k in 0..<(panels.count - 1) {
                            let (top, bottom) = vertical ? (panels[k].corners[3], panels[k].corners[2]) : (panels[k].corners[1], panels[k].corners[2])
                            let length = top.distance(to: bottom) * scale
                            guard length > 8 else { continue }
                            // Not within 4 px of its ends nor of the image's edges: there the
                            // panels' silhouettes meet the background, as antialiasing should.
                            for t in stride(from: 4 / length, through: 1 - 4 / length, by: 1 / length) {
                                let x = (top.x + (bottom.x - top.x) * t) * scale, y = (top.y + (bottom.y - top.y) * t) * scale
                                for (dx, dy) in vertical ? [(0, -1), (0, 0), (0, 1)] : [(-1, 0), (0, 0), (1, 0)] {
                                    let px = Int(x.rounded(.down)) + dx, py = Int(y.rounded(.down)) + dy
                                    guard px >= 4, py >= 4, px < image.width - 4, py < image.height - 4 else { continue }
                                    let c = image.pixel(px, py)
                                    XCTAssertLessThan(c.g, 90, "crease \(k + 1) at (\(px), \(py)), p = \(p), \(aa), scale \(scale), vertical \(vertical): \(c)")
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
    }
}
