import FolioGeometry

/// A polygon while evaluating: its corners in layer coordinates plus the map to the current
/// space (its flags are in `EvaluationState.flags`).
struct WorkPoly {
    /// Layer-local `(x, y)` → current homogeneous position.
    var basis: Homography
    /// The pre-projection z in the first context that sorted it, as a function of the local point.
    var depthRow = AffineFunction(a: 0, b: 0, c: 0)
    /// Its corners: `locals[start ..< start + count]`.
    var start: Int32
    var count: Int32
    var layer: Int32
    /// The next polygon in a BSP list.
    var next: Int32 = -1
    var opacity: Double
    /// Polygons of one shape have the same map and corners, bit for bit (see `ShapeMemo`).
    var shape: Int32
    /// The patch of a surface layer's mesh it draws (−1: a flat layer's polygon).
    var patch: Int32 = -1
}
