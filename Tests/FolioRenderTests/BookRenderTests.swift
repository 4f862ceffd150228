import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioRender

/// A book drawn by the GL renderer: along the row where the perspective pivots, each pixel
/// shows the page the flip's formula puts there, for every reading direction.
final class BookRenderTests: XCTestCase {
    /// A distinct solid colour per page.
    static func colour(_ page: Int) -> (UInt8, UInt8, UInt8) {
        let palette: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 160, 60), (40, 70, 220), (230, 200, 30), (160, 40, 200),
                                                (30, 190, 200), (240, 120, 20), (120, 120, 120), (250, 250, 250), (90, 50, 20)]
        return palette[page % palette.count]
    }

    func testTwoLeavesInFlightShowTheirPagesWhereTheFlipFormulaSays() throws {
        // XCTest runs this on the main thread, where GL lives.
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            for direction in ReadingDirection.allCases {
                let canonical = Size(width: 640, height: 360)
                let view = direction.viewSize(ofCanonical: canonical)
                let book = try Book(pageCount: 10, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction))
                book.showsShadows = false
                let leaves = [BookLeaf(index: 1, progress: 0.35), BookLeaf(index: 2, progress: 0.15)]
                try book.setLeaves(leaves)
                for page in 0..<10 {
                    try r.renderer.setImage(TestPages.solid(Self.colour(page), width: 32, height: 32), for: book.handle(forPage: page))
                }
                let image = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                // Independently: on the row y = E/2 a leaf point r from the spine at φ appears at
                // spine + r·cosφ / (1 + m34·r·sinφ); leaves reach their free edge r = 320.
                let s = 320.0, m34 = -1 / (4.666667 * 640 / 2)
                func edge(_ p: Double) -> Double {
                    let (sn, c) = Angle.sinCos(degrees: 180 * p)
                    return s + 320 * c / (1 + m34 * 320 * sn)
                }
                let (e1, e2) = (edge(0.35), edge(0.15))
                XCTAssertGreaterThan(e2, e1, "the less turned leaf reaches further out")
                var checked = 0
                for x in stride(from: 4.5, to: 640, by: 3) {
                    let expected: Int
                    if x < s { expected = 1 }                  // page 1: the back of leaf 0, lying flat
                    else if x < e1 { expected = 2 }            // leaf 1's front (nearer) over leaf 2's
                    else if x < e2 { expected = 4 }            // leaf 2's front
                    else { expected = 6 }                      // page 6: the front of leaf 3, lying flat
                    guard abs(x - s) > 3, abs(x - e1) > 3, abs(x - e2) > 3 else { continue }
                    let p = direction.viewPoint(Point(x: x, y: 180), viewSize: view)
                    let px = image.pixel(Int(p.x), Int(p.y))
                    let want = Self.colour(expected)
                    XCTAssertTrue(abs(Int(px.r) - Int(want.0)) < 4 && abs(Int(px.g) - Int(want.1)) < 4 && abs(Int(px.b) - Int(want.2)) < 4,
                                  "\(direction) canonical x = \(x): pixel \(px), page \(expected) is \(want)")
                    checked += 1
                }
                XCTAssertGreaterThan(checked, 180)
            }
        }
    }
}
