import FolioGeometry
import FolioSurface

/// Surface layers in the evaluation: one planar polygon per patch.
///
/// A patch of a `SurfaceLayer`'s mesh is a convex polygon lying in one plane of the layer's 3D
/// space, and its local points reach that plane by an affine map (`SurfaceLayer.patchMaps`).
/// So it is exactly what the evaluator already handles: corners in the layer's own
/// coordinates plus one homography, mapped up the tree like any polygon. Each patch joins the
/// enclosing 3D rendering context as a planar member of its own, so the depth sort takes its
/// plane from its homography, orders the patches among themselves (they lie on the boundary of
/// a convex prism, so no patch's plane cuts another) and against the flat layers of the same
/// context; coplanar ties keep tree order, so the leaf's flat part lands on the page beneath it
/// when the surface layer comes after that page. Flat layers never reach this code.
extension EvaluationState {
    /// Adds `layer`'s patches to the current context, mapped by `toContext` (of `kind`).
    mutating func collectSurface(_ layer: SurfaceLayer, _ toContext: Transform3D, _ kind: MapKind,
                                 opacity: Double, invisible: Bool) {
        let mesh = layer.mesh
        guard !mesh.patches.isEmpty, layer.patchMaps.count == mesh.patches.count, layer.patchHasArea.count == mesh.patches.count else { return }
        let index = register(layer)
        for p in mesh.paintersOrder where layer.patchHasArea[p] {
            let patch = mesh.patches[p]
            let start = store.locals.count
            for v in mesh.corners(of: patch) { store.locals.append(mesh.vertices[v].local) }
            let map = layer.patchMaps[p]
            let basis = kind == .identity ? map : map.applying(toContext)
            let poly = Int32(store.polys.count)
            let orderStart = Int32(order.count)
            order.append(poly)
            store.polys.append(WorkPoly(basis: basis, start: Int32(start), count: Int32(store.locals.count - start), layer: index,
                                  opacity: opacity, shape: store.newShape(), patch: Int32(p)))
            store.flags.append(invisible ? [] : .visible)
            members.append(ContextMember(orderStart: orderStart, orderEnd: Int32(order.count), frame: basis,
                                         flat: basis.liesInZeroPlane))
        }
    }
}
