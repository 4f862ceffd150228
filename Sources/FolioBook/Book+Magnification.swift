extension Book {
    /// How much finer than its resting size page `page` wants rasterising now, along each axis
    /// of its upright image: ``PageMagnification/one`` for a page lying flat or not on screen,
    /// and for a page a leaf in flight shows (its faces, or every page of the opening under a
    /// whole-opening effect) the raster scale of the largest magnification its effect reaches
    /// over a whole turn (``LeafEffect/turnMagnification(in:)``, rounded up to a raster scale
    /// by ``PageMagnification/rasterScale``), so that the page is sharp at every pose of the
    /// turn without a raster per frame. An app rasterises the page at
    /// ``PageMagnification/pixels(width:height:)`` of its resting pixel size, counts those
    /// bytes in its cache's budget, and goes back to the resting size once the page lies flat
    /// again (a finer raster shown at rest is minified, which its mipmaps blur).
    ///
    /// Each effect's bound is measured once per book, on first use (a sweep of its poses);
    /// after that the call allocates nothing.
    ///
    /// `biased`: whether the renderer samples a finer raster with its level-of-detail bias
    /// (`QuadRenderer.appliesLevelOfDetailBias`, true for Folio's renderer under both GL
    /// profiles; `false` for a renderer of your own that cannot bias a sample), which decides the scale
    /// (``PageMagnification/rasterScale(withLevelOfDetailBias:)``): 1.5 × 1.5 with it, 2 × 2
    /// without.
    public func rasterScale(ofPage page: Int, withLevelOfDetailBias biased: Bool = true) -> PageMagnification {
        switch display.mode {
        case .rest:
            return .one
        case .opening:
            guard let opening = openingLeaf, visiblePages.contains(page) else { return .one }
            return turnMagnification(opening.kind).rasterScale(withLevelOfDetailBias: biased)
        case .stacked:
            for (i, entry) in stack.enumerated() where display.first + i < leaves.count {
                let bundle = leaves[display.first + i]
                if self.page(ofLeaf: bundle.index, side: .front) == page || self.page(ofLeaf: bundle.last, side: .back) == page {
                    return turnMagnification(entry.kind).rasterScale(withLevelOfDetailBias: biased)
                }
            }
            return .one
        }
    }

    /// The largest ``rasterScale(ofPage:withLevelOfDetailBias:)`` any page of this book can want: the turn
    /// magnification of the book's effect, of the hard cover's board when the book has one,
    /// and of the crossfade when motion is reduced, axis by axis. What a cache budgets for a
    /// page in flight (measured on first use, like ``rasterScale(ofPage:withLevelOfDetailBias:)``).
    public var largestRasterScale: PageMagnification { largestRasterScale(withLevelOfDetailBias: true) }

    /// The largest ``rasterScale(ofPage:withLevelOfDetailBias:)`` any page of this book can
    /// want on a renderer that applies the fine raster's bias (`biased`) or not.
    public func largestRasterScale(withLevelOfDetailBias biased: Bool) -> PageMagnification {
        var kinds: [Kind] = [.soft]
        if configuration.hardCover { kinds.append(.cover) }
        if reduceMotion { kinds.append(.fade) }
        var m = PageMagnification.one
        for kind in kinds {
            let k = turnMagnification(kind).rasterScale(withLevelOfDetailBias: biased)
            m = PageMagnification(horizontal: max(m.horizontal, k.horizontal), vertical: max(m.vertical, k.vertical))
        }
        return m
    }

    /// The turn magnification of leaves of `kind`, measured on first use.
    func turnMagnification(_ kind: Kind) -> PageMagnification {
        if let known = turnMagnifications[kind.rawValue] { return known }
        let effect: any LeafEffect = switch kind {
        case .soft: configuration.effect
        case .cover: FlipLeafEffect(hardCover: true)
        case .fade: CrossfadeLeafEffect()
        }
        let m = effect.turnMagnification(in: frame)
        turnMagnifications[kind.rawValue] = m
        return m
    }
}
