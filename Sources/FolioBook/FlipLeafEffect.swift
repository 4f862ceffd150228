import FolioGeometry
import FolioLayers
import FolioMotion

/// The page flip as a book's leaf (docs/effects.md): a rigid leaf hinged on the spine, at angle
/// φ = 180°·p, swinging toward the viewer. One leaf of a single-page book is exactly
/// `FlipTransition`'s front and back at the same progress.
///
/// As a hard cover (``isHardCover``) the leaf is a board: it casts a stronger shadow and shows
/// its free edge, ``LeafFrame/coverThickness`` points deep, as it stands up.
public struct FlipLeafEffect: LeafEffect {
    /// Whether leaves made by this effect are hard-cover boards.
    public var isHardCover: Bool
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// A flip effect; `hardCover` makes boards, `duration` is a whole turn in seconds.
    public init(hardCover: Bool = false, duration: Double = 0.5) {
        self.isHardCover = hardCover
        self.duration = duration
    }

    /// `flip`, or `cover` for boards.
    public var name: String { isHardCover ? "cover" : "flip" }

    /// Leaves flip on their own over the stack.
    public var arrangement: LeafArrangement { .stacked }

    /// A flipping leaf in `frame`.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf {
        FlipLeaf(frame: frame, hardCover: isHardCover)
    }

    /// The flip's two stages: easeIn up to the edge-on pose, then easeOut (no pause between).
    public func turnAnimation(forward: Bool) -> Animation {
        let values = forward ? [0.0, 0.5, 1] : [1.0, 0.5, 0]
        // Three values and two curves always make valid keyframes.
        let staged = try! KeyframeAnimation(values: values, timingFunctions: [.easeIn, .easeOut])
        return .keyframes(staged, duration: max(duration, 1e-3))
    }
}

/// A flipping leaf: front on the trailing side lifted by φ, back on the leading side lifted
/// by 180° − φ; each hidden on the far side of 90°.
final class FlipLeaf: TurningLeaf {
    let frame: LeafFrame
    let hardCover: Bool
    let front = Layer(name: "front"), back = Layer(name: "back")
    let frontShadow: Layer, backShadow: Layer
    /// The unlit look's tints of each face by the leaf in flight lying over it (``Book``'s
    /// `showLeafTints`), over the details and under the crease; out of the tree while clear.
    let frontTint: Layer, backTint: Layer
    /// Hard cover: the board's two sides, posed together (front with the free edge, and back),
    /// kept apart so the book can order fronts and backs separately.
    let frontBoard: TransformLayer?, backBoard: TransformLayer?
    let edge: Layer?
    var hasFront = false, hasBack = false
    /// The parts of their pages the faces show (nil: no page), for their details.
    var frontShown: Rect?, backShown: Rect?
    /// The details over each face, posed with it.
    let frontDetails = PageDetailLayers(), backDetails = PageDetailLayers()
    var progress = 0.0
    var showsShadows = true {
        didSet {
            frontShadow.isHidden = !showsShadows; backShadow.isHidden = !showsShadows
            if !showsShadows { showTints(front: 0, back: 0) }
        }
    }
    private(set) var castShadow: (leading: Double, trailing: Double) = (0, 0)

    /// A board darkens the page under it to ½ at most instead of the flip's ⅓ …
    var castScale: Double { hardCover ? 1.5 : 1 }
    /// … and its crease twice as much.
    var creaseScale: Double { hardCover ? 2 : 1 }

