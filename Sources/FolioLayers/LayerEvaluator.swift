import FolioGeometry

/// Evaluates a layer tree into a flat list of projected quads in back-to-front draw order.
///
/// Follows DESIGN.md §1: each flattening layer's sublayers (with their transform-layer
/// descendants) form a 3D rendering context that is clipped at `w ≤ ε`, depth-sorted by a BSP
/// tree (intersecting planes are split, coplanar polygons keep tree order) and then flattened
/// into the layer's plane. Quads that draw nothing (hidden, culled, behind the eye, not finite)
/// follow the visible ones with `isVisible == false`.
///
/// The evaluator keeps its buffers between calls: once they have grown to a scene's size,
/// evaluating that scene again allocates nothing.
public final class LayerEvaluator {
    /// The buffers and the algorithm, in a struct so that the hot loops' accesses are checked
    /// statically rather than by the runtime's exclusivity tracking on class properties.
    var state = EvaluationState()

    /// Creates an evaluator with empty buffers.
    public init() {}

    /// The evaluated quads: visible ones in draw order, then the invisible ones.
    public var quads: [Quad] { state.quads }
    /// Corner storage for `quads` (see `Quad.vertexRange`).
    public var vertices: [QuadVertex] { state.vertices }

    /// The corners of `quad`, in view points.
    public func corners(of quad: Quad) -> ArraySlice<QuadVertex> { state.vertices[quad.vertexRange] }

    /// Evaluates the tree under `root`; the root's superlayer space is the view (points).
    public func evaluate(_ root: Layer) { state.evaluate(root) }
}

/// The evaluator's reusable buffers and the evaluation itself.
struct EvaluationState {
    var quads: [Quad] = []
    var vertices: [QuadVertex] = []
    var pool: [WorkVertex] = []
    var polys: [WorkPoly] = []
    var layerTable: [Layer] = []
    var order: [Int32] = []
    var scratch: [Int32] = []
    var deferred: [Int32] = []
    var nodes: [BSPNode] = []
    var insertStack: [(poly: Int32, node: Int32)] = []
    var emitStack: [(node: Int32, expanded: Bool)] = []

    mutating func evaluate(_ root: Layer) {
        quads.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        polys.removeAll(keepingCapacity: true)
        layerTable.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)

