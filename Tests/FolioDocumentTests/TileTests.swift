import Testing
@testable import FolioDocument

/// Tiles of zoomed pages: the planner's levels, grids and bytes; a region rendered by each
/// source and by the layout equals the same pixels cut from the whole page.
@Suite struct TileTests {
    /// The largest difference of any channel between two bitmaps of one size.
    static func maximumDifference(_ a: PageBitmap, _ b: PageBitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return .max }
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    /// The largest channel difference, the mean one, and how many channels differ by more than 2.
    static func difference(_ a: PageBitmap, _ b: PageBitmap) -> (maximum: Int, mean: Double, off: Int) {
        guard a.width == b.width, a.height == b.height else { return (.max, .infinity, .max) }
        var worst = 0, sum = 0, off = 0
        for i in a.pixels.indices {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            worst = max(worst, d); sum += d
            if d > 2 { off += 1 }
        }
        return (worst, Double(sum) / Double(max(1, a.pixels.count)), off)
    }

    @Test func theLevelIsTheSmallestPowerOfTwoAtLeastAsSharpCapped() {
        let planner = TilePlanner(maximumLevel: 3)
        #expect([0.5, 1, 1.01, 1.5625, 2, 2.0000000001, 3, 4, 7.9, 8, 20, .nan, .infinity].map(planner.level(forScale:)) == [0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3, 0, 0])
        #expect(TilePlanner(maximumLevel: 99).maximumLevel == 8 && TilePlanner(maximumLevel: 0).maximumLevel == 1)
    }

    @Test func tilesCoverTheVisiblePartAndNoMore() {
        let planner = TilePlanner(side: .small)
        // A 600 × 800 page at 2×: a 1,200 × 1,600 raster, 5 × 7 tiles of 256 (the last narrower).
        let all = planner.tiles(page: 4, fitWidth: 600, fitHeight: 800, scale: 2, visible: (0, 0, 1, 1))
        #expect(all.count == 35 && all.allSatisfy { $0.key.level == 1 && $0.key.page == 4 && $0.rasterWidth == 1200 && $0.rasterHeight == 1600 })
        #expect(all.last!.region == PixelRegion(x: 1024, y: 1536, width: 176, height: 64))
        #expect(all.reduce(0) { $0 + $1.region.width * $1.region.height } == 1200 * 1600, "the tiles cut the raster exactly")
        // The visible quarter in the middle: raster x 300…900, y 400…1200 → columns 1…3, rows 1…4.
        let middle = planner.tiles(page: 4, fitWidth: 600, fitHeight: 800, scale: 1.8, visible: (0.25, 0.25, 0.5, 0.5))
        #expect(Set(middle.map { $0.key.column }) == [1, 2, 3] && Set(middle.map { $0.key.row }) == [1, 2, 3, 4])
        for tile in middle {
            let (x, y) = (tile.unitX, tile.unitY)
            #expect(x < 0.75 && x + tile.unitWidth > 0.25 && y < 0.75 && y + tile.unitHeight > 0.25, "\(tile.key) overlaps the view")
        }
        // Nothing to tile at 1× or for an empty view; a view past the page is cut to it.
        #expect(planner.tiles(page: 0, fitWidth: 600, fitHeight: 800, scale: 1, visible: (0, 0, 1, 1)).isEmpty)
        #expect(planner.tiles(page: 0, fitWidth: 600, fitHeight: 800, scale: 4, visible: (0.2, 0.2, 0, 0.5)).isEmpty)
        #expect(planner.tiles(page: 0, fitWidth: 600, fitHeight: 800, scale: 2, visible: (-5, -5, 10, 10)).count == 35)
    }

