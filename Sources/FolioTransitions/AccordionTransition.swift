import FolioGeometry
import FolioLayers
import FolioMotion

/// An N-panel fold, like a folded map or a paper fan: the source sheet, cut into panels of any
/// widths, folds up in alternating valley and mountain creases toward its leading edge, and
/// reveals the destination lying flat beneath.
///
/// Panel `i` (0-based) tilts `φᵢ` degrees out of the view plane, its trailing edge toward the
/// viewer for positive angles. Driven by progress `p`, the panels alternate: `φᵢ = (−1)ⁱ·90°·p`
/// (every crease closes by `180°·p`); ``setPanelAngles(_:)`` sets any angles instead. Each
/// panel hangs from the previous one's trailing edge: its joint's transform is the chain of
/// every crease before it, composed here rather than by nesting layers (so 256 panels make a
/// tree four layers deep, not 259), and the leading edge of the first stays put. At rest
/// the creases fall on whole pixels (the widths are snapped as the fold's hinges are).
/// Shading: a panel turned by `φ` is darkened by `0.25·(1 − cos φ)` when it faces the leading
/// side (`φ > 0`) and twice that when it faces the trailing side, so valleys and mountains read.
public final class AccordionTransition: Transition {
    /// The view size, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// Whether the panels run top to bottom (creases horizontal) rather than left to right.
    public let isVertical: Bool
    /// The panels' widths across the creases, in points, after snapping to whole pixels; they
    /// add up to the view's extent across the creases.
    public let panelWidths: [Double]
    /// The perspective (`m34` of the root's sublayer transform).
    public let m34: Double
    /// The timing curve from normalised time to progress.
    public let timing: TimingFunction
    /// The default duration, in seconds.
    public let duration: Double
    /// The root layer: the view, with the perspective in its sublayer transform.
    public let root: Layer
    /// The panels, leading first (`panel1` … `panelN`).
    public let panelLayers: [Layer]
    /// The destination, lying flat under the panels.
    public let destinationLayer: Layer
    /// The current geometric progress (0 after ``setPanelAngles(_:)`` set angles of its own).
    public private(set) var progress: Double = 0
    /// Each panel's tilt out of the view plane, in degrees.
    public private(set) var panelAngles: [Double]

    let joints: [TransformLayer]
    let shades: [Layer]

    /// Whether the panels' shading draws (its opacities follow the angles either way).
    public var showsShadows = true {
        didSet { for s in shades { s.isHidden = !showsShadows } }
    }

    /// The most panels an accordion has.
    public static let maximumPanels = 256

    /// Builds an accordion over a view of `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - size: the view, in points.
    ///   - scale: pixels per point (creases at rest fall on whole pixels).
    ///   - panelWidths: at least two relative widths (points, or any unit: they are scaled to
    ///     fill the extent across the creases and snapped to whole pixels).
    ///   - vertical: panels top to bottom instead of left to right.
    ///   - m34: perspective override; default `−1/(4.666667 · L/2)`, L the extent across the creases.
    ///   - timing: the curve from normalised time to progress (default easeInEaseOut).
    ///   - duration: the default duration, in seconds.
    ///   - source: the sheet that folds up (each panel shows its part).
    ///   - destination: the image revealed beneath.
    /// - Throws: `TransitionError` naming a bad size, scale, panel width, duration or perspective.
    public init(size: Size, scale: Double = 1, panelWidths: [Double], vertical: Bool = false, m34: Double? = nil,
                timing: TimingFunction = .easeInEaseOut, duration: Double = 0.6,
                source: ContentHandle? = nil, destination: ContentHandle? = nil) throws(TransitionError) {
        try checkedGeometry(size: size, scale: scale)
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let extent = vertical ? size.height : size.width
        let along = vertical ? size.width : size.height
        let widths = try Self.snappedWidths(panelWidths, extent: extent, scale: scale)
        // The worst case stands every panel on end: the chain's depth is then the running
        // alternating sum of the widths.
        var z = 0.0, deepest = 0.0, highest = 0.0
        for (i, w) in widths.enumerated() {
            z += i % 2 == 0 ? w : -w
            deepest = min(deepest, z); highest = max(highest, z)
        }
        let m34 = m34 ?? Perspective.defaultM34(extent: extent)
        try Perspective.validate(m34, depths: deepest...highest)
        self.size = size; self.scale = scale; self.isVertical = vertical; self.panelWidths = widths
        self.m34 = m34; self.timing = timing; self.duration = duration
        panelAngles = Array(repeating: 0, count: widths.count)

        root = Layer(name: "accordion")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = Point(x: size.width / 2, y: size.height / 2)
        root.sublayerTransform.m34 = m34
        destinationLayer = Layer(name: "destination")
        destinationLayer.bounds = root.bounds
        destinationLayer.position = root.position
        destinationLayer.contents = destination

        var joints: [TransformLayer] = [], panels: [Layer] = [], shades: [Layer] = []
        var start = 0.0
        for (i, w) in widths.enumerated() {
            // Each joint is a sibling under the root whose transform ``pose()`` composes from
            // the creases before it: anchored at its own origin, so its local transform is
            // exactly that composition.
            let joint = TransformLayer(name: "joint\(i + 1)")
            joint.bounds = vertical ? Rect(x: 0, y: 0, width: along, height: w) : Rect(x: 0, y: 0, width: w, height: along)
            joint.anchorPoint = .zero
            let panel = Layer(name: "panel\(i + 1)")
            panel.bounds = joint.bounds
            panel.position = Point(x: joint.bounds.width / 2, y: joint.bounds.height / 2)
            panel.contents = source
            panel.contentsRect = vertical ? Rect(x: 0, y: start / extent, width: 1, height: w / extent)
                : Rect(x: start / extent, y: 0, width: w / extent, height: 1)
            let shade = Layer(name: "panel\(i + 1).shadow")
            shade.bounds = panel.bounds
            shade.position = panel.position
            shade.backgroundColor = .black
            shade.opacity = 0
            do {
                try panel.addSublayer(shade)
                try joint.addSublayer(panel)
            } catch {
                // Fresh layers four deep: neither a cycle nor the depth limit can occur.
                throw .invalidPanels("panel \(i + 1) could not be built: \(error)")
            }
            joints.append(joint); panels.append(panel); shades.append(shade)
            start += w
        }
        self.joints = joints; self.panelLayers = panels; self.shades = shades
        do { try root.setSublayers([destinationLayer] + joints) } catch {
            throw .invalidPanels("the accordion's \(widths.count) panels could not be joined: \(error)")
        }
        pose()
    }

