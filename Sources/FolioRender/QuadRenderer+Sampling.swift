import CGL
import Glibc
import FolioTessellation

/// Sampling a page without its mipmaps where a draw does not minify it (issue 29).
///
/// Folio uploads pages mipmapped and sampled trilinearly (`QuadRenderer+Textures.swift`),
/// which a turning leaf needs. But a page lying flat at its raster's size, or larger, is never
/// minified: wherever GL's level of detail λ = log2 ρ + bias (ρ the texels a pixel step
/// covers, along its longer screen axis) is at most 0, GL samples with the magnification
/// filter, bilinear on the base level — exactly what a sampler without mipmaps gives. Such a
/// draw binds ``QuadRenderer/unmipmappedSampler`` instead: the same pixels, and on a software
/// rasterizer a good deal less work, since the level of detail is no longer computed per pixel
/// quad nor two levels addressed (llvmpipe: a spread's damage-driven turn frames 6–19% faster,
/// full redraws up to 30%; docs/performance.md).
///
/// ρ is known on the CPU where it is constant: a polygon parallel to the view plane (every
/// corner at the same `w`, as a page at rest on the plane z = 0 is) maps screen pixels to its
/// layer's points affinely, so the texels per pixel step are the same everywhere in it.
///
/// In perspective ρ varies over the polygon, and the CPU bounds it from above instead: a
/// texture coordinate is `u = m / q` with `m` and `q = 1/w` affine on screen, so
/// `∂u/∂x = (mₓ q − qₓ m) / q²` has an affine numerator. The box that holds every pixel the
/// draw shades — its triangles' bounding box grown by `derivativeReach` pixels, for the 2 × 2
/// quads whose differences GL takes — is cut into a grid of cells; over a cell the
/// numerator's largest magnitude and `q`'s smallest value lie at its corners, and their
/// quotient bounds every derivative (and every finite difference, an average of derivatives)
/// in the cell. The largest over the cells bounds ρ over the box. A leaf turning early or late in
/// its turn, or rising toward the viewer, is not minified anywhere and skips its mipmaps
/// too; one foreshortened past about 45° (ρ > √2 with the bias) keeps them.
///
/// The test leaves a margin of ``unmipmappedMargin`` in λ for the driver's rounding, and
/// applies only to textures sampled as Folio uploads them (not an app's, nor one
/// `setSampling` changed).
///
/// It runs only on Mesa's llvmpipe. GL lets a driver approximate ρ by any function between
/// `max(mᵤ, mᵥ)` and `mᵤ + mᵥ` (mᵤ the larger of |∂u/∂x| and |∂u/∂y|; §8.14.1 of the 4.6
/// specification), under which a page shown at its raster's size may count as minified, and a
/// hardware driver's anisotropic filter may sample a tilted page differently from the plain
/// bilinear filter; llvmpipe computes ρ as the formula above, filters magnified texels
/// bilinearly (Folio leaves its anisotropy at 1), and the byte-identity tests run on it. A
/// software rasterizer is also the only place where the saving is worth a GL call.
extension QuadRenderer {
    /// How far below 0 the level of detail must lie for a draw to sample without mipmaps: a
    /// hundredth of a level, far above float rounding, so that the driver's own λ surely
    /// selects magnification there too.
    nonisolated static let unmipmappedMargin = 0.01