    /// The case: an A4 page fitted 1,200 pixels high, at 8×: the whole page would be
    /// hundreds of megabytes; the tiles a 1,600 × 1,200 view shows are a few.
    @Test func theBytesOfAViewsTilesAreBoundedByTheViewNotTheZoom() {
        let planner = TilePlanner(side: .large)
        let fit = (width: 849, height: 1200)
        let whole = TilePlanner.wholePageBytes(fitWidth: fit.width, fitHeight: fit.height, level: 3)
        #expect(whole > 250_000_000)
        // At 8× the view (1,600 × 1,200 pixels) sees 1/8 of the page's height and 1,600/6,792 of its width.
        for scale in [2.0, 3.0, 5.0, 8.0] {
            let level = planner.level(forScale: scale)
            let w = Double(fit.width) * scale, h = Double(fit.height) * scale
            let visible = (x: 0.3, y: 0.4, width: min(1, 1600 / w), height: min(1, 1200 / h))
            let tiles = planner.tiles(page: 0, fitWidth: fit.width, fitHeight: fit.height, scale: scale, visible: visible)
            let bytes = tiles.reduce(0) { $0 + $1.bytes }
            // The view at the level: at most 2× its pixels a side, plus a tile's overlap each way.
            let lw = 1600 * Double(1 << level) / scale, lh = 1200 * Double(1 << level) / scale
            let side = 512 + 2 * planner.gutter
            let bound = (Int((lw / 512).rounded(.up)) + 1) * (Int((lh / 512).rounded(.up)) + 1) * side * side * 4
            #expect(bytes <= bound, "×\(scale): \(bytes) bytes in \(tiles.count) tiles")
            #expect(bytes <= 40 << 20, "×\(scale): \(bytes) bytes")
        }
    }

    /// Each tile's bitmap holds its region and 4 pixels more on every side where the page goes
    /// on, its contents rectangle names the region inside it, and every region of the grid is
    /// still cut exactly once; a key outside the grid names no tile.
    @Test func tilesCarryAGutterOfTheirNeighboursPixels() throws {
        let planner = TilePlanner(side: .small)
        #expect(planner.gutter == 4)
        #expect(TilePlanner(gutter: -3).gutter == 0 && TilePlanner(gutter: 1000).gutter == 64)
        // 600 × 800 at level 1: 1,200 × 1,600, 5 × 7 tiles of 256.
        let all = planner.tiles(page: 2, fitWidth: 600, fitHeight: 800, scale: 2, visible: (0, 0, 1, 1))
        for tile in all {
            let r = tile.region, g = tile.raster
            #expect(g.x == max(0, r.x - 4) && g.y == max(0, r.y - 4), "\(tile.key)")
            #expect(g.x + g.width == min(1200, r.x + r.width + 4) && g.y + g.height == min(1600, r.y + r.height + 4), "\(tile.key)")
            // The region inside the bitmap, as fractions of it.
            let c = tile.contentsRect
            #expect(abs(c.x * Double(g.width) - Double(r.x - g.x)) < 1e-9 && abs(c.width * Double(g.width) - Double(r.width)) < 1e-9)
            #expect(abs(c.y * Double(g.height) - Double(r.y - g.y)) < 1e-9 && abs(c.height * Double(g.height) - Double(r.height)) < 1e-9)
            #expect(tile.bytes == g.width * g.height * 4)
            #expect(planner.tile(tile.key, fitWidth: 600, fitHeight: 800) == tile)
        }
        #expect(all.first!.raster == PixelRegion(x: 0, y: 0, width: 260, height: 260))
        #expect(all.last!.raster == PixelRegion(x: 1020, y: 1532, width: 180, height: 68))
        #expect(all.reduce(0) { $0 + $1.region.width * $1.region.height } == 1200 * 1600)
        #expect(planner.tile(TilePlanner.Key(page: 2, level: 1, column: 5, row: 0), fitWidth: 600, fitHeight: 800) == nil)
        #expect(planner.tile(TilePlanner.Key(page: 2, level: 0, column: 0, row: 0), fitWidth: 600, fitHeight: 800) == nil)
        #expect(planner.tile(TilePlanner.Key(page: 2, level: 1, column: -1, row: 0), fitWidth: 600, fitHeight: 800) == nil)
    }

