import FolioGeometry

extension LayerEvaluator {
    /// The compositing groups of the last evaluation: runs of `quads` to composite offscreen
    /// (see `CompositingGroup`), ordered by their first quad, an enclosing group before the
    /// groups inside it. Empty when nothing needs a group — the usual case, and then drawing
    /// `quads` one by one is exact.
    ///
    /// A layer is a group when `opacityCompositing` says `.offscreen`. Its decision is kept per
    /// layer until the layer's `contentVersion` or `shouldRasterize` changes, so a steady tree
    /// pays only a lookup per translucent layer that has sublayers, and trees without such
    /// layers (fold, flip, tiles) pay nothing. A group whose quads the depth sort interleaves
    /// with other quads of its 3D context (its plane cut by another) has no single run: it
    /// is left out and its quads draw with their opacities multiplied in.
    public var compositingGroups: [CompositingGroup] { state.groups.found }

    /// The borders of the last evaluation that are drawn after their layer's sublayers (a
    /// layer with sublayers and `drawsBorder`), each with where it goes in draw order. A
    /// leaf's border is drawn in the same pass as its background and is not listed. Ordered
    /// by `after`.
    public var borders: [BorderPlacement] { state.groups.borders }

    /// The layers of the last evaluation that mask their sublayers with rounded corners
    /// (`masksToBounds` with `effectiveCornerRadius > 0`), each with the map from its plane to
    /// the view: a renderer cuts the corners from the sublayers' pixels (the straight sides are
    /// clipped in the geometry already).
    public var roundedMasks: [RoundedMask] { state.groups.roundedMasks }
}

/// Where a layer's border is drawn: over everything its subtree draws
/// (`LayerEvaluator.borders`).
public struct BorderPlacement {
    /// The bordered layer.
    public var layer: Layer
    /// The index in `LayerEvaluator.quads` of the layer's own polygon (its geometry and map).
    public var quad: Int
    /// The index of the last visible quad drawn inside the layer's subtree (its own polygon's
    /// when no sublayer draws): the border is drawn right after it.
    public var after: Int

    /// Creates a placement of `layer`'s border, drawn through quad `quad` after quad `after`.
    public init(layer: Layer, quad: Int, after: Int) {
        self.layer = layer
        self.quad = quad
        self.after = after
    }
}

/// A layer that clips its sublayers to its rounded bounds (`LayerEvaluator.roundedMasks`).
public struct RoundedMask {
    /// The masking layer.
    public var layer: Layer
    /// The exact map from the layer's own `(x, y)` to homogeneous view coordinates (its
    /// quad's `localToView`).
    public var localToView: Homography

    /// Creates a rounded mask of `layer`, whose plane `localToView` maps to the view.
    public init(layer: Layer, localToView: Homography) {
        self.layer = layer
        self.localToView = localToView
    }
}

/// Finds what a renderer composites specially in an evaluation: `note` collects candidate
/// layers during the walk (flattening layers with sublayers that are translucent, bordered or
/// masking with rounded corners), `finish` finds the groups, borders and rounded masks.
struct GroupFinder {
    /// Layers noted during the walk, in the order the walk finished them (inner first).
    var candidates: [Unmanaged<Layer>] = []
    var found: [CompositingGroup] = []
    var borders: [BorderPlacement] = []
    var roundedMasks: [RoundedMask] = []
    /// Rasterized layers (LayerEvaluator+Rasterization.swift): noted during the walk, found.
    var rasterCandidates: [(Unmanaged<Layer>, Rect)] = []
    var rasterized: [RasterizedLayer] = []
    /// Picture extents of rasterized layers, per layer and content version.
    var extents: [UInt64: (contentVersion: UInt64, extent: Rect?)] = [:]
    /// Whether the root is drawn in its own plane (`evaluateContents`), and the map it gets.
    var ownPlane = false
    var ownPlaneMap: (Transform3D, MapKind) = (.identity, .identity)
    /// The last decision per layer (`Layer.serialNumber`), and what it depended on.
    var decisions: [UInt64: Decision] = [:]
    var subtree = FlattenedSubtree()
    /// The evaluated root: opacities above it do not count.
    var root: Unmanaged<Layer>?

    struct Decision {
        var contentVersion: UInt64
        var rasterizes: Bool
        var offscreen: Bool
    }

    /// The fewest decisions kept; past `decisionCapacity` the memory starts again (layers
    /// come and go).
    static let decisionLimit = 4096
    /// The most decisions kept now: `decisionLimit`, or twice the candidates of the last
    /// evaluation when there are more.
    var decisionCapacity = GroupFinder.decisionLimit
    /// Where each noted layer's subtree lies among the quads (SubtreeSpans.swift).
    var spans = SubtreeSpans()

