import FolioGeometry
import FolioLayers
import FolioSurface

/// Surface layers in the draw list: their patches are items like any polygon; two things
/// differ.
///
/// **Contours.** Adjacent patches share their edges bit for bit, so `markSharedEdges` makes
/// every inner edge a seam: never faded, free. That is right between patches of the same
/// facing, but where the surface turns away from the viewer (a contour, `SurfaceMesh.contours`)
/// both sheets end on the same screen line and lie on the same side of it: the line is a true
/// silhouette. The nearer sheet — the back-facing one (docs/curl.md §7) — fades there with
/// exact coverage; the farther one is faded too, with its coverage line moved in by the margin,
/// so it adds nothing to the pixels along the contour, where the nearer sheet alone is the
/// leaf's exact coverage.
///
/// **Normals.** With lighting on, each vertex carries the unit normal of the side the viewer
/// sees: a flat layer's `frontNormal`, a surface's exact normal at the vertex's local point,
/// negated where the polygon shows its back.
extension DrawList {
    /// Turns shared edges of surface patches that lie on a contour back into silhouettes.
    mutating func markContours(_ e: LayerEvaluator) {
        for i in items.indices {
            let quad = e.quads[items[i].quadIndex]
            guard quad.surfacePatch >= 0, quad.layer.kind == .surface else { continue }
            let surface = unsafeDowncast(quad.layer, to: SurfaceLayer.self)
            let mesh = surface.mesh
            guard !mesh.contours.isEmpty else { continue }
            let nearer = quad.localToView.showsBack
            let b = surface.bounds
            let tolerance = 1e-7 * (b.width + b.height)
            let r = items[i].corners
            for k in r where corners[k].shared {
                let a = corners[k].local, c = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1].local
                for segment in mesh.contours {
                    let p = mesh.vertices[segment.from].local, q = mesh.vertices[segment.to].local
                    if Self.lies(a, onLine: p, q, tolerance) && Self.lies(c, onLine: p, q, tolerance) {
                        corners[k].shared = false
                        corners[k].fades = true
                        corners[k].inset = !nearer
                        break
                    }
                }
            }
        }
    }

    /// Whether `x` lies within `tolerance` of the line through `p` and `q`.
    static func lies(_ x: Point, onLine p: Point, _ q: Point, _ tolerance: Double) -> Bool {
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return false }
        return abs((x.x - p.x) * dy - (x.y - p.y) * dx) / length <= tolerance
    }

    /// Chooses where the next item's vertex normals come from.
    mutating func setNormals(for quad: Quad) {
        normalSurface = nil
        flatNormal = Vector3(x: 0, y: 0, z: 1)
        normalSign = 1
        guard lighting else { return }
        normalSign = quad.localToView.showsBack ? -1 : 1
        if quad.surfacePatch >= 0, quad.layer.kind == .surface {
            normalSurface = unsafeDowncast(quad.layer, to: SurfaceLayer.self)
        } else {
            flatNormal = quad.layer.frontNormal
        }
    }

    /// The visible side's unit normal at the current item's local point `local`.
    func normal(at local: Point) -> Vector3 {
        if let surface = normalSurface { return surface.normal(atLocal: local) * normalSign }
        return flatNormal * normalSign
    }
}
