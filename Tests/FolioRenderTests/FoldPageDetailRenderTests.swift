import Foundation
import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
@testable import FolioRender
@testable import FolioBench

/// The fold's panels draw the tiles (page details) of the four pages they carry, where each
/// panel shows its part of the page, under its shadow, and nothing where no tile lies.
final class FoldPageDetailRenderTests: XCTestCase {
    /// Tiles 128 × 96 texels with 4-texel gutters, as `PageDetailRenderTests` cuts them.
    static let tile = (width: 128, height: 96, gutter: 4)
    /// How far in from a tile's edge its finer picture differs from the coarse level, in texels:
    /// the finer picture equals the coarse one in a band along each tile's edge, so a page
    /// drawn alone from the finer picture is continuous with the coarse level round every
    /// tile down to mipmap level 3 (8 texels), and only misplaced texels show.
    static let inset = 8

    /// Whether tile (column `i`, row `j`) is given as a detail: a checkerboard, so that every
    /// tile given has the coarse level beside it.
    static func isGiven(_ i: Int, _ j: Int) -> Bool { (i + j) % 2 == 0 }

    /// Page `page`'s finer picture, `width` × `height`: the coarse level (`coarse`) except in
    /// the inside of the tiles given, which show another ramp (page `(page + 3) mod 6`'s, its red and
    /// blue far from the coarse level's; `page` below 6).
    static func finer(page: Int, coarse: Image) -> Image {
        let (w, h) = (coarse.width, coarse.height)
        let other = PageDetailRenderTests.ramps(page: (page + 3) % 6, width: w, height: h)
        var bytes = coarse.pixels
        for y in 0..<h {
            for x in 0..<w {
                let (i, j) = (x / tile.width, y / tile.height)
                let (tx, ty) = (x - i * tile.width, y - j * tile.height)
                let (tw, th) = (min(tile.width, w - i * tile.width), min(tile.height, h - j * tile.height))
                guard isGiven(i, j), tx >= inset, ty >= inset, tx < tw - inset, ty < th - inset else { continue }
                let k = (y * w + x) * 4
                bytes.replaceSubrange(k..<k + 4, with: other.pixels[k..<k + 4])
            }
        }
        return Image(width: w, height: h, pixels: bytes)!
    }

    /// The edges of every evaluated polygon under `root` but details and shadows: the panels'
    /// and pages' outlines, where a detail reaching them draws the edge's coverage a second
    /// time (docs/reader.md).
    static func outlines(_ root: Layer) -> [(Point, Point)] {
        let e = LayerEvaluator()
        e.evaluate(root)
        var out: [(Point, Point)] = []
        for q in e.quads where q.isVisible && !q.layer.name.hasSuffix(".detail") && !q.layer.name.hasSuffix(".shadow") {
            let c = e.corners(of: q).map(\.point)
            for i in c.indices { out.append((c[i], c[(i + 1) % c.count])) }
        }
        return out
    }

