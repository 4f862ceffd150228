import FolioGeometry

extension AnimationKeyPath {
    /// The part of a value of `storedProperty` that this sub-path names (`position.x` of a
    /// point, `bounds.size` of a rect); the value itself for a path that is its own stored
    /// property or a transform part (read through the decomposition instead). Works the same on
    /// velocities, which have the value's kind.
    func part(of whole: AnimationValue) -> AnimationValue {
        switch (self, whole) {
        case let (.positionX, .point(p)): .number(p.x)
        case let (.positionY, .point(p)): .number(p.y)
        case let (.boundsOrigin, .rect(r)): .point(r.origin)
        case let (.boundsSize, .rect(r)): .size(r.size)
        case let (.boundsOriginX, .rect(r)): .number(r.origin.x)
        case let (.boundsOriginY, .rect(r)): .number(r.origin.y)
        case let (.boundsWidth, .rect(r)): .number(r.size.width)
        case let (.boundsHeight, .rect(r)): .number(r.size.height)
        case let (.anchorPointX, .point(p)): .number(p.x)
        case let (.anchorPointY, .point(p)): .number(p.y)
        default: whole
        }
    }

    /// `whole` with the part this sub-path names replaced by `part` (see `part(of:)`).
    func replacingPart(of whole: AnimationValue, with part: AnimationValue) -> AnimationValue {
        switch (self, whole, part) {
        case let (.positionX, .point(p), .number(v)): .point(Point(x: v, y: p.y))
        case let (.positionY, .point(p), .number(v)): .point(Point(x: p.x, y: v))
        case let (.boundsOrigin, .rect(r), .point(o)): .rect(Rect(origin: o, size: r.size))
        case let (.boundsSize, .rect(r), .size(s)): .rect(Rect(origin: r.origin, size: s))
        case let (.boundsOriginX, .rect(r), .number(v)): .rect(Rect(x: v, y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.boundsOriginY, .rect(r), .number(v)): .rect(Rect(x: r.origin.x, y: v, width: r.size.width, height: r.size.height))
        case let (.boundsWidth, .rect(r), .number(v)): .rect(Rect(x: r.origin.x, y: r.origin.y, width: v, height: r.size.height))
        case let (.boundsHeight, .rect(r), .number(v)): .rect(Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: v))
        case let (.anchorPointX, .point(p), .number(v)): .point(Point(x: v, y: p.y))
        case let (.anchorPointY, .point(p), .number(v)): .point(Point(x: p.x, y: v))
        default: part
        }
    }
}
