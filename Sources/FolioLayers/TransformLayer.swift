/// A layer that builds true 3D hierarchies (`CATransformLayer`): it draws no content of its
/// own, does not flatten its sublayers, and applies its opacity to each sublayer.
public final class TransformLayer: Layer {
    /// Creates a transform layer.
    public init(name: String = "") { super.init(name: name, kind: .transform) }
}
