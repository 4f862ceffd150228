import FolioGeometry
import FolioLayers

/// What every effect has in common — fold, flip, crossfade and any custom effect: a layer tree
/// updated in place as progress moves.
///
/// Conform a class of your own and it works everywhere the built-in effects do:
/// `InteractiveTransition` drives it from gestures and springs, `LayerEvaluator` and the
/// renderer draw its `root`, and `TransitionReport` (FolioScene) prints its `panels()` in the
/// command line's JSON. The helpers an effect needs are public: `checkedProgress(_:)` and
/// `checkedTime(_:)` for its inputs, `TransitionLimits.validate(size:scale:)`,
/// `PixelSplit` for whole-pixel hinges, `Perspective.defaultM34(extent:)` and
/// `Perspective.validate(_:depths:)` (refuses an eye inside the page), and
/// `geometry(of:shadowOpacity:)`, which projects a panel through the tree. ``overhang()`` has
/// a default that samples the progress, so a custom effect gets its framing
/// (``framing(margin:)``) for nothing.
public protocol Transition: AnyObject {
    /// The root of the transition's layer tree; its superlayer space is the view (points).
    var root: Layer { get }
    /// The view size, in points (default: the root's bounds).
    var size: Size { get }
    /// The current geometric progress, 0…1 (after the timing curve).
    var progress: Double { get }
    /// The perspective in use (`m34` of the root's sublayer transform).
    var m34: Double { get }
    /// The animation's default duration, in seconds.
    var duration: Double { get }
    /// Moves the tree to geometric `progress` in 0…1; anything else is refused, not clamped.
    func setProgress(_ progress: Double) throws(TransitionError)
    /// The geometric progress at normalised `time` (0…1) under the effect's default timing.
    func progress(atTime time: Double) throws(TransitionError) -> Double
    /// Every panel's projected rectangle at the current progress, in the effect's panel order.
    func panels() -> [PanelGeometry]
    /// Whether the shadow layers draw (they still report their opacities when off).
    var showsShadows: Bool { get set }
    /// How far, in points, anything the transition draws reaches past each side of its view
    /// over the whole 0…1 progress (perspective included): a flip's leaf edge-on stands toward
    /// the viewer and grows past the view; a curl's rolled corner rises past its edges. Render
    /// the view at its own size and that much is cut off; ``framing(margin:)`` gives the size
    /// that keeps it. The current pose is unchanged.
    ///
    /// The default samples the progress (``sampledOverhang(steps:)``); the built-in effects
    /// report exact reaches where the geometry allows (flip, crossfade, the masked fold) and
    /// sample the rest (cubic fold, accordion, curl).
    func overhang() -> TransitionInsets
}

extension Transition {
    /// The root's bounds size.
    public var size: Size { root.bounds.size }

    /// Validates a progress value: finite and within 0…1 (never clamped).
    ///
    /// - Throws: `TransitionError.progressOutOfRange` naming the value.
    public static func checkedProgress(_ p: Double) throws(TransitionError) -> Double {
        guard p >= 0 && p <= 1 else { throw .progressOutOfRange(p) }
        return p
    }

    /// Validates a normalised time: finite and within 0…1.
    ///
    /// - Throws: `TransitionError.timeOutOfRange` naming the value.
    public static func checkedTime(_ t: Double) throws(TransitionError) -> Double {
        guard t >= 0 && t <= 1 else { throw .timeOutOfRange(t) }
        return t
    }

    /// The geometry of `layer`'s own rectangle `(0,0), (w,0), (w,h), (0,h)` in the view:
    /// corners projected through the layer tree to view points (the root's perspective
    /// included, unclipped), depth as pre-projection z in the root's 3D rendering context, and
    /// `visible` from the layer's `isHidden`. `layer` must be in the tree under `root`.
    ///
    /// - Parameters:
    ///   - layer: the panel's layer.
    ///   - shadowOpacity: the opacity to report for the panel's shadow.
    public func geometry(of layer: Layer, shadowOpacity: Double) -> PanelGeometry {
        let b = layer.bounds
        let toContext = layer.transform(toSublayerSpaceOf: root) ?? .identity
        var flatten = Transform3D.identity
        flatten.m33 = 0
        let toView = toContext.concatenating(flatten).concatenating(root.localTransform)
        var corners: [Point] = []
        var depth: [Double] = []
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
            let local = Vector3(x: x, y: y, z: 0)
            let h = local.applying(toView)
            corners.append(Point(x: h.x / h.w, y: h.y / h.w))
            depth.append(local.applying(toContext).z)
        }
        return PanelGeometry(name: layer.name, size: b.size, corners: corners, depth: depth,
                             shadowOpacity: shadowOpacity, visible: !layer.isHidden)
    }
}

/// The views a transition accepts: every side at least one pixel and at most
/// `maximumSide` points, at 0.001…1000 pixels per point (beyond these, coordinates lose the
/// precision the seams need).
public enum TransitionLimits {
    /// Largest view side, in points.
    public static let maximumSide = 1e7
    /// Accepted pixels per point.
    public static let scales: ClosedRange<Double> = 0.001...1000
    /// Accepted flip viewpoints, in units of the spine's length.
    public static let viewpoints: ClosedRange<Double> = -1000...1000
}

extension TransitionLimits {
    /// Validates a view size and scale: a scale within `scales`, every side at least one pixel
    /// and at most `maximumSide` points.
    ///
    /// - Throws: `TransitionError.invalidScale`, `.invalidSize`, or `.sizeUnderOnePixel` when
    ///   the size alone is fine but at `scale` a side is under a pixel, naming the values.
    public static func validate(size: Size, scale: Double) throws(TransitionError) {
        guard scales.contains(scale) else { throw .invalidScale(scale) }
        // A size that is itself acceptable but too small at this scale: the scale is at fault
        // as much as the size, so the message names both.
        if size.width > 0, size.height > 0, size.width <= maximumSide, size.height <= maximumSide,
           size.width < 1 / scale || size.height < 1 / scale {
            throw .sizeUnderOnePixel(width: size.width, height: size.height, scale: scale)
        }
        guard size.width >= 1 / scale, size.height >= 1 / scale,
              size.width <= maximumSide, size.height <= maximumSide else {
            throw .invalidSize(width: size.width, height: size.height)
        }
    }
}

/// Validates a view size and scale (`TransitionLimits.validate(size:scale:)`).
func checkedGeometry(size: Size, scale: Double) throws(TransitionError) {
    try TransitionLimits.validate(size: size, scale: scale)
}
