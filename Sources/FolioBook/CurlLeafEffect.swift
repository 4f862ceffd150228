import FolioGeometry
import FolioLayers
import FolioMotion
import FolioSurface
import FolioTransitions

/// The page curl as a book's leaf (docs/curl.md): the leaf rolls around a cylinder whose axis
/// sweeps from its free edge to the spine, drawn as one `SurfaceLayer` whose front shows the
/// leaf's front page and whose back shows its back page.
///
/// The pose follows the curl's default path from the start angle: `α = α₀(1 − p)`,
/// `ε = 1 − p`. A drag holds the leaf point under the press (a corner, a point of an edge,
/// any point) and brings it toward the pointer, the axis turning with it
/// (`PageCurl.pose(grabbing:pointer:)`, docs/curl.md §4 and §10); the pose reached is the
/// leaf's path anchor (``BookLeaf/anchor``), so the release spring, which drives progress,
/// carries on along the path through it: on to the turned page with the axis straightening,
/// or back to flat.
///
/// The leaf's back shows its back page mirrored across the spine, so that it reads the right
/// way round once the leaf lies turned over; mid-turn the rolled part shows that page back to
/// front from the viewer's side. ``backFace`` set to `CurlBackFace.paper(_:)` shows plain
/// paper there instead (the back page appears when the leaf lands).
public struct CurlLeafEffect: LeafEffect {
    /// The axis angle at the start of a turn, in degrees (|α₀| ≤ 85).
    public var startAngle: Double
    /// The rest radius as a fraction of the leaf's length across the spine (default a tenth).
    public var radiusFraction: Double
    /// The duration of a whole turn, in seconds.
    public var duration: Double
    /// What the leaf's back shows while it turns: its back page (`.page`, the default) or
    /// plain paper of a colour (`.paper(_:)`).
    public var backFace: CurlBackFace = .page

    /// A curl effect.
    ///
    /// - Parameters:
    ///   - startAngle: the axis angle at the start of a turn, degrees.
    ///   - radiusFraction: the rest radius over the leaf's length across the spine (0…1).
    ///   - duration: a whole turn, in seconds.
    ///   - backFace: what the leaf's back shows while it turns (default its back page).
    public init(startAngle: Double = CurlTransition.defaultStartAngle, radiusFraction: Double = 0.1, duration: Double = 0.5,
                backFace: CurlBackFace = .page) {
        self.startAngle = startAngle
        self.radiusFraction = radiusFraction
        self.duration = duration
        self.backFace = backFace
    }

    /// `curl`.
    public var name: String { "curl" }

    /// Leaves curl on their own over the stack.
    public var arrangement: LeafArrangement { .stacked }

    /// A curling leaf in `frame`.
    ///
    /// - Throws: `BookError.geometry` when the start angle or radius is out of range.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf {
        do {
            return try CurlLeaf(frame: frame, startAngle: startAngle, radiusFraction: radiusFraction, backFace: backFace)
        } catch {
            throw .geometry(.invalidCurl(error))
        }
    }

    /// The curl's timing: easeInEaseOut over the whole turn.
    public func turnAnimation(forward: Bool) -> Animation {
        let values = forward ? [0.0, 1] : [1.0, 0]
        // Two values and one curve always make valid keyframes.
        let motion = try! KeyframeAnimation(values: values, timingFunctions: [.easeInEaseOut])
        return .keyframes(motion, duration: max(duration, 1e-3))
    }
}

/// A curling leaf: one surface layer on the trailing part, its spine on the canonical spine.
final class CurlLeaf: TurningLeaf {
    let frame: LeafFrame
    let leaf = SurfaceLayer(name: "leaf")
    var curl: PageCurl
    let path: CurlPath
    /// The leaf's 3D space to the canonical view, for the mesh's chord tolerance.
    let toView: Transform3D
    /// The canonical view back to the leaf's 3D space: on the page plane, where `toView` is an
    /// affine map (the perspective pivots in the plane), the inverse of the leaf's placement.
    let toLocal: Transform3D
    var hasFront = false
    /// Whether the leaf has a back page (shown, or stood for by plain paper).
    var hasBack = false
    var progress = 0.0
    /// The pose a drag left the leaf in (nil: the default path).
    var anchor: CurlPose?
    var showsShadows = true
    /// What the back shows.
    let backFace: CurlBackFace
    /// The curl's cast shadow is the renderer's (from the mesh), not a tint of the pages.
    let castShadow: (leading: Double, trailing: Double) = (0, 0)
    /// The parts of their pages the front and the back show (nil: no page there).
    var frontShown: Rect?, backShown: Rect?
    /// The pages' details (zoom tiles) on the surface, cut per patch by the evaluator.
    let details = SurfaceDetailLayers()

