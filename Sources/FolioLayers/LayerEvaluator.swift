import FolioGeometry

/// Evaluates a layer tree into a flat list of projected quads in back-to-front draw order.
///
/// Follows the conventions of docs/conventions.md: each flattening layer's sublayers (with their transform-layer
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
    @exclusivity(unchecked) var state = EvaluationState()

    /// Creates an evaluator with empty buffers.
    public init() {}

    deinit { state.release() }

    /// The evaluated quads: visible ones in draw order, then the invisible ones.
    public var quads: [Quad] { state.quads }
    /// Corner storage for `quads` (see `Quad.vertexRange`).
    public var vertices: [QuadVertex] { state.vertices }

    /// The corners of `quad`, in view points.
    public func corners(of quad: Quad) -> ArraySlice<QuadVertex> { state.vertices[quad.vertexRange] }

    /// Evaluates the tree under `root`; the root's superlayer space is the view (points).
    ///
    /// Always completes: a 3D context whose depth sort would exceed `depthSortBudget` is drawn
    /// in an approximate order instead, and `depthSortReport` says so.
    public func evaluate(_ root: Layer) { state.evaluate(root) }

    /// The limits on depth-sorting work per evaluation (default `DepthSortBudget.standard`).
    public var depthSortBudget: DepthSortBudget {
        get { state.sorter.budget }
        set { state.sorter.budget = newValue }
    }

    /// What the depth sort of the last evaluation did, and whether its order is exact.
    public var depthSortReport: DepthSortReport { state.sorter.report }

    /// Throws unless the last evaluation's depth order is exact (no context ran out of budget).
    ///
    /// - Throws: `LayerError.depthSortBudgetExceeded` naming the largest approximate context
    ///   and the work spent.
    public func requireExactDepthOrder() throws(LayerError) {
        let r = state.sorter.report
        guard r.isExact else {
            throw .depthSortBudgetExceeded(layers: r.largestApproximateContext, pieces: r.pieces,
                                           planeTests: r.planeTests, budget: state.sorter.budget)
        }
    }
}

/// The evaluator's reusable buffers and the evaluation itself.
///
/// A polygon is kept as its corners in the layer's own coordinates plus one `Homography` from
/// those to the current space. Going up a level maps the homography (three rows), never the
/// corners, and clipping works on the corners in 2D: a homogeneous plane test through the
/// homography is an affine function of the local point. Positions are computed only where a
/// depth sort needs them and once more for the output.
///
/// The walk holds layers as `Unmanaged` references and follows their unretained sibling links,
/// so it does no reference counting. Matrices that are exactly the identity or a finite
/// translation are tracked (`MapKind`) and applied as such, never as full products; a level
/// that changes nothing (an identity map, opacity 1, nothing culled, every member already
/// flat) does not touch its polygons at all. Per-polygon state that every level reads
/// (visible, clipped at the eye, depth set) lives in a compact array of flags apart from the
/// polygons' maps, so levels above the last depth sort pass over bytes, not over polygons.
struct EvaluationState {
    var quads: [Quad] = []
    var vertices: [QuadVertex] = []
    /// The layers behind `WorkPoly.layer`; entries are replaced only when they change, so a
    /// steady scene costs no reference counting here.
    var layers: [Layer] = []
    /// `layers` by identity, compared without touching reference counts.
    var layerIDs = EvaluationBuffer<ObjectIdentifier>()
    var layerCount = 0
    /// The polygons, their corners and flags, and the clips (PolygonStore.swift).
    var store = PolygonStore()
    /// Polygon indices in draw order; each context rewrites its own tail.
    var order = EvaluationBuffer<Int32>()
    /// The planar groups of the contexts being built, innermost last.
    var members = EvaluationBuffer<ContextMember>()
    /// The depth sort of one context at a time, its budget and report (DepthSorter.swift).
    var sorter = DepthSorter()
    /// Scratch for moving a context's invisible polygons to its end, and for the output's
    /// invisible quads.
    var invisible = EvaluationBuffer<Int32>()
    /// The layers that may composite offscreen, and the groups found (LayerEvaluator+Groups.swift).
    var groups = GroupFinder()
    /// The root's translation into the view, when it is applied to each polygon as the output
    /// reads it rather than in a pass of its own (see `RootShift`).
    var rootShift = RootShift()
    /// Whether the root's translation may be deferred to the output (tests turn it off to
    /// compare with the pass it replaces).
    var defersRootShift = true

