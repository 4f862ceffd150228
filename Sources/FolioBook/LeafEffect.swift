import FolioGeometry
import FolioLayers
import FolioMotion
import FolioSurface

/// How the leaves in flight share the view.
public enum LeafArrangement: Sendable {
    /// Each leaf in flight moves on its own over the page stack (flip, curl): several can be
    /// seen at once, depth-sorted against each other, over pages lying flat on both sides.
    case stacked
    /// The effect transforms the whole opening (fold, crossfade): one turn shows at a time, and
    /// several leaves in flight play as one continuous position through the openings they span.
    case wholeOpening
}

/// How one leaf of a book turns: the layers it draws with, its motion and how a pointer drives it.
///
/// Conform a new type to add an effect (a page curl, say): build the leaf's layers in the
/// canonical frame of ``LeafFrame`` with ``LeafFrame/placeFace(_:canonicalSize:pivot:at:)`` and
/// ``LeafFrame/orient(_:)``, pose them in ``TurningLeaf/setProgress(_:)``, and the book takes
/// care of content, reading direction, depth order, statics, interaction and caching.
public protocol LeafEffect: Sendable {
    /// A short name (`flip`, `fold`, …) for messages and status lines.
    var name: String { get }
    /// Whether leaves move on their own or transform the whole opening.
    var arrangement: LeafArrangement { get }
    /// Builds the layers of one leaf in `frame`; called when a leaf starts to turn (and once
    /// when a book is created, to check that the effect accepts the frame).
    func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf
    /// The animation of a whole turn from rest, 0 → 1 when `forward`, 1 → 0 otherwise.
    func turnAnimation(forward: Bool) -> Animation
    /// The largest magnification on screen, along each axis of the upright page image, of any
    /// page a leaf made in `frame` shows over a whole turn (its own faces, and for a
    /// whole-opening effect the pages it carries): how much finer than at rest a page in flight
    /// must be rasterised to show all the detail the turn brings to the screen. Asked once per
    /// book and kind of leaf (``Book/rasterScale(ofPage:withLevelOfDetailBias:)``), never per frame. The default
    /// samples the turn (``sampledTurnMagnification(in:steps:)``); an effect whose leaf a drag
    /// poses off its progress-only path (the curl) is bounded on that path.
    func turnMagnification(in frame: LeafFrame) -> PageMagnification
}

/// Where a drag took hold of a leaf; the effect that made it reads its fields.
public struct LeafGrip: Sendable {
    /// The pointer at the grab, in canonical points.
    public var start: Point
    /// The leaf's progress at the grab.
    public var progress: Double
    /// Flip: the grabbed point's distance from the spine, in points.
    public var radius: Double
    /// Flip: a progress offset that keeps the leaf where it was when the pointer was not
    /// exactly over the grabbed point; fold: the held hinge's offset at the grab, in points.
    public var offset: Double
    /// Fold: whether the grab is on the trailing side of the spine, so that the trailing
    /// outer hinge (rather than the leading one) follows the pointer.
    public var isOnTrailingSide = false
    /// Curl: the point of the leaf held, in the leaf's local points (nil for other effects).
    public var leafPoint: Point?

    /// Creates a grip.
    public init(start: Point, progress: Double, radius: Double = 0, offset: Double = 0) {
        self.start = start; self.progress = progress; self.radius = radius; self.offset = offset
    }
}

