import FolioGeometry

extension LayerEvaluator {
    /// Evaluates the picture of `layer` in its own coordinates, shifted so that `origin` is
    /// the view's origin: what a rasterization cache or a snapshot of the layer holds.
    ///
    /// As `evaluate(_:)`, except that the layer's own placement (position, transform, anchor,
    /// zPosition), opacity, hiding and back-face culling are left out — they decide how the
    /// picture is composited, not what is in it — and that the layer is drawn in full even
    /// when `shouldRasterize` is set (its rasterized descendants are single polygons, as
    /// always). A view point `p` is the layer's point `p + origin`.
    public func evaluateContents(of layer: Layer, origin: Point) {
        state.groups.ownPlane = true
        state.groups.ownPlaneMap = (Transform3D.identity.translated(x: -origin.x, y: -origin.y, z: 0),
                                    origin.x == 0 && origin.y == 0 ? .identity : .translation)
        defer { state.groups.ownPlane = false }
        state.evaluate(layer)
    }

    /// The rasterized layers of the last evaluation (`Layer.shouldRasterize`, with sublayers),
    /// ordered by their quad: each is a single polygon covering its picture's extent, to be
    /// drawn from a cache of that picture (`evaluateContents(of:origin:)` renders it).
    public var rasterizedLayers: [RasterizedLayer] { state.groups.rasterized }
}

/// A layer drawn from its cached picture (`LayerEvaluator.rasterizedLayers`).
public struct RasterizedLayer {
    /// The rasterized layer.
    public var layer: Layer
    /// The index in `LayerEvaluator.quads` of its polygon: its picture's extent in its plane
    /// (the quad's local points lie in `extent`).
    public var quad: Int
    /// The rectangle of the layer's own coordinates its picture covers
    /// (`FlattenedSubtree.extent`).
    public var extent: Rect

    /// Creates the entry of `layer`, drawn through quad `quad` over `extent`.
    public init(layer: Layer, quad: Int, extent: Rect) {
        self.layer = layer
        self.quad = quad
        self.extent = extent
    }
}

extension EvaluationState {
    /// The walk's first step for `evaluateContents`: the root's planar group (its own polygon
    /// under its sorted, flattened, masked sublayers) in its own coordinates, shifted by
    /// `groups.ownPlaneMap` — no placement, hiding, opacity or culling of its own — as the one
    /// member of the top context. A transform layer has no plane: its sublayers are collected
    /// as `evaluate` would, in its own sublayer space.
    mutating func collectInOwnPlane(_ root: Layer) {
        let (shift, kind) = groups.ownPlaneMap
        if root.kind == .transform {
            var child = root.firstSublayer
            let m = root.sublayerTransformIsIdentity ? shift : root.pivotedSublayerTransform.concatenating(shift)
            while let s = child {
                collect(s, into: m, root.sublayerTransformIsIdentity ? kind : .general, opacity: 1, invisible: false, depth: 2)
                child = s.nextSibling
            }
            return
        }
        let start = order.count
        _ = buildGroup(root, invisible: false, depth: 1)
        guard order.count > start else { return }
        for k in start..<order.count {
            let p = Int(order[k])
            if kind == .translation { store.polys[p].basis.translate(x: shift.m41, y: shift.m42, z: 0) }
            store.polys[p].shape = store.newShape()
        }
        let frame = Homography(x: Vector4(x: 1, y: 0, z: 0, w: 0), y: Vector4(x: 0, y: 1, z: 0, w: 0),
                               origin: Vector4(x: shift.m41, y: shift.m42, z: 0, w: 1))
        members.append(ContextMember(orderStart: Int32(start), orderEnd: Int32(order.count), frame: frame, flat: true))
    }

    /// Appends a rasterized layer's one polygon — its picture's extent, in its own
    /// coordinates — instead of its group; returns whether it draws anything.
    mutating func buildRasterized(_ layer: Layer, invisible: Bool) -> Bool {
        guard let e = groups.extent(of: layer), e.width > 0, e.height > 0 else { return false }
        let start = store.locals.count
        store.locals.append(Point(x: e.minX, y: e.minY))
        store.locals.append(Point(x: e.maxX, y: e.minY))
        store.locals.append(Point(x: e.maxX, y: e.maxY))
        store.locals.append(Point(x: e.minX, y: e.maxY))
        order.append(Int32(store.polys.count))
        store.polys.append(WorkPoly(basis: .identity, start: Int32(start), count: 4, layer: register(layer), opacity: 1, shape: store.newShape()))
        store.flags.append(invisible ? [] : .visible)
        groups.noteRasterized(layer, extent: e)
        return true
    }
}

extension GroupFinder {
    /// The extent of `layer`'s picture in its plane, remembered per content version.
    mutating func extent(of layer: Layer) -> Rect? {
        let key = layer.serialNumber
        if let x = extents[key], x.contentVersion == layer.contentVersion { return x.extent }
        subtree.flatten(layer)
        let e = subtree.extent
        if extents.count >= decisionCapacity { extents.removeAll(keepingCapacity: true) }
        extents[key] = (layer.contentVersion, e)
        return e
    }

    mutating func noteRasterized(_ layer: Layer, extent: Rect) {
        rasterCandidates.append((.passUnretained(layer), extent))
    }

    /// Finds the quads of the rasterized layers noted during the walk.
    mutating func finishRasterized(_ quads: [Quad]) {
        if !rasterized.isEmpty { rasterized.removeAll(keepingCapacity: true) }
        // Each layer's own visible polygon was found in the one pass (SubtreeSpans.swift).
        for (k, (candidate, extent)) in rasterCandidates.enumerated() {
            let own = spans.span(ofRasterized: k).ownVisible
            if own >= 0 { rasterized.append(RasterizedLayer(layer: candidate.takeUnretainedValue(), quad: own, extent: extent)) }
        }
        if !rasterCandidates.isEmpty { rasterCandidates.removeAll(keepingCapacity: true) }
        if rasterized.count > 1 { rasterized.sort { $0.quad < $1.quad } }
    }
}
