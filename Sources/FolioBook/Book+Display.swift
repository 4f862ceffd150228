import FolioGeometry
import FolioLayers
import FolioSurface

extension Book {
    /// The kind of leaf bundle `leaf` turns as.
    func kind(of leaf: BookLeaf) -> Kind {
        if reduceMotion { return .fade }
        if configuration.hardCover && !isPinned(leaf.index) && (isCover(leaf.index) || isCover(leaf.last)) { return .cover }
        return .soft
    }

    /// How leaves in flight share the view under the current settings (whole-opening under
    /// reduce motion).
    public var arrangement: LeafArrangement { reduceMotion ? .wholeOpening : configuration.effect.arrangement }

    /// Brings the layers up to date with `opening` and `leaves`: rebuilds them when what is
    /// shown changes, and poses them every time.
    func refresh() {
        let m = leaves.count
        if m == 0 {
            showStacked(first: 0, count: 0, left: opening - 1, right: opening, progress: nil)
        } else if arrangement == .stacked {
            showStacked(first: 0, count: m, left: leaves[0].index - 1, right: leaves[m - 1].last + 1, progress: nil)
        } else {
            // One continuous position through the openings the leaves span: the sum of their
            // progress picks the leaf shown and how far it has turned.
            var x = 0.0
            for leaf in leaves { x += leaf.progress }
            let k = min(m - 1, max(0, Int(x.rounded(.down))))
            let f = min(1, max(0, x - Double(k)))
            let shown = leaves[k]
            let leftNeighbour = k > 0 ? leaves[k - 1].last : shown.index - 1
            let rightNeighbour = k < m - 1 ? leaves[k + 1].index : shown.last + 1
            if kind(of: shown) == .cover {
                showStacked(first: k, count: 1, left: leftNeighbour, right: rightNeighbour, progress: f)
            } else {
                showOpening(position: k, left: leftNeighbour, right: rightNeighbour, progress: f)
            }
        }
    }

    /// Shows `leaves[first ..< first + count]` each on its own over the flat pages `left`
    /// (its back) and `right` (its front); `progress` overrides a single leaf's progress.
    func showStacked(first: Int, count: Int, left: Int, right: Int, progress: Double?) {
        var wanted = Display()
        wanted.mode = count == 0 ? .rest : .stacked
        wanted.left = left
        wanted.right = right
        wanted.first = first
        wanted.count = count
        var same = !needsRebuild && wanted == display && stack.count == count
        if same {
            for i in 0..<count {
                let leaf = leaves[first + i], entry = stack[i]
                if entry.index != leaf.index || entry.count != leaf.count || entry.kind != kind(of: leaf) { same = false; break }
            }
        }
        if !same { rebuildStacked(wanted) }
        for i in 0..<count {
            let leaf = leaves[first + i]
            stack[i].leaf.setProgress(progress ?? leaf.progress, anchor: progress == nil ? leaf.anchor : nil)
        }
        if showsShadows && count > 0 {
            leftShadow.opacity = stack[0].leaf.castShadow.leading
            rightShadow.opacity = stack[count - 1].leaf.castShadow.trailing
        } else {
            leftShadow.opacity = 0
            rightShadow.opacity = 0
        }
        showLeafTints(count: count)
    }

    /// Shows `leaves[position]` with a whole-opening effect, between the flat pages of the
    /// leaves `left` and `right`.
    func showOpening(position: Int, left: Int, right: Int, progress: Double) {
        var wanted = Display()
        wanted.mode = .opening
        wanted.first = position
        wanted.shown = leaves[position]
        wanted.shown.progress = 0
        wanted.shown.anchor = nil
        wanted.leftNeighbour = left
        wanted.rightNeighbour = right
        wanted.kind = kind(of: leaves[position])
        if needsRebuild || wanted != display || openingLeaf == nil { rebuildOpening(wanted) }
        openingLeaf?.leaf.setProgress(progress)
    }

    // MARK: Rebuilding

    /// A leaf of `kind` from the pool, or a new one.
    func takeLeaf(_ kind: Kind) -> any TurningLeaf {
        if let leaf = pool[kind.rawValue].popLast() { return leaf }
        let effect: any LeafEffect = switch kind {
        case .soft: configuration.effect
        case .cover: FlipLeafEffect(hardCover: true)
        case .fade: CrossfadeLeafEffect()
        }
        // The book's initialiser made one of each kind in this very frame: it cannot fail now.
        return try! effect.makeLeaf(in: frame)
    }

