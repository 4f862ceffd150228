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
/// layer's points affinely, so the texels per pixel step are the same everywhere in it. A
/// polygon in perspective keeps trilinear sampling. The test leaves a margin of
/// ``unmipmappedMargin`` in λ for the driver's rounding, and applies only to textures sampled as
/// Folio uploads them (not an app's, nor one `setSampling` changed).
extension QuadRenderer {
    /// How far below 0 the level of detail must lie for a draw to sample without mipmaps: a
    /// hundredth of a level, far above float rounding, so that the driver's own λ surely
    /// selects magnification there too.
    nonisolated static let unmipmappedMargin = 0.01

    /// Whether `item`, showing texture `t` at `texels` texels per layer point, samples it
    /// without mipmaps: the texture has Folio's upload sampling, the item lies parallel to the
    /// view plane, and its level of detail is at most −``unmipmappedMargin`` (with the upload's
    /// `levelOfDetailBias`, which OpenGL ES does not apply).
    func samplesWithoutMipmaps(_ item: DrawItem, _ t: Texture, texelsPerPoint texels: (Double, Double)) -> Bool {
        guard samplesUnminifiedWithoutMipmaps, t.hasUploadSampling, unmipmappedSampler != 0 else { return false }
        guard let rho = Self.texelsPerPixel(list.corners[item.corners], texelsPerPoint: texels) else { return false }
        let bias = profile == .gles30 ? 0 : Double(Self.levelOfDetailBias)
        return rho > 0 && log2(rho) + bias <= -Self.unmipmappedMargin
    }

    /// GL's ρ for a polygon whose corners all lie at the same `w`: the longer of the texel
    /// steps that one pixel step along x and along y makes, with `texels` texels per layer
    /// point along the layer's x and y. Nil for a polygon in perspective or with no area.
    nonisolated static func texelsPerPixel(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double)) -> Double? {
        guard corners.count >= 3, let a = corners.first else { return nil }
        for c in corners where abs(c.w - a.w) > 1e-9 * abs(a.w) { return nil }
        // The corner farthest from the first, then the one spanning the largest triangle with
        // both: the best-conditioned pair of screen steps the polygon offers.
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
        let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y)
        let (lx1, ly1) = (b.local.x - a.local.x, b.local.y - a.local.y)
        let (lx2, ly2) = (p.local.x - a.local.x, p.local.y - a.local.y)
        // Layer points per pixel step: [Δlocal] · [Δpixel]⁻¹.
        let xx = (lx1 * dy2 - lx2 * dy1) / det, xy = (lx2 * dx1 - lx1 * dx2) / det
        let yx = (ly1 * dy2 - ly2 * dy1) / det, yy = (ly2 * dx1 - ly1 * dx2) / det
        let alongX = (texels.0 * xx, texels.1 * yx), alongY = (texels.0 * xy, texels.1 * yy)
        let rho = max((alongX.0 * alongX.0 + alongX.1 * alongX.1).squareRoot(), (alongY.0 * alongY.0 + alongY.1 * alongY.1).squareRoot())
        return rho.isFinite ? rho : nil
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