    func release() {
        layerIDs.release()
        store.release(); order.release(); members.release(); sorter.release(); invisible.release()
    }

    mutating func evaluate(_ root: Layer) {
        store.removeAll()
        order.count = 0
        members.count = 0
        layerCount = 0
        rootShift = RootShift()
        sorter.report = DepthSortReport()
        groups.begin(root)

        if groups.ownPlane {
            // The picture of the root in its own plane (LayerEvaluator+Rasterization.swift).
            collectInOwnPlane(root)
        } else {
            collect(Unmanaged.passUnretained(root), into: .identity, .identity, opacity: 1, invisible: false, depth: 1)
        }
        sortContext(orderStart: 0, memberStart: 0, localsStart: 0)
        emitQuads()
        groups.finish(quads)
        // Let go of layers that are no longer in the tree.
        if layers.count > layerCount {
            layers.removeLast(layers.count - layerCount)
            layerIDs.count = layerCount
        }
    }

    // MARK: Tree walk

    /// Adds `layer`'s polygons to the current context, mapped by `parent` (its superlayer's
    /// sublayer space → context space), which is of `parentKind`. `depth` counts from the root
    /// (1); anything deeper than `Layer.maximumDepth` is left out, so no tree can exhaust the stack.
    mutating func collect(_ layer: Unmanaged<Layer>, into parent: Transform3D, _ parentKind: MapKind,
                          opacity: Double, invisible: Bool, depth: Int) {
        guard depth <= Layer.maximumDepth else { return }
        layer.withLayer { collect($0, into: parent, parentKind, opacity: opacity, invisible: invisible, depth: depth) }
    }

    mutating func collect(_ layer: Layer, into parent: Transform3D, _ parentKind: MapKind,
                          opacity: Double, invisible: Bool, depth: Int) {
        let (toContext, kind) = Self.placement(of: layer, in: parent, parentKind)
        // The root of a contents evaluation (LayerEvaluator+Rasterization.swift) lies in its
        // own plane, shifted: no placement, hiding or opacity of its own.
        let hidden = invisible || layer.isHidden
        // Like CALayer: opacity is clamped to 0…1, and NaN draws as transparent.
        let own = layer.opacity
        let groupOpacity = opacity * (own >= 0 ? min(own, 1) : 0)
        // Surface hook (LayerEvaluator+Surface.swift): a surface layer adds one planar polygon
        // per patch of its mesh to this context instead of a group of its own.
        if layer.kind == .surface {
            collectSurface(unsafeDowncast(layer, to: SurfaceLayer.self), toContext, kind, opacity: groupOpacity, invisible: hidden)
            return
        }
        if layer.kind == .transform {
            collectInContext(sublayersOf: layer, toContext, kind, opacity: groupOpacity, invisible: hidden, depth: depth)
            return
        }
        let start = order.count
        let hasOwnPolygon = buildGroup(layer, invisible: hidden, depth: depth)
        guard order.count > start else { return }
        // The layer's plane z = 0 in the context: rows 1, 2 and 4 of the matrix.
        let frame = Homography(
            x: Vector4(x: toContext.m11, y: toContext.m12, z: toContext.m13, w: toContext.m14),
            y: Vector4(x: toContext.m21, y: toContext.m22, z: toContext.m23, w: toContext.m24),
            origin: Vector4(x: toContext.m41, y: toContext.m42, z: toContext.m43, w: toContext.m44))
        // Culled by its plane, not its corners (docs/compositing.md): a container of zero size
        // or with its corners behind the eye is judged like any other layer.
        let culled = !hidden && !layer.isDoubleSided && layer.facesAway(in: toContext)
        // Compositing (LayerEvaluator+Groups.swift): a flattening layer with sublayers below
        // opacity 1 may need an offscreen picture; with a border, a draw after its sublayers;
        // masking with rounded corners, its corners cut from theirs.
        if !hidden && layer.firstSublayer != nil
            && (own < 1 && own > 0 || layer.borderWidth > 0 || layer.masksToBounds && layer.cornerRadius > 0) {
            groups.note(layer)
        }
        var k = start
        // Whether every polygon of the group lies in the context's plane z = 0 (the sublayers
        // were flattened into the layer's plane; the maps below may lift them out of it).
        var flat = true
        // A sublayer polygon with the own polygon's shape has its map, the identity, and its
        // corners: the frame is its image too (the identity rows times a finite matrix are
        // the matrix's rows).
        var memo = ShapeMemo()
        if hasOwnPolygon {
            flat = frame.liesInZeroPlane
            store.place(own: Int(order[k]), frame: frame, sharedBySublayers: kind == .general && toContext.isFinite,
                        opacity: groupOpacity, culled: culled, &memo)
            k += 1
        }
        switch kind {
        case .identity:
            // The group's polygons keep their maps: only opacity and culling can change them.
            if groupOpacity != 1 || culled { store.fade(order, from: k, opacity: groupOpacity, culled: culled) }
        case .translation, .general:
            let (tx, ty, tz) = (toContext.m41, toContext.m42, toContext.m43)
            if depth == 1 && kind == .translation && groupOpacity == 1 && !culled && defersRootShift {
                // The root's placement, a translation, is the last map of every polygon: the
                // output applies it as it reads each one (RootShift), instead of a pass over
                // every polygon of the frame here. The top-level context has this one member
                // only, so its flatness decides nothing.
                rootShift = RootShift(active: true, x: tx, y: ty, z: tz)
                if hasOwnPolygon { store.flags[Int(order[start])].insert(.shifted) }
                members.append(ContextMember(orderStart: Int32(start), orderEnd: Int32(order.count), frame: frame, flat: true))
                return
            }
            if kind == .translation { memo.input = -1 }
            flat = store.map(order, from: k, by: toContext, translation: kind == .translation, opacity: groupOpacity,
                             culled: culled, &memo) && flat
        }
        members.append(ContextMember(orderStart: Int32(start), orderEnd: Int32(order.count), frame: frame, flat: flat))
    }

