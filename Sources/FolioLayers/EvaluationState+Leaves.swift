import FolioGeometry

/// Sublayers that are plain leaves in their layer's plane — shadows, tints, borders, the pages
/// of a flat book spread — skip the general walk.
///
/// A flattening layer (not a surface layer, whose patches leave the plane) with no sublayers
/// and no transform, placed at `zPosition == anchorPointZ`
/// in a layer whose sublayer transform is the identity, maps into that layer's plane by a
/// translation: its polygon lies in the plane, in front of the eye, never faces away, and the
/// context of such leaves is flat, so it needs no depth sort and nothing to flatten. The general
/// walk would reach exactly that through a member record per leaf and a pass over the context;
/// here each leaf's polygon is written as that walk leaves it (map, depth row, flags, opacity).
extension EvaluationState {
    /// Whether every sublayer from `first` on is such a leaf.
    static func areFlatLeaves(from first: Unmanaged<Layer>) -> Bool {
        var child: Unmanaged<Layer>? = first
        while let c = child {
            let leaf: Bool = c.withLayer { l in
                guard l.kind != .transform, l.kind != .surface, l.firstSublayer == nil, l.transformIsIdentity else { return false }
                let a = l.anchor
                let dx = l.position.x - a.x, dy = l.position.y - a.y, dz = l.zPosition - a.z
                return dz == 0 && dx * 0 == 0 && dy * 0 == 0
            }
            guard leaf else { return false }
            child = c.nextSibling
        }
        return true
    }

    /// Adds the polygons of the leaves from `first` on (see `areFlatLeaves(from:)`) in the
    /// sublayer space of their layer, as the general walk and the context's sort leave them.
    /// A leaf exactly covering polygon `own` (the layer's own, of `ownBounds`; −1 for none)
    /// shares its corner run and shape (see `ShapeMemo`).
    mutating func addFlatLeaves(from first: Unmanaged<Layer>, invisible: Bool, over own: Int, ownBounds: Rect) {
        let orderStart = order.count
        var anyInvisible = false
        var child: Unmanaged<Layer>? = first
        while let c = child {
            c.withLayer { l in
                let b = l.bounds
                guard !b.isEmpty else { return }
                let a = l.anchor
                // What the walk's translation of the identity gives: 0 + offset.
                let dx = 0 + (l.position.x - a.x), dy = 0 + (l.position.y - a.y), dz = 0 + (l.zPosition - a.z)
                let opacity = l.opacity
                var poly = WorkPoly(basis: Homography(x: Vector4(x: 1, y: 0, z: 0, w: 0), y: Vector4(x: 0, y: 1, z: 0, w: 0),
                                                      origin: Vector4(x: dx, y: dy, z: dz, w: 1)),
                                    start: 0, count: 4, layer: register(l),
                                    opacity: 1 * (opacity >= 0 ? min(opacity, 1) : 0), shape: 0)
                if own >= 0 && dx == 0 && dy == 0 && dz == 0 && b.hasSameBits(as: ownBounds) {
                    // The own polygon's map is still the identity: the same map, the same corners.
                    poly.start = store.polys[own].start
                    poly.shape = store.polys[own].shape
                    store.sharedCorners &+= 4
                } else {
                    poly.start = Int32(truncatingIfNeeded: store.locals.count)
                    poly.shape = store.newShape()
                    store.locals.appendCorners(of: b)
                }
                order.append(Int32(truncatingIfNeeded: store.polys.count))
                poly.depthRow = AffineFunction(a: 0, b: 0, c: dz)
                store.polys.append(poly)
                // The frame is a translation, w = 1: in front of the eye and never facing away.
                let visible = !(invisible || l.isHidden)
                store.flags.append(visible ? [.visible, .depthSet, .inFront] : .depthSet)
                anyInvisible = anyInvisible || !visible
            }
            child = c.nextSibling
        }
        if anyInvisible { moveInvisibleToEnd(from: orderStart) }
    }
}
