import CGL
import Glibc
import FolioTessellation

/// Sampling a page in flight at its resting size where a draw shows no more than that
/// (issue 41).
///
/// A page a leaf in flight may be uploaded 2^k times finer than it is shown at rest, so that
/// where the turn magnifies it there are texels to show; its mipmap level k is then the page
/// at its resting size. (The book now asks for 1.5 × 1.5 with the fine bias,
/// `Book.rasterScale(ofPage:withLevelOfDetailBias:)`: no level of that upload lies on the
/// resting grid, so `restingLevel` is 0 for it and this path serves power-of-two uploads
/// only — 2 × 2 without the bias, or `FOLIO_WINDOW_FINE_RASTER_SCALE=2` in the bench. At
/// 1.5 the bias already puts a page at its resting size at level of detail −0.165, one
/// bilinear fetch from level 0.) Much of what shows such a page is not magnified at all — the curl's flat part, a
/// page lying in the page plane, the leaf early and late in its turn — and there the
/// finer raster only costs: with the fine upload's bias of −¾ the level of detail of a page
/// shown at its resting size is log2 2 − ¾ = ¼, so every pixel is filtered trilinearly over
/// levels 0 and 1 of a texture four times the size, where the resting upload took one
/// bilinear fetch without mipmaps (`QuadRenderer+Sampling.swift`). On llvmpipe that made a
/// window frame 28% dearer over its floor (docs/performance.md).
///
/// Such a draw binds a sampler that reads level k alone (`GL_TEXTURE_MIN_LOD` =
/// `GL_TEXTURE_MAX_LOD` = k, nearest level, bilinear within it): exactly the texels of the
/// page at its resting size, one bilinear fetch, and llvmpipe computes no level of detail for
/// it at all (a sampler whose smallest and largest level of detail are equal forces that
/// level). A draw takes it when both hold over every pixel it shades:
///
/// - **Nothing is magnified past the resting size**: the shortest texel step a pixel step
///   makes, in level-k texels (the Jacobian's smaller singular value), is at least
///   1 − ``restingLevelTolerance``. Where it is shorter the leaf shows more than the resting
///   raster holds, and the draw keeps level 0.
/// - **The resting upload would not have used its mipmaps either**: GL's ρ in level-k texels,
///   with the resting upload's bias of −½, gives a level of detail of at most
///   −``unmipmappedMargin`` (ρ up to about √2). A page foreshortened further keeps its
///   trilinear filtering on the fine texture. Under OpenGL ES, which has no bias, the same
///   bound applies: level k read bilinearly is then what desktop GL draws, and a page lying
///   flat (ρ = 1 exactly) takes it too.
///
/// Both are exact for a polygon parallel to the view plane (a page lying in the page plane),
/// where the map from pixels to texels is affine. In perspective ρ is bounded from above as
/// `QuadRenderer+Sampling.swift` explains, and the smaller singular value from below: the
/// derivative matrix is `E / q²` with `E`'s entries affine on screen, so over a grid cell
/// `σ_min(E)` falls short of its value at the cell's centre by at most the change of `E`
/// across the half-cell (Weyl's inequality, with the Frobenius norm of `E`'s slopes), and
/// `q²` is largest at a corner. A leaf rising toward the viewer fails the first test, one
/// foreshortened past about 45° the second; a page tilted a little, neither.
///
/// Like the unmipmapped sampler, it runs only on Mesa's llvmpipe, where the saving was measured
/// and where the byte-identity tests run.
extension QuadRenderer {
    /// The finest upload whose resting level has a sampler of its own: 2^4 = 16 times its
    /// resting size along each axis.
    nonisolated static let maximumRestingLevel = 4

    /// How much a draw may magnify a page past its resting size and still be drawn from its
    /// resting level: 0.1%, the rounding that `PageMagnification.rasterScale` forgives too.
    nonisolated static let restingLevelTolerance = 0.001

    /// The cells along each side of the grid `shortestTexelStepBound` bounds the smaller
    /// singular value over (finer than `boundCells`: the bound of a minimum loses more per cell).
    nonisolated static let restingLevelCells = 16

    /// The mipmap level that holds the resting size of an upload `rasterScale` times finer
    /// than it is shown at rest (`width` × `height` texels): k where `rasterScale` is 2^k with
    /// 1 ≤ k ≤ ``maximumRestingLevel`` and the image has that level; otherwise 0 (a resting
    /// upload, or a scale that is not a power of two, whose levels lie off the page's grid).
    nonisolated static func restingLevel(rasterScale: Double, width: Int, height: Int) -> Int {
        guard rasterScale.isFinite, rasterScale >= 2 else { return 0 }
        let k = log2(rasterScale).rounded()
        guard k >= 1, k <= Double(maximumRestingLevel), exp2(k) == rasterScale else { return 0 }
        let level = Int(k)
        guard width >> level > 0, height >> level > 0 else { return 0 }
        return level
    }

