/// Which tiles of a zoomed page to rasterise: pure arithmetic from the page's size at fit
/// (its *coarse level*, the whole page at the size shown unzoomed), the zoom and the part of
/// the page in view.
///
/// **Levels.** Level 0 is the whole page at fit size, one bitmap (what a page cache holds
/// anyway). Level *L* ≥ 1 is the page at 2^L times its fit size, never rasterised whole: cut
/// into square tiles of ``side`` pixels (the last column and row narrower), and only the tiles
/// the view overlaps are made. A zoom of *s* uses the smallest level at least as sharp,
/// ⌈log₂ s⌉, capped at ``maximumLevel``; at most 2× finer than shown, so mipmapped tiles stay
/// crisp and the next wheel notch needs no new tiles.
///
/// **Gutters.** A tile's bitmap reaches ``gutter`` pixels past its region on each side where
/// the page goes on (``Tile/raster``), and only its region is shown (``Tile/contentsRect``).
/// A tile sampled between texels — minified at a zoom between two levels, or on a leaf in
/// perspective — then blends with the neighbouring tile's texels exactly as the whole page
/// would, on its base level and on its first mipmap levels, so no seam shows between tiles.
/// The default gutter, 4 pixels, is a whole texel of mipmap level 2 and keeps levels 0–2 on
/// the page's own grid (a gutter of 2^k pixels keeps levels 0…k).
///
/// **Bytes.** The tiles for a view are bounded by the view, not the zoom: at most
/// (⌈w/side⌉ + 1) × (⌈h/side⌉ + 1) tiles for a view of w × h level pixels (which is below
/// 2× the view's own pixels a side), each at most (side + 2 gutter)² pixels, 4 bytes a pixel. A whole A4 page at 8× on a 1,200-pixel-high
/// view would be 9,600 × 6,800 pixels, 261 MB; its visible tiles are a few megabytes.
public struct TilePlanner: Sendable, Equatable {
    /// A tile's side.
    public enum Side: Int, Sendable, CaseIterable {
        /// 256 pixels: less waste at the view's edges, more tiles (and requests).
        case small = 256
        /// 512 pixels: fewer requests to the rasteriser; 1 MiB a tile.
        case large = 512
    }

    /// One tile of a page at a level.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The book page (slot) it belongs to.
        public var page: Int
        /// Its level (≥ 1: 2^level times the fit size).
        public var level: Int
        /// Its column and row in the level's grid, from the top left.
        public var column: Int, row: Int

        /// The tile of `page` at `level`, `column`, `row`.
        public init(page: Int, level: Int, column: Int, row: Int) {
            self.page = page
            self.level = level
            self.column = column
            self.row = row
        }

        /// The key as one non-negative integer, for caches keyed by integers (a `PageCache`
        /// that holds tiles beside pages): bit 60 set (so it never equals a page index), the
        /// page in 24 bits, the level in 4, the column and row in 15 each. Nil for values past
        /// those widths.
        public var packed: Int? {
            guard (0..<1 << 24).contains(page), (0..<16).contains(level), (0..<1 << 15).contains(column), (0..<1 << 15).contains(row) else { return nil }
            return 1 << 60 | page << 34 | level << 30 | column << 15 | row
        }

        /// The key packed in `packed`, or nil for an integer that is not a packed key.
        public init?(packed: Int) {
            guard packed >= 0, packed & (1 << 60) != 0, packed >> 61 == 0 else { return nil }
            self.init(page: packed >> 34 & (1 << 24 - 1), level: packed >> 30 & 15, column: packed >> 15 & (1 << 15 - 1), row: packed & (1 << 15 - 1))
        }

