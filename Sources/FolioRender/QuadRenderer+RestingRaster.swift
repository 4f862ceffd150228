import CGL
import FolioGeometry
import FolioTessellation

/// Showing a page in flight from its resting raster where a draw magnifies nothing (issue 41).
///
/// A page a leaf in flight carries is uploaded 1.5 times finer than it is shown at rest
/// (`Book.rasterScale(ofPage:)`), so that where the turn magnifies it there are texels to
/// show. Much of what shows it magnifies nothing: the curl's flat part (most of its leaf), the
/// pages lying flat in a fold's opening, the flip's leaf where it is foreshortened across. There
/// the finer raster gives no detail the resting one lacks, and on a software rasterizer it
/// costs: its texels are 2.25 times the bytes, read minified by 1.5, and they miss the CPU's
/// caches more often per pixel (callgrind's cache model, a curl frame at 1280×800 at the
/// earlier 1.62 × 1.62: 381 k first-level read misses with resting rasters, 450 k with the
/// finer ones, docs/performance.md).
///
/// So the renderer keeps the page's resting upload beside its finer one while it is in flight
/// (`setPixels(…, rasterScale:, keepsRestingRaster:)`: the upload it replaces becomes the
/// handle's resting raster, a second texture deleted with the first), and a draw whose pose
/// magnifies the page nowhere binds that resting raster, sampled as the resting upload is
/// sampled at rest (its −½ bias, mipmaps, and no mipmaps where it is not minified,
/// `QuadRenderer+Sampling.swift`). The finer raster is bound only by draws that the pose
/// magnifies. The choice is per draw, not per turn: in one frame the curl's flat part reads
/// the resting raster and its roll the finer one.
///
/// "Nothing magnifies it" is the test of `QuadRenderer+RestingLevel.swift`: the shortest texel
/// step any unit pixel step makes, in resting texels, is at least 1 − `restingLevelTolerance`
/// over every pixel the draw shades — exact for a draw parallel to the view plane, bounded from
/// below in perspective (`shortestTexelStepBound`). Unlike the resting level, it needs no
/// exact level of detail from the driver: the resting raster is drawn as at rest, under any
/// driver and both GL profiles. Border-mode antialiasing (whose coverage ramp is one texel of
/// the texture the draw list was built for) keeps the finer raster.
extension QuadRenderer {
    /// Whether `item` (drawn by batch `batch` and the batches beside it) shows its page from
    /// the resting raster `resting` kept beside the finer one: nowhere magnified past the
    /// resting size, `texels` being `resting`'s texels per layer point.
    func showsRestingRaster(_ item: DrawItem, batch: Int, texelsPerPoint texels: (Double, Double)) -> Bool {
        guard bindsRestingRasters, antialiasing != .border else { return false }
        let shortestUnmagnified = 1 - Self.restingLevelTolerance
        let corners = list.corners[item.corners]
        if let steps = Self.parallelTexelSteps(corners, texelsPerPoint: texels) {
            return Self.stretch(steps).shortest >= shortestUnmagnified
        }
        guard let box = shadedBox(ofItemAt: batch),
              let shortest = Self.shortestTexelStepBound(corners, texelsPerPoint: texels, over: box, stoppingBelow: shortestUnmagnified)
        else { return false }
        return shortest >= shortestUnmagnified
    }

    /// The texture the draw of `item` binds for `t` (the handle's texture): its resting raster
    /// where the handle has one and nothing in the draw magnifies the page, else `t`; with its
    /// texels per layer point for contents rectangle `rect` on a layer `bounds` wide and tall.
    func boundTexture(_ item: DrawItem, batch: Int, _ t: Texture, contentsRect rect: Rect, bounds: Rect)
        -> (texture: Texture, texels: (Double, Double), resting: Bool) {
        func texels(_ t: Texture) -> (Double, Double) {
            (Double(t.width) * abs(rect.width) / max(bounds.width, 1e-9), Double(t.height) * abs(rect.height) / max(bounds.height, 1e-9))
        }
        if let resting = t.restingTexture {
            let restingTexels = texels(resting)
            if showsRestingRaster(item, batch: batch, texelsPerPoint: restingTexels) { return (resting, restingTexels, true) }
        }
        return (t, texels(t), false)
    }
}