    /// Scales `weights` to `extent` and snaps the creases to whole pixels (half up).
    static func snappedWidths(_ weights: [Double], extent: Double, scale: Double) throws(TransitionError) -> [Double] {
        guard (2...maximumPanels).contains(weights.count) else {
            throw .invalidPanels("an accordion needs 2...\(maximumPanels) panel widths, not \(weights.count)")
        }
        for w in weights where !(w.isFinite && w > 0) {
            throw .invalidPanels("panel width \(number: w) must be a finite number above 0")
        }
        var total = 0.0
        for w in weights { total += w }
        guard total.isFinite else { throw .invalidPanels("panel widths \(numbers: weights) add up past the largest number") }
        let pixels = extent * scale
        var creases: [Double] = [0]
        var running = 0.0
        for w in weights.dropLast() {
            running += w
            creases.append((pixels * running / total + 0.5).rounded(.down))
        }
        creases.append(pixels)
        var widths: [Double] = []
        for i in 1..<creases.count {
            guard creases[i] - creases[i - 1] >= 1 else {
                throw .invalidPanels("panel \(i) of \(numbers: weights) would be under one pixel across \(number: extent) points at scale \(number: scale)")
            }
            widths.append(i == creases.count - 1 ? extent - creases[i - 1] / scale : (creases[i] - creases[i - 1]) / scale)
        }
        return widths
    }

    /// Folds the panels to geometric `progress` (0 flat, 1 folded up on the leading edge):
    /// `φᵢ = (−1)ⁱ·90°·p`.
    public func setProgress(_ p: Double) throws(TransitionError) {
        progress = try Self.checkedProgress(p)
        for i in panelAngles.indices { panelAngles[i] = (i % 2 == 0 ? 90 : -90) * p }
        pose()
    }

    /// Tilts each panel by its own angle out of the view plane, in degrees (positive: its
    /// trailing edge toward the viewer); the creases take the differences. ``progress`` keeps
    /// its last value.
    ///
    /// - Throws: `TransitionError.invalidPanelAngles` unless there is one finite angle in
    ///   −180…180 per panel; nothing changes then.
    public func setPanelAngles(_ angles: [Double]) throws(TransitionError) {
        guard angles.count == panelLayers.count, angles.allSatisfy({ $0.isFinite && abs($0) <= 180 }) else {
            throw .invalidPanelAngles(angles)
        }
        panelAngles = angles
        pose()
    }

    /// The angle each crease is folded by, in degrees: `φᵢ₊₁ − φᵢ`.
    public var creaseAngles: [Double] {
        (1..<panelAngles.count).map { panelAngles[$0] - panelAngles[$0 - 1] }
    }

    func pose() {
        var previous = 0.0
        // The chain so far: the previous joint's transform in the root's space (row vectors,
        // `p' = p · M`, so a joint's own crease comes first and its predecessor's chain after).
        var chain = Transform3D.identity
        let along = isVertical ? size.width : size.height
        for (i, joint) in joints.enumerated() {
            let angle = panelAngles[i]
            // R(θ, y) sends +x to −z for θ > 0, so a trailing edge rising toward the viewer
            // turns by −φ about y (about x for vertical panels, where +90° sends +y to +z).
            let turn = angle - previous
            let (s, c) = Angle.sinCos(degrees: turn)
            let crease = isVertical ? Transform3D(rotationSine: s, cosine: c, x: 1, y: 0, z: 0)
                : Transform3D(rotationSine: -s, cosine: c, x: 0, y: 1, z: 0)
            // The crease turns about the joint's leading edge (its middle at the anchor), which
            // sits on the previous panel's trailing edge (the view's leading edge for the first):
            // T(−anchor) · crease · T(position) · chain, what nesting the joint under its
            // predecessor would compose.
            let offset = i == 0 ? 0 : panelWidths[i - 1]
            let local = isVertical
                ? Transform3D(translationX: -along / 2, y: 0).concatenating(crease).appendingTranslation(x: along / 2, y: offset)
                : Transform3D(translationX: 0, y: -along / 2).concatenating(crease).appendingTranslation(x: offset, y: along / 2)
            chain = local.concatenating(chain)
            joint.transform = chain
            previous = angle
            let fall = 1 - Angle.sinCos(degrees: angle).cos
            shades[i].opacity = (angle >= 0 ? 0.25 : 0.5) * fall
        }
    }

    /// The progress at normalised `time` under ``timing``.
    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        timing.value(at: try Self.checkedTime(time))
    }

    /// `panel1` … `panelN`, leading first, with their shading's opacity.
    public func panels() -> [PanelGeometry] {
        panelLayers.indices.map { geometry(of: panelLayers[$0], shadowOpacity: shades[$0].opacity) }
    }
}
