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
    /// tile showed the coarse level: thousands of channels off by up to 255. Lit at 0.25 the
    /// leaf casts its shadow on the raised panel under it, tiles and all
    /// (`testARaisedPanelsCastShadowFallsOnItsTilesToo`).
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
                        for (progress, lit) in [(0.25, false), (0.25, true), (0.6, true)] {
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
            XCTAssertEqual(compared, 2 * 3 * 2 * 3 * 2)
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

    /// A book of six ramp pages whose four pages around the opening carry a checkerboard of
    /// tiles (`finer`), posed with `leaves` under the paper light with cast shadows: the tiled
    /// frame against the same frame drawn from the pages' finer pictures alone, away from the
    /// outlines, with the receivers' passes drawn over their details (`shades`) or not (as
    /// before). Also how many channels the shadows change over the tiled frame unshadowed.
    @MainActor
    static func litTiledDifference(effect: any LeafEffect, direction: ReadingDirection, leaves: [BookLeaf], opening: Int,
                                   shades: Bool, handles: Int, wholePages: Bool = false) throws -> (count: Int, largest: Int, at: (Int, Int), shadowed: Int) {
        let r = SharedRenderer.offscreen
        defer { r.renderer.light = nil; r.renderer.castsShadows = true; r.renderer.list.shadesReceiverDetails = true }
        let view = direction.viewSize(ofCanonical: Size(width: 640, height: 400))
        let page = direction.viewSize(ofCanonical: Size(width: 320, height: 400))
        let (pw, ph) = (Int(page.width), Int(page.height))
        var coarse: [Image] = [], fine: [Image] = []
        var details: [Int: [PageDetail]] = [:]
        var handle = handles
        for p in 0..<6 {
            coarse.append(PageDetailRenderTests.ramps(page: p, width: pw, height: ph))
            fine.append(finer(page: p, coarse: coarse[p]))
            if wholePages {
                // One detail over most of the page (short of its outline, where a detail counts
                // the edge twice, docs/reader.md): its pieces repeat the outlines of the
                // patches inside it.
                try r.renderer.setImage(fine[p], for: ContentHandle(handle))
                // 4 texels in from each side: the finer picture equals the coarse level there.
                let most = Rect(x: 4 / Double(pw), y: 4 / Double(ph), width: 1 - 8 / Double(pw), height: 1 - 8 / Double(ph))
                details[p] = [PageDetail(rect: most, handle: ContentHandle(handle), contentsRect: most)]
                handle += 1
                continue
            }
            for t in PageDetailRenderTests.tiles(of: fine[p], width: tile.width, height: tile.height, gutter: tile.gutter) {
                let i = Int((t.rect.minX * Double(pw)).rounded()) / tile.width
                let j = Int((t.rect.minY * Double(ph)).rounded()) / tile.height
                guard isGiven(i, j) else { continue }
                try r.renderer.setImage(t.image, for: ContentHandle(handle))
                details[p, default: []].append(PageDetail(rect: t.rect, handle: ContentHandle(handle), contentsRect: t.contentsRect))
                handle += 1
            }
        }
        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction, effect: effect))
        book.isLit = true
        r.renderer.light = .standard
        r.renderer.list.shadesReceiverDetails = shades
        try book.setLeaves(leaves, opening: opening)
        book.pageDetails = [:]
        for p in 0..<6 { try r.renderer.setImage(fine[p], for: book.handle(forPage: p)) }
        let expected = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
        for p in 0..<6 { try r.renderer.setImage(coarse[p], for: book.handle(forPage: p)) }
        book.pageDetails = details
        let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
        r.renderer.castsShadows = false
        let unshadowed = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
        let outlines = outlines(book.root)
        let d = PageDetailRenderTests.differencesAwayFrom(outlines, expected, tiled)
        if let dump = ProcessInfo.processInfo.environment["TILE_DUMP"] {
            let name = "\(dump)/lit-\(type(of: effect))-\(leaves.map(\.progress))-\(shades ? "over" : "under")"
            try expected.writePNG(path: name + "-expected.png")
            try tiled.writePNG(path: name + "-tiled.png")
        }
        return (d.count, d.largest, d.at, PageDetailRenderTests.differencesAwayFrom(outlines, unshadowed, tiled).count)
    }

    /// Lit, a top-to-bottom book unfolding at 0.25 casts the leaf's shadow on the raised lower
    /// panel, whose top row of tiles lies in it: the tiled frame equals the page drawn from its
    /// finer picture within 2/255 away from outlines. The receiver's pass is drawn after the
    /// panel's tiles, over them (`DrawList.lastDetail(after:)`). Drawn right after the panel,
    /// as before (`shadesReceiverDetails` off), the tiles covered it: up to 40/255 lighter.
    func testARaisedPanelsCastShadowFallsOnItsTilesToo() throws {
        try MainActor.assumeIsolated {
            var before: [(count: Int, largest: Int)] = []
            let direction = ReadingDirection.topToBottom
            for progress in [0.15, 0.25] {
                for shades in [false, true] {
                    let d = try Self.litTiledDifference(effect: FoldLeafEffect(style: .unfold), direction: direction,
                                                        leaves: [BookLeaf(index: 1, progress: progress)], opening: 1,
                                                        shades: shades, handles: 3600)
                    print("lit fold tiles, \(direction) unfold \(progress), receiver's pass \(shades ? "over its tiles" : "under its tiles (before)"): \(d.count) channels over 2, up to \(d.largest); the shadows change \(d.shadowed)")
                    XCTAssertGreaterThan(d.shadowed, 1_000, "\(progress): the leaf casts a shadow on the panels")
                    // The same under OpenGL ES 3.0: its shader adds the uploads' level-of-detail
                    // bias (Shaders/quad.frag). Without it the deeper pose's tiles, minified in the
                    // fold's band, sampled mipmap levels past those their gutter keeps on the page's
                    // grid: 1,701 channels over 2, up to 7, along their edges.
                    if shades {
                        XCTAssertEqual(d.count, 0, "\(progress): \(d.count) channels over 2, up to \(d.largest) at \(d.at)")
                    } else {
                        before.append((d.count, d.largest))
                    }
                }
            }
            XCTAssertGreaterThan(before.map(\.largest).max() ?? 0, 2, "the measure sees the pass under the tiles")
        }
    }

    /// Building the draw list of a lit fold whose raised panel takes the leaf's shadow over its
    /// tiles (the pass after the tiles, over the panel's whole outline) takes no more heap
    /// allocations per frame than with the pass under the tiles, as before: the pass's polygon
    /// is cut in the list's reused buffers. (The list is what changes; the GL submission of a
    /// pass is the same draw either way.)
    func testBuildingTheReceiversPassOverItsTilesAllocatesNothingMore() throws {
        guard AllocationCounter.isActive else { return XCTFail("the allocation counter is not interposed in this process") }
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil; r.renderer.list.shadesReceiverDetails = true }
            let direction = ReadingDirection.topToBottom
            let view = direction.viewSize(ofCanonical: Size(width: 640, height: 400))
            let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction,
                                                                              effect: FoldLeafEffect(style: .unfold)))
            let tiles = (0..<12).map { k in
                PageDetail(rect: Rect(x: Double(k % 4) / 4 + 0.02, y: Double(k / 4) / 3 + 0.02, width: 0.2, height: 0.28), handle: ContentHandle(3960))
            }
            try r.renderer.setImage(TestPages.solid((200, 180, 160), width: 64, height: 64), for: ContentHandle(3960))
            for p in 0..<6 { try r.renderer.setImage(TestPages.solid((230, 220, 200), width: 64, height: 64), for: book.handle(forPage: p)) }
            book.pageDetails = Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, tiles) })
            book.isLit = true
            r.renderer.light = .standard
            var perFrame: [Double] = []
            for shades in [false, true] {
                r.renderer.list.shadesReceiverDetails = shades
                let evaluators = [LayerEvaluator(), LayerEvaluator()]
                for (e, progress) in zip(evaluators, [0.2, 0.25]) {
                    try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                    e.evaluate(book.root)
                }
                r.renderer.prepare(evaluators[1], scale: 1, pixelWidth: Int(view.width), pixelHeight: Int(view.height))
                let passes = r.renderer.list.castShadow.passes.filter { $0.casterSlots > 0 }
                XCTAssertGreaterThan(passes.count, 0, "the panel takes a pass")
                var k = 0
                perFrame.append(AllocationCounter.perCall(warmUp: 6, iterations: 20) {
                    k += 1
                    r.renderer.prepare(evaluators[k % 2], scale: 1, pixelWidth: Int(view.width), pixelHeight: Int(view.height))
                })
            }
            print("building a lit tiled fold's draw list: \(perFrame[0]) heap allocations per frame with the pass under the tiles, \(perFrame[1]) over them")
            XCTAssertLessThanOrEqual(perFrame[1], perFrame[0], "the pass over the tiles allocates nothing per frame")
        }
    }

    /// Without page details nothing changes: the lit fold, two flip leaves and two curl leaves
    /// whose lower leaf takes the upper one's shadow draw the same bytes with the same number
    /// of draws whether or not the receivers' passes look for details (`shadesReceiverDetails`).
    func testWithoutDetailsTheReceiversPassesDrawAsBefore() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil; r.renderer.list.shadesReceiverDetails = true }
            let view = Size(width: 640, height: 400)
            let poses: [(any LeafEffect, ReadingDirection, [BookLeaf])] = [
                (FoldLeafEffect(style: .unfold), .topToBottom, [BookLeaf(index: 1, progress: 0.25)]),
                (FlipLeafEffect(), .leftToRight, [BookLeaf(index: 1, progress: 0.3), BookLeaf(index: 2, progress: 0.15)]),
                (CurlLeafEffect(), .leftToRight, [BookLeaf(index: 1, progress: 0.45), BookLeaf(index: 2, progress: 0.3)]),
            ]
            for (effect, direction, leaves) in poses {
                let size = direction.viewSize(ofCanonical: view)
                let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: size, layout: .spread, direction: direction, effect: effect))
                for p in 0..<6 {
                    try r.renderer.setImage(PageDetailRenderTests.ramps(page: p, width: Int(size.width / 2), height: Int(size.height)),
                                            for: book.handle(forPage: p))
                }
                book.isLit = true
                r.renderer.light = .standard
                try book.setLeaves(leaves, opening: 1)
                var images: [Image] = [], draws: [Int] = [], passes: [Int] = []
                for shades in [false, true] {
                    r.renderer.list.shadesReceiverDetails = shades
                    images.append(try r.render(book.root, size: size, scale: 1, antialiasing: .analytic, background: .white))
                    draws.append(r.renderer.lastFrame.drawCalls)
                    passes.append(r.renderer.list.castShadow.passes.filter { $0.casterSlots > 0 }.count)
                }
                print("\(type(of: effect)) without details: \(passes[1]) receiver passes, \(draws[1]) draws either way: \(images[0].pixels == images[1].pixels ? "same bytes" : "different bytes")")
                XCTAssertGreaterThan(passes[1], 0, "\(type(of: effect)): a leaf takes another's shadow")
                XCTAssertEqual(draws[0], draws[1], "\(type(of: effect))")
                XCTAssertEqual(passes[0], passes[1], "\(type(of: effect))")
                XCTAssertTrue(images[0].pixels == images[1].pixels, "\(type(of: effect)): the same bytes")
            }
        }
    }

    /// Two flip leaves in flight, the upper one casting on the lower one, which carries tiles
    /// (a raised receiver that is a flat leaf, `RECEIVER_CASTERS`): lit, the tiled frame equals
    /// the leaves drawn from their finer pictures within 2/255 away from outlines.
    func testAFlipLeafInFlightTakesAnotherLeafsShadowOnItsTiles() throws {
        try MainActor.assumeIsolated {
            for shades in [false, true] {
                let d = try Self.litTiledDifference(effect: FlipLeafEffect(), direction: .leftToRight,
                                                    leaves: [BookLeaf(index: 1, progress: 0.3), BookLeaf(index: 2, progress: 0.15)], opening: 1,
                                                    shades: shades, handles: 3700)
                print("lit flip tiles, two leaves at 0.3 and 0.15, receiver's pass \(shades ? "over its tiles" : "under its tiles (before)"): \(d.count) channels over 2, up to \(d.largest); the shadows change \(d.shadowed)")
                XCTAssertGreaterThan(d.shadowed, 1_000, "the upper leaf casts a shadow")
                if shades { XCTAssertEqual(d.count, 0, "\(d.count) channels over 2, up to \(d.largest) at \(d.at)") }
            }
        }
    }

    /// Two curl leaves in flight, the upper one casting on the lower one's curved sheet, which
    /// carries tiles (`SurfaceDetailLayers`, the curved receivers' passes): lit, the tiled
    /// frame equals the leaves drawn from their finer pictures within 2/255 away from outlines.
    /// The pass covers each patch carrying pieces once, by its outline; drawn over the patch's
    /// triangles and its pieces' as well (`shadesReceiverDetails` off, as before), it darkened
    /// twice where a piece's triangles overlap its patch's: up to 16/255 at 0.45 and 0.3, 18
    /// with one detail over most of each page. Over the patches' triangles alone (the pieces
    /// skipped) that last pose lost the shadow where a piece hid its patch: 235 channels, up
    /// to 19.
    func testACurlLeafInFlightTakesAnotherLeafsShadowOnItsTiles() throws {
        try MainActor.assumeIsolated {
            var before = 0
            for (upper, lower) in [(0.45, 0.3), (0.6, 0.35), (0.55, 0.4)] {
                for shades in [false, true] {
                    let d = try Self.litTiledDifference(effect: CurlLeafEffect(), direction: .leftToRight,
                                                        leaves: [BookLeaf(index: 1, progress: upper), BookLeaf(index: 2, progress: lower)], opening: 1,
                                                        shades: shades, handles: 3800)
                    print("lit curl tiles, two leaves at \(upper) and \(lower), \(shades ? "patches' outlines" : "patches' and pieces' triangles (before)"): \(d.count) channels over 2, up to \(d.largest) at \(d.at); the shadows change \(d.shadowed)")
                    XCTAssertGreaterThan(d.shadowed, 500, "\(upper), \(lower): the upper leaf casts a shadow")
                    if shades {
                        XCTAssertEqual(d.count, 0, "\(upper), \(lower): \(d.count) channels over 2, up to \(d.largest) at \(d.at)")
                    } else {
                        before = max(before, d.largest)
                    }
                }
            }
            XCTAssertGreaterThan(before, 2, "the measure sees the pieces darkened twice")
            // One detail over most of each page: the pieces repeat the patches inside it, which
            // an opaque piece may then hide whole.
            for shades in [false, true] {
                let d = try Self.litTiledDifference(effect: CurlLeafEffect(), direction: .leftToRight,
                                                    leaves: [BookLeaf(index: 1, progress: 0.45), BookLeaf(index: 2, progress: 0.3)], opening: 1,
                                                    shades: shades, handles: 3850, wholePages: true)
                print("lit curl, one detail over most of each page, two leaves at 0.45 and 0.3, \(shades ? "patches' outlines" : "patches' and pieces' triangles (before)"): \(d.count) channels over 2, up to \(d.largest) at \(d.at); the shadows change \(d.shadowed)")
                if shades { XCTAssertEqual(d.count, 0, "whole pages: \(d.count) channels over 2, up to \(d.largest) at \(d.at)") }
            }
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
