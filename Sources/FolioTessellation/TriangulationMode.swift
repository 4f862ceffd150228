/// How the tessellation treats silhouette edges: the geometric half of an antialiasing mode
/// (FolioRender's `AntialiasingMode` maps onto it; multisampling and no antialiasing need the
/// same triangles).
package enum TriangulationMode: Sendable {
    /// Silhouettes pushed out by `DrawList.margin`, triangles carrying the edges within reach
    /// (analytic coverage); seam corners found.
    case inflated
    /// Each polygon grown by one content texel (the transparent border ramp).
    case bordered
    /// The polygons as they are.
    case plain
}
