import FolioGeometry
import FolioLayers
import FolioTransitions

/// A transition in a book, with the book's pages shown wherever the transition showed its
/// source or destination.
///
/// Built in the view, its tree lies under a transform layer that undoes the reading
/// direction's map (canonical → view, its own inverse), and page images are upright as they
/// are. Built in the canonical frame (``TransitionLeafEffect/followsReadingDirection``), the
/// book's map carries it, and each page part is a sublayer oriented like every face of the
/// book (``LeafFrame/placeFace(_:canonicalSize:pivot:at:)``) so its image still reads upright.
final class TransitionLeaf: TurningLeaf {
    let frame: LeafFrame
    let context: TransitionLeafContext
    let transition: any Transition
    /// The direction of the transition's own space as the view reads it: the book's when built
    /// in the canonical frame, left to right (upright as it is) when built in the view.
    let space: ReadingDirection
    /// Whether the transition is built in the canonical frame rather than the view.
    let inCanonicalFrame: Bool
    /// The leaf's layer in the book's canonical frame; the transition's root lies under it.
    let container = TransformLayer(name: "transition")

    /// A layer of the transition that showed the source or the destination.
    struct Slot {
        let layer: Layer
        /// Whether it showed the destination (the incoming opening).
        let incoming: Bool
        /// The part of the transition's space it showed, in its points.
        let region: Rect
        let background: Color?
        let hidden: Bool
    }
    let slots: [Slot]
    /// The page rectangles in the transition's space: the leading (read) page, then the trailing one.
    let pages: [Rect]
    /// The layers added to show page parts on a slot, removed at the next `show`.
    var added: [Layer] = []

    init(frame: LeafFrame, context: TransitionLeafContext, transition: any Transition, inCanonicalFrame: Bool) {
        self.frame = frame
        self.context = context
        self.transition = transition
        let size = context.size
        space = inCanonicalFrame ? frame.direction : .leftToRight
        self.inCanonicalFrame = inCanonicalFrame
        container.anchorPoint = .zero
        container.bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let s = frame.spine, e = frame.height
        let canonicalPages = [Rect(x: 0, y: 0, width: s, height: e), Rect(x: s, y: 0, width: frame.size.width - s, height: e)]
        if inCanonicalFrame {
            pages = canonicalPages
        } else {
            container.transform = frame.direction.viewTransform(viewSize: size)
            pages = canonicalPages.map { canonical in
                let a = frame.direction.viewPoint(Point(x: canonical.minX, y: canonical.minY), viewSize: size)
                let b = frame.direction.viewPoint(Point(x: canonical.maxX, y: canonical.maxY), viewSize: size)
                return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
            }
        }
        var found: [Slot] = []
        func visit(_ layer: Layer) {
            if let handle = layer.contents, handle == context.source || handle == context.destination {
                let r = layer.contentsRect
                found.append(Slot(layer: layer, incoming: handle == context.destination,
                                  region: Rect(x: r.minX * size.width, y: r.minY * size.height,
                                               width: r.width * size.width, height: r.height * size.height),
                                  background: layer.backgroundColor, hidden: layer.isHidden))
            }
            for sublayer in layer.sublayers { visit(sublayer) }
        }
        visit(transition.root)
        slots = found
        // A fresh container: no cycle, and the transition's depth was checked when it was built.
        try! container.addSublayer(transition.root)
        setProgress(0)
    }

    var frontLayer: Layer { container }
    var backLayer: Layer? { nil }

    var showsShadows = true {
        didSet {
            if let custom = transition as? any LeafTransition { custom.showShadows(inBook: showsShadows) }
            else { transition.showsShadows = showsShadows }
        }
    }

    /// A whole-opening effect covers the pages lying flat: nothing to cast on.
    let castShadow: (leading: Double, trailing: Double) = (0, 0)

    /// One page's part of a slot: the page face, the part of the transition's space, and the
    /// page's rectangle there.
    struct Part {
        let face: PageFace
        let region: Rect
        let page: Rect
        /// The part's unit rectangle in the upright page image: its place in the page, turned
        /// upright by the space's direction, within the face's own rectangle.
        func unitRect(of r: Rect, space: ReadingDirection) -> Rect {
            let u = space.unitRect(Rect(x: (r.minX - page.minX) / page.width, y: (r.minY - page.minY) / page.height,
                                        width: r.width / page.width, height: r.height / page.height))
            let c = face.contentsRect
            return Rect(x: c.minX + u.minX * c.width, y: c.minY + u.minY * c.height, width: u.width * c.width, height: u.height * c.height)
        }
    }

