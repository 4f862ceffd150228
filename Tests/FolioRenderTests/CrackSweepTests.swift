import Foundation
import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
@testable import FolioRender

/// Cracks where a book sits off the pixel grid: white leaves (front and back) on a black stage,
/// shadows off, the book placed at fractional offsets and zooms, leaves in flight at many
/// progresses, landing ones included. A crack is a pixel darker than half whose two
/// neighbours across it (left and right, or above and below) are both white: background
/// showing between two surfaces that abut, or an edge counted twice.
final class CrackSweepTests: XCTestCase {
    /// One placement of the book's root in the rendered image: `origin + zoom · view point`.
    struct Placement: CustomStringConvertible {
        var x: Double, y: Double, zoom: Double
        var description: String { "(\(x), \(y)) ×\(zoom)" }
    }

    /// What a sweep found: crack pixels, frames drawn, and the worst frame.
    struct Result {
        var cracks = 0, frames = 0
        var worst = (count: 0, pose: "", first: (0, 0))
    }

    /// Counts crack pixels in `image`: darker than 128 in red, with both neighbours across it
    /// white (≥ 250) on one axis.
    static func cracks(_ image: Image) -> (count: Int, first: (Int, Int)) {
        var count = 0
        var first = (-1, -1)
        let w = image.width
        image.pixels.withUnsafeBufferPointer { p in
            func r(_ x: Int, _ y: Int) -> UInt8 { p[(y * w + x) * 4] }
            for y in 1..<(image.height - 1) {
                for x in 1..<(w - 1) where r(x, y) < 128 {
                    let across = (r(x - 1, y) >= 250 && r(x + 1, y) >= 250) || (r(x, y - 1) >= 250 && r(x, y + 1) >= 250)
                    if across {
                        if count == 0 { first = (x, y) }
                        count += 1
                    }
                }
            }
        }
        return (count, first)
    }

