import FolioGeometry
import FolioLayers
import FolioMotion

/// The two-stage page flip (docs/effects.md).
///
/// The source splits at the spine into `facing` (stays) and `front` (turns, visible for
/// φ ≤ 90°); the destination into `back` (lands, visible for φ ≥ 90°) and `reveal` (stays).
/// The turning leaf is at φ = 180°·p: a point r from the spine sits at `spine ± r·cosφ`,
/// `z = r·sinφ` (toward the viewer). The perspective pivots on `(spine, viewpoint·E)`.
public final class FlipTransition: Transition {
    /// The view size, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The style bits.
    public let style: FlipStyle
    /// The perspective in use (positive under reverse perspective).
    public let m34: Double
    /// Where the perspective pivots along the spine, in units of the spine's length (0.5 = centre).
    public let viewpoint: Double
    /// The integer-pixel split across the spine; the spine lies `leading` points from the
    /// leading (left or top) edge.
    public let split: PixelSplit
    /// The overall timing, split per stage (default easeInEaseOut → easeIn + easeOut).
    public let timing: StagedTiming
    /// The default duration, in seconds.
    public let duration: Double
    /// The root layer: the view, with the perspective in its sublayer transform.
    public let root: Layer
    /// The current geometric progress.
    @exclusivity(unchecked) public private(set) var progress: Double = 0

    /// Whether the shadow layers draw (their opacities follow progress either way).
    public var showsShadows = true {
        didSet { updateShadowVisibility() }
    }

    /// Whether the flip is drawn in the lit look, where the renderer casts the leaf's shadow
    /// on the pages beneath (`QuadRenderer.light` with `castsShadows`); default false, the
    /// seed's look.
    ///
    /// The cast shadow replaces the seed's uniform covered-page tints — the reveal's `⅓·cosφ`
    /// before the half turn and the facing page's `⅓·sin(φ − 90°)` after — which stood in for
    /// it: in the lit look those two layers are hidden, so the page beneath is never darkened
    /// twice. The crease gradients on the leaf itself stay (they are the leaf's own shading
    /// near the spine, not a shadow on the page beneath). The reported `shadowOpacity` of
    /// every panel is the same either way.
    public var isLit = false {
        didSet { updateShadowVisibility() }
    }

    /// Hides the shadow layers that the current settings leave out.
    func updateShadowVisibility() {
        facingShadow.isHidden = !showsShadows || isLit
        revealShadow.isHidden = !showsShadows || isLit
        frontShadow.isHidden = !showsShadows
        backShadow.isHidden = !showsShadows
    }

    /// The source's half that stays.
    public let facing: Layer
    /// The source's half that turns.
    public let front: Layer
    /// The destination's half that lands.
    public let back: Layer
    /// The destination's half that stays.
    public let reveal: Layer
    let facingShadow: Layer, revealShadow: Layer, frontShadow: Layer, backShadow: Layer

