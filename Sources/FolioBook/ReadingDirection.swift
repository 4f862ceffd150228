import FolioGeometry

/// The way a book reads: which side its spine is on and which way its leaves turn.
///
/// Every book is computed once in a *canonical frame* — left to right, spine vertical, unread
/// leaves resting on the right and turning toward the viewer onto the left — and a reading
/// direction is one fixed reflection of that frame onto the view:
///
/// - ``leftToRight``: the identity.
/// - ``rightToLeft``: the mirror `x ↦ W − x` (W the view's width), which carries the canonical
///   spine onto the view's spine. The part of the view where reading starts (now the right)
///   takes the extra pixel of an odd split, as the leading part does in the canonical frame.
/// - ``topToBottom``: the transposition `(x, y) ↦ (y, x)`: the spine runs horizontally and
///   leaves turn upward over it, like a wall calendar.
///
/// Both reflections leave z alone, so depth and perspective carry over unchanged. Page images
/// must still read upright, so every page face also carries ``orientation`` (the reflection's
/// linear part) in its own transform, which undoes the reflection for its content.
public enum ReadingDirection: String, CaseIterable, Sendable {
    /// Western books: the spine on the left of the unread pages, leaves turn right to left.
    case leftToRight = "ltr"
    /// Arabic, Hebrew, manga: the spine on the right of the unread pages, leaves turn left to right.
    case rightToLeft = "rtl"
    /// Bound at the top: unread leaves hang below the spine and turn upward over it.
    case topToBottom = "ttb"

    /// The canonical frame's size for a view of `size` points (transposed for ``topToBottom``).
    public func canonicalSize(ofView size: Size) -> Size {
        self == .topToBottom ? Size(width: size.height, height: size.width) : size
    }

    /// The view size for a canonical frame of `size` points (the inverse of ``canonicalSize(ofView:)``).
    public func viewSize(ofCanonical size: Size) -> Size { canonicalSize(ofView: size) }

    /// The reflection's linear part: the identity, the mirror `x ↦ −x`, or the swap of x and y.
    /// It is its own inverse.
    public var orientation: Transform3D {
        switch self {
        case .leftToRight:
            return .identity
        case .rightToLeft:
            return Transform3D(scaleX: -1, y: 1)
        case .topToBottom:
            return Transform3D(m11: 0, m12: 1, m13: 0, m14: 0,
                               m21: 1, m22: 0, m23: 0, m24: 0,
                               m31: 0, m32: 0, m33: 1, m34: 0,
                               m41: 0, m42: 0, m43: 0, m44: 1)
        }
    }

    /// The map from canonical coordinates to the view's, for a view of `viewSize` points
    /// (row vectors, like every `Transform3D`).
    public func viewTransform(viewSize: Size) -> Transform3D {
        var t = orientation
        if self == .rightToLeft { t.m41 = viewSize.width }
        return t
    }

    /// A canonical point in view coordinates, for a view of `viewSize` points.
    public func viewPoint(_ canonical: Point, viewSize: Size) -> Point {
        switch self {
        case .leftToRight: return canonical
        case .rightToLeft: return Point(x: viewSize.width - canonical.x, y: canonical.y)
        case .topToBottom: return Point(x: canonical.y, y: canonical.x)
        }
    }

    /// A view point in canonical coordinates (the reflection is its own inverse).
    public func canonicalPoint(_ view: Point, viewSize: Size) -> Point {
        switch self {
        case .leftToRight: return view
        case .rightToLeft: return Point(x: viewSize.width - view.x, y: view.y)
        case .topToBottom: return Point(x: view.y, y: view.x)
        }
    }

    /// A point in unit coordinates (0…1 across a rectangle) of the canonical frame, in the
    /// unit coordinates of the same rectangle as it appears upright in the view.
    public func unitPoint(_ p: Point) -> Point {
        switch self {
        case .leftToRight: return p
        case .rightToLeft: return Point(x: 1 - p.x, y: p.y)
        case .topToBottom: return Point(x: p.y, y: p.x)
        }
    }

    /// A rectangle in canonical unit coordinates, as it appears upright in the view.
    public func unitRect(_ r: Rect) -> Rect {
        switch self {
        case .leftToRight: return r
        case .rightToLeft: return Rect(x: 1 - r.origin.x - r.size.width, y: r.origin.y, width: r.size.width, height: r.size.height)
        case .topToBottom: return Rect(x: r.origin.y, y: r.origin.x, width: r.size.height, height: r.size.width)
        }
    }
}
