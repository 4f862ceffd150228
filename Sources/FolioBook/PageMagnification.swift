/// How much larger than at rest a page is shown on screen, along each axis of its upright
/// image: view points per point of the page as it lies flat (1 × 1 at rest).
///
/// A page is rasterised at the size it is shown lying flat; where a turning leaf carries it
/// toward the viewer, or the fold's panels lift it, part of it is magnified and a raster made
/// at the resting size cannot show that detail (docs/sharpness.md). An effect bounds this over
/// a whole turn (``LeafEffect/turnMagnification(in:)``) and the book says how finely each page
/// on screen wants rasterising (``Book/rasterScale(ofPage:)``).
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

    /// The raster scale that shows this magnification: the power of two at or above its
    /// larger axis, on both axes; 1 where the larger axis is at most
    /// ``finerRasterThreshold`` (3% past the resting size: the fold's turn).
    ///
    /// Both axes alike because the mipmaps of a raster finer along one axis only are finer
    /// along it at every level: the first level of a 2 × 1 raster is ½ × 1 of the size shown,
    /// so where trilinear filtering blends it in, it blurs the axis that was not made finer.
    /// Why powers of two and not the magnification itself: a raster at a ratio like 1.04 to
    /// the size shown puts its texels off the pixel grid everywhere, also where the page lies
    /// in the page plane, and every pixel is then resampled between texels (docs/sharpness.md
    /// measures it halving the turning half's detail). At twice the size, a pixel over the
    /// page at rest covers exactly 2 × 2 texels and the first mipmap level is the page as
    /// shown, so what is not magnified is drawn as before and what is, up to 2×, has texels
    /// of its own — the tile levels' rule (`TilePlanner`).
    public var rasterScale: PageMagnification {
        func level(_ m: Double) -> Double {
            guard m.isFinite, m > Self.finerRasterThreshold else { return 1 }
            // At most 2^20 (a page is at most 16,384 pixels a side anyway).
            let largest = 1_048_576.0
            guard m < largest else { return largest }
            var s = 1.0
            while m > s * 1.001 { s *= 2 }
            return s
        }
        let s = level(largest)
        return PageMagnification(horizontal: s, vertical: s)
    }

    /// The largest turn magnification that keeps a page's resting raster: 1.03.
    ///
    /// A finer raster costs four times the page's bytes and, on a software rasterizer, a
    /// frame's texture work: where the turn magnifies the page it is sampled trilinearly from
    /// a texture four times the size, where the resting raster took one bilinear fetch. Below
    /// 3% that buys too little to pay for. The fold (1.02 × 1.00: panels leaning toward the
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
