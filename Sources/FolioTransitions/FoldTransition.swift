import FolioGeometry
import FolioLayers
import FolioMotion

/// The four-panel fold (docs/effects.md), built from transform layers so that the panels stay
/// joined by construction.
///
/// Panels A, B, C, D run top to bottom (left to right when horizontal). B (`E×u`) hangs from
/// the top hinge in joint 1, which rotates −θ; C (`E×l`) hangs from the crease in joint 2,
/// which rotates +2θ; sleeve A hangs above the top hinge at +θ and sleeve D below C at −θ, so
/// both stay flat (cubic: ±90°, net 90° − θ). The top hinge sits at `u − u·cosθ`, which keeps
/// the crease on the pixel line `y = u`, and the perspective pivots on the crease.
public final class FoldTransition: Transition {
    /// The view size, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The style bits.
    public let style: FoldStyle
    /// The perspective (`m34` of the root's sublayer transform).
    public let m34: Double
    /// The integer-pixel split across the hinge: `leading` = u (A, B), `trailing` = l (C, D).
    public let split: PixelSplit
    /// The timing curve from normalised time to progress (default easeOut, unfold easeIn).
    public let timing: TimingFunction
    /// The default duration, in seconds.
    public let duration: Double
    /// The root layer: the view, with the perspective in its sublayer transform.
    public let root: Layer
    /// The current geometric progress.
    @exclusivity(unchecked) public private(set) var progress: Double = 0

    /// Whether the shadow layers draw (their opacities follow progress either way).
    public var showsShadows = true {
        didSet { for s in [shadowA, shadowB, shadowC, shadowD] { s.isHidden = !showsShadows } }
    }

    /// Panels A, B, C, D.
    public let panelA: Layer, panelB: Layer, panelC: Layer, panelD: Layer
    let joint1: TransformLayer, joint2: TransformLayer
    let shadowA: Layer, shadowB: Layer, shadowC: Layer, shadowD: Layer
    let extentAlong: Double

    /// The shadow colour (multiplied over the panels).
    public static let shadowColor = Color.black

    /// Builds a fold for a view of `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - size: the view, in points; every side at least one pixel.
    ///   - scale: pixels per point (hinges fall on whole pixels).
    ///   - style: unfold, cubic, horizontal, solid shadows.
    ///   - m34: perspective override; default `−1/(4.666667 · L/2)`, L the extent across the hinge.
    ///   - timing: the curve from normalised time to progress (default easeOut; unfold easeIn).
    ///   - duration: the default duration, in seconds.
    ///   - source: the image folding away (on B and C when folding).
    ///   - destination: the image appearing (on A and D when folding).
    /// - Throws: `TransitionError` naming a bad size, scale, duration or perspective.
    public init(size: Size, scale: Double = 1, style: FoldStyle = [], m34: Double? = nil,
                timing: TimingFunction? = nil, duration: Double = 0.3,
                source: ContentHandle? = nil, destination: ContentHandle? = nil) throws(TransitionError) {
        try checkedGeometry(size: size, scale: scale)
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let horizontal = style.contains(.horizontal)
        let across = horizontal ? size.width : size.height
        let along = horizontal ? size.height : size.width
        let split = PixelSplit(extent: across, scale: scale)
        let m34 = m34 ?? Perspective.defaultM34(extent: across)
        // B and C swing back to z = −u; with odd sizes D sits up to a pixel off z = 0.
        try Perspective.validate(m34, depths: -max(split.leading, split.trailing)...abs(split.leading - split.trailing))

        self.size = size; self.scale = scale; self.style = style; self.m34 = m34; self.split = split
        self.timing = timing ?? (style.contains(.unfold) ? .easeIn : .easeOut)
        self.duration = duration
        self.extentAlong = along
        let (u, l) = (split.leading, split.trailing)

        func panel(_ name: String, _ length: Double) -> Layer {
            let p = Layer(name: name)
            p.bounds = horizontal ? Rect(x: 0, y: 0, width: length, height: along) : Rect(x: 0, y: 0, width: along, height: length)
            return p
        }
        /// Anchor on the leading (top/left) edge or the trailing edge, centred along the hinge.
        func anchor(_ layer: Layer, leadingEdge: Bool, at offset: Double) {
            let t: Double = leadingEdge ? 0 : 1
            layer.anchorPoint = horizontal ? Point(x: t, y: 0.5) : Point(x: 0.5, y: t)
            layer.position = horizontal ? Point(x: offset, y: along / 2) : Point(x: along / 2, y: offset)
        }

        root = Layer(name: "fold")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // Pivot the perspective on the crease: the anchor sits at (E/2, u) and stays put.
        root.anchorPoint = horizontal ? Point(x: u / size.width, y: 0.5) : Point(x: 0.5, y: u / size.height)
        root.position = horizontal ? Point(x: u, y: size.height / 2) : Point(x: size.width / 2, y: u)
        root.sublayerTransform.m34 = m34
        root.masksToBounds = !style.contains(.cubic)

        joint1 = TransformLayer(name: "joint1")
        joint2 = TransformLayer(name: "joint2")
        for (joint, length) in [(joint1, u), (joint2, l)] {
            joint.bounds = horizontal ? Rect(x: 0, y: 0, width: length, height: along) : Rect(x: 0, y: 0, width: along, height: length)
        }
        anchor(joint1, leadingEdge: true, at: 0)
        anchor(joint2, leadingEdge: true, at: u)

        panelA = panel("A", u); panelB = panel("B", u); panelC = panel("C", l); panelD = panel("D", l)
        anchor(panelA, leadingEdge: false, at: 0)
        anchor(panelB, leadingEdge: true, at: 0)
        anchor(panelC, leadingEdge: true, at: 0)
        anchor(panelD, leadingEdge: true, at: l)

        let unfold = style.contains(.unfold)
        let (outgoing, incoming) = unfold ? (destination, source) : (source, destination)
        let ratio = across > 0 ? u / across : 0.5
        func show(_ layer: Layer, _ content: ContentHandle?, leadingPart: Bool) {
            layer.contents = content
            let (start, length) = leadingPart ? (0.0, ratio) : (ratio, 1 - ratio)
            layer.contentsRect = horizontal ? Rect(x: start, y: 0, width: length, height: 1) : Rect(x: 0, y: start, width: 1, height: length)
        }
        // Folding: the source's halves fold away on B and C; the destination's slide in on A and D.
        show(panelB, outgoing, leadingPart: true); show(panelC, outgoing, leadingPart: false)
        show(panelA, incoming, leadingPart: true); show(panelD, incoming, leadingPart: false)

        let cubic = style.contains(.cubic), solid = style.contains(.solidShadows)
        func shadow(_ panel: Layer, from a: Double, to b: Double) -> Layer {
            let s: Layer
            if solid {
                s = Layer(name: "\(panel.name).shadow")
                s.backgroundColor = Self.shadowColor
            } else {
                let g = GradientLayer(name: "\(panel.name).shadow")
                g.colors = [Self.shadowColor.withAlpha(a), Self.shadowColor.withAlpha(b)]
                // Along the fold axis, from the leading edge to the trailing edge.
                g.startPoint = horizontal ? Point(x: 0, y: 0.5) : Point(x: 0.5, y: 0)
                g.endPoint = horizontal ? Point(x: 1, y: 0.5) : Point(x: 0.5, y: 1)
                s = g
            }
            s.bounds = panel.bounds
            s.position = Point(x: panel.bounds.width / 2, y: panel.bounds.height / 2)
            s.opacity = 0
            return s
        }
        // B: dark at its outer hinge, clear at the crease. C: dark at the crease, down to alpha
        // 0.25 at its outer hinge so the crease still shows against D (clear when cubic).
        shadowB = shadow(panelB, from: 1, to: 0)
        shadowC = shadow(panelC, from: 1, to: cubic ? 0 : 0.25)
        // Cubic sleeves darken toward the hinge they share with B or C.
        shadowA = shadow(panelA, from: 0, to: 1)
        shadowD = shadow(panelD, from: 1, to: 0)

        // Tree built from fresh layers whose depth is far below the limit: cannot throw.
        try! panelA.addSublayer(shadowA); try! panelB.addSublayer(shadowB)
        try! panelC.addSublayer(shadowC); try! panelD.addSublayer(shadowD)
        try! joint2.setSublayers([panelC, panelD])
        try! joint1.setSublayers([panelA, panelB, joint2])
        try! root.addSublayer(joint1)
        try! setProgress(0)
    }

