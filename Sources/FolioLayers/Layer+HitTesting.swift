import FolioGeometry

// Hit testing as `CALayer.hitTest(_:)`: the layer *tree* decides, not depth. Sublayers are
// searched front to back in sublayer order (the last sublayer first; `zPosition` and the
// depth sort do not change it), transform layers are looked through to their sublayers, and
// points move between layers exactly as `convert(_:from:)` moves them. For "what is drawn on
// top at this pixel", use `LayerEvaluator.topmostQuad(at:)` instead.

extension Layer {
    /// Whether `point`, in this layer's coordinates, lies inside `bounds`, as
    /// `CALayer.contains(_:)` (`CGRectContainsPoint`): `minX ≤ x < maxX` and `minY ≤ y < maxY`,
    /// so empty bounds contain nothing. Rounded corners do not change it.
    public final func contains(_ point: Point) -> Bool {
        let b = bounds
        guard !b.isEmpty else { return false }
        return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
    }

    /// The farthest descendant of this layer (or the layer itself) that contains `point`, given
    /// in the superlayer's coordinates (the view's, for a root), as `CALayer.hitTest(_:)`.
    ///
    /// The point is converted into this layer (`convert(_:from:)` from the superlayer); then
    /// the sublayers are tried from the last to the first — each gets the point in this layer's
    /// coordinates — and the first hit wins; if none is hit, this layer is the answer when it
    /// `contains` the point. Skipped with their subtrees: hidden layers, layers with opacity 0
    /// (or NaN: they draw nothing), single-sided layers culled in their 3D rendering context
    /// (`isCulled(in:)`), and layers deeper than `Layer.maximumDepth`. A layer that
    /// `masksToBounds` is hit nowhere outside its bounds, nor is anything inside it (a mask
    /// without area hides its whole subtree). A transform layer is never the answer itself: it
    /// has no plane of its own, and its sublayers are tried with the point carried through
    /// their 3D transforms. A point that is behind the eye on a layer's plane, or on a plane
    /// seen edge-on, hits nothing there.
    public final func hitTest(_ point: Point) -> Layer? {
        guard let parent = superlayer else { return hit(point, parentToPlane: .identity, depth: 1) }
        if parent.flattens { return hit(point, parentToPlane: parent.pivotedSublayerTransform, depth: depth) }
        // A transform layer's sublayers live in the 3D rendering context around it: carry the
        // point from the transform layer's plane into that context's plane.
        let context = parent.renderingContext
        guard let toContext = parent.matrix(toPlaneOf: context),
              let p = Self.project(point, through: Self.plane(of: toContext)) else { return nil }
        return hit(p, parentToPlane: parent.pivotedSublayerTransform.concatenating(toContext), depth: depth)
    }

    /// The point `point` of `layer`'s coordinates (nil: the view this tree is drawn in) as a
    /// point of this layer's coordinates, or nil where there is none.
    ///
    /// Points move through the plane of the nearest flattening layer that holds both layers
    /// (their common 3D rendering context; the view if there is none): from `layer`'s plane
    /// into it by the projective map the renderer draws with, then back onto this layer's
    /// plane by that map's exact inverse. So a point of one layer converts to the point of the
    /// other that is drawn at the same place in that plane, through any 3D transform and
    /// perspective. Nil when the point is behind the eye on either plane, when a plane is seen
    /// edge-on there, when anything is not finite, or when the layers are in different trees.
    public final func convert(_ point: Point, from layer: Layer?) -> Point? {
        Self.convert(point, from: layer, to: self)
    }

    /// The point `point` of this layer's coordinates as a point of `layer`'s (nil: the view
    /// this tree is drawn in), or nil where there is none; see `convert(_:from:)`.
    public final func convert(_ point: Point, to layer: Layer?) -> Point? {
        Self.convert(point, from: self, to: layer)
    }

    // MARK: Implementation

