import FolioGeometry

/// One corner of an evaluated quad.
public struct QuadVertex: Sendable {
    /// Homogeneous position in view points (send as clip-space after a viewport matrix);
    /// the screen point is `(x/w, y/w)`.
    public var clip: Vector4
    /// Pre-projection z of the corner in the 3D rendering context that depth-sorted it, in points.
    public var depth: Double
    /// The corner in the layer's own coordinates (within `bounds`), in points.
    public var local: Point

    /// The projected screen point, in view points: `(clip.x / clip.w, clip.y / clip.w)`.
    ///
    /// Computed when read (the same two divisions the evaluator would store, so bit for bit
    /// what it computed), which keeps a corner at 56 bytes: the evaluator writes every corner
    /// of every frame, and for many layers those stores are much of its cost.
    @inlinable public var point: Point { Point(x: clip.x / clip.w, y: clip.y / clip.w) }

    /// A corner at homogeneous view position `clip` (`w > 0`) with its pre-projection `depth`
    /// and its point `local` in the layer's own coordinates.
    @inlinable
    public init(clip: Vector4, depth: Double, local: Point) {
        self.clip = clip
        self.depth = depth
        self.local = local
    }
}

/// A convex polygon of one layer's bounds, projected to the view, ready to draw.
///
/// Usually the layer's four corners `(minX,minY), (maxX,minY), (maxX,maxY), (minX,maxY)`;
/// fewer or more when clipped at the eye plane or split by the depth sort.
public struct Quad {
    /// The layer this polygon draws.
    public internal(set) var layer: Layer
    /// Where its corners lie in `LayerEvaluator.vertices`.
    public var vertexRange: Range<Int>
    /// Effective opacity: the product of the opacities from the layer up to the root.
    public var opacity: Double
    /// False when hidden, facing away while single-sided, behind the eye, or not finite.
    public var isVisible: Bool
    /// `surfacePatch`, stored in 32 bits beside `isVisible`, in what would otherwise be padding
    /// before `localToView` (a quad is 136 bytes, not 144).
    @usableFromInline var patch: Int32 = -1
    /// The exact map from the layer's own `(x, y)` (points) to homogeneous view coordinates;
    /// lets a renderer place any point of the layer's plane (e.g. an antialiasing margin).
    public var localToView: Homography
    /// For a `SurfaceLayer`, the index of the patch in its `mesh.patches` that this polygon
    /// draws (its `localToView` maps the layer's point onto that patch's plane); −1 for the
    /// polygon of a flat layer. Stored in 32 bits: a value outside `Int32`'s range is clamped.
    @inlinable public var surfacePatch: Int {
        get { Int(patch) }
        set { patch = Int32(clamping: newValue) }
    }

    /// Whether the polygon paints anything of its own: its layer has `contents`, a
    /// `backgroundColor`, or (a gradient layer) colours. Containers — a transition's root, a
    /// transform layer's children's parents — do not, and a renderer can skip them.
    @inlinable public var drawsContent: Bool { layer.drawsContent }
}
