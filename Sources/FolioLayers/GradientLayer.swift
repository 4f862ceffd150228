import FolioGeometry

/// A flattening layer that fills its bounds with an axial gradient (`CAGradientLayer`).
///
/// The gradient is the layer's content: it is drawn over the background colour and under the
/// sublayers and border, and like `contents` it is clipped to the rounded corners only when
/// `masksToBounds` is set. How the colours are placed and interpolated is `Gradient`'s.
public final class GradientLayer: Layer {
    /// The colours along the axis.
    public var colors: [Color] = [] {
        didSet { if colors != oldValue { contentDidChange() } }
    }
    /// Stop positions along the axis (0 at `startPoint`, 1 at `endPoint`), one per colour, or
    /// nil for evenly spaced; see `Gradient.locations` for what other values mean.
    public var locations: [Double]? {
        didSet { if locations != oldValue { contentDidChange() } }
    }
    /// Axis start in unit coordinates (default top centre).
    public var startPoint = Point(x: 0.5, y: 0) {
        didSet { if startPoint != oldValue { contentDidChange() } }
    }
    /// Axis end in unit coordinates (default bottom centre).
    public var endPoint = Point(x: 0.5, y: 1) {
        didSet { if endPoint != oldValue { contentDidChange() } }
    }

    /// Creates a gradient layer.
    public init(name: String = "") { super.init(name: name, kind: .gradient) }

    /// The gradient as a value, as drawn over the layer's bounds.
    public var gradient: Gradient {
        Gradient(colors: colors, locations: locations, startPoint: startPoint, endPoint: endPoint)
    }
}
