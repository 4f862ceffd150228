import FolioGeometry
import FolioLayers
import FolioSurface

/// Where the vertex normals of the item being written come from (the paper light's input):
/// a flat layer's one front normal, or a surface's exact normal at each point, seen from the
/// side the item shows.
package struct NormalSource {
    /// Whether vertices carry normals for the `LIGHT` variant (otherwise they carry `(0, 0, 1)`).
    package var lighting = false
    /// A flat item's front normal in the root's space.
    private var flat = Vector3(x: 0, y: 0, z: 1)
    /// A surface item's mesh, curl and patch: the normal comes from the exact surface, kept
    /// within the patch's angles (`SurfaceLayer.normal(atLocal:patch:of:mesh:)`).
    private var mesh: SurfaceMesh?
    private var curl: PageCurl?
    private var patch = -1
    /// The surface's linear map to the root (`Layer.linearPartToRoot`), which turns its normals.
    private var linear = Transform3D.identity
    /// −1 where the item shows its back: the visible side's normal is the front's, negated.
    private var sign = 1.0

    package init() {}

    /// Takes the normals of `quad` (of `frame`): its surface's, or its layer's front normal.
    package mutating func select(_ quad: Frame.Polygon, of frame: Frame) {
        mesh = nil
        flat = Vector3(x: 0, y: 0, z: 1)
        sign = 1
        guard lighting else { return }
        sign = quad.localToView.showsBack ? -1 : 1
        let layer = frame.record(of: quad)
        // A detail's piece takes the normals of the surface it lies on, patch for patch.
        if let owner = frame.surfaceRecordIndex(of: quad), let surface = frame.records[Int(owner)].surface {
            mesh = surface.mesh
            curl = surface.curl
            patch = quad.surfacePatch
            // The mesh's normals are in the layer's own space; a book leaf's reading direction
            // turns or mirrors the layer, and the light lives in the root's space.
            linear = frame.records[Int(owner)].orientation.linearPartToRoot
        } else {
            flat = layer.orientation.frontNormal
        }
    }

    /// The visible side's unit normal at the current item's local point `local`.
    package func normal(at local: Point) -> Vector3 {
        if let mesh {
            let n = SurfaceLayer.normal(atLocal: local, patch: patch, of: curl, mesh: mesh)
            return Layer.frontNormal(ofLocal: n, through: linear) * sign
        }
        return flat * sign
    }
}
