/// Clips a convex polygon to one half-space (one Sutherland–Hodgman step), leaving the corners'
/// storage and payload to the caller.
///
/// The polygon is `count` corners, numbered `0 ..< count` in order; a corner is whatever the
/// caller keeps per corner (a point, a point with its projection, …). The caller says, per
/// corner, which side of the boundary it lies on and the boundary function's value there, and
/// receives the result as calls in output order: `keep(c)` for a corner that stays,
/// `cross(a, b, t)` for a new corner on the edge from corner `a` to the next corner `b`, at `t`
/// (0…1) of the way from `a` — the caller interpolates its own payload there (layer-local
/// points, homogeneous positions, texture coordinates), by its own rule.
///
/// `t` is `value(a) / (value(a) − value(b))`: exact where the boundary function is affine along
/// the edge, as a plane's homogeneous value `n·X + d·w` is along any edge in homogeneous
/// coordinates (so the cut stays perspective-correct).
///
/// Several clips of one polygon by the same boundary always give the same corners, bit for
/// bit: nothing here depends on anything but the values the caller gives.
public enum ConvexPolygonClipper {
    /// Where the new corner on the closing edge (last corner → corner 0) goes in the output.
    ///
    /// The two orders are the same polygon starting one corner apart. Both exist because each
    /// caller's corner order is visible in what it outputs (`folio geometry` JSON lists corners in
    /// order), so each keeps the order it always had.
    public enum ClosingEdge: Sendable {
        /// First: each corner is preceded by the crossing of the edge that ends at it.
        case first
        /// Last: each corner is followed by the crossing of the edge that starts at it.
        case last
    }

    /// Clips the convex polygon of `count` corners to the half-space where `side` is not negative.
    ///
    /// Corners are read in order, once each (`corner(i)`; when the closing edge goes first, the
    /// last corner is also read before the others), and handed to the other closures as the
    /// caller's own values.
    ///
    /// - Parameters:
    ///   - count: the number of corners (fewer than 1: nothing is called).
    ///   - closingEdge: where the closing edge's crossing goes (see `ClosingEdge`).
    ///   - corner: corner `i` (`0 ..< count`), whatever the caller keeps per corner.
    ///   - side: per corner, positive inside, zero on the boundary (kept, and never the end of
    ///     a crossing: a tolerance goes here), negative outside. NaN: neither kept nor the end
    ///     of a crossing.
    ///   - value: per corner, the boundary function, affine along each edge; read only at the
    ///     two ends of an edge whose sides have strictly opposite signs.
    ///   - keep: called with each corner whose side is zero or positive.
    ///   - cross: called with `(a, b, t)` for each edge `a → b` whose ends lie strictly on
    ///     opposite sides, `t = value(a) / (value(a) − value(b))`.
    @inlinable
    public static func clip<Corner>(count: Int, closingEdge: ClosingEdge, corner: (Int) -> Corner,
                                    side: (Corner) -> Double, value: (Corner) -> Double,
                                    keep: (Corner) -> Void, cross: (_ from: Corner, _ to: Corner, _ t: Double) -> Void) {
        guard count > 0 else { return }
        @inline(__always) func crossing(_ a: Corner, _ b: Corner) {
            let va = value(a)
            cross(a, b, va / (va - value(b)))
        }
        switch closingEdge {
        case .first:
            var previous = corner(count - 1)
            var previousSide = side(previous)
            for i in 0..<count {
                let current = corner(i)
                let s = side(current)
                if s * previousSide < 0 { crossing(previous, current) }
                if s >= 0 { keep(current) }
                (previous, previousSide) = (current, s)
            }
        case .last:
            let first = corner(0)
            var current = first
            var s = side(current)
            for i in 0..<count {
                let next = i + 1 == count ? first : corner(i + 1)
                let nextSide = side(next)
                if s >= 0 { keep(current) }
                if s * nextSide < 0 { crossing(current, next) }
                (current, s) = (next, nextSide)
            }
        }
    }

    /// The side of a boundary value under a tolerance, as `clip` reads it: 1 above `tolerance`,
    /// −1 below `−tolerance`, 0 within it (NaN: −1, outside).
    @inlinable
    public static func side(of value: Double, tolerance: Double) -> Double {
        if value > tolerance { return 1 }
        return value >= -tolerance ? 0 : -1
    }
}