    @inline(__always)
    mutating func begin(_ root: Layer) {
        // Emptied only when used: `removeAll` on an array that never held anything makes a
        // buffer, and a frame without compositing should cost nothing here.
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !rasterCandidates.isEmpty { rasterCandidates.removeAll(keepingCapacity: true) }
        self.root = .passUnretained(root)
    }

    @inline(__always)
    mutating func note(_ layer: Layer) {
        candidates.append(.passUnretained(layer))
    }

    /// Decides each candidate and finds its run among the visible `quads`; nothing to do (the
    /// usual case) costs a few comparisons.
    @inline(__always)
    mutating func finish(_ quads: [Quad]) {
        if candidates.isEmpty && rasterCandidates.isEmpty && found.isEmpty && borders.isEmpty && roundedMasks.isEmpty
            && rasterized.isEmpty { return }
        finishAll(quads)
    }

    mutating func finishAll(_ quads: [Quad]) {
        // One pass over the quads finds every candidate's run, own polygon and last quad
        // (SubtreeSpans.swift): asking each candidate to scan the quads cost
        // candidates × quads, quadratic in the number of groups.
        spans.measure(quads, candidates: candidates, rasterCandidates: rasterCandidates, root: root)
        if !rasterCandidates.isEmpty || !rasterized.isEmpty { finishRasterized(quads) }
        if !found.isEmpty { found.removeAll(keepingCapacity: true) }
        if !borders.isEmpty { borders.removeAll(keepingCapacity: true) }
        if !roundedMasks.isEmpty { roundedMasks.removeAll(keepingCapacity: true) }
        guard !candidates.isEmpty else { return }
        // Layers come and go, but every candidate of this evaluation keeps its decision: a
        // memory smaller than the candidates would decide all of them again every frame.
        decisionCapacity = max(Self.decisionLimit, 2 * (candidates.count + rasterCandidates.count))
        for k in candidates.indices {
            let layer = candidates[k].takeUnretainedValue()
            let span = spans.span(ofCandidate: k)
            // A rasterized layer is one polygon: its picture holds its border and corners, and
            // its opacity applies once as it is drawn.
            if layer.shouldRasterize && !isOwnPlaneRoot(layer) { continue }
            let o = isOwnPlaneRoot(layer) ? 1 : layer.clampedOpacity
            if o > 0 && o < 1, isOffscreen(layer), let run = span.run {
                found.append(CompositingGroup(layer: layer, quads: run, opacity: effectiveOpacity(of: layer)))
            }
            if layer.drawsBorder, span.ownVisible >= 0 {
                borders.append(BorderPlacement(layer: layer, quad: span.ownVisible, after: max(span.ownVisible, span.last)))
            }
            if layer.masksToBounds && layer.effectiveCornerRadius > 0, span.ownAny >= 0 {
                roundedMasks.append(RoundedMask(layer: layer, localToView: quads[span.ownAny].localToView))
            }
        }
        // Both lists come in candidate order (inner first); sorted stably, so that equal keys
        // keep it (GroupFinder+StableSort.swift).
        Self.stableSort(&borders) { $0.after < $1.after }
        Self.stableSort(&found, by: Self.precedes)
    }

    static func precedes(_ a: CompositingGroup, _ b: CompositingGroup) -> Bool {
        a.quads.lowerBound != b.quads.lowerBound ? a.quads.lowerBound < b.quads.lowerBound : a.quads.count > b.quads.count
    }

    /// `layer.opacityCompositing(using:) == .offscreen`, remembered per content version.
    mutating func isOffscreen(_ layer: Layer) -> Bool {
        let key = layer.serialNumber
        if let d = decisions[key], d.contentVersion == layer.contentVersion, d.rasterizes == layer.shouldRasterize {
            return d.offscreen
        }
        let offscreen = layer.opacityCompositing(using: &subtree) == .offscreen
        if decisions.count >= decisionCapacity { decisions.removeAll(keepingCapacity: true) }
        decisions[key] = Decision(contentVersion: layer.contentVersion, rasterizes: layer.shouldRasterize, offscreen: offscreen)
        return offscreen
    }

    /// Whether `layer` is the root of a contents evaluation (drawn at its own opacity 1).
    func isOwnPlaneRoot(_ layer: Layer) -> Bool {
        ownPlane && root.map { $0.takeUnretainedValue() === layer } == true
    }

    /// The product of the clamped opacities from `layer` up to the evaluated root (the root's
    /// own left out in a contents evaluation).
    func effectiveOpacity(of layer: Layer) -> Double {
        var product = 1.0
        var current: Layer? = layer
        var steps = 0
        while let l = current, steps <= Layer.maximumDepth {
            if let root, l === root.takeUnretainedValue() {
                if !ownPlane { product *= l.clampedOpacity }
                break
            }
            product *= l.clampedOpacity
            current = l.superlayer
            steps += 1
        }
        return product
    }
}