    /// The largest level of detail at which a draw of a finer raster (a page in flight,
    /// `rasterScale` above 1) samples it without mipmaps: ½, not −``unmipmappedMargin``
    /// (issue 41, the flip's window frame).
    ///
    /// Up to λ = ½ GL's nearest-level mipmap filter (`GL_LINEAR_MIPMAP_NEAREST`) reads level 0
    /// alone, so the draw reads the texels a GL filter of that texture reads; trilinear would blend
    /// in at most half of level 1. A finer raster is there for the pixels a turn magnifies, and
    /// its level 1 is coarser than the page's resting raster (0.75 of it at the book's 1.5 × 1.5),
    /// so where λ lies in (0, ½] the blend only softens the page a little, and on llvmpipe it
    /// costs a level of detail per pixel quad and a second bilinear fetch for every quad with
    /// a fraction above 0. Those are the flip's leaf early and late in its turn, foreshortened
    /// across by cos θ and magnified along the spine: its draw's λ bound at the window bench's
    /// progress 0.15 and 0.25 is 0.005 and 0.34 at 1.5 × 1.5; reading level 0 there made a
    /// 1280 × 800 flip frame at progress 0.15 take the instructions of the resting raster's
    /// (callgrind, docs/performance.md). The sharpness measure holds it (`folio bench
    /// --sharpness`: flip 0.15 · 0.3 · 0.45 at 1.00 · 0.99 · 0.95; with trilinear at λ ≤ ½ on a
    /// 1.62 raster, 1.13 → 1.16). A resting upload keeps the exact rule: at its own size its
    /// level 1 is half the page, and its draws stay byte for byte the mipmapped draw's.
    nonisolated static let fineRasterUnmipmappedLevel = 0.5

    /// Whether `item` (drawn by batch `batch` and the batches beside it), showing texture `t`
    /// at `texels` texels per layer point, samples it without mipmaps: the texture has Folio's
    /// upload sampling, and the item's level of detail — exact for an item parallel to the
    /// view plane, bounded from above in perspective — is at most −``unmipmappedMargin`` (with
    /// the texture's upload bias, `levelOfDetailBias(rasterScale:)`), or at most
    /// ``fineRasterUnmipmappedLevel`` for a finer raster (`rasterScale` above 1). Under OpenGL ES the quad
    /// shader adds that bias to its samples (`uLevelOfDetailBias`), so the mipmapped draw's λ is
    /// the same as desktop GL's and the same test holds: where it passes, the mipmapped draw
    /// magnifies, bilinear on the base level, which the unmipmapped sampler gives at any λ.
    /// (The decision once left the bias out under ES: a page at rest at its raster's size, λ = −½,
    /// kept its mipmaps there, same pixels, more work.)
    func samplesWithoutMipmaps(_ item: DrawItem, batch: Int, _ t: Texture, texelsPerPoint texels: (Double, Double)) -> Bool {
        guard samplesUnminifiedWithoutMipmaps, t.hasUploadSampling, unmipmappedSampler != 0 else { return false }
        let corners = list.corners[item.corners]
        let bias = Double(t.levelOfDetailBias)
        let largestLevel = t.rasterScale > 1 ? Self.fineRasterUnmipmappedLevel : -Self.unmipmappedMargin
        var rho = Self.texelsPerPixel(corners, texelsPerPoint: texels)
        if rho == nil, let box = shadedBox(ofItemAt: batch) {
            // Past this ρ the answer is no: the bound may stop there (a minified leaf).
            let largestUnmipmapped = exp2(largestLevel - bias)
            rho = Self.texelsPerPixelBound(corners, texelsPerPoint: texels, over: box, stoppingAbove: largestUnmipmapped)
        }
        guard let rho else { return false }
        return rho > 0 && log2(rho) + bias <= largestLevel
    }

    /// The cells along each side of the grid `texelsPerPixelBound` bounds ρ over.
    nonisolated static let boundCells = 8

    /// How far past a draw's triangles GL may take a texture-coordinate difference, in pixels:
    /// a 2 × 2 pixel quad reaches one pixel past the triangle that covers one of its pixels,
    /// and one more pixel covers the rounding of positions to the rasterizer's grid.
    nonisolated static let derivativeReach = 2.0