    /// A fold in flight with a checkerboard of tiles on each of the four pages it carries
    /// (pages 1 and 2 folding away, 3 and 4 coming in), the coarse level under them: the
    /// frame equals the same fold drawn from the pages' finer pictures alone — each tile's
    /// texels exactly where its panel shows that part of the page, the coarse level between
    /// them — within 2/255 away from the panels' outlines, folding and unfolding, lit and
    /// unlit with the panels' shadows, in both layouts, every reading direction, analytic and
    /// multisampled antialiasing. Without the panels' details (before) the inside of every
    /// tile showed the coarse level: thousands of channels off by up to 255.
    func testTheFoldsPanelsShowTheirPagesTilesWhereTheyFold() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil }
            var compared = 0, worst = 0, beforeWorst = (count: 0, largest: 0)
            for layout in [BookLayout.spread, .single] {
                for direction in ReadingDirection.allCases {
                    let canonical = layout == .spread ? Size(width: 640, height: 400) : Size(width: 360, height: 400)
                    let view = direction.viewSize(ofCanonical: canonical)
                    let page = layout == .spread ? direction.viewSize(ofCanonical: Size(width: 320, height: 400)) : view
                    let (pw, ph) = (Int(page.width), Int(page.height))
                    var coarse: [Image] = [], fine: [Image] = []
                    var details: [Int: [PageDetail]] = [:]
                    var handle = 3000
                    for p in 0..<6 {
                        coarse.append(PageDetailRenderTests.ramps(page: p, width: pw, height: ph))
                        fine.append(Self.finer(page: p, coarse: coarse[p]))
                        for t in PageDetailRenderTests.tiles(of: fine[p], width: Self.tile.width, height: Self.tile.height, gutter: Self.tile.gutter) {
                            let i = Int((t.rect.minX * Double(pw)).rounded()) / Self.tile.width
                            let j = Int((t.rect.minY * Double(ph)).rounded()) / Self.tile.height
                            guard Self.isGiven(i, j) else { continue }
                            try r.renderer.setImage(t.image, for: ContentHandle(handle))
                            details[p, default: []].append(PageDetail(rect: t.rect, handle: ContentHandle(handle), contentsRect: t.contentsRect))
                            handle += 1
                        }
                    }
                    for style in [FoldStyle(), .unfold] {
                        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction,
                                                                                          effect: FoldLeafEffect(style: style)))
                        @MainActor func show(_ images: [Image]) throws {
                            for p in 0..<6 { try r.renderer.setImage(images[p], for: book.handle(forPage: p)) }
                        }
                        for (progress, lit) in [(0.25, false), (0.6, true)] {
                            book.isLit = lit
                            r.renderer.light = lit ? .standard : nil
                            try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                            for aa in [AntialiasingMode.analytic, .msaa] {
                                let what = "\(layout) \(direction) \(style.contains(.unfold) ? "unfold" : "fold") \(progress) lit \(lit) \(aa)"
                                book.pageDetails = [:]
                                try show(fine)
                                let expected = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                                try show(coarse)
                                let plain = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                                book.pageDetails = details
                                XCTAssertGreaterThan(PageDetailRenderTests.detailQuads(book.root, prefix: ""), 3, "\(what): the panels draw details")
                                let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                                let outlines = Self.outlines(book.root)
                                let d = PageDetailRenderTests.differencesAwayFrom(outlines, expected, tiled)
                                XCTAssertEqual(d.count, 0, "\(what): \(d.count) channels differ by more than 2 from the finer pictures, up to \(d.largest) at \(d.at)")
                                XCTAssertLessThanOrEqual(d.largest, 2, "\(what)")
                                worst = max(worst, d.largest)
                                if d.count > 0, let dump = ProcessInfo.processInfo.environment["TILE_DUMP"] {
                                    let name = "\(dump)/\(layout)-\(direction)-\(style.rawValue)-\(progress)-\(aa)"
                                    try expected.writePNG(path: name + "-expected.png")
                                    try tiled.writePNG(path: name + "-tiled.png")
                                }
                                // The tiles do show: the coarse level alone differs from them.
                                let shown = PageDetailRenderTests.differencesAwayFrom(outlines, plain, tiled)
                                XCTAssertGreaterThan(shown.count, 2_000, "\(what): the tiles change the frame")
                                // Before, the fold drew no details: its frame was `plain`.
                                let before = PageDetailRenderTests.differencesAwayFrom(outlines, expected, plain)
                                beforeWorst = (max(beforeWorst.count, before.count), max(beforeWorst.largest, before.largest))
                                compared += 1
                            }
                        }
                    }
                }
            }
            print("fold tiles: \(compared) frames, largest difference away from outlines \(worst); without the panels' details up to \(beforeWorst.count) channels, by up to \(beforeWorst.largest)")
            XCTAssertEqual(compared, 2 * 3 * 2 * 2 * 2)
        }
    }

    /// Under the paper light a panel's shadow is drawn inside the panel's pass and inside each
    /// of its tiles' (`DrawList+DetailOverlays.swift`): lit as one with what it darkens, as on
    /// the panel without tiles. Drawn on its own after the tiles (`mergesDetailOverlays` off,
    /// as before), the lit panel was clipped at 1 before the shadow darkened it, and along each
    /// tile's edge, where the tile's ramp lets the panel show, a top-to-bottom book unfolding
    /// at 0.6 came out up to 12/255 darker than the page drawn alone (8,379 channels over 2).
    func testAPanelsShadowIsLitWithItsTilesAsWithThePanel() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil; r.renderer.list.mergesDetailOverlays = true }
            let direction = ReadingDirection.topToBottom
            let view = direction.viewSize(ofCanonical: Size(width: 640, height: 400))
            let page = direction.viewSize(ofCanonical: Size(width: 320, height: 400))
            let (pw, ph) = (Int(page.width), Int(page.height))
            var coarse: [Image] = [], fine: [Image] = []
            var details: [Int: [PageDetail]] = [:]
            var handle = 3500
            for p in 0..<6 {
                coarse.append(PageDetailRenderTests.ramps(page: p, width: pw, height: ph))
                fine.append(Self.finer(page: p, coarse: coarse[p]))
                for t in PageDetailRenderTests.tiles(of: fine[p], width: Self.tile.width, height: Self.tile.height, gutter: Self.tile.gutter) {
                    let i = Int((t.rect.minX * Double(pw)).rounded()) / Self.tile.width
                    let j = Int((t.rect.minY * Double(ph)).rounded()) / Self.tile.height
                    guard Self.isGiven(i, j) else { continue }
                    try r.renderer.setImage(t.image, for: ContentHandle(handle))
                    details[p, default: []].append(PageDetail(rect: t.rect, handle: ContentHandle(handle), contentsRect: t.contentsRect))
                    handle += 1
                }
            }
            let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction,
                                                                              effect: FoldLeafEffect(style: .unfold)))
            book.isLit = true
            r.renderer.light = .standard
            var found: [(count: Int, largest: Int)] = []
            for progress in [0.5, 0.6, 0.7] {
                try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                book.pageDetails = [:]
                for p in 0..<6 { try r.renderer.setImage(fine[p], for: book.handle(forPage: p)) }
                let expected = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
                for p in 0..<6 { try r.renderer.setImage(coarse[p], for: book.handle(forPage: p)) }
                book.pageDetails = details
                for merges in [false, true] {
                    r.renderer.list.mergesDetailOverlays = merges
                    let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
                    let d = PageDetailRenderTests.differencesAwayFrom(Self.outlines(book.root), expected, tiled)
                    print("lit fold tiles at unfold \(progress), shadow \(merges ? "merged into the tiles" : "drawn alone"): \(d.count) channels over 2, up to \(d.largest)")
                    if merges {
                        XCTAssertEqual(d.count, 0, "unfold \(progress): up to \(d.largest) at \(d.at)")
                    } else {
                        found.append((d.count, d.largest))
                    }
                }
            }
            XCTAssertGreaterThan(found.map(\.largest).max() ?? 0, 2, "the measure sees the shadow drawn alone")
        }
    }

    /// White tiles on white pages on a black stage, off the pixel grid (the crack sweep's
    /// placements, zooms 1.37 and 2): no pixel cracks where a tile meets its neighbour, the
    /// coarse level beside it or its panel's edge, mid-fold and landing (the criterion of
    /// `CrackSweepTests`), in analytic and border antialiasing.
    func testTheFoldsTilesOpenNoCrackOffThePixelGrid() throws {
        try MainActor.assumeIsolated {
            let (cracks, frames, worst) = try CrackSweepTests.tileCrackSweep(FoldLeafEffect(), handle: ContentHandle(3900))
            print("fold tiles crack sweep: \(cracks) crack pixels in \(frames) frames\(worst)")
            XCTAssertEqual(cracks, 0, worst)
            XCTAssertEqual(frames, 2 * 2 * 2 * 3)
        }
    }

    /// Posing a fold whose four panels carry twelve tiles each (the book's per-frame work for
    /// a leaf in flight) takes no more heap allocations per frame than posing it without
    /// tiles: the detail layers are made when the details change, never per frame. (The
    /// evaluation and the draw are the same code for a detail as for any flat sublayer; their
    /// allocations are measured by `folio bench` in a release build.)
    func testPosingAFoldWithTilesAllocatesNoMoreThanWithout() throws {
        // The package's test binary links the interposed allocator: a count that does not move is
        // a broken harness, not a reason to pass.
        guard AllocationCounter.isActive else { return XCTFail("the allocation counter is not interposed in this process") }
        try MainActor.assumeIsolated {
            let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: Size(width: 640, height: 400), effect: FoldLeafEffect()))
            let tiles = (0..<12).map { k in
                PageDetail(rect: Rect(x: Double(k % 4) / 4, y: Double(k / 4) / 3, width: 0.25, height: 1.0 / 3), handle: ContentHandle(3950))
            }
            var perFrame: [Double] = []
            for withTiles in [false, true] {
                book.pageDetails = withTiles ? Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, tiles) }) : [:]
                var leaves = [BookLeaf(index: 1, progress: 0.3)]
                try book.setLeaves(leaves, opening: 1)
                let drawn = PageDetailRenderTests.detailQuads(book.root, prefix: "")
                XCTAssertTrue(withTiles ? drawn > 0 : drawn == 0, "\(drawn) details drawn")
                var k = 0
                perFrame.append(AllocationCounter.perCall(iterations: 40) {
                    k += 1
                    leaves[0].progress = k % 2 == 0 ? 0.3 : 0.6
                    try? book.setLeaves(leaves, opening: 1)
                })
            }
            print("posing a fold: \(perFrame[0]) heap allocations per frame without tiles, \(perFrame[1]) with 48")
            XCTAssertLessThanOrEqual(perFrame[1], perFrame[0], "tiles on the fold's panels allocate nothing per frame")
        }
    }
}