    /// Adds the sublayers of the transform layer `layer` (mapped by `toContext`, of `kind`)
    /// to the current context: no flattening, they join it in 3D.
    mutating func collectInContext(sublayersOf layer: Layer, _ toContext: Transform3D, _ kind: MapKind,
                                   opacity: Double, invisible: Bool, depth: Int) {
        var child = layer.firstSublayer
        if layer.sublayerTransformIsIdentity {
            while let s = child {
                collect(s, into: toContext, kind, opacity: opacity, invisible: invisible, depth: depth + 1)
                child = s.nextSibling
            }
        } else {
            let m = layer.pivotedSublayerTransform.concatenating(toContext)
            while let s = child {
                collect(s, into: m, .general, opacity: opacity, invisible: invisible, depth: depth + 1)
                child = s.nextSibling
            }
        }
    }

    /// `layer`'s map into the context — its local transform followed by `parent` (of
    /// `parentKind`) — and what kind of map that is. Known kinds are not multiplied out: a
    /// finite translation of a finite translation is a sum, the identity followed by a finite
    /// matrix is that matrix (the same bits the general product gives).
    @inline(__always)
    static func placement(of layer: Layer, in parent: Transform3D, _ parentKind: MapKind) -> (Transform3D, MapKind) {
        var toContext: Transform3D
        var kind = MapKind.general
        if layer.transformIsIdentity {
            // Local = T(position − anchor): only the last row of `parent` changes.
            let a = layer.anchor
            let dx = layer.position.x - a.x, dy = layer.position.y - a.y, dz = layer.zPosition - a.z
            if parentKind != .general && (dx * 0 + dy * 0 + dz * 0) == 0 {
                // A finite translation of a finite translation: the product's last row is the
                // sum (exactly what the general product computes for these entries).
                toContext = parent
                toContext.m41 += dx; toContext.m42 += dy; toContext.m43 += dz
                kind = toContext.m41 == 0 && toContext.m42 == 0 && toContext.m43 == 0 ? .identity : .translation
            } else {
                toContext = parent.translated(x: dx, y: dy, z: dz)
            }
        } else if parentKind == .identity, case let local = layer.localTransform, local.isFinite {
            // The product with the identity is the matrix itself (for finite entries; an
            // infinity times one of the identity's zeros is NaN, which the product keeps).
            toContext = local
        } else {
            toContext = layer.localTransform.concatenating(parent)
        }
        return (toContext, kind)
    }

