import FolioGeometry
import FolioLayers
import FolioMotion
import FolioSurface

/// The page curl across a spread: the turning leaf rolls around a cylinder instead of
/// swinging flat (docs/curl.md).
///
/// The layout is the flip's (docs/effects.md): the view splits at the spine into whole pixels;
/// forward turns the trailing half (right, or bottom) over onto the leading half. `facing` (the
/// source's half that stays) and `reveal` (the destination's half beneath the leaf) are flat
/// layers in `root`; the leaf is `leaf`, a `SurfaceLayer` after them whose mesh is rebuilt on
/// every `setProgress(_:)` from the exact `curl`, so the evaluator and the renderer draw it
/// like any layer. Its front shows the source's turning half; its back shows the
/// destination's half that lands (`backViewPoint(ofLocal:)`, `SurfaceLayer.backContents`).
///
/// **The back is the destination, mirrored.** The back shows the destination's landing half
/// mirrored across the spine — right way round once the leaf lies turned over, as paper
/// printed on both sides. Mid-turn, the rolled part therefore shows the destination's image
/// back to front as seen from the viewer, turned toward where it lands. For a leaf whose back
/// is blank, set ``backFace`` to ``CurlBackFace/paper(_:)`` (``CurlBackFace/plainPaper``).
///
/// The perspective is the flip's: default `m34 = −1/(4.666667 · L/2)` from the extent `L`
/// across the spine, pivoting on `(spine, viewpoint · E)`. The curl is seen from above, so
/// `m34` must be ≤ 0 (reverse perspective is refused).
public final class CurlTransition: Transition {
    /// The default axis angle at the start of a turn, in degrees: the bottom corner leads
    /// (the right one for vertical turns).
    public static let defaultStartAngle = 20.0

    /// The default rest radius for a leaf `leafLength` points across: a tenth of it.
    public static func defaultRadius(leafLength: Double) -> Double { leafLength / 10 }

    /// The view size, in points.
    public let size: Size
    /// Pixels per point (sets the pixel split and the mesh's chord tolerance).
    public let scale: Double
    /// The direction bits (`.backward`, `.vertical`; `.reverse` is refused).
    public let style: FlipStyle
    /// The perspective in use (≤ 0).
    public let m34: Double
    /// Where the perspective pivots along the spine, in units of the spine's length.
    public let viewpoint: Double
    /// The integer-pixel split across the spine.
    public let split: PixelSplit
    /// The default timing of `--time` (easeInEaseOut).
    public let timing: TimingFunction
    /// The default duration, in seconds.
    public let duration: Double
    /// The chord tolerance of the mesh, in pixels.
    public let tolerance: Double
    /// The root layer: the view with the static pages (the leaf is `mesh`).
    public let root: Layer
    /// The source's half that stays.
    public let facing: Layer
    /// The destination's half under the leaf.
    public let reveal: Layer
    /// The leaf's flat rectangle in view points; its local coordinates are relative to its origin.
    public let leafFrame: Rect
    /// The leaf's 3D space (local points, z toward the viewer) to homogeneous view points.
    public let toView: Transform3D
    /// The exact curl at the current progress.
    public internal(set) var curl: PageCurl
    /// The path `setProgress(_:)` follows: the default one, or the one through the last drag.
    public internal(set) var path: CurlPath
    /// The default path (flat at `CurlPath.anchor.angle`, the start angle).
    public let defaultPath: CurlPath
    /// The turning leaf: a surface layer deformed by `curl`, last in `root` (over `reveal`).
    public let leaf: SurfaceLayer
    /// The leaf's mesh at the current progress (its buffers are reused).
    public var mesh: SurfaceMesh { leaf.mesh }
    /// Whether shadows draw. The curl's cast shadow is the renderer's (from the mesh), so this
    /// only records the choice.
    public var showsShadows = true
    /// The current geometric progress.
    public internal(set) var progress: Double = 0
    /// What the leaf's back shows: the destination's landing half, mirrored (``CurlBackFace/page``,
    /// the default), or plain paper (``CurlBackFace/paper(_:)``). Setting it changes the
    /// leaf's `backContents`, `paperTranslucency` and `backgroundColor`.
    public var backFace: CurlBackFace = .page {
        didSet { showBack(replacing: oldValue) }
    }
    /// The destination the back shows when ``backFace`` is ``CurlBackFace/page``.
    private var destinationContents: ContentHandle?

