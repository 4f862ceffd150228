import FolioGeometry

/// Polygons with the same geometry share their work.
///
/// A sublayer that exactly covers its layer — a shadow, a tint, a highlight — has the same map
/// and the same corners as the layer's own polygon at every level above, so mapping it,
/// clipping it, projecting it for a depth sort and writing its output give the same numbers.
///
/// Every polygon carries a *shape*: polygons with equal shapes have, bit for bit, the same map
/// and the same corners. A leaf that exactly covers its layer's own polygon starts with that
/// polygon's shape (and corner run); every step that changes a map or corners gives its result
/// a new shape, except that a polygon whose shape is the step's last input takes the step's
/// last result instead of computing it again — equal bits in, equal bits out. Polygons of one
/// shape always lie in one group, so steps over a whole group (flattening) keep them equal.
struct ShapeMemo {
    /// The shape of the last polygon the step computed, −1 for none.
    var input: Int32 = -1
    /// The shape of its result.
    var output: Int32 = 0
    /// Its corner run, map and flags after the step.
    var start: Int32 = 0
    var count: Int32 = 0
    var basis = Homography.identity
    var flags = PolyFlags()
}
