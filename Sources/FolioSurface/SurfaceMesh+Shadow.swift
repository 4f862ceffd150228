/// The cast shadow of a mesh, per vertex.
extension SurfaceMesh {
    /// Fills `shadow` with each vertex's cast shadow on the plane `z = 0` under `model`
    /// (reusing its storage).
    public func castShadow(_ model: CastShadow) {
        shadow.removeAll(keepingCapacity: true)
        for v in vertices { shadow.append(model.shadow(of: v.position)) }
    }
}
