import FolioGeometry
import FolioLayers
import FolioTransitions

/// A transition in a book: its layer tree in view coordinates, under a transform layer that
/// undoes the reading direction's map (canonical → view, its own inverse), with the book's
/// pages shown wherever the transition showed its source or destination.
final class TransitionLeaf: TurningLeaf {
    let frame: LeafFrame
    let context: TransitionLeafContext
    let transition: any Transition
    /// The leaf's layer in the book's canonical frame; the transition's root lies under it in
    /// view coordinates.
    let container = TransformLayer(name: "transition")

    /// A layer of the transition that showed the source or the destination.
    struct Slot {
        let layer: Layer
        /// Whether it showed the destination (the incoming opening).
        let incoming: Bool
        /// The part of the view it showed, in view points.
        let region: Rect
        let background: Color?
        let hidden: Bool
    }
    let slots: [Slot]
    /// The page rectangles in the view: the leading (read) page, then the trailing one.
    let pages: [Rect]
    /// The layers added to show two pages on one slot, removed at the next `show`.
    var added: [Layer] = []

    init(frame: LeafFrame, context: TransitionLeafContext, transition: any Transition) {
        self.frame = frame
        self.context = context
        self.transition = transition
        let view = context.size
        container.anchorPoint = .zero
        container.bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        container.transform = frame.direction.viewTransform(viewSize: view)
        func viewRect(_ canonical: Rect) -> Rect {
            let a = frame.direction.viewPoint(Point(x: canonical.minX, y: canonical.minY), viewSize: view)
            let b = frame.direction.viewPoint(Point(x: canonical.maxX, y: canonical.maxY), viewSize: view)
            return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
        let s = frame.spine, e = frame.height
        pages = [viewRect(Rect(x: 0, y: 0, width: s, height: e)),
                 viewRect(Rect(x: s, y: 0, width: frame.size.width - s, height: e))]
        var found: [Slot] = []
        func visit(_ layer: Layer) {
            if let handle = layer.contents, handle == context.source || handle == context.destination {
                let r = layer.contentsRect
                found.append(Slot(layer: layer, incoming: handle == context.destination,
                                  region: Rect(x: r.minX * view.width, y: r.minY * view.height,
                                               width: r.width * view.width, height: r.height * view.height),
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

    /// One page's part of a slot: the page face, the part of the view, and the page's rectangle.
    struct Part {
        let face: PageFace
        let region: Rect
        let page: Rect
        /// The page image's unit coordinates as an affine function of view points, per axis.
        var scale: (x: Double, y: Double) { (face.contentsRect.width / page.width, face.contentsRect.height / page.height) }
        var offset: (x: Double, y: Double) {
            (face.contentsRect.minX - page.minX * scale.x, face.contentsRect.minY - page.minY * scale.y)
        }
        func unitRect(of r: Rect) -> Rect {
            Rect(x: offset.x + r.minX * scale.x, y: offset.y + r.minY * scale.y,
                 width: r.width * scale.x, height: r.height * scale.y)
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
            if parts.allSatisfy({ sameImage($0, first) }) {
                // One image under the whole slot (one page, or a single-layout page across the
                // spine): the slot shows it itself, and its shading stays one overlay.
                layer.contents = first.face.handle
                layer.contentsRect = first.unitRect(of: slot.region)
                layer.backgroundColor = frame.paperColor
                continue
            }
            // Two images: one sublayer per page, under the slot's own sublayers (its shading).
            // The slot itself draws nothing, or the renderer would merge its shading into it,
            // under the pages.
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
                piece.anchorPoint = .zero
                piece.bounds = Rect(x: 0, y: 0, width: z.x - a.x, height: z.y - a.y)
                piece.position = a
                piece.contents = part.face.handle
                piece.contentsRect = part.unitRect(of: part.region)
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

    /// Whether two parts show one image the same way (the same page, the same map from view
    /// points to its unit coordinates), so one layer can show both.
    func sameImage(_ a: Part, _ b: Part) -> Bool {
        guard a.face.handle == b.face.handle else { return false }
        func close(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= 1e-12 * max(1, abs(u), abs(v)) }
        return close(a.scale.x, b.scale.x) && close(a.scale.y, b.scale.y) && close(a.offset.x, b.offset.x) && close(a.offset.y, b.offset.y)
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
        let view = context.size
        let drag = LeafDrag(start: frame.direction.viewPoint(grip.start, viewSize: view),
                            point: frame.direction.viewPoint(point, viewSize: view),
                            startProgress: grip.progress, viewSize: view, direction: frame.direction)
        if let custom = transition as? any LeafTransition { return custom.progress(for: drag) }
        return drag.followingPointer
    }
}
