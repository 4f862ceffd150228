import FolioGeometry
import FolioLayers

/// What fold and flip transitions have in common: a layer tree updated in place as progress moves.
public protocol Transition: AnyObject {
    /// The root of the transition's layer tree; its superlayer space is the view (points).
    var root: Layer { get }
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
}

extension Transition {
    /// Validates a progress value: finite and within 0…1.
    static func checkedProgress(_ p: Double) throws(TransitionError) -> Double {
        guard p >= 0 && p <= 1 else { throw .progressOutOfRange(p) }
        return p
    }

    /// Validates a normalised time: finite and within 0…1.
    static func checkedTime(_ t: Double) throws(TransitionError) -> Double {
        guard t >= 0 && t <= 1 else { throw .timeOutOfRange(t) }
        return t
    }

    /// The geometry of `layer`'s own rectangle in the view: corners through the layer tree,
    /// depth in the root's 3D context.
    func geometry(of layer: Layer, shadowOpacity: Double) -> PanelGeometry {
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

/// Validates a view size and scale.
func checkedGeometry(size: Size, scale: Double) throws(TransitionError) {
    guard TransitionLimits.scales.contains(scale) else { throw .invalidScale(scale) }
    guard size.width >= 1 / scale, size.height >= 1 / scale,
          size.width <= TransitionLimits.maximumSide, size.height <= TransitionLimits.maximumSide else {
        throw .invalidSize(width: size.width, height: size.height)
    }
}
