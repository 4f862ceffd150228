import FolioGeometry
import FolioLayers
import FolioTessellation
import FolioSurface

/// Which polygons the paper light changes.
extension QuadRenderer {
    /// Whether `quad` needs the `LIGHT` variant under a light.
    ///
    /// A polygon lying flat and facing the viewer — a page at rest, the flat part of a curled
    /// leaf — has the normal `ẑ` everywhere, where `PaperLight` gives the diffuse term exactly
    /// `a + (1 − a)·L_z/L_z = 1` and no sheen (`max(0, (ẑ·H)^e − (ẑ·H)^e) = 0`): the light
    /// leaves its colours as they are, so it is drawn without the per-pixel light (the same
    /// pixels, at the unlit cost). Everything else — turned panels, the bend, a page seen from
    /// its back — is lit.
    static func needsLight(_ quad: Frame.Polygon, _ frame: Frame) -> Bool {
        if quad.localToView.showsBack { return true }
        let layer = frame.record(of: quad)
        // A surface detail's piece is lit as the patch under it.
        if let owner = frame.surfaceRecordIndex(of: quad), let mesh = frame.records[Int(owner)].surface?.mesh {
            return quad.surfacePatch >= mesh.patches.count || mesh.patches[quad.surfacePatch].region != .flat
        }
        let n = layer.orientation.frontNormal
        return !(n.x == 0 && n.y == 0 && n.z == 1)
    }
}