    /// The sampler object `item` (drawn by batch `batch` and the batches beside it) binds for
    /// texture `t`, shown at `texels` texels per layer point (level 0): its resting level's
    /// (`samplesRestingLevel`), the unmipmapped one (`samplesWithoutMipmaps`), or 0 for the
    /// texture's own trilinear sampling.
    func sampler(for item: DrawItem, batch: Int, _ t: Texture, texelsPerPoint texels: (Double, Double)) -> GLuint {
        if samplesRestingLevel(item, batch: batch, t, texelsPerPoint: texels) { return restingLevelSamplers[t.restingLevel - 1] }
        return samplesWithoutMipmaps(item, batch: batch, t, texelsPerPoint: texels) ? unmipmappedSampler : 0
    }

    /// Whether `item` samples texture `t` (a fine upload, `restingLevel` > 0) from its resting
    /// level alone: nowhere magnified past the resting size, nowhere minified so much that the
    /// resting upload would have used its mipmaps (see the extension's notes).
    func samplesRestingLevel(_ item: DrawItem, batch: Int, _ t: Texture, texelsPerPoint texels: (Double, Double)) -> Bool {
        let level = t.restingLevel
        guard samplesUnminifiedWithoutMipmaps, t.hasUploadSampling, level > 0, level <= restingLevelSamplers.count else { return false }
        let scale = exp2(Double(level))
        let resting = (texels.0 / scale, texels.1 / scale)
        let largestUnminified = exp2(-Self.unmipmappedMargin - Double(Self.levelOfDetailBias))
        let shortestUnmagnified = 1 - Self.restingLevelTolerance
        let corners = list.corners[item.corners]
        if let steps = Self.parallelTexelSteps(corners, texelsPerPoint: resting) {
            let (rho, shortest) = Self.stretch(steps)
            return shortest >= shortestUnmagnified && rho <= largestUnminified
        }
        guard let box = shadedBox(ofItemAt: batch),
              let rho = Self.texelsPerPixelBound(corners, texelsPerPoint: resting, over: box, stoppingAbove: largestUnminified),
              rho <= largestUnminified,
              let shortest = Self.shortestTexelStepBound(corners, texelsPerPoint: resting, over: box, stoppingBelow: shortestUnmagnified)
        else { return false }
        return shortest >= shortestUnmagnified
    }

    /// GL's ρ (the longer of the texel steps one pixel step along x and along y makes) and the
    /// shortest texel step any unit pixel step makes (the smaller singular value), from the
    /// texel steps of a pixel step along x and along y.
    nonisolated static func stretch(_ steps: (alongX: (Double, Double), alongY: (Double, Double))) -> (rho: Double, shortest: Double) {
        let (a, c) = steps.alongX, (b, d) = steps.alongY
        let rho = max((a * a + c * c).squareRoot(), (b * b + d * d).squareRoot())
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        let largest = ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
        return (rho, largest > 0 ? abs(det) / largest : 0)
    }