    init(frame: LeafFrame, startAngle: Double, radiusFraction: Double, backFace: CurlBackFace = .page) throws(SurfaceError) {
        self.frame = frame
        self.backFace = backFace
        if case .paper(let color) = backFace {
            // Plain paper: no image on the back and none of the front through it.
            leaf.paperTranslucency = 0
            leaf.backgroundColor = color
        }
        let s = frame.spine, l = frame.split.trailing, e = frame.height
        frame.placeFace(leaf, canonicalSize: Size(width: l, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: s, y: e / 2))
        leaf.transform = frame.orient(.identity)
        // The upright page's edge that lies on the canonical spine: the one whose midpoint is
        // nearest to it once oriented.
        let b = leaf.bounds
        let local = leaf.localTransform
        func canonicalX(_ x: Double, _ y: Double) -> Double { Vector3(x: x, y: y, z: 0).applying(local).x }
        let edges: [(SpineEdge, Double)] = [(.left, canonicalX(0, b.height / 2)), (.right, canonicalX(b.width, b.height / 2)),
                                            (.top, canonicalX(b.width / 2, 0)), (.bottom, canonicalX(b.width / 2, b.height))]
        let spine = edges.min { abs($0.1 - s) < abs($1.1 - s) }!.0
        guard radiusFraction >= 0, radiusFraction <= 1 else { throw .invalidRadius(radiusFraction * l) }
        curl = try PageCurl(size: b.size, spine: spine, restRadius: radiusFraction * l)
        path = try CurlPath(startAngle: startAngle)
        let root = frame.flipRuler.root
        toView = local.concatenating(root.pivotedSublayerTransform).concatenating(root.localTransform)
        // The placement is a rigid motion of the page plane (a translation and the reading
        // direction's turn or mirror) and the perspective is invertible for any m34.
        toLocal = toView.inverted() ?? .identity
        setProgress(0)
    }

    var frontLayer: Layer { leaf }
    var backLayer: Layer? { nil }

    func show(_ faces: LeafFaces) {
        hasFront = frame.show(faces.front, on: leaf)
        hasBack = faces.back != nil
        frontShown = faces.front?.contentsRect
        // Plain paper on the back shows no page, so none of its details either.
        if case .page = backFace { backShown = faces.back?.contentsRect } else { backShown = nil }
        if case .paper(let color) = backFace {
            // The frame gave the leaf the book's paper colour: the chosen paper replaces it.
            leaf.backContents = nil
            leaf.backgroundColor = color
        } else if let back = faces.back {
            leaf.backContents = back.handle
            leaf.backContentsRect = back.contentsRect
        } else {
            leaf.backContents = nil
        }
        setProgress(progress, anchor: anchor)
    }

    /// The curl draws its pages' details on its surface (``SurfaceDetailLayers``).
    var drawsDetails: Bool { true }

    func showDetails(front: [PageDetail], back: [PageDetail]) {
        // The leaf is a level or two under the book's root, and its details are plain layers: cannot throw.
        try! details.show(front: front, showing: hasFront ? frontShown : nil, back: back, showing: hasBack ? backShown : nil, on: leaf)
    }

    func setProgress(_ p: Double) { setProgress(p, anchor: nil) }

    func setProgress(_ p: Double, anchor: CurlPose?) {
        progress = p
        self.anchor = anchor
        // Progress is checked by the book; every path's poses are in range for any progress.
        let clamped = min(1, max(0, p))
        let pose: CurlPose?
        if let anchor, let through = try? CurlPath(through: anchor) {
            pose = try? through.pose(at: clamped)
        } else {
            pose = try? path.pose(at: clamped)
        }
        if let pose { try? curl.setPose(pose) }
        try? leaf.setCurl(curl, toView: toView, scale: frame.scale)
        leaf.isHidden = !hasFront && !hasBack
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip { grip(at: point, progress: p, anchor: nil) }

    /// Holds the leaf point seen under `point` with the leaf posed as it is shown; off the
    /// leaf (a press beside it), the nearest point of the flat leaf.
    func grip(at point: Point, progress p: Double, anchor: CurlPose?) -> LeafGrip {
        setProgress(p, anchor: anchor)
        var grip = LeafGrip(start: point, progress: p)
        if let held = leaf.mesh.localPoint(under: point) {
            grip.leafPoint = held
        } else {
            let flat = localPoint(ofCanonical: point)
            grip.leafPoint = Point(x: min(curl.size.width, max(0, flat.x)), y: min(curl.size.height, max(0, flat.y)))
        }
        return grip
    }

    func progress(for grip: LeafGrip, at point: Point) -> Double { drag(grip, to: point).progress }

    /// The pose that brings the held point's footprint under `point`, and its progress.
    func drag(_ grip: LeafGrip, to point: Point) -> (progress: Double, anchor: CurlPose?) {
        guard let held = grip.leafPoint, let pose = try? curl.pose(grabbing: held, pointer: localPoint(ofCanonical: point)) else {
            return (grip.progress, nil)
        }
        return (pose.progress, pose)
    }

    /// The leaf's local point on the page plane under canonical point `p` (the effects'
    /// perspective maps the page plane onto itself).
    func localPoint(ofCanonical p: Point) -> Point {
        let v = Vector3(x: p.x, y: p.y, z: 0).applying(toLocal)
        return Point(x: v.x / v.w, y: v.y / v.w)
    }
}
