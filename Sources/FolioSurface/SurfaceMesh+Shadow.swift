/// The cast shadow of a mesh, per vertex, and the edges that bound it.
extension SurfaceMesh {
    /// Fills `shadow` with each vertex's cast shadow on the plane `z = 0` under `model`, and
    /// `shadowEdges` with the mesh edges whose shadows bound it (reusing their storage).
    ///
    /// The shadow is the union of the mesh's triangles with their vertices moved to their
    /// `shadow` points. Its boundary lies on the shadows of the outline segments that leave
    /// the page (kind `.boundary`) and of the rulings where the leaf turns away from the light
    /// (kind `.contour`: the patches on either side face the light differently). A renderer
    /// fades across those edges with `CastShadow.coverage(inside:width:)`, using the width
    /// and opacity interpolated along them.
    public func castShadow(_ model: CastShadow) {
        shadow.removeAll(keepingCapacity: true)
        shadowEdges.removeAll(keepingCapacity: true)
        for v in vertices { shadow.append(model.shadow(of: v.position)) }
        for s in outline where max(vertices[s.from].position.z, vertices[s.to].position.z) > 0 {
            shadowEdges.append(SilhouetteSegment(from: s.from, to: s.to, kind: .boundary))
        }
        guard regionPatch.count == cuts.count + 1 else { return }
        for k in cuts.indices {
            let a = regionPatch[k], b = regionPatch[k + 1]
            guard a >= 0, b >= 0 else { continue }
            let litA = patches[a].plane.normal.dot(model.light) > 0, litB = patches[b].plane.normal.dot(model.light) > 0
            if litA != litB {
                shadowEdges.append(SilhouetteSegment(from: chainA[cutPositionA[k]].vertex, to: chainB[cutPositionB[k]].vertex, kind: .contour))
            }
        }
    }
}