    /// Returns a leaf to its pool (keeping a few of each kind).
    func recycle(_ leaf: any TurningLeaf, _ kind: Kind) {
        leaf.frontLayer.removeFromSuperlayer()
        leaf.backLayer?.removeFromSuperlayer()
        if pool[kind.rawValue].count < 8 { pool[kind.rawValue].append(leaf) }
    }

    func rebuildStacked(_ wanted: Display) {
        needsRebuild = false
        display = wanted
        if let o = openingLeaf { recycle(o.leaf, o.kind); openingLeaf = nil }
        var old = stack
        stack.removeAll(keepingCapacity: true)
        for i in 0..<wanted.count {
            let bundle = leaves[wanted.first + i]
            let kind = kind(of: bundle)
            let entry: (leaf: any TurningLeaf, index: Int, count: Int, kind: Kind)
            if let j = old.firstIndex(where: { $0.index == bundle.index && $0.count == bundle.count && $0.kind == kind }) {
                entry = old.remove(at: j)
            } else {
                entry = (takeLeaf(kind), bundle.index, bundle.count, kind)
                entry.leaf.show(faces(of: bundle))
            }
            entry.leaf.showsShadows = showsShadows
            stack.append(entry)
        }
        for entry in old { recycle(entry.leaf, entry.kind) }
        hasLeftPage = frame.show(flatFace(leaf: wanted.left, side: .back), on: leftPage)
        hasRightPage = frame.show(flatFace(leaf: wanted.right, side: .front), on: rightPage)
        leftPage.isHidden = !hasLeftPage
        rightPage.isHidden = !hasRightPage
        leftShadow.isHidden = !showsShadows || isLit
        rightShadow.isHidden = !showsShadows || isLit
        showDetails()
        // Tie order at equal angles: fronts from the last leaf to the first, then backs from
        // the first to the last.
        var layers: [Layer] = [leftPage, rightPage]
        for entry in stack.reversed() { layers.append(entry.leaf.frontLayer) }
        for entry in stack { if let back = entry.leaf.backLayer { layers.append(back) } }
        // Layers this book built, a shallow tree: cannot throw.
        try! pagesLayer.setSublayers(layers)

        roles.removeAll(keepingCapacity: true)
        roles[ObjectIdentifier(leftPage)] = BookHit(leaf: wanted.left, side: .back, isInFlight: false)
        roles[ObjectIdentifier(rightPage)] = BookHit(leaf: wanted.right, side: .front, isInFlight: false)
        visiblePages.removeAll(keepingCapacity: true)
        if let p = page(ofLeaf: wanted.left, side: .back) { visiblePages.append(p) }
        if let p = page(ofLeaf: wanted.right, side: .front) { visiblePages.append(p) }
        for (i, entry) in stack.enumerated() {
            let bundle = leaves[wanted.first + i]
            roles[ObjectIdentifier(entry.leaf.frontLayer)] = BookHit(leaf: bundle.index, side: .front, isInFlight: true)
            if let back = entry.leaf.backLayer {
                roles[ObjectIdentifier(back)] = BookHit(leaf: bundle.last, side: .back, isInFlight: true)
            }
            addVisible(page(ofLeaf: bundle.index, side: .front))
            addVisible(page(ofLeaf: bundle.last, side: .back))
        }
    }

    func rebuildOpening(_ wanted: Display) {
        needsRebuild = false
        display = wanted
        for entry in stack { recycle(entry.leaf, entry.kind) }
        stack.removeAll(keepingCapacity: true)
        if let o = openingLeaf, o.kind != wanted.kind { recycle(o.leaf, o.kind); openingLeaf = nil }
        let leaf = openingLeaf?.leaf ?? takeLeaf(wanted.kind)
        openingLeaf = (leaf, wanted.kind)
        leaf.showsShadows = showsShadows
        let bundle = leaves[wanted.first]
        leaf.show(faces(of: bundle, leftNeighbour: wanted.leftNeighbour, rightNeighbour: wanted.rightNeighbour))
        // The opening's effect covers the flat pages.
        try! pagesLayer.setSublayers([leaf.frontLayer])
        roles.removeAll(keepingCapacity: true)
        roles[ObjectIdentifier(leaf.frontLayer)] = BookHit(leaf: bundle.index, side: .front, isInFlight: true)
        visiblePages.removeAll(keepingCapacity: true)
        addVisible(page(ofLeaf: wanted.leftNeighbour, side: .back))
        addVisible(page(ofLeaf: bundle.index, side: .front))
        addVisible(page(ofLeaf: bundle.last, side: .back))
        addVisible(page(ofLeaf: wanted.rightNeighbour, side: .front))
        showDetails()
    }

