/// How much larger than at rest a page is shown on screen, along each axis of its upright
/// image: view points per point of the page as it lies flat (1 × 1 at rest).
///
/// A page is rasterised at the size it is shown lying flat; where a turning leaf carries it
/// toward the viewer, or the fold's panels lift it, part of it is magnified and a raster made
/// at the resting size cannot show that detail (docs/sharpness.md). An effect bounds this over
/// a whole turn (``LeafEffect/turnMagnification(in:)``) and the book says how finely each page
/// on screen wants rasterising (``Book/rasterScale(ofPage:withLevelOfDetailBias:)``).
public struct PageMagnification: Sendable, Equatable {
    /// Along the upright page image's x axis (across its lines of text).
    public var horizontal: Double
    /// Along the upright page image's y axis (down the page).
    public var vertical: Double

    /// A magnification of `horizontal` × `vertical`.
    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The page at its resting size.
    public static let one = PageMagnification(horizontal: 1, vertical: 1)

    /// The larger of the two axes.
    public var largest: Double { max(horizontal, vertical) }

    /// The raster scale that shows this magnification: ``finerRasterScale`` (1.5) on both
    /// axes where the larger axis is above ``finerRasterThreshold`` (3% past the resting size)
    /// and at most 1.5, that scale times the power of two that covers a larger one; 1 where
    /// the larger axis is at most the threshold (the fold's turn). Every turn Folio draws asks
    /// for 1.5 (the flip, 1.27, magnifies most) or 1.
    ///
    /// Both axes alike because the mipmaps of a raster finer along one axis only are finer
    /// along it at every level, so where trilinear filtering blends a level in it blurs the
    /// other axis; measured, a flip at 1 × 2 kept 0.52 of the reference's detail at progress
    /// 0.15 and 2 × 1 0.77 (docs/sharpness.md). Why not the magnification itself: a raster at
    /// 1.04 × 1.06 of the size shown, sampled as a resting one, resamples every pixel between
    /// texels, a bilinear blur (the curl kept 0.45–0.49 of the detail); a finer raster is
    /// sampled with a level-of-detail bias of its own (−¾, `QuadRenderer`) that the scale is
    /// chosen for (``finerRasterScale``). Where a renderer cannot apply that bias (Folio's
    /// applies it under both GL profiles), ask ``rasterScale(withLevelOfDetailBias:)`` with `false`.
    public var rasterScale: PageMagnification { rasterScale(withLevelOfDetailBias: true) }

    /// The raster scale that shows this magnification on a renderer that samples a finer raster
    /// with the −¾ level-of-detail bias (`biased`: ``rasterScale``) or without any bias
    /// (a renderer that cannot bias a sample; OpenGL ES 3.0's textures have no bias parameter,
    /// and Folio's renderer adds the bias in its shader there): there the power of two at or above the larger
    /// axis (2 for every turn Folio draws), whose level k is the page at its resting size,
    /// which plain trilinear filtering reads where the page is shown at rest. A raster of
    /// ``finerRasterScale`` read without the bias blends toward its level 1, 0.75 of the
    /// resting size, and blurs the page below its resting raster (at 1.66, curl 0.9: 0.46 of the
    /// reference's detail against 0.67).
    public func rasterScale(withLevelOfDetailBias biased: Bool) -> PageMagnification {
        func level(_ m: Double) -> Double {
            guard m.isFinite, m > Self.finerRasterThreshold else { return 1 }
            // At most 2^20 (a page is at most 16,384 pixels a side anyway).
            let largest = 1_048_576.0
            guard m < largest else { return largest }
            var s = biased ? Self.finerRasterScale : 2
            while m > s * 1.001 { s *= 2 }
            return s
        }
        let s = level(largest)
        return PageMagnification(horizontal: s, vertical: s)
    }

    /// How much finer than its resting size a page a turn magnifies is rasterised: 1.5 on
    /// each axis (2.25 times its bytes), below 2^¾ ≈ 1.68 and above the flip's 1.27.
    ///
    /// The renderer samples a finer raster with a level-of-detail bias of −¾
    /// (`QuadRenderer.fineRasterLevelOfDetailBias`), so on a raster 2^¾ times finer the level
    /// of detail λ would be what it is on the resting raster without bias; at 1.5 it is
    /// log2 1.5 − ¾ = −0.165 where the page is shown at its resting size, below that wherever
    /// the turn magnifies it. There the GL reads level 0 alone, one bilinear fetch (llvmpipe
    /// fetches a second level only for pixel quads whose λ has a fraction above 0), and the
    /// renderer binds its sampler without mipmaps (no level of detail computed at all) over a
    /// whole draw whose λ stays at or below ½, where GL's nearest-level filter would read level
    /// 0 too (`QuadRenderer+Sampling.swift`).
    ///
    /// Why 1.5 and not 1.62, the scale of the round before: on the document path's turning
    /// half (`folio bench --sharpness`, HF energy against the 4 × reference) 1.5 keeps flip 0.15 ·
    /// 0.3 · 0.45 at 1.00 · 0.99 · 0.95 and curl 0.5 · 0.7 · 0.9 at 0.97 · 0.93 · 0.95 (1.62:
    /// 1.13 · 1.06 · 0.96 and 0.97 · 0.99 · 1.00; 1.55: 1.06 · 0.92 · 0.95, 0.97 · 0.95 · 0.96),
    /// with less error against the reference at the flip's early poses (mean error 3.0 and 2.1
    /// steps at 0.15 and 0.3, against 3.7 and 2.4), and on a software rasterizer its smaller λ lets
    /// the flip's leaf early and late in its turn skip its mipmaps (at 1.62 with that rule flip
    /// 0.15 read 1.16, past 1.15). Its texels are 2.25 times the page's bytes, not 2.62, so
    /// fewer of the CPU's cache lines a frame (docs/performance.md, "the flip's frame at 1.5 ×
    /// 1.5"). Its mipmap levels lie off the resting size's grid, so the renderer's
    /// resting-level sampler (for rasters 2^k times finer) does not apply to it; the sampler
    /// without mipmaps takes its place.
    public static let finerRasterScale = 1.5

    /// The largest turn magnification that keeps a page's resting raster: 1.03.
    ///
    /// A finer raster costs 2.25 times the page's bytes and, on a software rasterizer, some of
    /// a frame's texture work (a larger texture, and trilinear filtering where the turn
    /// foreshortens the page). Below 3% that buys too little to pay for. The fold (1.02 × 1.00: panels leaning toward the
    /// viewer across the page) gained detail at one pose only, progress 0.3 (0.65 → 0.96 of
    /// the 4× reference), and none at 0.5 and 0.7, where its foreshortening, not resolution,
    /// limits it; its four pages at 2 × 2 made a window frame 25% dearer over its floor
    /// (docs/performance.md). The curl (1.045 × 1.06) and the flip (1.10 × 1.27) lie above it
    /// and need their finer raster (curl 0.7: 0.69 → 1.05, flip 0.15: 0.48 → 1.06;
    /// docs/sharpness.md).
    public static let finerRasterThreshold = 1.03

    /// The pixel size of a raster of a page shown `width` × `height` pixels at rest, made finer
    /// by this magnification on each axis (rounded up to whole pixels, never smaller than at
    /// rest). A magnification that is not finite counts as 1.
    public func pixels(width: Int, height: Int) -> (width: Int, height: Int) {
        func scaled(_ n: Int, _ s: Double) -> Int {
            guard s.isFinite, s > 1 else { return n }
            return max(n, Int((Double(n) * s).rounded(.up)))
        }
        return (scaled(width, horizontal), scaled(height, vertical))
    }
}