    /// The fold angle in degrees at the current progress (`90°·p`, unfold `90°·(1 − p)`).
    public var angle: Double { 90 * (style.contains(.unfold) ? 1 - progress : progress) }

    public func setProgress(_ p: Double) throws(TransitionError) {
        progress = try Self.checkedProgress(p)
        let horizontal = style.contains(.horizontal)
        let theta = angle
        let (sinT, cosT) = Angle.sinCos(degrees: theta)
        let u = split.leading
        /// A rotation (given by its sine and cosine) that folds a panel hanging from its leading
        /// edge away from the viewer for negative angles: about x when vertical, about y (sign
        /// mirrored) when horizontal. One sine and cosine serve every joint: −θ, 2θ and ±90°.
        func hinge(sin s: Double, cos c: Double) -> Transform3D {
            horizontal ? Transform3D(rotationSine: -s, cosine: c, x: 0, y: 1, z: 0)
                : Transform3D(rotationSine: s, cosine: c, x: 1, y: 0, z: 0)
        }
        let hingeOffset = u - u * cosT
        joint1.position = horizontal ? Point(x: hingeOffset, y: extentAlong / 2) : Point(x: extentAlong / 2, y: hingeOffset)
        joint1.transform = hinge(sin: -sinT, cos: cosT)
        // sin 2θ = 2·sinθ·cosθ, cos 2θ = cos²θ − sin²θ: exact at 0° and 90° like the rest.
        joint2.transform = hinge(sin: 2 * sinT * cosT, cos: cosT * cosT - sinT * sinT)
        if style.contains(.cubic) {
            panelA.transform = hinge(sin: 1, cos: 0)
            panelD.transform = hinge(sin: -1, cos: 0)
        } else {
            panelA.transform = hinge(sin: sinT, cos: cosT)
            panelD.transform = hinge(sin: -sinT, cos: cosT)
        }
        let fold = 0.25 * (1 - cosT)
        shadowB.opacity = fold
        shadowC.opacity = style.contains(.solidShadows) ? 0.9 * fold : fold
        let sleeve = style.contains(.cubic) ? 0.25 * (1 - sinT) : 0
        shadowA.opacity = sleeve
        shadowD.opacity = sleeve
    }

    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        timing.value(at: try Self.checkedTime(time))
    }

    public func panels() -> [PanelGeometry] {
        [panelA, panelB, panelC, panelD].map { p in
            geometry(of: p, shadowOpacity: p.sublayers.first?.opacity ?? 0)
        }
    }
}