    /// Hit test of this layer, given `p` in the plane of its 3D rendering context and
    /// `parentToPlane`, its superlayer's sublayer space → that context (before flattening).
    final func hit(_ p: Point, parentToPlane: Transform3D, depth: Int) -> Layer? {
        guard depth <= Layer.maximumDepth, !isHidden, clampedOpacity > 0 else { return nil }
        let toPlane = localTransform.concatenating(parentToPlane)
        if kind == .transform {
            let m = pivotedSublayerTransform.concatenating(toPlane)
            for s in sublayers.reversed() {
                if let found = s.hit(p, parentToPlane: m, depth: depth + 1) { return found }
            }
            return nil
        }
        if isCulled(in: toPlane) { return nil }
        guard let local = Self.preimage(of: p, under: Self.plane(of: toPlane)) else { return nil }
        if masksToBounds && !contains(local) { return nil }
        let sub = pivotedSublayerTransform
        for s in sublayers.reversed() {
            if let found = s.hit(local, parentToPlane: sub, depth: depth + 1) { return found }
        }
        return contains(local) ? self : nil
    }

    /// The nearest flattening ancestor (whose plane this layer is drawn in), or nil for the view.
    final var renderingContext: Layer? {
        var next = superlayer
        while let l = next {
            if l.flattens { return l }
            next = l.superlayer
        }
        return nil
    }

    /// The matrix from this layer's coordinates to `ancestor`'s (its sublayer space, before it
    /// flattens; nil: the view), flattening at every flattening layer strictly between; the
    /// identity for the layer itself; nil when `ancestor` is not an ancestor.
    final func matrix(toPlaneOf ancestor: Layer?) -> Transform3D? {
        if ancestor === self { return .identity }
        guard let ancestor else {
            var m = localTransform
            var next = superlayer
            while let layer = next {
                m = m.concatenating(layer.pivotedSublayerTransform)
                if layer.flattens { m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0 }
                m = m.concatenating(layer.localTransform)
                next = layer.superlayer
            }
            return m
        }
        return transform(toSublayerSpaceOf: ancestor)
    }

    /// `point` of `a` (nil: the view) as a point of `b` (nil: the view).
    static func convert(_ point: Point, from a: Layer?, to b: Layer?) -> Point? {
        if a === b { return point.isFinite ? point : nil }
        let (sameTree, context) = commonContext(a, b)
        guard sameTree else { return nil }
        var p = point
        if let a {
            guard let m = a.matrix(toPlaneOf: context), let q = project(point, through: plane(of: m)) else { return nil }
            p = q
        }
        guard let b else { return p }
        guard let m = b.matrix(toPlaneOf: context) else { return nil }
        return preimage(of: p, under: plane(of: m))
    }

    /// The plane both layers are drawn in: the nearest flattening layer that is an ancestor of
    /// (or is) both, or nil for the view; `sameTree` is false when they belong to different trees.
    static func commonContext(_ a: Layer?, _ b: Layer?) -> (sameTree: Bool, context: Layer?) {
        guard var x = a, var y = b else { return (true, nil) }
        var dx = x.depth, dy = y.depth
        while dx > dy { x = x.superlayer!; dx -= 1 }
        while dy > dx { y = y.superlayer!; dy -= 1 }
        while x !== y {
            guard let px = x.superlayer, let py = y.superlayer else { return (false, nil) }
            x = px; y = py
        }
        var common: Layer? = x
        while let c = common, !c.flattens { common = c.superlayer }
        return (true, common)
    }

    /// The image of a plane point under `plane`, divided: nil behind the eye or not finite.
    static func project(_ p: Point, through plane: Homography) -> Point? {
        let h = plane.apply(p)
        guard h.w >= Projection.minimumW else { return nil }
        let q = Point(x: h.x / h.w, y: h.y / h.w)
        return q.isFinite ? q : nil
    }

    /// The point of a plane drawn at `p` under `plane`: nil edge-on, behind the eye, or not finite.
    static func preimage(of p: Point, under plane: Homography) -> Point? {
        guard p.isFinite, let local = plane.inverse(p), plane.apply(local).w >= Projection.minimumW else { return nil }
        return local
    }
}
