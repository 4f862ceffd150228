import FolioGeometry

/// Where the noted layers' subtrees lie among an evaluation's quads, found in one pass.
///
/// Each candidate used to scan every quad and, for each, walk up its superlayers to see
/// whether it lay inside: candidates × quads × depth, so 12,000 groups took 90 s. Here each
/// noted layer gets a slot, and one pass over the quads walks up from each distinct layer
/// once (at most `Layer.maximumDepth` + 1 links), adding the quad to the span of every noted
/// layer it meets: quads × depth in all, whatever the number of groups.
struct SubtreeSpans {
    /// Where one noted layer's subtree lies among the visible quads (indices into the quads;
    /// −1 or empty when none).
    struct Span {
        /// The first and last visible quads drawn inside the subtree, and how many there are.
        var first = Int.max, last = -1, count = 0
        /// The layer's own first visible polygon.
        var ownVisible = -1
        /// The layer's own first polygon, visible or not (a rounded mask's map needs only its
        /// plane).
        var ownAny = -1

        /// The subtree's visible quads as one run; nil when there are none or others lie
        /// between them (the depth sort interleaved them with the rest of their context).
        var run: Range<Int>? { count > 0 && last - first + 1 == count ? first..<(last + 1) : nil }
    }

    /// Per candidate (in the walk's order), its index in `spans`.
    var candidateSlots: [Int32] = []
    /// Per rasterized candidate (in the walk's order), its index in `spans`.
    var rasterSlots: [Int32] = []
    var spans: [Span] = []
    /// Noted layers (candidates and rasterized ones) to their index in `spans`.
    var slots: [ObjectIdentifier: Int32] = [:]
    /// Scratch: the slots of a quad's layer and its noted ancestors.
    var chain: [Int32] = []
    /// Superlayer links followed by the last `measure`: at most (depth + 1) per distinct
    /// layer with a visible quad, so linear in the quads (the tests hold it to that).
    var ancestorSteps = 0

    /// The span of candidate `k` (in the walk's order).
    func span(ofCandidate k: Int) -> Span { spans[Int(candidateSlots[k])] }

    /// The span of rasterized candidate `k` (in the walk's order).
    func span(ofRasterized k: Int) -> Span { spans[Int(rasterSlots[k])] }

    /// Fills `spans`, `candidateSlots` and `rasterSlots` for this evaluation's noted layers:
    /// `candidates` and `rasterCandidates` as the walk noted them, under `root`.
    ///
    /// Only visible quads up to the first invisible one count for runs and own polygons (the
    /// evaluator moves invisible quads to the end), as the per-candidate scans did.
    mutating func measure(_ quads: [Quad], candidates: [Unmanaged<Layer>], rasterCandidates: [(Unmanaged<Layer>, Rect)],
                          root: Unmanaged<Layer>?) {
        if !spans.isEmpty { spans.removeAll(keepingCapacity: true) }
        if !slots.isEmpty { slots.removeAll(keepingCapacity: true) }
        if !candidateSlots.isEmpty { candidateSlots.removeAll(keepingCapacity: true) }
        if !rasterSlots.isEmpty { rasterSlots.removeAll(keepingCapacity: true) }
        ancestorSteps = 0
        guard !candidates.isEmpty || !rasterCandidates.isEmpty else { return }
        func slot(_ layer: Unmanaged<Layer>) -> Int32 {
            let id = ObjectIdentifier(layer.takeUnretainedValue())
            if let s = slots[id] { return s }
            let s = Int32(spans.count)
            spans.append(Span())
            slots[id] = s
            return s
        }
        for c in candidates { candidateSlots.append(slot(c)) }
        for (c, _) in rasterCandidates { rasterSlots.append(slot(c)) }
        let root = root?.takeUnretainedValue()
        var lastLayer: ObjectIdentifier?
        var ownSlot: Int32 = -1
        var visible = true
        for i in quads.indices {
            let layer = quads[i].layer
            let id = ObjectIdentifier(layer)
            visible = visible && quads[i].isVisible
            if !visible {
                if let s = slots[id], spans[Int(s)].ownAny < 0 { spans[Int(s)].ownAny = i }
                continue
            }
            if id != lastLayer {
                // A new layer: its own slot and its noted ancestors' (consecutive quads of one
                // layer, a surface's patches, share them).
                lastLayer = id
                ownSlot = slots[id] ?? -1
                if !chain.isEmpty { chain.removeAll(keepingCapacity: true) }
                var current: Layer? = layer
                var steps = 0
                while let l = current, steps <= Layer.maximumDepth {
                    if let s = slots[ObjectIdentifier(l)] { chain.append(s) }
                    if l === root { break }
                    current = l.superlayer
                    steps += 1
                }
                ancestorSteps += steps + 1
            }
            if ownSlot >= 0 {
                let s = Int(ownSlot)
                if spans[s].ownVisible < 0 { spans[s].ownVisible = i }
                if spans[s].ownAny < 0 { spans[s].ownAny = i }
            }
            for s in chain {
                let s = Int(s)
                if spans[s].count == 0 { spans[s].first = i }
                spans[s].last = i
                spans[s].count += 1
            }
        }
    }
}