    @Test func aKeyPacksIntoOneIntegerAndBack() {
        for key in [TilePlanner.Key(page: 0, level: 1, column: 0, row: 0), TilePlanner.Key(page: 99_999, level: 3, column: 41, row: 17),
                    TilePlanner.Key(page: (1 << 24) - 1, level: 15, column: (1 << 15) - 1, row: (1 << 15) - 1)] {
            let packed = try! #require(key.packed)
            #expect(packed >= 1 << 60 && TilePlanner.Key(packed: packed) == key)
        }
        #expect(TilePlanner.Key(page: 1 << 24, level: 1, column: 0, row: 0).packed == nil)
        #expect(TilePlanner.Key(packed: 12) == nil, "a page index is not a tile")
    }

    @Test func aRegionRequestCarriesItsFourIntegersAndNothingElse() {
        let r = PixelRegion(x: 16000, y: 7, width: 512, height: 300)
        #expect(WorkerProtocol.region(fromText: WorkerProtocol.regionText(r)) == r)
        #expect(WorkerProtocol.region(fromText: Array(WorkerProtocol.regionText(r).dropLast())) == nil, "a short text is refused")
        #expect(WorkerProtocol.region(fromText: []) == nil)
        #expect(!PixelRegion(x: 0, y: 0, width: 0, height: 5).fits(width: 10, height: 10) && !PixelRegion(x: -1, y: 0, width: 5, height: 5).fits(width: 10, height: 10))
        #expect(PixelRegion(x: 5, y: 5, width: 5, height: 5).fits(width: 10, height: 10) && !PixelRegion(x: 6, y: 5, width: 5, height: 5).fits(width: 10, height: 10))
    }