    /// Appends `layer`'s planar group — its own polygon under its sorted, flattened sublayers —
    /// in the layer's own coordinates (z = 0); returns whether the layer has a polygon of its own.
    mutating func buildGroup(_ layer: Layer, invisible: Bool, depth: Int) -> Bool {
        // A rasterized layer is one polygon drawn from its cached picture (LayerEvaluator+Rasterization.swift).
        if layer.shouldRasterize && !(depth == 1 && groups.ownPlane) { return buildRasterized(layer, invisible: invisible) }
        let b = layer.bounds
        let hasOwnPolygon = !b.isEmpty
        if hasOwnPolygon {
            let start = store.locals.count
            store.locals.appendCorners(of: b)
            order.append(Int32(store.polys.count))
            store.polys.append(WorkPoly(basis: .identity, start: Int32(start), count: 4, layer: register(layer), opacity: 1,
                                  shape: store.newShape()))
            store.flags.append(invisible ? [] : .visible)
        }
        guard var child = layer.firstSublayer else { return hasOwnPolygon }
        // A mask without area shows nothing of the sublayers (`masksAllSublayers`, docs/compositing.md).
        if !hasOwnPolygon && layer.masksToBounds { return false }
        let membersStart = order.count
        let memberMark = members.count
        let localsMark = store.locals.count
        var allFlat = true
        if depth >= Layer.maximumDepth {
            // The sublayers are below the depth limit: nothing to add.
        } else if layer.sublayerTransformIsIdentity && Self.areFlatLeaves(from: child) {
            addFlatLeaves(from: child, invisible: invisible, over: hasOwnPolygon ? Int(order[membersStart - 1]) : -1, ownBounds: b)
        } else if layer.sublayerTransformIsIdentity {
            while true {
                collect(child, into: .identity, .identity, opacity: 1, invisible: invisible, depth: depth + 1)
                guard let next = child.nextSibling else { break }
                child = next
            }
        } else {
            let sub = layer.pivotedSublayerTransform
            while true {
                collect(child, into: sub, .general, opacity: 1, invisible: invisible, depth: depth + 1)
                guard let next = child.nextSibling else { break }
                child = next
            }
        }
        if members.count > memberMark {
            allFlat = sortContext(orderStart: membersStart, memberStart: memberMark, localsStart: localsMark)
        }
        // Flatten (F = diag(1,1,0,1)) into this layer's plane, unless every member already lies in it.
        if !allFlat {
            for k in membersStart..<order.count { store.polys[order[k]].basis.flatten() }
        }
        if layer.masksToBounds && hasOwnPolygon {
            var memo = ShapeMemo()
            // The same for every polygon of the layer: computed once.
            let tolerance = PolygonStore.clipTolerance(of: b)
            for k in membersStart..<order.count {
                let p = Int(order[k])
                guard store.flags[p].contains(.visible) else { continue }
                store.sharingResult(of: p, &memo) { $0.clip($1, toRect: b, tolerance: tolerance) }
            }
        }
        return hasOwnPolygon
    }

    /// The index of `layer` in `layers`, reusing the entry left by the previous evaluation.
    ///
    /// Inlined: it runs once per polygon layer, and the call cost as much as the bookkeeping.
    /// (The count is far below `Int32.max`: the buffers of that many layers would not fit.)
    @inline(__always)
    mutating func register(_ layer: Layer) -> Int32 {
        let i = layerCount
        layerCount &+= 1
        let id = ObjectIdentifier(layer)
        if i < layerIDs.count {
            if layerIDs[i] != id {
                layers[i] = layer
                layerIDs[i] = id
            }
        } else {
            layers.append(layer)
            layerIDs.append(id)
        }
        return Int32(truncatingIfNeeded: i)
    }
}