    /// A lower bound on the shortest texel step a unit pixel step makes anywhere in `box`
    /// (viewport pixels), for a polygon in perspective whose corners' local points are shown at
    /// `texels` texels per layer point; nil when the polygon has no area or its plane does not
    /// lie in front of the eye over all of `box`. Where the shortest step is below `limit` (the
    /// exact value at a cell's centre, or a cell's bound once cut ``restingLevelDepth`` times),
    /// that value is returned at once.
    nonisolated static func shortestTexelStepBound(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double),
                                                   over box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                                   stoppingBelow limit: Double = 0) -> Double? {
        guard let (a, b, p, det) = spanningCorners(corners) else { return nil }
        let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y)
        func affine(_ f: (Corner) -> Double) -> TexelField.Affine {
            let (fa, f1, f2) = (f(a), f(b) - f(a), f(p) - f(a))
            return (fa - (f1 * dy2 - f2 * dy1) / det * a.x - (f2 * dx1 - f1 * dx2) / det * a.y,
                    (f1 * dy2 - f2 * dy1) / det, (f2 * dx1 - f1 * dx2) / det)
        }
        let field = TexelField(q: affine { 1 / $0.w }, m: affine { $0.local.x / $0.w }, n: affine { $0.local.y / $0.w }, texels: texels)
        let cells = Self.restingLevelCells
        let step = ((box.maxX - box.minX) / Double(cells), (box.maxY - box.minY) / Double(cells))
        var shortest = Double.infinity
        for j in 0..<cells {
            for i in 0..<cells {
                let x0 = box.minX + step.0 * Double(i), y0 = box.minY + step.1 * Double(j)
                guard let bound = field.shortestStep(x0, y0, x0 + step.0, y0 + step.1, depth: Self.restingLevelDepth, limit: limit)
                else { return nil }
                shortest = min(shortest, bound)
                if shortest < limit { return shortest }
            }
        }
        return shortest.isFinite ? shortest : nil
    }

    /// How many times `shortestTexelStepBound` may cut a cell in four where its bound falls
    /// below the limit but the exact value at its centre does not (cells of a 16 × 16 grid down
    /// to a 128th of the box a side).
    nonisolated static let restingLevelDepth = 3

    /// The map from pixels to texels of a plane in perspective: `u = m/q`, `v = n/q` with `q =
    /// 1/w`, `m = u/w` and `n = v/w` affine on screen. Its derivative matrix is `E/q²`, `E`'s
    /// entries (`mₓq − qₓm` and the like) affine with constant slopes (`∂(mₓq − qₓm)/∂y =
    /// mₓq_y − qₓm_y`, `∂/∂x = 0`, and so on): across a cell `E` changes by at most
    /// `K · (half width + half height)` in the Frobenius norm, and by Weyl's inequality its
    /// smaller singular value by no more; `q²` is largest at a corner.
    struct TexelField {
        /// An affine function of the pixel: its value at (0, 0) and its two slopes.
        typealias Affine = (value: Double, x: Double, y: Double)
        let q: Affine, m: Affine, n: Affine
        let texels: (Double, Double)
        /// `K`: the Frobenius norm of `E`'s slope along x (and along y: the same).
        let slope: Double

        init(q: Affine, m: Affine, n: Affine, texels: (Double, Double)) {
            (self.q, self.m, self.n, self.texels) = (q, m, n, texels)
            let ku = texels.0 * (m.x * q.y - q.x * m.y), kv = texels.1 * (n.x * q.y - q.x * n.y)
            slope = (ku * ku + kv * kv).squareRoot()
        }

        func at(_ g: Affine, _ x: Double, _ y: Double) -> Double { g.value + g.x * x + g.y * y }

        /// The smaller singular value of `E` at (x, y), and `q` there.
        func shortestOfE(_ x: Double, _ y: Double) -> (Double, q: Double) {
            let (qv, mv, nv) = (at(q, x, y), at(m, x, y), at(n, x, y))
            let e = (alongX: (texels.0 * (m.x * qv - q.x * mv), texels.1 * (n.x * qv - q.x * nv)),
                     alongY: (texels.0 * (m.y * qv - q.y * mv), texels.1 * (n.y * qv - q.y * nv)))
            return (QuadRenderer.stretch(e).shortest, qv)
        }

        /// A lower bound on the shortest texel step over the cell (x0, y0)–(x1, y1), cut in four
        /// up to `depth` times where the bound is below `limit` and the exact value at the
        /// centre is not; nil where `q` is not positive at a corner.
        func shortestStep(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, depth: Int, limit: Double) -> Double? {
            var largestQ = 0.0
            for corner in 0..<4 {
                let qv = at(q, corner & 1 == 0 ? x0 : x1, corner >> 1 == 0 ? y0 : y1)
                guard qv > 0, qv.isFinite else { return nil }
                largestQ = max(largestQ, qv)
            }
            let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2)
            let (centre, qc) = shortestOfE(cx, cy)
            let bound = max(0, centre - slope * ((x1 - x0) + (y1 - y0)) / 2) / (largestQ * largestQ)
            if bound >= limit || depth == 0 { return bound }
            let exact = centre / (qc * qc)
            if exact < limit { return exact }
            var shortest = Double.infinity
            for quarter in 0..<4 {
                let (a0, a1) = quarter & 1 == 0 ? (x0, cx) : (cx, x1), (b0, b1) = quarter >> 1 == 0 ? (y0, cy) : (cy, y1)
                guard let s = shortestStep(a0, b0, a1, b1, depth: depth - 1, limit: limit) else { return nil }
                shortest = min(shortest, s)
                if shortest < limit { break }
            }
            return shortest
        }
    }

    /// The sampler of draws that read a fine upload's resting level `level` alone: that level,
    /// bilinear, clamped to the edge (its smallest and largest level of detail both `level`).
    static func makeRestingLevelSampler(_ level: Int) -> GLuint {
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_NEAREST)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glSamplerParameterf(sampler, GLenum(GL_TEXTURE_MIN_LOD), Float(level))
        glSamplerParameterf(sampler, GLenum(GL_TEXTURE_MAX_LOD), Float(level))
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return sampler
    }
}
