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
}

/// Finds the compositing groups of an evaluation: `note` collects the candidates during the
/// walk (translucent flattening layers with sublayers), `finish` decides and locates them.
struct GroupFinder {
    /// Layers noted during the walk, in the order the walk finished them (inner first).
    var candidates: [Unmanaged<Layer>] = []
    var found: [CompositingGroup] = []
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

    /// The most decisions kept; past it the memory starts again (layers come and go).
    static let decisionLimit = 4096

    mutating func begin(_ root: Layer) {
        candidates.removeAll(keepingCapacity: true)
        self.root = .passUnretained(root)
    }

    @inline(__always)
    mutating func note(_ layer: Layer) {
        candidates.append(.passUnretained(layer))
    }

    /// Decides each candidate and finds its run among the visible `quads`.
    mutating func finish(_ quads: [Quad]) {
        if !found.isEmpty { found.removeAll(keepingCapacity: true) }
        guard !candidates.isEmpty else { return }
        for candidate in candidates {
            let layer = candidate.takeUnretainedValue()
            guard isOffscreen(layer), let run = Self.run(of: layer, in: quads) else { continue }
            found.append(CompositingGroup(layer: layer, quads: run, opacity: effectiveOpacity(of: layer)))
        }
        // Few groups: an insertion sort by first quad, enclosing (longer) runs first.
        if found.count > 1 {
            for i in 1..<found.count {
                var j = i
                while j > 0 && Self.precedes(found[j], found[j - 1]) {
                    found.swapAt(j, j - 1)
                    j -= 1
                }
            }
        }
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
        if decisions.count >= Self.decisionLimit { decisions.removeAll(keepingCapacity: true) }
        decisions[key] = Decision(contentVersion: layer.contentVersion, rasterizes: layer.shouldRasterize, offscreen: offscreen)
        return offscreen
    }

    /// The product of the clamped opacities from `layer` up to the evaluated root.
    func effectiveOpacity(of layer: Layer) -> Double {
        var product = 1.0
        var current: Layer? = layer
        var steps = 0
        while let l = current, steps <= Layer.maximumDepth {
            product *= l.clampedOpacity
            if let root, l === root.takeUnretainedValue() { break }
            current = l.superlayer
            steps += 1
        }
        return product
    }

    /// The one run of visible quads drawn by `layer` or its descendants; nil when there is none
    /// or they are not consecutive.
    static func run(of layer: Layer, in quads: [Quad]) -> Range<Int>? {
        var start = -1, end = -1
        for i in quads.indices {
            let q = quads[i]
            guard q.isVisible else { break }
            if isInside(q.layer, layer) {
                if start < 0 { start = i } else if end >= 0 { return nil }
            } else if start >= 0 && end < 0 {
                end = i
            }
        }
        guard start >= 0 else { return nil }
        if end < 0 {
            end = start
            while end < quads.count && quads[end].isVisible { end += 1 }
        }
        return start..<end
    }

    /// Whether `layer` is `ancestor` or lies below it.
    static func isInside(_ layer: Layer, _ ancestor: Layer) -> Bool {
        var current: Layer? = layer
        var steps = 0
        while let l = current, steps <= Layer.maximumDepth {
            if l === ancestor { return true }
            current = l.superlayer
            steps += 1
        }
        return false
    }
}