    /// The viewport-pixel box holding every pixel the item of batch `index` shades: the
    /// bounding box of its batches' vertices (they follow one another), grown by
    /// ``derivativeReach``. Nil where a vertex is not in front of the eye.
    func shadedBox(ofItemAt index: Int) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let item = list.batches[index].item
        var first = index, last = index
        while first > 0 && list.batches[first - 1].item == item { first -= 1 }
        while last + 1 < list.batches.count && list.batches[last + 1].item == item { last += 1 }
        let f = DrawList.floatsPerVertex
        let (width, height) = list.pixelSize
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for v in list.batches[first].vertices.lowerBound..<list.batches[last].vertices.upperBound {
            let w = Double(list.vertices[v * f + 3])
            guard w > 0 else { return nil }
            let x = (Double(list.vertices[v * f]) / w + 1) * width / 2, y = (Double(list.vertices[v * f + 1]) / w + 1) * height / 2
            box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        }
        let r = Self.derivativeReach
        guard box.minX <= box.maxX else { return nil }
        return (box.minX - r, box.minY - r, box.maxX + r, box.maxY + r)
    }

    /// An upper bound on GL's ρ over `box` (viewport pixels) for a polygon in perspective, its
    /// corners' local points shown at `texels` texels per layer point: the longer of the
    /// bounds on the texel steps along x and along y (see the extension's notes). Nil when the
    /// polygon has no area, or its plane does not lie in front of the eye over all of `box`.
    ///
    /// Where ρ somewhere in the box exceeds `limit` (the exact ρ at its centre, or a cell's
    /// bound), that value is returned at once: a caller that only asks "below `limit`?" gets
    /// its answer without the rest of the grid, which for a minified leaf is most of it.
    nonisolated static func texelsPerPixelBound(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double),
                                                over box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                                stoppingAbove limit: Double = .infinity) -> Double? {
        guard let (a, b, p, det) = spanningCorners(corners) else { return nil }
        let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y)
        /// An affine function of the pixel: its value at `a` and its two slopes.
        typealias Affine = (value: Double, x: Double, y: Double)
        func affine(_ f: (Corner) -> Double) -> Affine {
            let (fa, f1, f2) = (f(a), f(b) - f(a), f(p) - f(a))
            return (fa, (f1 * dy2 - f2 * dy1) / det, (f2 * dx1 - f1 * dx2) / det)
        }
        func at(_ g: Affine, _ x: Double, _ y: Double) -> Double { g.value + g.x * (x - a.x) + g.y * (y - a.y) }
        // 1/w, local.x/w and local.y/w are affine on screen (perspective-correct interpolation).
        let q = affine { 1 / $0.w }, m = affine { $0.local.x / $0.w }, n = affine { $0.local.y / $0.w }
        // Over each cell of a grid on the box, the numerators' largest magnitudes and q's
        // smallest value lie at the cell's corners: their quotient bounds the derivatives in
        // the cell, and the largest over the cells bounds them in the box, tighter the finer
        // the grid (over one cell q and the numerators peak at different corners).
        /// ρ from the four numerators' magnitudes (d(m/q)/dx, d(n/q)/dx, d(m/q)/dy, d(n/q)/dy,
        /// each times q²) and q².
        func rhoOf(_ numerators: (Double, Double, Double, Double), _ q2: Double) -> Double {
            let alongX = (texels.0 * numerators.0 / q2, texels.1 * numerators.1 / q2)
            let alongY = (texels.0 * numerators.2 / q2, texels.1 * numerators.3 / q2)
            return max((alongX.0 * alongX.0 + alongX.1 * alongX.1).squareRoot(), (alongY.0 * alongY.0 + alongY.1 * alongY.1).squareRoot())
        }
        func numerators(_ qv: Double, _ mv: Double, _ nv: Double) -> (Double, Double, Double, Double) {
            (abs(m.x * qv - q.x * mv), abs(n.x * qv - q.x * nv), abs(m.y * qv - q.y * mv), abs(n.y * qv - q.y * nv))
        }
        // The exact ρ at the box's centre: no bound is below it.
        let (cx, cy) = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        let qc = at(q, cx, cy)
        if qc > 0, case let centre = rhoOf(numerators(qc, at(m, cx, cy), at(n, cx, cy)), qc * qc), centre > limit { return centre }
        let cells = Self.boundCells
        let step = ((box.maxX - box.minX) / Double(cells), (box.maxY - box.minY) / Double(cells))
        var rho = 0.0
        for j in 0..<cells {
            for i in 0..<cells {
                var smallestQ = Double.infinity, largest = (0.0, 0.0, 0.0, 0.0)
                for corner in 0..<4 {
                    let (x, y) = (box.minX + step.0 * Double(i + (corner & 1)), box.minY + step.1 * Double(j + (corner >> 1)))
                    let qv = at(q, x, y)
                    guard qv > 0, qv.isFinite else { return nil }
                    smallestQ = min(smallestQ, qv)
                    let k = numerators(qv, at(m, x, y), at(n, x, y))
                    largest = (max(largest.0, k.0), max(largest.1, k.1), max(largest.2, k.2), max(largest.3, k.3))
                }
                rho = max(rho, rhoOf(largest, smallestQ * smallestQ))
                if rho > limit { return rho }
            }
        }
        return rho.isFinite ? rho : nil
    }

    /// The best-conditioned three corners of a polygon for fitting affine functions of the
    /// pixel: the first, the one farthest from it, and the one spanning the largest triangle
    /// with both; with that triangle's doubled signed area. Nil for fewer than three corners
    /// or no area.
    nonisolated static func spanningCorners(_ corners: ArraySlice<Corner>) -> (Corner, Corner, Corner, Double)? {
        guard corners.count >= 3, let a = corners.first else { return nil }
        var b = a, longest = 0.0
        for c in corners {
            let d = (c.x - a.x) * (c.x - a.x) + (c.y - a.y) * (c.y - a.y)
            if d > longest { longest = d; b = c }
        }
        var p = a, det = 0.0
        for c in corners {
            let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            if abs(cross) > abs(det) { det = cross; p = c }
        }
        guard abs(det) > 1e-6 else { return nil }
        return (a, b, p, det)
    }

    /// GL's ρ for a polygon whose corners all lie at the same `w`: the longer of the texel
    /// steps that one pixel step along x and along y makes, with `texels` texels per layer
    /// point along the layer's x and y. Nil for a polygon in perspective or with no area.
    nonisolated static func texelsPerPixel(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double)) -> Double? {
        guard let steps = parallelTexelSteps(corners, texelsPerPoint: texels) else { return nil }
        let (alongX, alongY) = steps
        let rho = max((alongX.0 * alongX.0 + alongX.1 * alongX.1).squareRoot(), (alongY.0 * alongY.0 + alongY.1 * alongY.1).squareRoot())
        return rho.isFinite ? rho : nil
    }

    /// The texel steps (along the texture's x and y) that one pixel step along x and along y
    /// makes, for a polygon whose corners all lie at the same `w` (the same everywhere in it),
    /// with `texels` texels per layer point. Nil for a polygon in perspective or with no area.
    nonisolated static func parallelTexelSteps(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double))
        -> (alongX: (Double, Double), alongY: (Double, Double))? {
        guard let first = corners.first else { return nil }
        for c in corners where abs(c.w - first.w) > 1e-9 * abs(first.w) { return nil }
        // The best-conditioned pair of screen steps the polygon offers.
        guard let (a, b, p, det) = spanningCorners(corners) else { return nil }
        let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y)
        let (lx1, ly1) = (b.local.x - a.local.x, b.local.y - a.local.y)
        let (lx2, ly2) = (p.local.x - a.local.x, p.local.y - a.local.y)
        // Layer points per pixel step: [Δlocal] · [Δpixel]⁻¹.
        let xx = (lx1 * dy2 - lx2 * dy1) / det, xy = (lx2 * dx1 - lx1 * dx2) / det
        let yx = (ly1 * dy2 - ly2 * dy1) / det, yy = (ly2 * dx1 - ly1 * dx2) / det
        let alongX = (texels.0 * xx, texels.1 * yx), alongY = (texels.0 * xy, texels.1 * yy)
        return (alongX, alongY)
    }

    /// The sampler of unminified draws: bilinear on the base level, clamped to the edge, as
    /// Folio's uploads are.
    static func makeUnmipmappedSampler() -> GLuint {
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return sampler
    }
}