    init(frame: LeafFrame, hardCover: Bool) {
        self.frame = frame
        self.hardCover = hardCover
        let s = frame.spine, u = frame.split.leading, l = frame.split.trailing, e = frame.height
        frame.placeFace(front, canonicalSize: Size(width: l, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: s, y: e / 2))
        frame.placeFace(back, canonicalSize: Size(width: u, height: e), pivot: Point(x: 1, y: 0.5), at: Point(x: s, y: e / 2))
        // The crease gradients darken each face at the spine, clear half way across.
        frontShadow = frame.makeShadow(on: front, axis: (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5)), locations: [0, 0.5])
        backShadow = frame.makeShadow(on: back, axis: (Point(x: 1, y: 0.5), Point(x: 0, y: 0.5)), locations: [0, 0.5])
        // Plain black over the whole face, like the covered page's tint, made like the crease
        // (bounds, name) and taken off the face until a leaf covers it; when shown it lies over
        // the details (`showDetails` puts it back there) so they are tinted too.
        frontTint = frame.makeShadow(on: front)
        backTint = frame.makeShadow(on: back)
        frontTint.removeFromSuperlayer()
        backTint.removeFromSuperlayer()
        if hardCover {
            // The board rotates about the spine; its faces lie flat in it, the back turned over.
            func makeBoard(_ name: String) -> TransformLayer {
                let board = TransformLayer(name: name)
                board.bounds = Rect(x: 0, y: 0, width: l, height: e)
                board.anchorPoint = Point(x: 0, y: 0.5)
                board.position = Point(x: s, y: e / 2)
                return board
            }
            let frontBoard = makeBoard("board"), backBoard = makeBoard("board")
            front.position = Point(x: 0, y: e / 2)
            back.position = Point(x: 0, y: e / 2)
            front.transform = frame.orient(.identity)
            back.transform = frame.orient(Transform3D(rotationSine: 0, cosine: -1, x: 0, y: 1, z: 0))
            // The free edge: a strip across the board's thickness, standing at x = l.
            let t = frame.coverThickness
            let edge = Layer(name: "edge")
            edge.bounds = Rect(x: 0, y: 0, width: t, height: e)
            edge.position = Point(x: l, y: e / 2)
            edge.transform = Transform3D(rotationDegrees: 90, x: 0, y: 1, z: 0)
            edge.backgroundColor = Color(red: 0.30, green: 0.26, blue: 0.22)
            edge.isHidden = t == 0
            // Fresh layers, shallow tree: cannot throw.
            try! frontBoard.setSublayers([front, edge])
            try! backBoard.setSublayers([back])
            self.frontBoard = frontBoard
            self.backBoard = backBoard
            self.edge = edge
        } else {
            frontBoard = nil
            backBoard = nil
            edge = nil
        }
        setProgress(0)
    }

    var frontLayer: Layer { frontBoard ?? front }
    var backLayer: Layer? { backBoard ?? back }

    func show(_ faces: LeafFaces) {
        hasFront = frame.show(faces.front, on: front)
        hasBack = frame.show(faces.back, on: back)
        // The tints are named after their faces here, while off the tree too (the face's own
        // renaming reaches only its sublayers), so showing one allocates no name per frame.
        frontTint.name = front.name + ".shadow"
        backTint.name = back.name + ".shadow"
        frontShown = faces.front?.contentsRect
        backShown = faces.back?.contentsRect
        if let frontBoard, let backBoard, let edge {
            frontBoard.name = faces.name
            backBoard.name = faces.name
            edge.name = faces.name + ".edge"
        }
        setProgress(progress)
    }

    var drawsDetails: Bool { true }

    func showDetails(front details: [PageDetail], back backDetails: [PageDetail]) {
        // The leaf's own faces, a level or two under its root, with their own shadows: cannot throw.
        try! frontDetails.show(details, on: front, showing: frontShown, below: frontShadow)
        try! self.backDetails.show(backDetails, on: back, showing: backShown, below: backShadow)
        // The details end each face's sublayers with the crease, removing the rest: a tint
        // shown goes back over the details (this runs when the details change, never per frame).
        if frontTint.opacity > 0 && frontTint.superlayer == nil { attach(frontTint, on: front, below: frontShadow) }
        if backTint.opacity > 0 && backTint.superlayer == nil { attach(backTint, on: back, below: backShadow) }
    }

    func setProgress(_ p: Double) {
        progress = p
        // The flip's own geometry (shared by every flipping leaf) poses its front and back; this
        // leaf copies the poses onto its oriented faces (a board takes the front's lift whole).
        let ruler = frame.flipRuler
        try? ruler.setProgress(p)
        if let frontBoard, let backBoard {
            frontBoard.transform = ruler.front.transform
            backBoard.transform = ruler.front.transform
        } else {
            front.transform = frame.orient(ruler.front.transform)
            back.transform = frame.orient(ruler.back.transform)
        }
        front.isHidden = ruler.front.isHidden || !hasFront
        back.isHidden = ruler.back.isHidden || !hasBack
        // Shadows: the ruler's crease and covered-page opacities, a board's made stronger.
        // Each page's first sublayer is its shadow.
        frontShadow.opacity = ruler.front.sublayers[0].opacity * creaseScale
        backShadow.opacity = ruler.back.sublayers[0].opacity * creaseScale
        castShadow = (leading: ruler.facing.sublayers[0].opacity * castScale, trailing: ruler.reveal.sublayers[0].opacity * castScale)
    }

    /// The flip leaf is a rigid sheet at `180°·progress` about the spine.
    var hingeAngle: Double? { 180 * progress }

    /// The page tint's rule with the receiver's plane for the page's: the covered page under a
    /// flip at `φ` takes `⅓·cos φ` (the reveal's, `φ < 90°`) or `⅓·sin(φ − 90°)` (the facing
    /// page's, `φ > 90°`); turned about the spine so that a leaf at `angle` lies where the page
    /// did, this leaf stands at `φ − angle` over it, and the same formulas give `⅓·cos(φ − angle)`
    /// on the side the leaf shows over (a board's `castScale` stronger, none under reverse
    /// perspective, as on the page). At `angle` 0 and 180 this is the `castShadow` property.
    func castShadow(onLeafAt angle: Double) -> (leading: Double, trailing: Double) {
        let phi = hingeAngle ?? 0
        guard !frame.flipRuler.style.contains(.reverse) else { return (0, 0) }
        let cosDelta = Angle.sinCos(degrees: phi - angle).cos
        let trailing = phi < 90 && angle <= phi ? cosDelta / 3 * castScale : 0
        let leading = phi > 90 && angle >= phi ? cosDelta / 3 * castScale : 0
        return (leading: leading, trailing: trailing)
    }

    /// Shows the tints of the front and back (``TurningLeaf/showTints(front:back:)``). A tint
    /// is in the tree only while it is not clear: a leaf no other covers (every single-leaf
    /// frame, and most faces of a riffle) has exactly the layers, and the evaluator exactly
    /// the quads, it had before tints existed. Called every frame: a layer is added or removed
    /// only as a tint appears or clears, into the face's sublayer list, whose storage stays
    /// (the names are set in `show`), so nothing is allocated once a riffle has run both ways.
    func showTints(front: Double, back: Double) {
        func show(_ tint: Layer, on face: Layer, below crease: Layer, _ opacity: Double) {
            guard opacity > 0 else {
                if tint.superlayer != nil { tint.removeFromSuperlayer() }
                if tint.opacity != 0 { tint.opacity = 0 }
                return
            }
            if tint.opacity != opacity { tint.opacity = opacity }
            if tint.superlayer !== face { attach(tint, on: face, below: crease) }
        }
        show(frontTint, on: self.front, below: frontShadow, front)
        show(backTint, on: self.back, below: backShadow, back)
    }

    /// Puts `tint` on `face` just below the crease, over the details: with no details it
    /// follows the face itself, and the draw list merges it into the face's item as its
    /// overlay, whose edges are exact (drawn as an item of its own over the face, its edge
    /// pixels against the background came out up to 17 levels lighter).
    func attach(_ tint: Layer, on face: Layer, below crease: Layer) {
        let index = face.sublayers.lastIndex { $0 === crease } ?? face.sublayers.count
        // The leaf's own face, a shallow tree: cannot throw.
        try! face.insertSublayer(tint, at: index)
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip {
        let ruler = frame.flipRuler
        try? ruler.setProgress(min(1, max(0, p)))
        let offset = point.x - frame.spine
        var grip = LeafGrip(start: point, progress: p)
        if let r = ruler.leafRadius(underPointerOffset: offset) {
            // Near the spine a tiny radius would make the leaf whip round: hold it further out.
            grip.radius = max(0.15 * ruler.leafLength, r)
        } else {
            grip.radius = ruler.leafLength
        }
        grip.offset = p - ruler.progress(forPointerOffset: offset, radius: grip.radius)
        if abs(grip.offset) < 1e-9 { grip.offset = 0 }
        return grip
    }

    func progress(for grip: LeafGrip, at point: Point) -> Double {
        frame.flipRuler.progress(forPointerOffset: point.x - frame.spine, radius: grip.radius) + grip.offset
    }
}
