import CGL
import Glibc
import FolioTessellation

/// Sampling a page in flight at its resting size where a draw shows no more than that
/// (issue 41).
///
/// A page a leaf in flight carries is uploaded 2^k times finer than it is shown at rest
/// (`Book.rasterScale(ofPage:)`, 2 × 2 for flip, curl and fold), so that where the turn
/// magnifies it there are texels to show. Its mipmap level k is then the page at its resting
/// size. Much of what shows such a page is not magnified at all — the curl's flat part, a
/// fold's page lying in the page plane, the leaf early and late in its turn — and there the
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
    /// resting size along each axis (the book asks for 2).
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
    /// lie in front of the eye over all of `box`. Where some cell's bound is below `limit`,
    /// that bound is returned at once.
    nonisolated static func shortestTexelStepBound(_ corners: ArraySlice<Corner>, texelsPerPoint texels: (Double, Double),
                                                   over box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                                   stoppingBelow limit: Double = 0) -> Double? {
        guard let (a, b, p, det) = spanningCorners(corners) else { return nil }
        let (dx1, dy1, dx2, dy2) = (b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y)
        typealias Affine = (value: Double, x: Double, y: Double)
        func affine(_ f: (Corner) -> Double) -> Affine {
            let (fa, f1, f2) = (f(a), f(b) - f(a), f(p) - f(a))
            return (fa, (f1 * dy2 - f2 * dy1) / det, (f2 * dx1 - f1 * dx2) / det)
        }
        func at(_ g: Affine, _ x: Double, _ y: Double) -> Double { g.value + g.x * (x - a.x) + g.y * (y - a.y) }
        // u = m/q, v = n/q with q = 1/w, m = u/w, n = v/w affine on screen: the derivative
        // matrix is E/q², E's entries (mₓq − qₓm and the like) affine. Their slopes are
        // constant: ∂(mₓq − qₓm)/∂y = mₓq_y − qₓm_y, ∂/∂x = 0, and so on, so E changes across
        // a cell by at most K · (half width + half height) in the Frobenius norm.
        let q = affine { 1 / $0.w }, m = affine { $0.local.x / $0.w }, n = affine { $0.local.y / $0.w }
        let ku = texels.0 * (m.x * q.y - q.x * m.y), kv = texels.1 * (n.x * q.y - q.x * n.y)
        let slope = (ku * ku + kv * kv).squareRoot()
        let cells = Self.restingLevelCells
        let step = ((box.maxX - box.minX) / Double(cells), (box.maxY - box.minY) / Double(cells))
        let reach = slope * (step.0 + step.1) / 2
        var shortest = Double.infinity
        for j in 0..<cells {
            for i in 0..<cells {
                var largestQ = 0.0
                for corner in 0..<4 {
                    let qv = at(q, box.minX + step.0 * Double(i + (corner & 1)), box.minY + step.1 * Double(j + (corner >> 1)))
                    guard qv > 0, qv.isFinite else { return nil }
                    largestQ = max(largestQ, qv)
                }
                let (x, y) = (box.minX + step.0 * (Double(i) + 0.5), box.minY + step.1 * (Double(j) + 0.5))
                let (qv, mv, nv) = (at(q, x, y), at(m, x, y), at(n, x, y))
                let e = (alongX: (texels.0 * (m.x * qv - q.x * mv), texels.1 * (n.x * qv - q.x * nv)),
                         alongY: (texels.0 * (m.y * qv - q.y * mv), texels.1 * (n.y * qv - q.y * nv)))
                let bound = max(0, stretch(e).shortest - reach) / (largestQ * largestQ)
                shortest = min(shortest, bound)
                if shortest < limit { return shortest }
            }
        }
        return shortest.isFinite ? shortest : nil
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