/// The root's translation into the view, deferred to the output.
///
/// Mapping every polygon of a frame by the root's placement is a pass of its own over all of
/// them; for a large scene that pass fetches every polygon from memory once more. When the
/// root's map is a translation (with opacity 1 and nothing culled, so that it changes the maps
/// only), it is applied instead where a polygon's map is next read: by the output. (The
/// top-level context, the root's group alone, reads no map: every polygon but the root's own —
/// whose map, the frame, is already in the view — was admitted to the root's context, its depth
/// row set and its eye clip done; debug builds assert it.) It is the same
/// `Homography.translate` on the same values, so every result is what the pass would give.
/// Polygons of one shape (see `ShapeMemo`) have the same map once it is applied.
struct RootShift {
    /// Whether polygons without `PolyFlags.shifted` still lack the translation.
    var active = false
    var x = 0.0, y = 0.0, z = 0.0
}

/// An affine function of a layer-local point: `a·x + b·y + c`.
struct AffineFunction {
    var a: Double, b: Double, c: Double

    @inline(__always)
    func callAsFunction(_ p: Point) -> Double { a * p.x + b * p.y + c }

    /// 1 inside, −1 outside, 0 within `tolerance` of `f = 0` (not a number counts as outside).
    @inline(__always)
    func side(of p: Point, tolerance: Double) -> Double {
        ConvexPolygonClipper.side(of: a * p.x + b * p.y + c, tolerance: tolerance)
    }
}

/// One flattening layer's group within a context being built: a run of `order` whose polygons
/// all lie in the plane `frame` maps z = 0 to.
struct ContextMember {
    var orderStart: Int32
    var orderEnd: Int32
    var frame: Homography
    /// Every polygon of the group lies in the context's plane z = 0 (no need to look at each).
    var flat: Bool
}

extension Homography {
    /// The linear functional `f` (with constant `e`) on homogeneous points, composed with this
    /// map: an affine function of the local point.
    @inline(__always)
    func component(_ f: Vector4, plus e: Double = 0) -> AffineFunction {
        AffineFunction(a: f.x * x.x + f.y * x.y + f.z * x.z + f.w * x.w,
                       b: f.x * y.x + f.y * y.y + f.z * y.z + f.w * y.w,
                       c: f.x * origin.x + f.y * origin.y + f.z * origin.z + f.w * origin.w + e)
    }

    /// The homogeneous z of the image, as a function of the local point.
    var zRow: AffineFunction { AffineFunction(a: x.z, b: y.z, c: origin.z) }

    /// Whether every image lies in the plane z = 0.
    var liesInZeroPlane: Bool { x.z == 0 && y.z == 0 && origin.z == 0 }

    /// Whether every entry is finite.
    ///
    /// `v − v` is +0 for a finite v and NaN otherwise, so the sum is 0 exactly when every
    /// entry is finite: the answer of twelve separate tests, without their branches.
    @inline(__always)
    var isFinite: Bool {
        let a = ((x.x - x.x) + (x.y - x.y)) + ((x.z - x.z) + (x.w - x.w))
        let b = ((y.x - y.x) + (y.y - y.y)) + ((y.z - y.z) + (y.w - y.w))
        let c = ((origin.x - origin.x) + (origin.y - origin.y)) + ((origin.z - origin.z) + (origin.w - origin.w))
        return (a + b) + c == 0
    }

    /// This map followed by the translation `(x, y, z)`: what `applying` computes for a
    /// translation matrix, without its products by 0 and 1.
    @inline(__always)
    mutating func translate(x tx: Double, y ty: Double, z tz: Double) {
        x.x += x.w * tx; x.y += x.w * ty; x.z += x.w * tz
        y.x += y.w * tx; y.y += y.w * ty; y.z += y.w * tz
        origin.x += origin.w * tx; origin.y += origin.w * ty; origin.z += origin.w * tz
    }
}

extension EvaluationBuffer where Element == Point {
    /// Appends the corners of `r` in polygon order: (minX, minY), (maxX, minY), (maxX, maxY),
    /// (minX, maxY). One capacity check for the four, not one per corner.
    @inline(__always)
    mutating func appendCorners(of r: Rect) {
        let start = count
        resize(to: start + 4)
        self[start] = Point(x: r.minX, y: r.minY)
        self[start + 1] = Point(x: r.maxX, y: r.minY)
        self[start + 2] = Point(x: r.maxX, y: r.maxY)
        self[start + 3] = Point(x: r.minX, y: r.maxY)
    }
}

extension QuadVertex {
    static let zero = QuadVertex(clip: Vector4(x: 0, y: 0, z: 0, w: 1), depth: 0, local: .zero)
}