        /// "page 3 level 2 (4, 1)".
        public var description: String { "page \(page + 1) level \(level) (\(column), \(row))" }
    }

    /// A tile to show: its key, the whole page's raster at its level, its pixels in that raster
    /// and those its bitmap holds, and where it lies on the page as fractions of the page (for
    /// placing it over the coarse level).
    public struct Tile: Hashable, Sendable {
        /// Which tile.
        public var key: Key
        /// The whole page's size at the tile's level, in pixels.
        public var rasterWidth: Int, rasterHeight: Int
        /// The tile's pixels in that raster: what it shows.
        public var region: PixelRegion
        /// The pixels its bitmap holds: `region` and the gutter around it, inside the raster.
        public var raster: PixelRegion
        /// The tile's rectangle as fractions of the page (x, y from the top left).
        public var unitX: Double, unitY: Double, unitWidth: Double, unitHeight: Double
        /// The part of the bitmap (``raster``) that shows, as fractions of it: `region` inside
        /// its gutter.
        public var contentsRect: (x: Double, y: Double, width: Double, height: Double) {
            (Double(region.x - raster.x) / Double(raster.width), Double(region.y - raster.y) / Double(raster.height),
             Double(region.width) / Double(raster.width), Double(region.height) / Double(raster.height))
        }
        /// Its bitmap's bytes (4 a pixel).
        public var bytes: Int { raster.width * raster.height * 4 }
    }

    /// The tiles' side.
    public let side: Side
    /// The finest level made: 3 (8×) by default, clamped to 1…8.
    public let maximumLevel: Int
    /// How far each tile's bitmap reaches past its region where the page goes on, in pixels
    /// of its level: 4 by default (a whole texel of the second mipmap level), clamped to 0…64.
    public let gutter: Int

    /// A planner cutting tiles of `side`, down to `maximumLevel` (clamped to 1…8), each
    /// rasterised with `gutter` pixels more on every side (clamped to 0…64).
    public init(side: Side = .large, maximumLevel: Int = 3, gutter: Int = 4) {
        self.side = side
        self.maximumLevel = min(8, max(1, maximumLevel))
        self.gutter = min(64, max(0, gutter))
    }

    /// The tile `key` names for a page of fit size `fitWidth` × `fitHeight` pixels, or nil
    /// where the key lies outside that page's grid at its level (or the level is not one this
    /// planner makes).
    public func tile(_ key: Key, fitWidth: Int, fitHeight: Int) -> Tile? {
        guard (1...maximumLevel).contains(key.level), fitWidth >= 1, fitHeight >= 1, key.column >= 0, key.row >= 0 else { return nil }
        let w = fitWidth << key.level, h = fitHeight << key.level, t = side.rawValue
        guard key.column * t < w, key.row * t < h else { return nil }
        let region = PixelRegion(x: key.column * t, y: key.row * t, width: min(t, w - key.column * t), height: min(t, h - key.row * t))
        let x0 = max(0, region.x - gutter), y0 = max(0, region.y - gutter)
        let x1 = min(w, region.x + region.width + gutter), y1 = min(h, region.y + region.height + gutter)
        return Tile(key: key, rasterWidth: w, rasterHeight: h, region: region,
                    raster: PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                    unitX: Double(region.x) / Double(w), unitY: Double(region.y) / Double(h),
                    unitWidth: Double(region.width) / Double(w), unitHeight: Double(region.height) / Double(h))
    }

    /// The level for a zoom of `scale` (the page shown at `scale` × its fit size): 0 (the
    /// coarse level is enough) up to 1×, else ⌈log₂ scale⌉ capped at ``maximumLevel``; 0 for a
    /// scale that is not finite.
    public func level(forScale scale: Double) -> Int {
        guard scale.isFinite, scale > 1 else { return 0 }
        // A hair of tolerance: 2.0000000001 is 2× as far as anyone can see.
        var level = 0
        while level < maximumLevel && Double(1 << level) < scale * (1 - 1e-9) { level += 1 }
        return level
    }

    /// The tiles of page `page` (fit size `fitWidth` × `fitHeight` pixels) that overlap the
    /// visible part of it, `visible` (fractions of the page, x, y from the top left; parts
    /// outside the page are ignored), at the level for `scale`, in rows from the top left.
    /// Empty at level 0, for an empty or non-finite `visible`, or a fit size below 1 pixel.
    public func tiles(page: Int, fitWidth: Int, fitHeight: Int, scale: Double,
                      visible: (x: Double, y: Double, width: Double, height: Double)) -> [Tile] {
        let level = level(forScale: scale)
        guard level > 0, fitWidth >= 1, fitHeight >= 1,
              visible.x.isFinite, visible.y.isFinite, visible.width.isFinite, visible.height.isFinite,
              visible.width > 0, visible.height > 0 else { return [] }
        let w = fitWidth << level, h = fitHeight << level, t = side.rawValue
        let columns = (w + t - 1) / t, rows = (h + t - 1) / t
        let x0 = max(0, visible.x), y0 = max(0, visible.y)
        let x1 = min(1, visible.x + visible.width), y1 = min(1, visible.y + visible.height)
        guard x1 > x0, y1 > y0 else { return [] }
        let c0 = min(columns - 1, Int((x0 * Double(w) / Double(t)).rounded(.down)))
        let c1 = min(columns - 1, max(c0, Int((x1 * Double(w) / Double(t)).rounded(.up)) - 1))
        let r0 = min(rows - 1, Int((y0 * Double(h) / Double(t)).rounded(.down)))
        let r1 = min(rows - 1, max(r0, Int((y1 * Double(h) / Double(t)).rounded(.up)) - 1))
        var out: [Tile] = []
        out.reserveCapacity((c1 - c0 + 1) * (r1 - r0 + 1))
        for row in r0...r1 {
            for column in c0...c1 {
                // Inside the grid by construction.
                if let tile = tile(Key(page: page, level: level, column: column, row: row), fitWidth: fitWidth, fitHeight: fitHeight) {
                    out.append(tile)
                }
            }
        }
        return out
    }

    /// The bytes of page `page`'s whole raster at `level` (what tiling avoids), 4 a pixel.
    public static func wholePageBytes(fitWidth: Int, fitHeight: Int, level: Int) -> Int {
        (fitWidth << level) * (fitHeight << level) * 4
    }
}