    /// Builds a curl for a view of `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - size: the view size in points (both pages side by side across the spine).
    ///   - scale: pixels per point; sets the pixel split and the mesh's tolerance in pixels.
    ///   - style: `backward` turns the leading page, `vertical` puts the spine across the view
    ///     (`reverse` is refused: a curl needs the eye in front of the page).
    ///   - startAngle: the axis angle at the start of the turn, degrees (it straightens
    ///     linearly to 0 as the turn completes).
    ///   - radius: the rest radius in points (default a tenth of the leaf's length).
    ///   - m34: perspective override; default `−1/(4.666667 · L/2)`.
    ///   - viewpoint: the perspective pivot along the spine (0.5 centre).
    ///   - timing: the overall timing curve from normalised time to progress.
    ///   - duration: the default duration of a whole turn, in seconds.
    ///   - tolerance: the mesh's chord tolerance in pixels (default 0.25).
    ///   - source: the spread turning away: its halves on `facing` and the leaf's front.
    ///   - destination: the spread turning in: its halves on `reveal` and the leaf's back.
    /// - Throws: `TransitionError` naming the bad value (`.invalidCurl` for curl parameters).
    public init(size: Size, scale: Double = 1, style: FlipStyle = [], startAngle: Double = CurlTransition.defaultStartAngle,
                radius: Double? = nil, m34: Double? = nil, viewpoint: Double = 0.5,
                timing: TimingFunction = .easeInEaseOut, duration: Double = 0.5, tolerance: Double = 0.25,
                source: ContentHandle? = nil, destination: ContentHandle? = nil) throws(TransitionError) {
        try checkedGeometry(size: size, scale: scale)
        guard TransitionLimits.viewpoints.contains(viewpoint) else { throw .invalidViewpoint(viewpoint) }
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let vertical = style.contains(.vertical), backward = style.contains(.backward)
        let across = vertical ? size.height : size.width
        let along = vertical ? size.width : size.height
        let split = PixelSplit(extent: across, scale: scale)
        let (u, l) = (split.leading, split.trailing)
        let leafLength = backward ? u : l
        var m34 = m34 ?? Perspective.defaultM34(extent: across)
        if style.contains(.reverse) { m34 = abs(m34) }
        guard m34 <= 0 else {
            throw .invalidPerspective(m34: m34, reason: "the curl is seen from above the page, so m34 must be at most 0 (no reverse perspective)")
        }
        let restRadius = radius ?? Self.defaultRadius(leafLength: leafLength)
        let spine: SpineEdge = vertical ? (backward ? .bottom : .top) : (backward ? .right : .left)
        let leafSize = vertical ? Size(width: along, height: leafLength) : Size(width: leafLength, height: along)
        do {
            curl = try PageCurl(size: leafSize, spine: spine, restRadius: restRadius)
            defaultPath = try CurlPath(startAngle: startAngle)
        } catch { throw .invalidCurl(error) }
        // The leaf rises to twice the radius, which never exceeds the axis's distance from the spine.
        try Perspective.validate(m34, depths: 0...min(2 * restRadius, leafLength))

        self.size = size; self.scale = scale; self.style = style; self.m34 = m34
        self.viewpoint = viewpoint; self.split = split
        self.timing = timing; self.duration = duration; self.tolerance = tolerance
        path = defaultPath
        let leafOrigin = vertical ? Point(x: 0, y: backward ? 0 : u) : Point(x: backward ? 0 : u, y: 0)
        leafFrame = Rect(origin: leafOrigin, size: leafSize)
        let pivot = vertical ? Point(x: viewpoint * size.width, y: u) : Point(x: u, y: viewpoint * size.height)
        var perspective = Transform3D.identity
        perspective.m34 = m34
        toView = Transform3D(translationX: leafOrigin.x - pivot.x, y: leafOrigin.y - pivot.y)
            .concatenating(perspective).concatenating(Transform3D(translationX: pivot.x, y: pivot.y))

        root = Layer(name: "curl")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // The perspective pivots on the root's anchor, put at the pivot (as the flip does), so the
        // leaf's map to the view is exactly `toView`.
        root.anchorPoint = Point(x: pivot.x / size.width, y: pivot.y / size.height)
        root.position = pivot
        root.sublayerTransform.m34 = m34
        /// A static page on the leading part (before the spine) or the trailing part.
        func page(_ name: String, leadingPart: Bool) -> Layer {
            let p = Layer(name: name)
            let length = leadingPart ? u : l
            let start = leadingPart ? 0 : u
            p.bounds = vertical ? Rect(x: 0, y: 0, width: along, height: length) : Rect(x: 0, y: 0, width: length, height: along)
            p.position = vertical ? Point(x: along / 2, y: start + length / 2) : Point(x: start + length / 2, y: along / 2)
            let ratio = u / across
            let (first, extent) = leadingPart ? (0.0, ratio) : (ratio, 1 - ratio)
            p.contentsRect = vertical ? Rect(x: 0, y: first, width: 1, height: extent) : Rect(x: first, y: 0, width: extent, height: 1)
            return p
        }
        facing = page("facing", leadingPart: !backward)
        reveal = page("reveal", leadingPart: backward)
        leaf = SurfaceLayer(name: "leaf")
        leaf.bounds = Rect(origin: .zero, size: leafSize)
        leaf.position = Point(x: leafOrigin.x + leafSize.width / 2, y: leafOrigin.y + leafSize.height / 2)
        // The front shows the source's turning half; the back, the destination's half that
        // lands, seen with the leaf turned over (the renderer mirrors it across the spine).
        leaf.contentsRect = Self.half(of: across, u: u, leading: backward, vertical: vertical)
        leaf.backContentsRect = Self.half(of: across, u: u, leading: !backward, vertical: vertical)
        try! root.setSublayers([facing, reveal, leaf])
        showPages(source: source, destination: destination)
        try setProgress(0)
    }