    /// Appends `page` to `visiblePages` unless it is there already.
    ///
    /// Only the first two entries and the last can hold it: the pages of sorted, disjoint
    /// leaves come in increasing order (a leaf's back can be the next leaf's front), and the
    /// flat pages, added first, can be the first leaf's front and the last leaf's back. A
    /// search of the whole list made 10,000 leaves in flight quadratic.
    func addVisible(_ page: Int?) {
        guard let page else { return }
        if visiblePages.prefix(2).contains(page) || visiblePages.last == page { return }
        visiblePages.append(page)
    }

    // MARK: Hit testing

    /// What lies under `point` (points of the space the root is placed in: the view, unless
    /// the root was moved) as the book is posed now: the topmost face,
    /// through the exact projective inverse, or nil over nothing.
    public func hitTest(_ point: Point) -> BookHit? {
        hitEvaluator.evaluate(root)
        guard let hit = hitEvaluator.topmostQuad(at: point) else { return nil }
        return role(of: hit.layer)
    }

    /// The face `layer` belongs to (itself, or the leaf or page above it).
    func role(of layer: Layer) -> BookHit? {
        var layer: Layer? = layer
        while let l = layer {
            if let role = roles[ObjectIdentifier(l)] { return role }
            layer = l.superlayer
        }
        return nil
    }
}

extension Book {
    // MARK: Pointer mapping

    /// The effect that turns `leaf` (bundle at `index` of `count` leaves) as it would be shown now.
    func effect(forLeaf index: Int, count: Int = 1) -> any LeafEffect {
        switch kind(of: BookLeaf(index: index, progress: 0, count: count)) {
        case .soft: return configuration.effect
        case .cover: return FlipLeafEffect(hardCover: true)
        case .fade: return CrossfadeLeafEffect()
        }
    }

    /// Takes hold of leaf `index` at canonical `point` while it is at `progress`, on the path
    /// through `anchor` (``BookLeaf/anchor``; nil: the effect's own path).
    public func grip(leaf index: Int, count: Int = 1, at point: Point, progress: Double, anchor: CurlPose? = nil) -> LeafGrip {
        mappers[kind(of: BookLeaf(index: index, progress: 0, count: count)).rawValue].grip(at: point, progress: progress, anchor: anchor)
    }

    /// Where a drag of `grip` to canonical `point` takes leaf `index`: its progress (unclamped)
    /// and the pose to keep as its ``BookLeaf/anchor`` (the curl), or nil for effects whose
    /// drag only moves progress.
    public func drag(leaf index: Int, count: Int = 1, for grip: LeafGrip, to point: Point) -> (progress: Double, anchor: CurlPose?) {
        mappers[kind(of: BookLeaf(index: index, progress: 0, count: count)).rawValue].drag(grip, to: point)
    }

    /// The progress of leaf `index` that keeps the grabbed point under canonical `point` (unclamped).
    public func progress(leaf index: Int, count: Int = 1, for grip: LeafGrip, at point: Point) -> Double {
        mappers[kind(of: BookLeaf(index: index, progress: 0, count: count)).rawValue].progress(for: grip, at: point)
    }

    /// A view point in the canonical frame the leaves are built in.
    public func canonicalPoint(_ viewPoint: Point) -> Point {
        configuration.direction.canonicalPoint(viewPoint, viewSize: configuration.viewSize)
    }

    /// The view point under `point`, a point of the space the ``root`` is placed in (its
    /// superlayer's, where ``hitTest(_:)`` looks): the root's position and transform undone,
    /// exactly through the projection. With the root where the book put it (the default) the
    /// two spaces are the same and `point` comes back unchanged; nil where the root's plane is
    /// seen edge-on.
    public func viewPoint(fromPlaced point: Point) -> Point? {
        let pivot = Point(x: root.bounds.origin.x, y: root.bounds.origin.y)
        if root.position == pivot && root.transform == .identity { return point }
        // The root's bounds start at its anchor: its local space is the view.
        return Homography.identity.applying(root.localTransform).inverse(point)
    }

    /// The canonical point under `point` of the space the root is placed in (`point` itself
    /// where the root is seen edge-on: nothing of the book shows there to be held).
    public func canonicalPoint(placed point: Point) -> Point {
        canonicalPoint(viewPoint(fromPlaced: point) ?? point)
    }
}
