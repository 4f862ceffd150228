import FolioGeometry

/// A node of the layer tree with `CALayer`'s geometry and compositing semantics.
///
/// A plain `Layer` **flattens**: its sublayers are composited into its own plane
/// (`F = diag(1,1,0,1)`), forming one 3D rendering context sorted on its own.
/// Geometry (points): `Local = T(−anchor) · transform · T(position.x, position.y, zPosition)`,
/// with the anchor at `bounds.origin + anchorPoint · bounds.size` and `anchorPointZ` as z.
public class Layer {
    /// How a layer composites; set by the subclass.
    public enum Kind: Sendable { case layer, transform, gradient }

    /// The deepest tree `addSublayer` accepts (root = depth 1).
    public static let maximumDepth = 64

    /// A name for diagnostics and for the quads it produces.
    public var name: String
    /// The layer's own coordinate space and content rectangle, in points.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's coordinates, in points.
    public var position: Point = .zero
    /// The pivot in unit coordinates of `bounds` (0.5, 0.5 = centre).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The pivot's z, in points.
    public var anchorPointZ: Double = 0
    /// Offset along z in the superlayer, in points (toward the viewer when positive).
    public var zPosition: Double = 0
    /// The layer's transform about its anchor point.
    public var transform: Transform3D = .identity
    /// A transform applied to the sublayers, pivoting on this layer's anchor point.
    public var sublayerTransform: Transform3D = .identity
    /// Opacity 0…1 (clamped when evaluated; NaN counts as 0); multiplies into every quad of the subtree.
    public var opacity: Double = 1
    /// Hidden layers and their subtrees draw nothing (their quads are reported not visible).
    public var isHidden = false
    /// When false the layer is hidden whenever its back faces the viewer.
    public var isDoubleSided = true
    /// Clips the sublayers to `bounds` (flattening layers only).
    public var masksToBounds = false
    /// The image drawn over `bounds`, or nil.
    public var contents: ContentHandle?
    /// The part of `contents` shown, in unit coordinates of the image (default all of it).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// A fill colour under the contents, or nil for none.
    public var backgroundColor: Color?

    /// The compositing kind; fixed by the class.
    public let kind: Kind
    /// The sublayers, back to front in tree order.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?

    /// Creates a flattening layer.
    public convenience init(name: String = "") { self.init(name: name, kind: .layer) }

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether this layer flattens its sublayers into its plane (every kind but `.transform`).
    @inlinable public var flattens: Bool { kind != .transform }

    /// The anchor point in the layer's own coordinates (points), with `anchorPointZ` as z.
    public var anchor: Vector3 {
        Vector3(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
                y: bounds.origin.y + anchorPoint.y * bounds.size.height, z: anchorPointZ)
    }

    /// This layer → superlayer: `T(−anchor) · transform · T(position, zPosition)`.
    public var localTransform: Transform3D {
        let a = anchor
        return transform.translated(x: -a.x, y: -a.y, z: -a.z)
            .appendingTranslation(x: position.x, y: position.y, z: zPosition)
    }

    /// The sublayer transform pivoting on the anchor: `T(−anchor) · sublayerTransform · T(anchor)`.
    public var pivotedSublayerTransform: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let a = anchor
        return sublayerTransform.translated(x: -a.x, y: -a.y, z: -a.z).appendingTranslation(x: a.x, y: a.y, z: a.z)
    }

    /// The number of ancestors plus one.
    public var depth: Int {
        var d = 1
        var l = superlayer
        while let s = l { d += 1; l = s.superlayer }
        return d
    }

    /// The number of levels in this subtree (a leaf is 1).
    public var subtreeHeight: Int {
        1 + (sublayers.map(\.subtreeHeight).max() ?? 0)
    }

    /// Appends `layer` on top of the sublayers, moving it from any previous superlayer.
    ///
    /// - Throws: `LayerError.cycle` if `layer` is this layer or an ancestor of it;
    ///   `LayerError.tooDeep` if the tree would exceed `maximumDepth`.
    public func addSublayer(_ layer: Layer) throws {
        try insertSublayer(layer, at: sublayers.count - (layer.superlayer === self ? 1 : 0))
    }

    /// Inserts `layer` at `index` among the sublayers (0 = bottom), moving it from any previous superlayer.
    public func insertSublayer(_ layer: Layer, at index: Int) throws {
        var ancestor: Layer? = self
        while let a = ancestor {
            if a === layer { throw LayerError.cycle(layer: layer.name, into: name) }
            ancestor = a.superlayer
        }
        let newDepth = depth + layer.subtreeHeight
        if newDepth > Layer.maximumDepth { throw LayerError.tooDeep(depth: newDepth, limit: Layer.maximumDepth) }
        let count = sublayers.count - (layer.superlayer === self ? 1 : 0)
        guard index >= 0 && index <= count else { throw LayerError.indexOutOfRange(index: index, count: count) }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: index)
        layer.superlayer = self
    }

    /// Detaches the layer from its superlayer, if any.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Replaces all sublayers (each checked as by `addSublayer`).
    public func setSublayers(_ layers: [Layer]) throws {
        for l in sublayers { l.superlayer = nil }
        sublayers.removeAll()
        for l in layers { try addSublayer(l) }
    }
}