    /// A spread of `pageCount` white pages (front and back), shadows off, with `effect`.
    @MainActor
    static func whiteBook(_ effect: any LeafEffect, view: Size, layout: BookLayout = .spread, direction: ReadingDirection = .leftToRight,
                          pageCount: Int = 8) throws -> Book {
        let book = try Book(pageCount: pageCount, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction,
                                                                                  effect: effect, paperColor: .white))
        book.showsShadows = false
        // About a texel per point, so that border mode's one-texel ramp is a pixel wide.
        let page = Size(width: layout == .spread ? view.width / 2 : view.width, height: view.height)
        let image = TestPages.solid((255, 255, 255), width: Int(max(page.width, page.height)), height: Int(max(page.width, page.height)))
        let r = SharedRenderer.offscreen
        for page in 0..<pageCount { try r.renderer.setImage(image, for: book.handle(forPage: page)) }
        return book
    }

    /// Renders `book` placed at `placement` into an image just large enough to hold it.
    @MainActor
    static func render(_ book: Book, at placement: Placement, antialiasing: AntialiasingMode) throws -> Image {
        let view = book.configuration.viewSize
        let pivot = book.root.bounds.origin
        book.root.position = Point(x: placement.x + placement.zoom * pivot.x, y: placement.y + placement.zoom * pivot.y)
        book.root.transform = placement.zoom == 1 ? .identity : Transform3D(scaleX: placement.zoom, y: placement.zoom, z: 1)
        // The leaves rise toward the eye past the view: room around it for their overhang.
        let size = Size(width: (view.width * placement.zoom + placement.x).rounded(.up) + 2,
                        height: (view.height * placement.zoom + placement.y).rounded(.up) + 2)
        return try SharedRenderer.offscreen.render(book.root, size: size, scale: 1, antialiasing: antialiasing, background: .black)
    }

    /// Sweeps leaves `leaves` at `progresses` (one leaf in flight at a time) over `placements`.
    @MainActor
    static func sweep(_ effect: any LeafEffect, view canonical: Size, layout: BookLayout = .spread, directions: [ReadingDirection] = [.leftToRight],
                      placements: [Placement], leaves: [Int], progresses: [Double], antialiasing: AntialiasingMode = .analytic,
                      dump: String? = nil) throws -> Result {
        var result = Result()
        for direction in directions {
            let book = try whiteBook(effect, view: direction.viewSize(ofCanonical: canonical), layout: layout, direction: direction)
            for placement in placements {
                for leaf in leaves {
                    for progress in progresses {
                        try book.setLeaves([BookLeaf(index: leaf, progress: progress)], opening: leaf)
                        let image = try render(book, at: placement, antialiasing: antialiasing)
                        let (count, first) = cracks(image)
                        result.frames += 1
                        result.cracks += count
                        let pose = "\(effect.name) \(layout) \(direction) \(antialiasing) at \(placement), leaf \(leaf) at \(progress)"
                        if count > result.worst.count { result.worst = (count, pose, first) }
                        if count > 0, let dump {
                            try? image.writePNG(path: "\(dump)/\(effect.name)-\(layout)-\(direction)-\(antialiasing)-\(placement.x)-\(placement.y)-\(placement.zoom)-\(leaf)-\(progress).png")
                        }
                    }
                }
            }
        }
        return result
    }

    /// Placements off the pixel grid: fractional offsets at zooms 1.37 and 2.
    static let placements = [Placement(x: 0.3, y: 0.7, zoom: 1.37), Placement(x: 0.25, y: 0.125, zoom: 2)]
    /// Mid-turn poses and leaves landing (the last 0.1% of a turn).
    static let progresses = [0.3, 0.7, 0.999, 0.9995, 0.9999]

    /// The sweep for one effect: both layouts, every reading direction, analytic, MSAA and
    /// border antialiasing, `placements`, leaves 0 and 1 at `progresses` — 360 frames of a
    /// 180×120 book (at most 362×242 pixels), each finding no crack pixel.
    ///
    /// `known` bounds the cracks a mode is still allowed (an open defect, named where it is
    /// passed); every other mode must find none.
    func assertNoCracks(_ effect: any LeafEffect, known: [AntialiasingMode: Int] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        try MainActor.assumeIsolated {
            var total = Result()
            var byMode: [AntialiasingMode: Int] = [:]
            for layout in [BookLayout.spread, .single] {
                for mode in [AntialiasingMode.analytic, .msaa, .border] {
                    let r = try Self.sweep(effect, view: Size(width: 180, height: 120), layout: layout, directions: ReadingDirection.allCases,
                                           placements: Self.placements, leaves: [0, 1], progresses: Self.progresses, antialiasing: mode,
                                           dump: ProcessInfo.processInfo.environment["CRACK_DUMP"])
                    print("crack sweep \(effect.name) \(layout) \(mode): \(r.cracks) crack pixels in \(r.frames) frames\(r.cracks > 0 ? "; worst \(r.worst.count) at \(r.worst.pose)" : "")")
                    if known[mode] == nil {
                        XCTAssertEqual(r.cracks, 0, "\(r.cracks) crack pixels in \(r.frames) frames; worst \(r.worst.count) at \(r.worst.pose), first at \(r.worst.first)",
                                       file: file, line: line)
                    }
                    byMode[mode, default: 0] += r.cracks
                    total.frames += r.frames
                }
            }
            for (mode, bound) in known { XCTAssertLessThanOrEqual(byMode[mode] ?? 0, bound, "\(effect.name) \(mode)", file: file, line: line) }
            XCTAssertEqual(total.frames, 360, file: file, line: line)
        }
    }

    func testFlipLeavesShowNoCrackAtAnyPlacement() throws { try assertNoCracks(FlipLeafEffect()) }
    func testCurlLeavesShowNoCrackAtAnyPlacement() throws { try assertNoCracks(CurlLeafEffect()) }
    /// Not yet none: at progress 0.999 the fold's outgoing panels, folded into their valley,
    /// leave a notch under half a pixel wide at each end of the crease (real geometry, shown by
    /// an exact renderer at 53% coverage or more), and where the two panels' silhouettes face
    /// each other across it, each ramps its own part of the pixel and "over" composites the two
    /// disjoint parts as `a + b − ab` instead of `a + b`: 0.41 drawn for 0.55. MSAA, which
    /// resolves samples rather than coverages, finds none. The bound holds today's count
    /// (analytic 207, border 258 of 120 frames each) so that it can only fall.
    func testFoldLeavesShowNoCrackAtAnyPlacementButTheNotchAtTheCreasesEnds() throws {
        try assertNoCracks(FoldLeafEffect(), known: [.analytic: 207, .border: 258])
    }
    func testAccordionLeavesShowNoCrackAtAnyPlacement() throws { try assertNoCracks(AccordionLeafEffect()) }
}