/// The layers of one turning leaf, posed by its progress.
///
/// A leaf lives in the book's 3D rendering context in canonical coordinates. Its front and
/// back are separate layers so the book can keep the tree order that settles ties between
/// leaves at equal angles (see ``Book``).
public protocol TurningLeaf: AnyObject {
    /// What is drawn for the leaf's front (for whole-opening effects: everything).
    var frontLayer: Layer { get }
    /// What is drawn for the leaf's back, or nil when ``frontLayer`` holds everything.
    var backLayer: Layer? { get }
    /// Shows `faces` (content, names); called when the leaf starts and when the book reuses it.
    func show(_ faces: LeafFaces)
    /// Shows the details (zoom tiles) of the pages on the leaf's front and back over those
    /// faces, after ``show(_:)`` and whenever ``Book/pageDetails`` change (never per frame).
    /// Effects that draw no details need not implement it (the default shows none): their
    /// leaves show their pages' own images while they turn. ``PageDetailLayers`` draws them
    /// over a flat face layer.
    func showDetails(front: [PageDetail], back: [PageDetail])
    /// Shows the details of every page a whole-opening leaf carries (the fold): its front and
    /// back as ``showDetails(front:back:)``, and the pages lying on the leading side before
    /// the turn and on the trailing side after it (``LeafFaces/leadingBelow`` and
    /// ``LeafFaces/trailingBelow``). Called like ``showDetails(front:back:)``, for the leaf
    /// the book shows with a whole-opening effect; the default shows the front's and the
    /// back's only.
    func showDetails(front: [PageDetail], back: [PageDetail], leadingBelow: [PageDetail], trailingBelow: [PageDetail])
    /// Whether ``showDetails(front:back:)`` draws them (false by default): the book then
    /// counts the leaf's pages among those that want details (``Book/pagePartsShowingDetails(in:zoom:)``).
    var drawsDetails: Bool { get }
    /// Poses the leaf at geometric progress `progress` (0…1, already checked). Called every
    /// frame: it must not allocate.
    func setProgress(_ progress: Double)
    /// The opacity of the shadow the leaf casts on the page lying flat under it on the
    /// leading (read) side and on the trailing (unread) side, at the current progress.
    var castShadow: (leading: Double, trailing: Double) { get }
    /// Whether the leaf's own shadow layers draw.
    var showsShadows: Bool { get set }
    /// The leaf's angle about the spine in degrees — 0 lying on the trailing (unread) side,
    /// 180 on the leading (read) side — for the unlit look's tints between leaves in flight
    /// (``castShadow(onLeafAt:)``); nil (the default) for a leaf that is no rigid sheet hinged
    /// on the spine (the curl): it neither takes nor casts those tints.
    var hingeAngle: Double? { get }
    /// The opacity of the tint the leaf casts, in the unlit look, on a leaf in flight beneath it
    /// at `angle` (its ``hingeAngle``): on that leaf's back when this leaf shows over the leading
    /// side, on its front over the trailing side. The `castShadow` property is its value at 180
    /// and 0 (the pages). The default is none.
    func castShadow(onLeafAt angle: Double) -> (leading: Double, trailing: Double)
    /// Tints the leaf's front and back by these opacities (0: none): the shadows of the leaves
    /// in flight over them in the unlit look. Called every frame: it must not allocate while
    /// the book shows the same leaves. The default draws none.
    func showTints(front: Double, back: Double)
    /// Takes hold of the leaf at canonical point `point` while it is at `progress`.
    func grip(at point: Point, progress: Double) -> LeafGrip
    /// The progress that keeps the grabbed point under the pointer at canonical `point`
    /// (unclamped: the caller rubber-bands and clamps).
    func progress(for grip: LeafGrip, at point: Point) -> Double

    /// Poses the leaf at `progress` on the path through `anchor`, the pose a drag left it in,
    /// or on the effect's own path when `anchor` is nil. Called every frame: it must not
    /// allocate. Effects whose drag only moves progress need not implement it (the default
    /// ignores the anchor).
    func setProgress(_ progress: Double, anchor: CurlPose?)
    /// Takes hold of the leaf at canonical `point` while it is at `progress` on the path
    /// through `anchor` (as it is shown). The default ignores the anchor.
    func grip(at point: Point, progress: Double, anchor: CurlPose?) -> LeafGrip
    /// Where a drag of `grip` to canonical `point` takes the leaf: its progress (unclamped)
    /// and, for an effect whose drag moves it off its progress-only path (the curl's axis
    /// turns with the pointer), the pose reached, which the book keeps as the leaf's path
    /// anchor (``BookLeaf/anchor``). The default is `progress(for:at:)` with no anchor.
    func drag(_ grip: LeafGrip, to point: Point) -> (progress: Double, anchor: CurlPose?)
}

extension TurningLeaf {
    /// Nil: the leaf takes and casts no tints between leaves in flight.
    public var hingeAngle: Double? { nil }
    /// None.
    public func castShadow(onLeafAt angle: Double) -> (leading: Double, trailing: Double) { (0, 0) }
    /// Draws none.
    public func showTints(front: Double, back: Double) {}
    /// Shows no details: the leaf shows its pages' own images.
    public func showDetails(front: [PageDetail], back: [PageDetail]) {}
    /// The front's and the back's details (``showDetails(front:back:)``); the pages below are
    /// not the leaf's.
    public func showDetails(front: [PageDetail], back: [PageDetail], leadingBelow: [PageDetail], trailingBelow: [PageDetail]) {
        showDetails(front: front, back: back)
    }
    /// False: the leaf draws no details.
    public var drawsDetails: Bool { false }
    /// Ignores the anchor: the effect's drag only moves progress.
    public func setProgress(_ progress: Double, anchor: CurlPose?) { setProgress(progress) }
    /// Ignores the anchor: the effect's drag only moves progress.
    public func grip(at point: Point, progress: Double, anchor: CurlPose?) -> LeafGrip { grip(at: point, progress: progress) }
    /// `progress(for:at:)`, with no anchor.
    public func drag(_ grip: LeafGrip, to point: Point) -> (progress: Double, anchor: CurlPose?) {
        (progress(for: grip, at: point), nil)
    }
}
