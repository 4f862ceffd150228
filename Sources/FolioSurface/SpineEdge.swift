import FolioGeometry

/// The edge of a leaf that stays attached (the spine) while the rest of it curls.
///
/// The curl is computed in the leaf's *spine frame* `(u, v)`: `u` is the distance from the
/// spine into the leaf, `v` the position along the spine (from the end at the smaller local
/// coordinate). For a leaf of local size `w × h`:
///
/// | spine | u | v |
/// |---|---|---|
/// | `left` | x | y |
/// | `right` | w − x | y |
/// | `top` | y | x |
/// | `bottom` | h − y | x |
///
/// The map is an isometry of the page plane (a reflection for `right` and `top`), so lengths,
/// and with them developability, are the same in both frames.
public enum SpineEdge: String, CaseIterable, Hashable, Sendable {
    /// The leaf's left edge, `x = 0` (a right-hand page turning right to left).
    case left
    /// The leaf's right edge, `x = w` (a left-hand page turning left to right).
    case right
    /// The leaf's top edge, `y = 0` (a lower page turning bottom to top).
    case top
    /// The leaf's bottom edge, `y = h` (an upper page turning top to bottom).
    case bottom
}

/// The isometry between a leaf's local coordinates and its spine frame `(u, v)`.
@usableFromInline
struct SpineFrame: Hashable, Sendable {
    @usableFromInline let spine: SpineEdge
    /// The leaf's local size, in points.
    @usableFromInline let size: Size

    @inlinable init(spine: SpineEdge, size: Size) { self.spine = spine; self.size = size }

    /// The leaf's extent across the spine (the largest `u`), in points.
    @inlinable var across: Double { spine == .left || spine == .right ? size.width : size.height }
    /// The spine's length (the largest `v`), in points.
    @inlinable var along: Double { spine == .left || spine == .right ? size.height : size.width }

    /// `(u, v)` of a local point.
    @inlinable func frame(_ p: Point) -> (u: Double, v: Double) {
        switch spine {
        case .left: return (p.x, p.y)
        case .right: return (size.width - p.x, p.y)
        case .top: return (p.y, p.x)
        case .bottom: return (size.height - p.y, p.x)
        }
    }

    /// The local point at `(u, v)`.
    @inlinable func local(u: Double, v: Double) -> Point {
        switch spine {
        case .left: return Point(x: u, y: v)
        case .right: return Point(x: size.width - u, y: v)
        case .top: return Point(x: v, y: u)
        case .bottom: return Point(x: v, y: size.height - u)
        }
    }

    /// A direction `(du, dv)` of the spine frame in local coordinates (the linear part).
    @inlinable func direction(du: Double, dv: Double) -> (x: Double, y: Double) {
        switch spine {
        case .left: return (du, dv)
        case .right: return (-du, dv)
        case .top: return (dv, du)
        case .bottom: return (dv, -du)
        }
    }
}
