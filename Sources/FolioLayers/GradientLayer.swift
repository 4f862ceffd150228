import FolioGeometry

/// A flattening layer that fills its bounds with an axial gradient (`CAGradientLayer`).
public final class GradientLayer: Layer {
    /// The colours along the axis.
    public var colors: [Color] = []
    /// Stop positions 0…1, or nil for evenly spaced.
    public var locations: [Double]?
    /// Axis start in unit coordinates (default top centre).
    public var startPoint = Point(x: 0.5, y: 0)
    /// Axis end in unit coordinates (default bottom centre).
    public var endPoint = Point(x: 0.5, y: 1)

    /// Creates a gradient layer.
    public init(name: String = "") { super.init(name: name, kind: .gradient) }

    /// The gradient as a value, as drawn over the layer's bounds.
    public var gradient: Gradient {
        Gradient(colors: colors, locations: locations, startPoint: startPoint, endPoint: endPoint)
    }
}
