#if canImport(Glibc)
import Glibc
#endif
import FolioTransitions // re-exports FolioLayers, FolioGeometry and FolioMotion

/// A tri-fold brochure closing: the right flap folds over the centre panel, then the left flap
/// folds over both — a custom effect written only against Folio's public API.
///
/// The sheet fills the view; its three panels split the width in whole pixels (the flaps take
/// `round(W·scale/3)/scale` each, the centre the rest). The flaps turn toward the viewer about
/// their hinges: the right flap by `φ₁ = 180°·min(1, 2p)`, the left by
/// `φ₂ = 180°·max(0, 2p − 1)`, `p` the geometric progress. Each flap has a front (the source's
/// matching third) and a back (the destination's), single-sided, so the outside of the brochure
/// shows once a flap has turned past 90°. A gradient shadow on each flap's front grows as it
/// rises (`0.3·sin φ`).
///
/// Conforming to `Transition` is all it takes for `InteractiveTransition` (gestures, springs),
/// the renderer and `TransitionReport` (the command line's JSON) to work with it.
public final class TriFoldTransition: Transition {
    /// The root layer: the view, with the perspective in its sublayer transform.
    public let root: Layer
    /// The current geometric progress, 0…1.
    public private(set) var progress: Double = 0
    /// The perspective (`m34`).
    public let m34: Double
    /// The default duration, in seconds.
    public let duration: Double
    /// Whether the flaps' shadows draw.
    public var showsShadows = true {
        didSet { for s in shadows { s.isHidden = !showsShadows } }
    }
    /// The width of each flap, in points (whole pixels).
    public let flapWidth: Double

    let centre: Layer
    let leftFlap: TransformLayer, rightFlap: TransformLayer
    let leftFront: Layer, rightFront: Layer
    let shadows: [GradientLayer]
    let timing = TimingFunction.easeInEaseOut

    /// A brochure filling a view of `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - source: the inside of the brochure (shown open, at progress 0).
    ///   - destination: the outside (its left third is the cover, on top when closed).
    /// - Throws: `TransitionError` for a bad size, scale, duration or perspective.
    public init(size: Size, scale: Double = 1, m34: Double? = nil, duration: Double = 0.8,
                source: ContentHandle? = nil, destination: ContentHandle? = nil) throws(TransitionError) {
        try TransitionLimits.validate(size: size, scale: scale)
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let flap = max(1, (size.width * scale / 3 + 0.5).rounded(.down)) / scale
        let middle = size.width - 2 * flap
        let m34 = m34 ?? Perspective.defaultM34(extent: size.width)
        // A flap stands up to `flap` points toward the eye.
        try Perspective.validate(m34, depths: 0...flap)
        self.m34 = m34
        self.duration = duration
        flapWidth = flap
        let height = size.height

        func third(_ index: Int) -> Rect {
            let (x, w) = [(0, flap), (flap, middle), (flap + middle, flap)][index]
            return Rect(x: x / size.width, y: 0, width: w / size.width, height: 1)
        }
        func face(_ name: String, width: Double, content: ContentHandle?, part: Int, back: Bool) -> Layer {
            Layer(name: name, bounds: Rect(x: 0, y: 0, width: width, height: height),
                  position: Point(x: width / 2, y: height / 2),
                  // The back faces away until its flap turns over.
                  transform: back ? Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0) : .identity,
                  contents: content, contentsRect: third(part), backgroundColor: .white, isDoubleSided: false)
        }
        func shadow(hingeOnLeft: Bool, width: Double) -> GradientLayer {
            GradientLayer(name: "shadow", bounds: Rect(x: 0, y: 0, width: width, height: height),
                          position: Point(x: width / 2, y: height / 2),
                          gradient: Gradient(colors: [.black, .clear],
                                             startPoint: Point(x: hingeOnLeft ? 0 : 1, y: 0.5),
                                             endPoint: Point(x: hingeOnLeft ? 1 : 0, y: 0.5)),
                          opacity: 0)
        }
        let shadows = [shadow(hingeOnLeft: false, width: flap), shadow(hingeOnLeft: true, width: flap)]
        self.shadows = shadows
        leftFront = face("left", width: flap, content: source, part: 0, back: false)
        rightFront = face("right", width: flap, content: source, part: 2, back: false)
        try! leftFront.addSublayer(shadows[0])
        try! rightFront.addSublayer(shadows[1])
        centre = Layer(name: "centre", bounds: Rect(x: 0, y: 0, width: middle, height: height),
                       position: Point(x: flap + middle / 2, y: height / 2), contents: source, contentsRect: third(1),
                       backgroundColor: .white)
        // Each flap turns about its hinge: the left flap's right edge, the right flap's left edge.
        leftFlap = TransformLayer(name: "left flap", bounds: Rect(x: 0, y: 0, width: flap, height: height),
                                  position: Point(x: flap, y: height / 2), anchorPoint: Point(x: 1, y: 0.5),
                                  sublayers: [leftFront, face("left back", width: flap, content: destination, part: 0, back: true)])
        rightFlap = TransformLayer(name: "right flap", bounds: Rect(x: 0, y: 0, width: flap, height: height),
                                   position: Point(x: flap + middle, y: height / 2), anchorPoint: Point(x: 0, y: 0.5),
                                   sublayers: [rightFront, face("right back", width: flap, content: destination, part: 2, back: true)])
        // Closed, both flaps lie in the centre's plane: tree order puts the left flap on top.
        root = Layer(name: "trifold", bounds: Rect(x: 0, y: 0, width: size.width, height: height),
                     position: Point(x: size.width / 2, y: height / 2), sublayers: [centre, rightFlap, leftFlap])
        root.sublayerTransform.m34 = m34
        try! setProgress(0)
    }

    /// The right flap's angle (degrees) at the current progress.
    public var rightAngle: Double { 180 * min(1, 2 * progress) }
    /// The left flap's angle (degrees) at the current progress.
    public var leftAngle: Double { 180 * max(0, 2 * progress - 1) }

    public func setProgress(_ p: Double) throws(TransitionError) {
        progress = try Self.checkedProgress(p)
        // R(θ, y) sends +x to −z for θ > 0: the right flap (extending to +x from its hinge)
        // turns by −φ₁ to come toward the viewer; the left flap (extending to −x) by +φ₂.
        rightFlap.transform = Transform3D(rotationDegrees: -rightAngle, x: 0, y: 1, z: 0)
        leftFlap.transform = Transform3D(rotationDegrees: leftAngle, x: 0, y: 1, z: 0)
        shadows[0].opacity = 0.3 * sin(leftAngle * .pi / 180)
        shadows[1].opacity = 0.3 * sin(rightAngle * .pi / 180)
    }

    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        timing.value(at: try Self.checkedTime(time))
    }

    public func panels() -> [PanelGeometry] {
        [(leftFront, shadows[0]), (centre, nil), (rightFront, shadows[1])].map { layer, shadow in
            var panel = geometry(of: layer, shadowOpacity: shadow?.opacity ?? 0)
            // A flap's front shows until it turns past 90°.
            if layer !== centre { panel.visible = (layer === leftFront ? leftAngle : rightAngle) <= 90 }
            return panel
        }
    }
}
