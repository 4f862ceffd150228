import CGL
#if canImport(Glibc)
import Glibc
#endif
import FolioGeometry
import FolioLayers
import FolioTessellation
import FolioSurface

/// What a surface patch shows, and the paper light's uniforms.
extension QuadRenderer {
    /// The contents a quad shows and the unit rectangle of the image it samples.
    ///
    /// A flat layer shows `contents` through `contentsRect`. A patch of a `SurfaceLayer` seen
    /// from its back shows `backContents` through `backContentsRect` mirrored across the spine
    /// (a leaf turned over about its spine shows its back the right way round), or, without
    /// back contents, the front's contents at the same point, seen through the paper.
    static func shownContents(_ quad: Frame.Polygon, _ frame: Frame) -> (handle: ContentHandle?, rect: Rect) {
        let layer = frame.record(of: quad)
        guard quad.surfacePatch >= 0, let surface = layer.surface, quad.localToView.showsBack else {
            return (layer.paint.contents, layer.paint.contentsRect)
        }
        guard let back = surface.backContents else { return (layer.paint.contents, layer.paint.contentsRect) }
        let r = surface.backContentsRect
        // A negative extent runs the texture coordinates backwards: the mirror image.
        let mirrored = surface.mirrorsHorizontally
            ? Rect(x: r.maxX, y: r.minY, width: -r.width, height: r.height)
            : Rect(x: r.minX, y: r.maxY, width: r.width, height: -r.height)
        return (back, mirrored)
    }

    /// Sets the paper light's uniforms of `program` (a `LIGHT` variant) from `light`.
    func setLight(_ light: PaperLight, _ program: ShaderPrograms.Program) {
        let l = light.direction
        let sum = l + Vector3(x: 0, y: 0, z: 1)
        let half = sum * (1 / sum.length)
        let rest = light.sheen > 0 ? pow(max(0, half.z), light.sheenExponent) : 0
        glUniform3f(program.lightDirection, Float(l.x), Float(l.y), Float(l.z))
        glUniform3f(program.lightHalf, Float(half.x), Float(half.y), Float(half.z))
        glUniform4f(program.lightTerms, Float(light.ambient), Float(light.sheen), Float(light.sheenExponent), Float(rest))
    }
}

