import FolioGeometry

/// A node of the layer tree with `CALayer`'s geometry and compositing semantics.
///
/// A plain `Layer` **flattens**: its sublayers are composited into its own plane
/// (`F = diag(1,1,0,1)`), forming one 3D rendering context sorted on its own.
/// Geometry (points): `Local = T(−anchor) · transform · T(position.x, position.y, zPosition)`,
/// with the anchor at `bounds.origin + anchorPoint · bounds.size` and `anchorPointZ` as z.
public class Layer {
    /// How a layer composites; set by the subclass.
    public enum Kind: Sendable {
        /// A plain layer (`CALayer`): draws its background and contents, flattens its sublayers.
        case layer
        /// A transform layer (`CATransformLayer`): draws nothing, keeps its sublayers in 3D.
        case transform
        /// A gradient layer (`CAGradientLayer`): fills its bounds with an axial gradient.
        case gradient
    }

    /// The deepest tree `addSublayer` accepts (root = depth 1).
    public static let maximumDepth = 64

    // The storage: `final` and `@exclusivity(unchecked)`, because the evaluator reads a dozen
    // of these per layer per frame and the runtime's dynamic access tracking would cost more
    // than the rest of the tree walk. They are plain values with no accessors that could
    // overlap, so the static checks are enough. The public properties below wrap them.
    //
    // They are declared in the order the evaluator reads them, so that a layer's geometry, flags
    // and links share the object's first two cache lines (then the transform, then the sublayer
    // transform, then what only renderers and tools read): a frame of 10,000 tiles touches each
    // layer once, mostly in memory that is not in any cache.

    @exclusivity(unchecked) final var _bounds: Rect = .zero
    @exclusivity(unchecked) final var _position: Point = .zero
    @exclusivity(unchecked) final var _anchorPoint: Point = Point(x: 0.5, y: 0.5)
    @exclusivity(unchecked) final var _anchorPointZ: Double = 0
    @exclusivity(unchecked) final var _zPosition: Double = 0
    @exclusivity(unchecked) final var _opacity: Double = 1
    /// The first sublayer and the next sibling, unretained: the evaluator walks the tree through
    /// them without touching reference counts (reading `sublayers` retains the array and each
    /// element). `sublayers` owns the layers; every change to it relinks these.
    @exclusivity(unchecked) final var firstSublayer: Unmanaged<Layer>?
    @exclusivity(unchecked) final var nextSibling: Unmanaged<Layer>?
    /// Kept with the matrices so that the evaluator's common case costs one test, not sixteen.
    @exclusivity(unchecked) final var transformIsIdentity = true
    @exclusivity(unchecked) final var sublayerTransformIsIdentity = true
    @exclusivity(unchecked) final var _isHidden: Bool = false
    @exclusivity(unchecked) final var _isDoubleSided: Bool = true
    @exclusivity(unchecked) final var _masksToBounds: Bool = false
    /// The compositing kind; fixed by the class.
    public let kind: Kind
    /// The layer's transform about its anchor point.
    @exclusivity(unchecked) public final var transform: Transform3D = .identity {
        didSet { transformIsIdentity = transform.isIdentity }
    }
    /// A transform applied to the sublayers, pivoting on this layer's anchor point.
    @exclusivity(unchecked) public final var sublayerTransform: Transform3D = .identity {
        didSet { sublayerTransformIsIdentity = sublayerTransform.isIdentity }
    }
    @exclusivity(unchecked) final var _name: String
    @exclusivity(unchecked) final var _contents: ContentHandle?
    @exclusivity(unchecked) final var _contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
    @exclusivity(unchecked) final var _backgroundColor: Color?

    // The public properties. Their accessors are compiled in this module, so another module (a
    // transition setting opacities every frame) calls them instead of touching the storage
    // itself: that would put the runtime's dynamic exclusivity checks into its code, which
    // `@exclusivity(unchecked)` does not reach, at several times the cost of the access.

    /// The layer's own coordinate space and content rectangle, in points.
    public final var bounds: Rect {
        get { _bounds }
        set { _bounds = newValue }
    }

    /// Where the anchor point sits in the superlayer's coordinates, in points.
    public final var position: Point {
        get { _position }
        set { _position = newValue }
    }

    /// The pivot in unit coordinates of `bounds` (0.5, 0.5 = centre).
    public final var anchorPoint: Point {
        get { _anchorPoint }
        set { _anchorPoint = newValue }
    }

