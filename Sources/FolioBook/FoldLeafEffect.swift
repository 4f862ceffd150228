import FolioGeometry
import FolioLayers
import FolioMotion
import FolioTransitions

/// The four-panel fold (docs/effects.md) as a book's turn: the opening folds into the spine,
/// away from the viewer, while the next opening's pages slide in from the outer edges.
///
/// In canonical coordinates this is `FoldTransition` with the `horizontal` style, its crease
/// on the spine: panel B is the page lying on the leading side, C the leaf's front (the
/// outgoing opening), A the leaf's back and D the page the turn uncovers on the trailing
/// side (the incoming opening). A top-bound book therefore folds about horizontal hinges,
/// exactly like the default fold.
public struct FoldLeafEffect: LeafEffect {
    /// Extra fold styles: `cubic`, `unfold`, `solidShadows` (`horizontal` is implied by the
    /// canonical frame and ignored).
    public var style: FoldStyle
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// A fold effect with extra `style` bits and a turn of `duration` seconds.
    public init(style: FoldStyle = [], duration: Double = 0.3) {
        self.style = style.subtracting(.horizontal)
        self.duration = duration
    }

    /// `fold`.
    public var name: String { "fold" }

    /// The fold moves the whole opening.
    public var arrangement: LeafArrangement { .wholeOpening }

    /// A folding opening in `frame`; refuses a perspective that puts the eye inside the fold.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf {
        try FoldLeaf(frame: frame, style: style)
    }

    /// The fold's own curve (easeOut, unfold easeIn) over ``duration``.
    public func turnAnimation(forward: Bool) -> Animation {
        .timing(style.contains(.unfold) ? .easeIn : .easeOut, duration: max(duration, 1e-3))
    }
}

/// The fold's panels in the canonical frame, built like `FoldTransition(style: .horizontal)`.
final class FoldLeaf: TurningLeaf {
    let frame: LeafFrame
    let style: FoldStyle
    /// The fold's own root: clips to the view and pivots its perspective on the crease.
    let root = Layer(name: "fold")
    let joint1 = TransformLayer(name: "joint1"), joint2 = TransformLayer(name: "joint2")
    let panelA = Layer(name: "A"), panelB = Layer(name: "B"), panelC = Layer(name: "C"), panelD = Layer(name: "D")
    let shadowA: Layer, shadowB: Layer, shadowC: Layer, shadowD: Layer
    /// The fold of the canonical frame: its poses are copied onto the panels every frame, and
    /// its hinge mappings (`FoldTransition.progress(forHingeOffset:)` and
    /// `progress(forTrailingHingeOffset:)`) drive drags. Its own
    /// layers are never drawn.
    let ruler: FoldTransition
    var has = (a: false, b: false, c: false, d: false)
    /// The parts of their pages the panels show (nil: no page), for their details.
    var shown: (a: Rect?, b: Rect?, c: Rect?, d: Rect?) = (nil, nil, nil, nil)
    /// The details over each panel, posed with it, under its shadow.
    let detailsA = PageDetailLayers(), detailsB = PageDetailLayers(), detailsC = PageDetailLayers(), detailsD = PageDetailLayers()
    /// Whether the outgoing opening folds away on B and C (false: unfolding, it comes in on them).
    var isUnfolding: Bool { style.contains(.unfold) }
    var showsShadows = true {
        didSet { for s in [shadowA, shadowB, shadowC, shadowD] { s.isHidden = !showsShadows } }
    }
    let castShadow: (leading: Double, trailing: Double) = (0, 0)

