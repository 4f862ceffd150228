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

    /// A turn of accordion leaves, driven by the controller from rest to rest: at every frame
    /// the pages cover the whole view — no background through a crease, along the spine where a
    /// panel carries two pages, or at the edges — and the turn lands on the next opening.
    func testAnAccordionTurnLandsWithNoBackgroundShowingInsideThePages() throws {
        // Pages with hardly any green, over a pure green background: green in a pixel is background.
        let colours: [(UInt8, UInt8, UInt8)] = [(220, 30, 30), (40, 30, 220), (230, 40, 200), (120, 20, 40), (30, 40, 120), (250, 40, 90)]
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            for direction in ReadingDirection.allCases {
                for widths in [[1.0, 1, 1, 1], [208, 144, 176, 112, 160]] {
                    let view = direction.viewSize(ofCanonical: Size(width: 800, height: 520))
                    let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction,
                                                                                      effect: AccordionLeafEffect(panelWidths: widths)))
                    for page in 0..<6 {
                        try r.renderer.setImage(TestPages.solid(colours[page], width: 32, height: 32), for: book.handle(forPage: page))
                    }
                    try book.setOpening(1)
                    let c = BookController(book: book, clock: AnimationClock())
                    c.turnForward()
                    var frames = 0, midTurn = 0
                    while c.leavesInFlight > 0 || frames == 0 {
                        frames += 1
                        try c.clock.advance(by: 1.0 / 60)
                        c.update()
                        guard frames % 3 == 0, c.leavesInFlight > 0 else { continue }
                        midTurn += 1
                        let image = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: Color(red: 0, green: 1, blue: 0))
                        var green = 0, first: (Int, Int)?
                        for y in 0..<image.height {
                            for x in 0..<image.width where image.pixel(x, y).g > 60 {
                                green += 1
                                if first == nil { first = (x, y) }
                            }
                        }
                        XCTAssertEqual(green, 0, "\(direction) \(widths), progress \(book.leaves.first?.progress ?? -1): background at \(String(describing: first))")
                        XCTAssertLessThan(frames, 200, "the turn never lands")
                        if frames >= 200 { return }
                    }
                    XCTAssertGreaterThan(midTurn, 5, "frames mid-turn were checked")
                    XCTAssertEqual(book.opening, 2, "\(direction) \(widths): lands on the next opening")
                    // At rest: pages 3 (read side) and 4.
                    let image = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                    for (canonical, page) in [(Point(x: 200, y: 260), 3), (Point(x: 600, y: 260), 4)] {
                        let p = direction.viewPoint(canonical, viewSize: view)
                        let px = image.pixel(Int(p.x), Int(p.y)), want = colours[page]
                        XCTAssertTrue(abs(Int(px.r) - Int(want.0)) < 4 && abs(Int(px.g) - Int(want.1)) < 4 && abs(Int(px.b) - Int(want.2)) < 4,
                                      "\(direction) \(widths): page \(page) expected at \(p), got \(px)")
                    }
                }
            }
        }
    }
}