    /// The pivot's z, in points.
    public final var anchorPointZ: Double {
        get { _anchorPointZ }
        set { _anchorPointZ = newValue }
    }

    /// Offset along z in the superlayer, in points (toward the viewer when positive).
    public final var zPosition: Double {
        get { _zPosition }
        set { _zPosition = newValue }
    }

    /// Opacity 0…1 (clamped when evaluated; NaN counts as 0); multiplies into every quad of the subtree.
    public final var opacity: Double {
        get { _opacity }
        set { _opacity = newValue }
    }

    /// Hidden layers and their subtrees draw nothing (their quads are reported not visible).
    public final var isHidden: Bool {
        get { _isHidden }
        set { _isHidden = newValue }
    }

    /// When false the layer is hidden whenever its back faces the viewer.
    public final var isDoubleSided: Bool {
        get { _isDoubleSided }
        set { _isDoubleSided = newValue }
    }

    /// Clips the sublayers to `bounds` (flattening layers only).
    public final var masksToBounds: Bool {
        get { _masksToBounds }
        set { _masksToBounds = newValue }
    }

    /// A name for diagnostics and for the quads it produces.
    public final var name: String {
        get { _name }
        set { _name = newValue }
    }

    /// The image drawn over `bounds`, or nil.
    public final var contents: ContentHandle? {
        get { _contents }
        set { _contents = newValue }
    }

    /// The part of `contents` shown, in unit coordinates of the image (default all of it).
    public final var contentsRect: Rect {
        get { _contentsRect }
        set { _contentsRect = newValue }
    }

    /// A fill colour under the contents, or nil for none.
    public final var backgroundColor: Color? {
        get { _backgroundColor }
        set { _backgroundColor = newValue }
    }

    /// The sublayers, back to front in tree order.
    @exclusivity(unchecked) public private(set) final var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    ///
    /// Not `weak`: a weak reference gives the parent a side table, which sends every retain and
    /// release of it down the runtime's slow path. The parent clears this in `deinit` and
    /// `removeFromSuperlayer` does on detaching, so it never dangles.
    public private(set) final unowned(unsafe) var superlayer: Layer?

    /// Creates a flattening layer.
    public convenience init(name: String = "") { self.init(name: name, kind: .layer) }

    init(name: String, kind: Kind) {
        _name = name
        self.kind = kind
    }

    deinit {
        for s in sublayers { s.superlayer = nil }
    }

    /// Whether the layer paints anything of its own: it has `contents` or a `backgroundColor`,
    /// or is a gradient layer with colours. (Its sublayers may paint either way.)
    public var drawsContent: Bool {
        if contents != nil || backgroundColor != nil { return true }
        if kind == .gradient, let gradient = self as? GradientLayer { return !gradient.colors.isEmpty }
        return false
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
        if sublayerTransformIsIdentity { return .identity }
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
        link(at: index)
    }

    /// Links the sublayer at `index` between its neighbours (see `firstSublayer`).
    func link(at index: Int) {
        let layer = sublayers[index]
        layer.nextSibling = index + 1 < sublayers.count ? .passUnretained(sublayers[index + 1]) : nil
        if index > 0 { sublayers[index - 1].nextSibling = .passUnretained(layer) } else { firstSublayer = .passUnretained(layer) }
    }

    /// Appends `layers` to a layer that has no superlayer and no sublayers yet, where neither a
    /// cycle nor a misplaced index can occur (the initializers' path); depth is bounded by the
    /// evaluator instead.
    func adoptFresh(_ layers: [Layer]) {
        for layer in layers {
            layer.removeFromSuperlayer()
            sublayers.append(layer)
            layer.superlayer = self
            link(at: sublayers.count - 1)
        }
    }

    /// Detaches the layer from its superlayer, if any.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let i = parent.sublayers.firstIndex(where: { $0 === self }) {
            parent.sublayers.remove(at: i)
            let next: Unmanaged<Layer>? = i < parent.sublayers.count ? .passUnretained(parent.sublayers[i]) : nil
            if i > 0 { parent.sublayers[i - 1].nextSibling = next } else { parent.firstSublayer = next }
        }
        nextSibling = nil
        superlayer = nil
    }

    /// Replaces all sublayers (each checked as by `addSublayer`).
    public func setSublayers(_ layers: [Layer]) throws {
        for l in sublayers { l.superlayer = nil; l.nextSibling = nil }
        sublayers.removeAll()
        firstSublayer = nil
        for l in layers { try addSublayer(l) }
    }
}