    /// Builds a flip for a view of `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - size: the view, in points; every side at least one pixel.
    ///   - scale: pixels per point (the spine falls on a whole pixel).
    ///   - style: backward, vertical, reverse perspective.
    ///   - m34: perspective override (its magnitude is used; `.reverse` makes it positive);
    ///     default `−1/(4.666667 · L/2)`, L the extent across the spine.
    ///   - viewpoint: the perspective pivot along the spine (0.5 centre, 1.5 below, −0.5 above).
    ///   - timing: the overall curve, split into one half per stage (default easeInEaseOut).
    ///   - duration: the default duration, in seconds.
    ///   - source: the page turning away (facing and front).
    ///   - destination: the page turning in (back and reveal).
    /// - Throws: `TransitionError` naming a bad size, scale, viewpoint, duration or perspective.
    public init(size: Size, scale: Double = 1, style: FlipStyle = [], m34: Double? = nil, viewpoint: Double = 0.5,
                timing: TimingFunction = .easeInEaseOut, duration: Double = 0.5,
                source: ContentHandle? = nil, destination: ContentHandle? = nil) throws(TransitionError) {
        try checkedGeometry(size: size, scale: scale)
        guard TransitionLimits.viewpoints.contains(viewpoint) else { throw .invalidViewpoint(viewpoint) }
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let vertical = style.contains(.vertical)
        let across = vertical ? size.height : size.width
        let along = vertical ? size.width : size.height
        let split = PixelSplit(extent: across, scale: scale)
        var m34 = m34 ?? Perspective.defaultM34(extent: across)
        if style.contains(.reverse) { m34 = abs(m34) }
        // The leaf swings up to z = max(u, l) toward the viewer.
        try Perspective.validate(m34, depths: 0...max(split.leading, split.trailing))

        self.size = size; self.scale = scale; self.style = style; self.m34 = m34
        self.viewpoint = viewpoint; self.split = split
        self.timing = StagedTiming(timing); self.duration = duration
        let (u, l) = (split.leading, split.trailing)
        let backward = style.contains(.backward)

        root = Layer(name: "flip")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // The perspective pivots on the anchor: (spine, viewpoint·E), left where it is.
        root.anchorPoint = vertical ? Point(x: viewpoint, y: u / size.height) : Point(x: u / size.width, y: viewpoint)
        root.position = vertical ? Point(x: viewpoint * size.width, y: u) : Point(x: u, y: viewpoint * size.height)
        root.sublayerTransform.m34 = m34

        /// A page covering the leading part (before the spine) or the trailing part, anchored on
        /// the spine, showing that part of `content`.
        func page(_ name: String, leadingPart: Bool, _ content: ContentHandle?) -> Layer {
            let p = Layer(name: name)
            let length = leadingPart ? u : l
            p.bounds = vertical ? Rect(x: 0, y: 0, width: along, height: length) : Rect(x: 0, y: 0, width: length, height: along)
            let edge: Double = leadingPart ? 1 : 0 // the spine is the leading part's far edge
            p.anchorPoint = vertical ? Point(x: 0.5, y: edge) : Point(x: edge, y: 0.5)
            p.position = vertical ? Point(x: along / 2, y: u) : Point(x: u, y: along / 2)
            p.contents = content
            let ratio = u / across
            let (start, extent) = leadingPart ? (0.0, ratio) : (ratio, 1 - ratio)
            p.contentsRect = vertical ? Rect(x: 0, y: start, width: 1, height: extent) : Rect(x: start, y: 0, width: extent, height: 1)
            return p
        }
        // Forward turns the trailing half (right, or bottom) over onto the leading side.
        facing = page("facing", leadingPart: !backward, source)
        front = page("front", leadingPart: backward, source)
        back = page("back", leadingPart: !backward, destination)
        reveal = page("reveal", leadingPart: backward, destination)

        func solidShadow(_ page: Layer) -> Layer {
            let s = Layer(name: "\(page.name).shadow")
            s.bounds = page.bounds
            s.position = Point(x: page.bounds.width / 2, y: page.bounds.height / 2)
            s.backgroundColor = .black
            s.opacity = 0
            return s
        }
        /// Darkens the page near the spine, fading to clear halfway across it.
        func creaseShadow(_ page: Layer, spineAtLeadingEdge: Bool) -> Layer {
            let g = GradientLayer(name: "\(page.name).shadow")
            g.bounds = page.bounds
            g.position = Point(x: page.bounds.width / 2, y: page.bounds.height / 2)
            g.colors = [.black, .clear]
            g.locations = [0, 0.5]
            let (a, b): (Double, Double) = spineAtLeadingEdge ? (0, 1) : (1, 0)
            g.startPoint = vertical ? Point(x: 0.5, y: a) : Point(x: a, y: 0.5)
            g.endPoint = vertical ? Point(x: 0.5, y: b) : Point(x: b, y: 0.5)
            g.opacity = 0
            return g
        }
        facingShadow = solidShadow(facing)
        revealShadow = solidShadow(reveal)
        frontShadow = creaseShadow(front, spineAtLeadingEdge: !backward)
        backShadow = creaseShadow(back, spineAtLeadingEdge: backward)

        // Fresh layers, shallow tree: these cannot throw.
        try! facing.addSublayer(facingShadow); try! reveal.addSublayer(revealShadow)
        try! front.addSublayer(frontShadow); try! back.addSublayer(backShadow)
        try! root.setSublayers([facing, reveal, front, back])
        try! setProgress(0)
    }

    /// The leaf's angle in degrees at the current progress (`180°·p`).
    public var angle: Double { 180 * progress }

    public func setProgress(_ p: Double) throws(TransitionError) {
        progress = try Self.checkedProgress(p)
        let phi = angle
        let vertical = style.contains(.vertical), backward = style.contains(.backward)
        let (sinP, cosP) = Angle.sinCos(degrees: phi)
        /// Rotation (by its sine and cosine) that lifts a page lying on the trailing side of the
        /// spine toward the viewer (negated for pages on the leading side).
        func lift(sin s: Double, cos c: Double, trailingSide: Bool) -> Transform3D {
            let sd = trailingSide ? s : -s
            return vertical ? Transform3D(rotationSine: sd, cosine: c, x: 1, y: 0, z: 0)
                : Transform3D(rotationSine: -sd, cosine: c, x: 0, y: 1, z: 0)
        }
        // Forward: the front lies on the trailing side and lifts by φ; the back lies on the
        // leading side, lifted by 180° − φ (sine unchanged, cosine negated).
        front.transform = lift(sin: sinP, cos: cosP, trailingSide: !backward)
        back.transform = lift(sin: sinP, cos: -cosP, trailingSide: backward)
        front.isHidden = phi > 90
        back.isHidden = phi < 90

        let covered = !style.contains(.reverse)
        revealShadow.opacity = covered && phi < 90 ? cosP / 3 : 0
        // sin(φ − 90°) = −cos φ.
        facingShadow.opacity = covered && phi > 90 ? -cosP / 3 : 0
        frontShadow.opacity = 0.1 * phi / 90
        backShadow.opacity = 0.1 * (2 - phi / 90)
    }

    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        timing.progress(at: try Self.checkedTime(time))
    }

    public func panels() -> [PanelGeometry] {
        [facing, front, back, reveal].map { p in geometry(of: p, shadowOpacity: p.sublayers.first?.opacity ?? 0) }
    }
}
