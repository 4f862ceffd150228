import FolioGeometry
import FolioLayers

extension LeafEffect {
    /// The turn's largest page magnification, sampled: ``sampledTurnMagnification(in:steps:)``
    /// at 64 steps.
    public func turnMagnification(in frame: LeafFrame) -> PageMagnification {
        sampledTurnMagnification(in: frame, steps: 64)
    }

    /// The largest magnification of the pages a leaf of this effect shows, over `steps` + 1
    /// evenly spaced progresses from 0 to 1 (at least 2 steps): a leaf made in `frame` is posed
    /// at each, evaluated under the book's perspective in the canonical frame, and at the
    /// corners and centre of every visible polygon that shows a page the Jacobian of its exact
    /// map from the page's points to the view (`Quad.localToView`) is measured along the
    /// page's two axes. A curved surface is measured patch by patch (each is planar). The
    /// reading direction only turns or mirrors the frame in the page plane about the
    /// perspective's pivot, which changes no length, so the canonical frame stands for every
    /// direction. ``PageMagnification/one`` when the effect refuses the frame.
    ///
    /// Never call per frame: it builds a leaf and evaluates it `steps` + 1 times (about a
    /// millisecond a step for the curl's mesh).
    public func sampledTurnMagnification(in frame: LeafFrame, steps: Int) -> PageMagnification {
        guard let leaf = try? makeLeaf(in: frame) else { return .one }
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        func face(_ page: Int, _ side: String) -> PageFace {
            PageFace(page: page, handle: ContentHandle(page + 1), contentsRect: unit, name: "leaf0.\(side)")
        }
        leaf.show(LeafFaces(name: "leaf0", front: face(0, "front"), back: face(1, "back"),
                            leadingBelow: face(2, "below"), trailingBelow: face(3, "below")))
        leaf.showsShadows = false
        // The book's root in the canonical frame: no area, the perspective pivoting on the spine
        // at the viewpoint.
        let root = Layer(name: "magnification")
        let pivot = Point(x: frame.spine, y: frame.viewpoint * frame.height)
        root.bounds = Rect(x: pivot.x, y: pivot.y, width: 0, height: 0)
        root.position = pivot
        root.sublayerTransform.m34 = frame.m34
        // A fresh root over the leaf's own layers, a shallow tree: cannot fail.
        try? root.setSublayers([leaf.frontLayer] + (leaf.backLayer.map { [$0] } ?? []))
        let evaluator = LayerEvaluator()
        var largest = PageMagnification.one
        let n = max(2, steps)
        for k in 0...n {
            leaf.setProgress(Double(k) / Double(n))
            evaluator.evaluate(root)
            for quad in evaluator.quads where quad.isVisible && quad.layer.contents != nil {
                let corners = evaluator.corners(of: quad)
                guard !corners.isEmpty else { continue }
                var centre = Point.zero
                for c in corners { centre = Point(x: centre.x + c.local.x, y: centre.y + c.local.y) }
                centre = Point(x: centre.x / Double(corners.count), y: centre.y / Double(corners.count))
                for p in corners.map(\.local) + [centre] {
                    let m = Self.magnification(of: quad.localToView, at: p)
                    guard m.horizontal.isFinite, m.vertical.isFinite else { continue }
                    largest.horizontal = max(largest.horizontal, m.horizontal)
                    largest.vertical = max(largest.vertical, m.vertical)
                }
            }
        }
        return largest
    }

    /// The lengths on screen of the page's unit x and y steps at local point `p` under `h`:
    /// the columns of the projection's Jacobian, `(h.x.xy − q·h.x.w) / w` and the same for y,
    /// `q` the screen point and `w` its homogeneous weight. Not finite where `w ≤ 0`.
    static func magnification(of h: Homography, at p: Point) -> PageMagnification {
        let v = h.apply(p)
        guard v.w > 0 else { return PageMagnification(horizontal: .infinity, vertical: .infinity) }
        let qx = v.x / v.w, qy = v.y / v.w
        func length(_ d: Vector4) -> Double {
            let dx = (d.x - qx * d.w) / v.w, dy = (d.y - qy * d.w) / v.w
            return (dx * dx + dy * dy).squareRoot()
        }
        return PageMagnification(horizontal: length(h.x), vertical: length(h.y))
    }
}