    init(frame: LeafFrame, style: FoldStyle) throws(BookError) {
        self.frame = frame
        self.style = style
        do {
            ruler = try FoldTransition(size: frame.size, scale: frame.scale, style: style.union(.horizontal), m34: frame.m34)
        } catch {
            throw .geometry(error)
        }
        let u = frame.split.leading, l = frame.split.trailing, e = frame.height, w = frame.size.width
        root.bounds = Rect(x: 0, y: 0, width: w, height: e)
        root.anchorPoint = Point(x: u / w, y: 0.5)
        root.position = Point(x: u, y: e / 2)
        root.sublayerTransform.m34 = frame.m34
        root.masksToBounds = !style.contains(.cubic)
        joint1.bounds = Rect(x: 0, y: 0, width: u, height: e)
        joint2.bounds = Rect(x: 0, y: 0, width: l, height: e)
        joint1.anchorPoint = Point(x: 0, y: 0.5)
        joint2.anchorPoint = Point(x: 0, y: 0.5)
        joint2.position = Point(x: u, y: e / 2)
        // A hangs before the top hinge; B, C and D start at their leading edges.
        frame.placeFace(panelA, canonicalSize: Size(width: u, height: e), pivot: Point(x: 1, y: 0.5), at: Point(x: 0, y: e / 2))
        frame.placeFace(panelB, canonicalSize: Size(width: u, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: 0, y: e / 2))
        frame.placeFace(panelC, canonicalSize: Size(width: l, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: 0, y: e / 2))
        frame.placeFace(panelD, canonicalSize: Size(width: l, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: l, y: e / 2))
        panelB.transform = frame.orient(.identity)
        panelC.transform = frame.orient(.identity)
        let cubic = style.contains(.cubic), solid = style.contains(.solidShadows)
        func shadow(_ panel: Layer, from a: Double, to b: Double) -> Layer {
            let black = Color.black
            return solid ? frame.makeShadow(on: panel)
                : frame.makeShadow(on: panel, axis: (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5)), colors: [black.withAlpha(a), black.withAlpha(b)])
        }
        // B dark at its outer hinge, clear at the crease; C dark at the crease down to 0.25 at
        // its outer hinge (clear when cubic); cubic sleeves darken toward their shared hinge.
        shadowB = shadow(panelB, from: 1, to: 0)
        shadowC = shadow(panelC, from: 1, to: cubic ? 0 : 0.25)
        shadowA = shadow(panelA, from: 0, to: 1)
        shadowD = shadow(panelD, from: 1, to: 0)
        // Fresh layers, shallow tree: cannot throw.
        try! joint2.setSublayers([panelC, panelD])
        try! joint1.setSublayers([panelA, panelB, joint2])
        try! root.setSublayers([joint1])
        setProgress(0)
    }

    var frontLayer: Layer { root }
    var backLayer: Layer? { nil }

    func show(_ faces: LeafFaces) {
        // Folding, the outgoing opening folds away on B and C and the incoming slides in on A
        // and D; unfolding swaps the two openings.
        let unfold = style.contains(.unfold)
        let (outgoing, incoming) = unfold ? ((faces.back, faces.trailingBelow), (faces.leadingBelow, faces.front))
            : ((faces.leadingBelow, faces.front), (faces.back, faces.trailingBelow))
        has.b = frame.show(outgoing.0, on: panelB)
        has.c = frame.show(outgoing.1, on: panelC)
        has.a = frame.show(incoming.0, on: panelA)
        has.d = frame.show(incoming.1, on: panelD)
        shown = (incoming.0?.contentsRect, outgoing.0?.contentsRect, outgoing.1?.contentsRect, incoming.1?.contentsRect)
        // An empty page (the far side of a closed book) draws nothing.
        panelA.isHidden = !has.a; panelB.isHidden = !has.b; panelC.isHidden = !has.c; panelD.isHidden = !has.d
    }

    var drawsDetails: Bool { true }

    func showDetails(front: [PageDetail], back: [PageDetail]) {
        showDetails(front: front, back: back, leadingBelow: [], trailingBelow: [])
    }

    /// Each panel is a flat face showing its page (or the part the single layout gives it):
    /// its details lie on it as on a page lying flat, cut to that part, under its shadow, and
    /// fold with it.
    func showDetails(front: [PageDetail], back: [PageDetail], leadingBelow: [PageDetail], trailingBelow: [PageDetail]) {
        // The pairing of pages and panels is `show(_:)`'s.
        let (outgoing, incoming) = isUnfolding ? ((back, trailingBelow), (leadingBelow, front)) : ((leadingBelow, front), (back, trailingBelow))
        // The leaf's own panels, a few levels under its root, each with its shadow: cannot throw.
        try! detailsB.show(outgoing.0, on: panelB, showing: shown.b, below: shadowB)
        try! detailsC.show(outgoing.1, on: panelC, showing: shown.c, below: shadowC)
        try! detailsA.show(incoming.0, on: panelA, showing: shown.a, below: shadowA)
        try! detailsD.show(incoming.1, on: panelD, showing: shown.d, below: shadowD)
    }

    func setProgress(_ p: Double) {
        // The fold's own geometry poses its panels (one home for the cosine height, the hinge
        // angles and the shadow curves); this leaf copies the poses onto its oriented panels.
        try? ruler.setProgress(p)
        guard let rulerJoint1 = ruler.panelB.superlayer, let rulerJoint2 = ruler.panelC.superlayer else { return }
        joint1.position = rulerJoint1.position
        joint1.transform = rulerJoint1.transform
        joint2.transform = rulerJoint2.transform
        panelA.transform = frame.orient(ruler.panelA.transform)
        panelD.transform = frame.orient(ruler.panelD.transform)
        // Each panel's first sublayer is its shadow, in both trees.
        shadowA.opacity = ruler.panelA.sublayers[0].opacity
        shadowB.opacity = ruler.panelB.sublayers[0].opacity
        shadowC.opacity = ruler.panelC.sublayers[0].opacity
        shadowD.opacity = ruler.panelD.sublayers[0].opacity
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip {
        try? ruler.setProgress(min(1, max(0, p)))
        var grip = LeafGrip(start: point, progress: p)
        // The half under the pointer moves with it: a grip on the trailing side holds the
        // trailing outer hinge (its page edge), on the leading side the leading one.
        grip.isOnTrailingSide = point.x > frame.spine
        grip.offset = grip.isOnTrailingSide ? ruler.trailingHingeOffset : ruler.hingeOffset
        return grip
    }

    func progress(for grip: LeafGrip, at point: Point) -> Double {
        // The held hinge follows the pointer along the fold axis: toward the spine folds the
        // opening away (forward), away from it unfolds (backward). The leading hinge's offset
        // grows to the right, the trailing one's to the left.
        let moved = point.x - grip.start.x
        return grip.isOnTrailingSide ? ruler.progress(forTrailingHingeOffset: grip.offset - moved)
            : ruler.progress(forHingeOffset: grip.offset + moved)
    }
}