    func show(_ faces: LeafFaces) {
        for layer in added { layer.removeFromSuperlayer() }
        added.removeAll()
        for slot in slots {
            let shown = slot.incoming ? [faces.back, faces.trailingBelow] : [faces.leadingBelow, faces.front]
            var parts: [Part] = []
            for (face, page) in zip(shown, pages) {
                guard let face, let part = intersection(slot.region, page) else { continue }
                parts.append(Part(face: face, region: part, page: page))
            }
            let layer = slot.layer
            guard let first = parts.first else {
                // No page here (the far side of a closed book): nothing to draw, not even shading.
                layer.contents = nil
                layer.backgroundColor = slot.background
                layer.isHidden = slot.hidden || slot.background == nil
                continue
            }
            layer.isHidden = slot.hidden
            // Named like every face of a book (`page<N>`, `leaf<INDEX>.front`), its shading
            // `<name>.shadow`, as `LeafFrame.show(_:on:)` names them.
            rename(layer, first.face.name)
            if space == .leftToRight, parts.allSatisfy({ sameImage($0, first) }) {
                // One upright image under the whole slot (one page, or a single-layout page
                // across the spine): the slot shows it itself, its shading staying one overlay.
                layer.contents = first.face.handle
                layer.contentsRect = first.unitRect(of: slot.region, space: space)
                layer.backgroundColor = frame.paperColor
                continue
            }
            // A sublayer per page, under the slot's own sublayers (its shading). The slot itself
            // draws nothing, or the renderer would merge its shading into it, under the pages.
            layer.contents = nil
            layer.backgroundColor = nil
            let b = layer.bounds
            func local(_ p: Point) -> Point {
                Point(x: p.x == slot.region.maxX ? b.maxX : b.minX + (p.x - slot.region.minX) * b.width / slot.region.width,
                      y: p.y == slot.region.maxY ? b.maxY : b.minY + (p.y - slot.region.minY) * b.height / slot.region.height)
            }
            for (i, part) in parts.enumerated() {
                let a = local(Point(x: part.region.minX, y: part.region.minY))
                let z = local(Point(x: part.region.maxX, y: part.region.maxY))
                let piece = Layer(name: part.face.name)
                // Each part pivots on the edge it shares with the other part, so that both
                // sit on the same point: bit for bit the same seam.
                var pivot = Point(x: 0, y: 0)
                if parts.count == 2 {
                    let other = parts[1 - i].region
                    if part.region.maxX == other.minX { pivot.x = 1 }
                    if part.region.maxY == other.minY { pivot.y = 1 }
                }
                let at = Point(x: pivot.x == 1 ? z.x : a.x, y: pivot.y == 1 ? z.y : a.y)
                let size = Size(width: z.x - a.x, height: z.y - a.y)
                if space == .leftToRight {
                    piece.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
                    piece.anchorPoint = pivot
                    piece.position = at
                } else {
                    // Placed as every face of the book is: upright bounds, turned by the
                    // direction's orientation into the canonical frame.
                    frame.placeFace(piece, canonicalSize: size, pivot: pivot, at: at)
                    piece.transform = frame.orient(.identity)
                }
                piece.contents = part.face.handle
                piece.contentsRect = part.unitRect(of: part.region, space: space)
                piece.backgroundColor = frame.paperColor
                // A fresh layer one level below a layer of a checked tree.
                try! layer.insertSublayer(piece, at: i)
                added.append(piece)
            }
        }
    }

    /// Names `layer` `name` and its shading sublayers (`….shadow`) `name.shadow`.
    func rename(_ layer: Layer, _ name: String) {
        guard layer.name != name else { return }
        layer.name = name
        for s in layer.sublayers where s.name.hasSuffix(".shadow") { s.name = name + ".shadow" }
    }

    /// Whether two parts show one image the same way (the same page, the same map from points
    /// to its unit coordinates), so one layer can show both.
    func sameImage(_ a: Part, _ b: Part) -> Bool {
        guard a.face.handle == b.face.handle else { return false }
        func close(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= 1e-12 * max(1, abs(u), abs(v)) }
        // Where each maps the origin and the unit square, per axis.
        let ra = a.unitRect(of: Rect(x: 0, y: 0, width: 1, height: 1), space: space)
        let rb = b.unitRect(of: Rect(x: 0, y: 0, width: 1, height: 1), space: space)
        return close(ra.minX, rb.minX) && close(ra.minY, rb.minY) && close(ra.width, rb.width) && close(ra.height, rb.height)
    }

    /// The overlap of two rectangles, or nil when it has no area.
    func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), x1 = min(a.maxX, b.maxX)
        let y0 = max(a.minY, b.minY), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func setProgress(_ p: Double) {
        // Already checked by the book: 0…1.
        try? transition.setProgress(p)
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip { LeafGrip(start: point, progress: p) }

    func progress(for grip: LeafGrip, at point: Point) -> Double {
        // In the transition's own space: the view, or the canonical frame (read left to right).
        let direction = inCanonicalFrame ? .leftToRight : frame.direction
        let drag = LeafDrag(start: direction.viewPoint(grip.start, viewSize: context.size),
                            point: direction.viewPoint(point, viewSize: context.size),
                            startProgress: grip.progress, viewSize: context.size, direction: direction)
        if let custom = transition as? any LeafTransition { return custom.progress(for: drag) }
        return drag.followingPointer
    }
}
