import FolioGeometry

/// Polygons with the same geometry share their work.
///
/// A sublayer that exactly covers its layer — a shadow, a tint, a highlight — has the same map
/// and the same corners as the layer's own polygon at every level above, so clipping it,
/// projecting it for a depth sort and writing its output give the same numbers. Each of those
/// steps remembers its last polygon's input and result; a polygon whose input is the same bit
/// for bit takes the result (sharing the corner run) instead of computing it again. The test is
/// exact: equal bits in, equal bits out.
struct GeometryMemo {
    /// The last input: map and corner run.
    var basis = Homography.identity
    var start: Int32 = -1
    var count: Int32 = 0
    /// The result: the corner run (and map) the step left.
    var resultStart: Int32 = 0
    var resultCount: Int32 = 0
    var resultBasis = Homography.identity
    var resultFlags = PolyFlags()

    /// Remembers polygon `poly`'s input before a step works on it.
    @inline(__always)
    mutating func remember(_ poly: WorkPoly) {
        basis = poly.basis
        start = poly.start
        count = poly.count
    }

    /// Remembers the step's result on the polygon it last remembered.
    @inline(__always)
    mutating func keep(_ poly: WorkPoly, _ flags: PolyFlags) {
        resultStart = poly.start
        resultCount = poly.count
        resultBasis = poly.basis
        resultFlags = flags
    }
}

extension Homography {
    /// Whether the two maps are the same bit for bit (NaN payloads and the sign of zero count).
    @inline(__always)
    func hasSameBits(as o: Homography) -> Bool {
        x.x.bitPattern == o.x.x.bitPattern && x.y.bitPattern == o.x.y.bitPattern
            && origin.x.bitPattern == o.origin.x.bitPattern && origin.y.bitPattern == o.origin.y.bitPattern
            && y.x.bitPattern == o.y.x.bitPattern && y.y.bitPattern == o.y.y.bitPattern
            && x.w.bitPattern == o.x.w.bitPattern && y.w.bitPattern == o.y.w.bitPattern && origin.w.bitPattern == o.origin.w.bitPattern
            && x.z.bitPattern == o.x.z.bitPattern && y.z.bitPattern == o.y.z.bitPattern && origin.z.bitPattern == o.origin.z.bitPattern
    }
}

extension EvaluationState {
    /// Whether polygon `p` has, bit for bit, the map and corners `memo` remembers.
    @inline(__always)
    func matches(_ p: Int, _ memo: GeometryMemo) -> Bool {
        let poly = UnsafePointer(polys.base + p)
        guard poly.pointee.count == memo.count, memo.start >= 0,
              poly.pointee.basis.hasSameBits(as: memo.basis) else { return false }
        if poly.pointee.start == memo.start { return true }
        let a = UnsafePointer(locals.base + Int(poly.pointee.start)), b = UnsafePointer(locals.base + Int(memo.start))
        for i in 0..<Int(memo.count) where a[i].x.bitPattern != b[i].x.bitPattern || a[i].y.bitPattern != b[i].y.bitPattern {
            return false
        }
        return true
    }
}
