import FolioLayers
import FolioTessellation

/// The front of a surface seen through its paper (`SurfaceLayer.paperTranslucency`).
extension QuadRenderer {
    /// The alpha the contents of `quad` are drawn at when it is a surface patch seen from the
    /// back showing the front through the paper (no `backContents`) with a translucency below
    /// 1; nil otherwise (the contents at full strength).
    static func contentsFade(_ quad: Frame.Polygon, _ frame: Frame) -> Float? {
        guard quad.surfacePatch >= 0, let surface = frame.record(of: quad).surface, quad.localToView.showsBack else { return nil }
        guard surface.backContents == nil, surface.paperTranslucency < 1 else { return nil }
        return Float(surface.paperTranslucency)
    }
}