    /// Pages with fine detail (a gradient and a checkerboard) at any size.
    final class DetailSource: PageSource, @unchecked Sendable {
        let pageSizes: [PageSize]
        var pageCount: Int { pageSizes.count }
        init(_ sizes: [PageSize]) { pageSizes = sizes }
        func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
            var b = PageBitmap(width: width, height: height, fill: (0, 0, 0, 255))
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    b.pixels[i] = UInt8(x * 255 / max(1, width - 1)); b.pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
                    b.pixels[i + 2] = (x / 3 + y / 3) % 2 == 0 ? 255 : 0
                }
            }
            return b
        }
    }

    @Test func aLayoutsTileIsThePagesPixelsThere() throws {
        // A square page letterboxed in a portrait book, and a spread split across two slots.
        let source = DetailSource([PageSize(width: 100, height: 140), PageSize(width: 100, height: 100), PageSize(width: 200, height: 140)])
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .openings(firstPageAlone: true, rightToLeft: false))
        let (w, h) = (400, 560)
        for slot in layout.slots.indices {
            let whole = try layout.render(slot: slot, from: source, width: w, height: h, paper: (250, 250, 240))
            for region in [PixelRegion(x: 0, y: 0, width: 256, height: 256), PixelRegion(x: 256, y: 256, width: 144, height: 256),
                           PixelRegion(x: 100, y: 50, width: 300, height: 11), PixelRegion(x: 0, y: 512, width: 400, height: 48)] {
                let tile = try layout.renderTile(slot: slot, from: source, width: w, height: h, region: region, paper: (250, 250, 240))
                #expect(Self.maximumDifference(tile, whole.cropped(to: region)) == 0, "slot \(slot) \(region)")
            }
        }
        #expect(throws: DocumentError.invalidRegion(page: 0, region: PixelRegion(x: 300, y: 0, width: 256, height: 10), width: w, height: h)) {
            try layout.renderTile(slot: 0, from: source, width: w, height: h, region: PixelRegion(x: 300, y: 0, width: 256, height: 10))
        }
    }

    @Test func aPDFRegionIsTheSamePixelsAsTheWholePageThere() throws {
        let folder = TemporaryFolder()
        // Fine detail: thin strokes at odd angles, small filled shapes.
        let content = "0 0 1 rg 10 10 30 7 re f 1 0 0 RG 0.3 w 5 5 m 95 90 l S 0 0.5 0 RG 0.2 w 3 60 m 97 62 l S 0.2 0.2 0.2 rg 50 20 1.3 40 re f"
        let path = try folder.write("detail.pdf", TestPDF.make([.init(width: 100, height: 100, content: content)]))
        let source = try PDFDocumentSource(path: path)
        let whole = try source.render(page: 0, width: 1000, height: 1000)
        for region in [PixelRegion(x: 0, y: 0, width: 512, height: 512), PixelRegion(x: 512, y: 488, width: 488, height: 512),
                       PixelRegion(x: 333, y: 101, width: 77, height: 300)] {
            let tile = try source.render(page: 0, width: 1000, height: 1000, region: region, cancellation: nil)
            #expect(tile.width == region.width && tile.height == region.height)
            // cairo's coverage of a thin stroke is rounded relative to the surface's origin, so a
            // tile's edge pixels along a stroke may differ a little (here at most 17/255, in under
            // 1% of the channels); shapes and everything else are identical.
            let (d, mean, off) = Self.difference(tile, whole.cropped(to: region))
            #expect(d <= 32 && mean < 0.05 && off * 100 < tile.pixels.count, "\(region): max \(d), mean \(mean), \(off) channels off by more than 2")
        }
        // A raster past the limits on one bitmap (32,000² would be 4 GB) still gives its tiles.
        let far = try source.render(page: 0, width: 32000, height: 32000, region: PixelRegion(x: 16000, y: 16000, width: 256, height: 256), cancellation: nil)
        #expect(far.width == 256 && far.height == 256)
        #expect(throws: DocumentError.invalidRegion(page: 0, region: PixelRegion(x: 900, y: 0, width: 200, height: 10), width: 1000, height: 1000)) {
            try source.render(page: 0, width: 1000, height: 1000, region: PixelRegion(x: 900, y: 0, width: 200, height: 10), cancellation: nil)
        }
    }

    @Test func aScanRegionIsTheSamePixelsAsTheWholeScaledScanThere() throws {
        let folder = TemporaryFolder()
        try folder.write("1.png", TestImages.png(width: 60, height: 80, rgba: (10, 200, 30, 255)))
        let source = try ImageFolderSource(folder: folder.path)
        let whole = try source.render(page: 0, width: 240, height: 320)
        for region in [PixelRegion(x: 0, y: 0, width: 100, height: 100), PixelRegion(x: 200, y: 300, width: 40, height: 20)] {
            let tile = try source.render(page: 0, width: 240, height: 320, region: region, cancellation: nil)
            #expect(Self.maximumDifference(tile, whole.cropped(to: region)) == 0, "\(region)")
        }
    }

    @Test func aRegionOfTheBoxFilterMatchesTheWholeResample() {
        var b = PageBitmap(width: 37, height: 23, fill: (0, 0, 0, 255))
        for i in stride(from: 0, to: b.pixels.count, by: 4) { b.pixels[i] = UInt8(i % 251); b.pixels[i + 1] = UInt8(i / 7 % 256) }
        for (w, h) in [(100, 60), (20, 11), (37, 23)] {
            let whole = b.resampled(width: w, height: h)
            for region in [PixelRegion(x: 0, y: 0, width: w, height: h), PixelRegion(x: w / 3, y: h / 4, width: w / 2, height: h / 2)] {
                #expect(Self.maximumDifference(b.resampled(width: w, height: h, region: region), whole.cropped(to: region)) == 0, "\(w)×\(h) \(region)")
            }
        }
    }
}