    /// Shows `source` (the spread turning away) and `destination` (the spread turning in):
    /// the source's halves on `facing` and the leaf's front, the destination's on `reveal` and
    /// the leaf's back.
    ///
    /// Deprecated: fold and flip take their pages in their initialisers, and so does the curl
    /// now; set a layer's `contents` to change one page of a built curl.
    @available(*, deprecated, renamed: "init(size:scale:style:startAngle:radius:m34:viewpoint:timing:duration:tolerance:source:destination:)",
               message: "pass the pages to the initialiser, as for FoldTransition and FlipTransition")
    public func setPages(source: ContentHandle?, destination: ContentHandle?) {
        showPages(source: source, destination: destination)
    }

    /// Puts `source` on `facing` and the leaf's front, `destination` on `reveal` and its back.
    private func showPages(source: ContentHandle?, destination: ContentHandle?) {
        facing.contents = source
        leaf.contents = source
        reveal.contents = destination
        destinationContents = destination
        if backFace == .page { leaf.backContents = destination }
    }

    /// Puts ``backFace`` on the leaf, undoing what the face it replaces set.
    private func showBack(replacing old: CurlBackFace) {
        switch backFace {
        case .page:
            leaf.backContents = destinationContents
            leaf.paperTranslucency = 1
            if case .paper = old { leaf.backgroundColor = nil }
        case .paper(let color):
            // No image on the back, and none of the front's showing through: the colour alone.
            leaf.backContents = nil
            leaf.paperTranslucency = 0
            leaf.backgroundColor = color
        }
    }

    /// Moves the leaf to geometric `progress` along `path`, and rebuilds `mesh`.
    ///
    /// At 0 and 1 every path has the same pose (flat, turned over), so the path returns to
    /// the default there: the next turn starts at the start angle.
    public func setProgress(_ progress: Double) throws(TransitionError) {
        guard progress >= 0 && progress <= 1 else { throw .progressOutOfRange(progress) }
        if progress == 0 || progress == 1 { path = defaultPath }
        do {
            try curl.setPose(try path.pose(at: progress))
        } catch { throw .invalidCurl(error) }
        self.progress = progress
        try rebuildMesh()
    }

    /// The geometric progress at normalised `time` (0…1) under `timing`.
    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        guard time >= 0 && time <= 1 else { throw .timeOutOfRange(time) }
        return timing.value(at: time)
    }

    /// The static pages (`facing`, `reveal`), flat in the page plane, as panels; the leaf is
    /// the mesh.
    public func panels() -> [PanelGeometry] {
        [facing, reveal].map { p in
            // The pages are unrotated: their frame is the bounds centred on the position.
            let b = p.bounds
            let f = Rect(x: p.position.x - b.width / 2, y: p.position.y - b.height / 2, width: b.width, height: b.height)
            return PanelGeometry(name: p.name, size: p.bounds.size,
                                 corners: [Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY),
                                           Point(x: f.maxX, y: f.maxY), Point(x: f.minX, y: f.maxY)],
                                 depth: [0, 0, 0, 0], shadowOpacity: 0, visible: true)
        }
    }

    /// The view point (flat, in the destination's spread) whose content the leaf's back shows
    /// at leaf point `local`: the leaf point's flat view position mirrored across the spine.
    public func backViewPoint(ofLocal local: Point) -> Point {
        let x = leafFrame.origin.x + local.x, y = leafFrame.origin.y + local.y
        let spine = split.leading
        return style.contains(.vertical) ? Point(x: x, y: 2 * spine - y) : Point(x: 2 * spine - x, y: y)
    }

    /// The unit contents rectangle of the leading (before the spine) or trailing half.
    static func half(of across: Double, u: Double, leading: Bool, vertical: Bool) -> Rect {
        let ratio = u / across
        let (first, extent) = leading ? (0.0, ratio) : (ratio, 1 - ratio)
        return vertical ? Rect(x: 0, y: first, width: 1, height: extent) : Rect(x: first, y: 0, width: extent, height: 1)
    }

    func rebuildMesh() throws(TransitionError) {
        do {
            try leaf.setCurl(curl, toView: toView, scale: scale, tolerance: tolerance, spineIsSeam: true)
        } catch { throw .invalidCurl(error) }
    }
}
