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
/// `ε = 1 − p`. A drag maps the pointer to progress as the flip does (the curl's own
/// grab-point drag, `PageCurl.pose(grabbing:pointer:)`, moves the pose off that path, which a
/// book's progress-only motion cannot carry).
public struct CurlLeafEffect: LeafEffect {
    /// The axis angle at the start of a turn, in degrees (|α₀| ≤ 85).
    public var startAngle: Double
    /// The rest radius as a fraction of the leaf's length across the spine (default a tenth).
    public var radiusFraction: Double
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// A curl effect.
    ///
    /// - Parameters:
    ///   - startAngle: the axis angle at the start of a turn, degrees.
    ///   - radiusFraction: the rest radius over the leaf's length across the spine (0…1).
    ///   - duration: a whole turn, in seconds.
    public init(startAngle: Double = CurlTransition.defaultStartAngle, radiusFraction: Double = 0.1, duration: Double = 0.5) {
        self.startAngle = startAngle
        self.radiusFraction = radiusFraction
        self.duration = duration
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
            return try CurlLeaf(frame: frame, startAngle: startAngle, radiusFraction: radiusFraction)
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
    var hasFront = false
    var progress = 0.0
    var showsShadows = true
    /// The curl's cast shadow is the renderer's (from the mesh), not a tint of the pages.
    let castShadow: (leading: Double, trailing: Double) = (0, 0)

    init(frame: LeafFrame, startAngle: Double, radiusFraction: Double) throws(SurfaceError) {
        self.frame = frame
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
        setProgress(0)
    }

    var frontLayer: Layer { leaf }
    var backLayer: Layer? { nil }

    func show(_ faces: LeafFaces) {
        hasFront = frame.show(faces.front, on: leaf)
        if let back = faces.back {
            leaf.backContents = back.handle
            leaf.backContentsRect = back.contentsRect
        } else {
            leaf.backContents = nil
        }
        setProgress(progress)
    }

    func setProgress(_ p: Double) {
        progress = p
        // Progress is checked by the book; the path's poses are in range for any progress.
        if let pose = try? path.pose(at: min(1, max(0, p))) { try? curl.setPose(pose) }
        try? leaf.setCurl(curl, toView: toView, scale: frame.scale)
        leaf.isHidden = !hasFront && leaf.backContents == nil
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip {
        // The flip's pointer mapping: the grabbed point's distance from the spine sets the rate.
        let ruler = frame.flipRuler
        try? ruler.setProgress(min(1, max(0, p)))
        let offset = point.x - frame.spine
        var grip = LeafGrip(start: point, progress: p)
        grip.radius = max(0.15 * ruler.leafLength, ruler.leafRadius(underPointerOffset: offset) ?? ruler.leafLength)
        grip.offset = p - ruler.progress(forPointerOffset: offset, radius: grip.radius)
        if abs(grip.offset) < 1e-9 { grip.offset = 0 }
        return grip
    }

    func progress(for grip: LeafGrip, at point: Point) -> Double {
        frame.flipRuler.progress(forPointerOffset: point.x - frame.spine, radius: grip.radius) + grip.offset
    }
}