        collect(root, into: .identity, opacity: 1, invisible: false)
        sortContext(from: 0)
        emitQuads()
    }

    // MARK: Tree walk

    /// Adds `layer`'s polygons to the current context, mapped by `parent` (its superlayer's
    /// sublayer space → context space).
    mutating func collect(_ layer: Layer, into parent: Transform3D, opacity: Double, invisible: Bool) {
        let toContext = layer.localTransform.concatenating(parent)
        let hidden = invisible || layer.isHidden
        // Like CALayer: opacity is clamped to 0…1, and NaN draws as transparent.
        let own = layer.opacity
        let groupOpacity = opacity * (own >= 0 ? min(own, 1) : 0)
        if layer.kind == .transform {
            // No flattening: the sublayers join this same context, in 3D.
            let sub = layer.pivotedSublayerTransform
            let m = sub.isIdentity ? toContext : sub.concatenating(toContext)
            for s in layer.sublayers { collect(s, into: m, opacity: groupOpacity, invisible: hidden) }
            return
        }
        let start = order.count
        buildGroup(layer, invisible: hidden)
        let culled = !hidden && !layer.isDoubleSided && facesAway(layer.bounds, toContext)
        for k in start..<order.count {
            let p = Int(order[k])
            polys[p].opacity *= groupOpacity
            if culled { polys[p].visible = false }
            for v in polys[p].range { pool[v].position = pool[v].position.applying(toContext) }
            polys[p].basis = polys[p].basis.applying(toContext)
        }
    }

    /// Appends `layer`'s planar group — its own polygon under its sorted, flattened sublayers —
    /// in the layer's own coordinates (z = 0).
    mutating func buildGroup(_ layer: Layer, invisible: Bool) {
        let b = layer.bounds
        if !b.isEmpty {
            let index = Int32(layerTable.count)
            layerTable.append(layer)
            let start = appendCorners(of: b, through: nil)
            order.append(Int32(polys.count))
            polys.append(WorkPoly(start: start, count: 4, layer: index, opacity: 1, visible: !invisible, basis: .identity))
        }
        guard !layer.sublayers.isEmpty else { return }
        let membersStart = order.count
        let sub = layer.pivotedSublayerTransform
        for s in layer.sublayers { collect(s, into: sub, opacity: 1, invisible: invisible) }
        sortContext(from: membersStart)
        // Flatten (F = diag(1,1,0,1)) into this layer's plane.
        for k in membersStart..<order.count {
            let p = Int(order[k])
            for v in polys[p].range { pool[v].position.z = 0 }
            polys[p].basis.flatten()
        }
        if layer.masksToBounds && !b.isEmpty {
            // Linear in homogeneous coordinates: x − minX·w ≥ 0, maxX·w − x ≥ 0, and so on.
            for k in membersStart..<order.count {
                let p = Int(order[k])
                guard polys[p].visible else { continue }
                clip(p, against: ClipPlane(a: 1, b: 0, c: 0, d: -b.minX))
                if polys[p].visible { clip(p, against: ClipPlane(a: -1, b: 0, c: 0, d: b.maxX)) }
                if polys[p].visible { clip(p, against: ClipPlane(a: 0, b: 1, c: 0, d: -b.minY)) }
                if polys[p].visible { clip(p, against: ClipPlane(a: 0, b: -1, c: 0, d: b.maxY)) }
            }
        }
    }

    /// Whether a single-sided layer's front faces away from the viewer under `m`
    /// (layer → context), judged by the winding of its projected corners where `w > 0`.
    mutating func facesAway(_ b: Rect, _ m: Transform3D) -> Bool {
        guard !b.isEmpty else { return false }
        let start = appendCorners(of: b, through: m)
        let kept = Projection.clip(&pool, start..<start + 4, against: .inFrontOfEye)
        var area = 0.0
        if !kept.isEmpty {
            var previous = pool[kept.upperBound - 1].position.projected ?? .zero
            for i in kept {
                let p = pool[i].position.projected ?? .zero
                area += previous.x * p.y - p.x * previous.y
                previous = p
            }
        }
        pool.removeSubrange(start...)
        return area < 0
    }

    /// Appends the corners `(minX,minY), (maxX,minY), (maxX,maxY), (minX,maxY)` of `b` to the
    /// pool, mapped by `m` when given; returns the first index.
    mutating func appendCorners(of b: Rect, through m: Transform3D?) -> Int {
        let start = pool.count
        func add(_ x: Double, _ y: Double) {
            let local = Vector4(x: x, y: y, z: 0, w: 1)
            pool.append(WorkVertex(position: m.map { local.applying($0) } ?? local, local: Point(x: x, y: y), depth: 0))
        }
        add(b.minX, b.minY); add(b.maxX, b.minY); add(b.maxX, b.maxY); add(b.minX, b.maxY)
        return start
    }

    /// Clips polygon `p` in place against `plane`; a polygon clipped away becomes invisible.
    mutating func clip(_ p: Int, against plane: ClipPlane) {
        let range = polys[p].range
        if Projection.isInside(pool, range, plane) { return }
        let kept = Projection.clip(&pool, range, against: plane)
        if kept.isEmpty {
            polys[p].visible = false
        } else {
            polys[p].start = kept.lowerBound
            polys[p].count = kept.count
        }
    }

    // MARK: Output

    mutating func emitQuads() {
        for k in order.indices {
            let p = polys[Int(order[k])]
            let start = vertices.count
            var finite = true
            for v in p.range {
                let w = pool[v]
                let point = Point(x: w.position.x / w.position.w, y: w.position.y / w.position.w)
                if !(w.position.w > 0 && point.isFinite && w.depth.isFinite) { finite = false; break }
                vertices.append(QuadVertex(clip: w.position, point: point, depth: w.depth, local: w.local))
            }
            if !finite { vertices.removeSubrange(start...) }
            quads.append(Quad(layer: layerTable[Int(p.layer)], vertexRange: start..<vertices.count,
                              opacity: p.opacity, isVisible: p.visible && finite, localToView: p.basis))
        }
    }
}

/// A polygon vertex while evaluating: homogeneous position in the current space, the layer-local
/// point it came from, and its depth once a context has sorted it.
struct WorkVertex: ClipVertex {
    var position: Vector4
    var local: Point
    var depth: Double

    func interpolated(to o: WorkVertex, by t: Double) -> WorkVertex {
        WorkVertex(position: position.interpolated(to: o.position, by: t),
                   local: Point(x: local.x + (o.local.x - local.x) * t, y: local.y + (o.local.y - local.y) * t),
                   depth: depth + (o.depth - depth) * t)
    }
}

/// A polygon while evaluating: a range of the vertex pool plus what it draws.
struct WorkPoly {
    var start: Int
    var count: Int
    var layer: Int32
    var opacity: Double
    var visible: Bool
    /// Layer-local `(x, y)` → current homogeneous position: `x·basis.x + y·basis.y + basis.origin`.
    var basis: Homography
    var depthSet = false
    /// Its plane in post-projective context space `n·x + d = 0`, set while sorting.
    var plane = (nx: 0.0, ny: 0.0, nz: 0.0, d: 0.0)
    /// The next polygon in a BSP node's coplanar list.
    var next: Int32 = -1

    var range: Range<Int> { start..<start + count }
}
