import FolioGeometry
import FolioLayers

/// Room for a standalone transition to draw everything it draws: a canvas larger than the
/// transition's view by its ``Transition/overhang()`` (and a margin), with the view placed in
/// it so that no panel is cut off at the canvas's edges over the whole 0…1 progress.
///
/// Render ``canvas(holding:)`` (a layer that holds the transition's root, offset by
/// ``origin``) at ``canvasSize`` instead of the root at the view size; or, in a window of your
/// own, place the view at ``origin`` and keep ``overhang`` clear around it. The view keeps its
/// size: the pages are not scaled, only given room.
public struct TransitionFraming: Equatable, Sendable {
    /// The transition's view, in points.
    public var viewSize: Size
    /// How far the transition draws past its view on each side, in points.
    public var overhang: TransitionInsets
    /// The clear margin kept around the overhang, in points.
    public var margin: Double
    /// The size to render at, in points: the view, the overhang and the margin on every side,
    /// rounded up to whole points.
    public var canvasSize: Size
    /// Where the view's top-left corner sits on the canvas, in points (whole points, so a view
    /// aligned to pixels stays aligned at any whole-number scale).
    public var origin: Point

    /// The framing of a view of `viewSize` points whose drawing reaches `overhang` past it,
    /// with `margin` points clear around that (negative or non-finite margins count as 0).
    public init(viewSize: Size, overhang: TransitionInsets, margin: Double = 0) {
        let m = margin.isFinite ? max(0, margin) : 0
        self.viewSize = viewSize
        self.overhang = overhang
        self.margin = m
        origin = Point(x: (m + overhang.left).rounded(.up), y: (m + overhang.top).rounded(.up))
        canvasSize = Size(width: origin.x + (viewSize.width + overhang.right + m).rounded(.up),
                          height: origin.y + (viewSize.height + overhang.bottom + m).rounded(.up))
    }

    /// The canvas point showing view point `p`.
    public func canvasPoint(fromView p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }

    /// A layer of ``canvasSize`` (its superlayer space is the canvas: render it at
    /// ``canvasSize``) holding `transition`'s root with the view at ``origin``. The root is
    /// moved under it unchanged — its own position, transform and ``Transition/panels()`` stay
    /// in view points — and a holder layer between them does the offset.
    ///
    /// - Throws: `LayerError` when the root cannot be added (a layer tree at the depth limit).
    public func canvas(holding transition: any Transition) throws -> Layer {
        let canvas = Layer(name: "canvas")
        canvas.bounds = Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        canvas.anchorPoint = Point(x: 0, y: 0)
        canvas.position = Point(x: 0, y: 0)
        // The evaluator takes the canvas's own space as the image, so the offset lives one
        // layer down: the holder's space is the transition's view, its corner at `origin`.
        let holder = Layer(name: "view")
        holder.bounds = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        holder.anchorPoint = Point(x: 0, y: 0)
        holder.position = origin
        try holder.addSublayer(transition.root)
        try canvas.addSublayer(holder)
        return canvas
    }
}
