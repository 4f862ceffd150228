import FolioGeometry
import Synchronization

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
        /// A surface layer (`SurfaceLayer`): its contents deformed out of its plane by a mesh
        /// of planar patches that join the enclosing 3D rendering context.
        case surface
    }

    /// The deepest tree `addSublayer` accepts (root = depth 1).
    public static let maximumDepth = 64

    // The stored properties are `final` (direct access from other modules, no vtable call) and
    // `@exclusivity(unchecked)`: the evaluator reads a dozen of them per layer per frame, and the
    // runtime's dynamic access tracking cost more than the rest of the tree walk. They are plain
    // values with no accessors that could overlap, so the static checks are enough.
    //
    // They are declared in the order the evaluator reads them, so that a layer's geometry, flags
    // and links come first in the object (then the local transform the setters keep, the
    // transform, the sublayer transforms, then what only renderers and tools read): a frame of
    // 10,000 tiles touches each layer once, mostly in memory that is not in any cache.
    //
    // What a presentation (Layer+Presentation.swift) touches on every animated layer besides
    // the animated property — the animation counts and storage link its walk reads, the change
    // counter and parent link every setter writes — lies in the lines the evaluator reads
    // anyway: declared at the end of the object they were two more lines a layer, read three
    // times a frame (apply, evaluate, restore), which measured more than the arithmetic of
    // the presentation itself (docs/animation.md, "What it costs").

    // Every property that changes what is drawn reports a change of value to the change
    // tracking (Layer+ChangeTracking.swift): "content" when it changes what the layer's subtree
    // looks like in its own coordinates, "placement" when it only changes where or how that
    // picture is composited into the superlayer.

    // What presenting a number writes — `position` or `opacity`, the layer's `version` and
    // the kept transform's flag, through `parentLink` the root's counters — and the list's
    // `isPresented` come first, together: 42 bytes from byte 16, so one line of the layer
    // in half the layers (the object starts at any 16-byte boundary) and two in the rest,
    // where they lay over bytes 48–176 (three lines) before. The presentation writes them
    // twice a frame (apply, restore) for every animated layer (docs/animation.md, "One
    // list"); the evaluator reads the first three lines of every layer either way.

    /// Where the anchor point sits in the superlayer's coordinates, in points.
    @exclusivity(unchecked) public final var position: Point = .zero {
        didSet {
            localTransformIsStale = true
            if position != oldValue { placementDidChange() }
        }
    }
    /// Opacity 0…1 (clamped when evaluated; NaN counts as 0); multiplies into every quad of the subtree.
    ///
    /// With `allowsGroupOpacity` (the default) a flattening layer's opacity applies to its
    /// subtree composited as one picture (see `opacityCompositing(using:tolerance:)`).
    @exclusivity(unchecked) public final var opacity: Double = 1 {
        didSet { if opacity != oldValue { placementDidChange() } }
    }
    /// Counts changes of this layer's own drawing properties and of its sublayer list; starts at 0.
    @exclusivity(unchecked) public internal(set) final var version: UInt64 = 0
    /// `superlayer` as an unmanaged reference, for the change tracking's walk up the tree on
    /// every write: loading `superlayer` itself retains and releases each ancestor, which
    /// cost more than the rest of a write.
    @exclusivity(unchecked) final var parentLink: Unmanaged<Layer>?
    /// Whether an input of `localTransform` was written since the kept matrix was last
    /// computed (see `localTransform`).
    @exclusivity(unchecked) final var localTransformIsStale = false
    /// Whether a presentation has its values in this layer now (Layer+Presentation.swift):
    /// set by whichever presents it — a kept `PresentationList` or the layer's own storage —
    /// and cleared when its model values are back, so that a nested presentation presents
    /// nothing more. Kept with the fields a presentation writes (above), so that the list
    /// reads it without touching the storage.
    @exclusivity(unchecked) final var isPresented = false

    /// The layer's own coordinate space and content rectangle, in points.
    @exclusivity(unchecked) public final var bounds: Rect = .zero {
        didSet {
            anchorInputsDidChange()
            if bounds != oldValue { contentDidChange() }
        }
    }
    /// The pivot in unit coordinates of `bounds` (0.5, 0.5 = centre).
    @exclusivity(unchecked) public final var anchorPoint = Point(x: 0.5, y: 0.5) {
        didSet {
            anchorInputsDidChange()
            if anchorPoint != oldValue { anchorDidChange() }
        }
    }
    /// The pivot's z, in points.
    @exclusivity(unchecked) public final var anchorPointZ: Double = 0 {
        didSet {
            anchorInputsDidChange()
            if anchorPointZ != oldValue { anchorDidChange() }
        }
    }
    /// Offset along z in the superlayer, in points (toward the viewer when positive).
    @exclusivity(unchecked) public final var zPosition: Double = 0 {
        didSet {
            localTransformIsStale = true
            if zPosition != oldValue { placementDidChange() }
        }
    }
    /// Hidden layers and their subtrees draw nothing (their quads are reported not visible).
    @exclusivity(unchecked) public final var isHidden = false {
        didSet { if isHidden != oldValue { placementDidChange() } }
    }
    /// When false the layer is hidden whenever its back faces the viewer.
    @exclusivity(unchecked) public final var isDoubleSided = true {
        didSet { if isDoubleSided != oldValue { placementDidChange() } }
    }
    /// Clips the sublayers to `bounds` (flattening layers only); with a `cornerRadius`, to the
    /// rounded rectangle, contents included. A masking layer with zero width or height shows
    /// nothing of its sublayers (`masksAllSublayers`).
    @exclusivity(unchecked) public final var masksToBounds = false {
        didSet { if masksToBounds != oldValue { contentDidChange() } }
    }
    /// The first sublayer and the next sibling, unretained: the evaluator walks the tree through
    /// them without touching reference counts (reading `sublayers` retains the array and each
    /// element). `sublayers` owns the layers; every change to it relinks these.
    @exclusivity(unchecked) final var firstSublayer: Unmanaged<Layer>?
    @exclusivity(unchecked) final var nextSibling: Unmanaged<Layer>?
    /// Kept with the matrices so that the evaluator's common case costs one test, not sixteen.
    @exclusivity(unchecked) final var transformIsIdentity = true
    @exclusivity(unchecked) final var sublayerTransformIsIdentity = true
    /// Whether an input of `pivotedSublayerTransform` was written since the kept matrix was
    /// last computed (see `localTransform`).
    @exclusivity(unchecked) final var pivotedSublayerTransformIsStale = false
    /// The compositing kind; fixed by the class.
    public let kind: Kind
    /// How many layers of this subtree, itself included, carry animations: the presentation
    /// walk enters only subtrees where it is not 0. Kept by `add(_:forKey:)`, the removals and
    /// every change of a sublayer list.
    @exclusivity(unchecked) final var animatedLayerCount = 0
    /// `animationStorage` unretained, for the presentation's walk: loading the strong reference
    /// retained and released it for every animated layer in every frame (`animationStorage`
    /// keeps it alive; see Unmanaged+LayerWalk.swift for why lending it is sound).
    @exclusivity(unchecked) final var animationStorageLink: Unmanaged<LayerAnimationStorage>?

    // MARK: Change tracking (Layer+ChangeTracking.swift)

    /// Counts changes of what this layer's subtree looks like in the layer's own coordinates:
    /// its content properties, its sublayer list, and anything drawn below it; starts at 0.
    @exclusivity(unchecked) public internal(set) final var contentVersion: UInt64 = 0

    /// `localTransform` as last computed; out of date while `localTransformIsStale` (every
    /// setter of an input — `transform`, `bounds`, `anchorPoint`, `anchorPointZ`, `position`,
    /// `zPosition` — sets that flag), and then recomputed by the formula's operations on the
    /// first read, so its bits are what evaluating the formula on each read would give.
    @exclusivity(unchecked) final var localTransformStorage: Transform3D = .identity
    /// The storage of `transform`; written only by its setter, which keeps the caches.
    @exclusivity(unchecked) final var transformStorage: Transform3D = .identity
    /// The layer's transform about its anchor point.
    ///
    /// Setting it stores the new value (bit for bit, even when it compares equal to the old
    /// one) and updates `localTransform`; only a change of value counts as a placement change.
    public final var transform: Transform3D {
        get { transformStorage }
        set {
            // Compared before storing, so no copy of the old matrix is kept (a `didSet` with
            // `oldValue` copies all sixteen entries on every write).
            let changed = !Self.same(newValue, transformStorage)
            // The same bits again (a transition re-setting a pose that did not move): nothing
            // to store, recompute or record.
            if !changed && Self.sameBits(newValue, transformStorage) { return }
            transformStorage = newValue
            transformIsIdentity = newValue.isIdentity
            localTransformIsStale = true
            if changed { placementDidChange() }
        }
    }
    /// The storage of `sublayerTransform`; written only by its setter.
    @exclusivity(unchecked) final var sublayerTransformStorage: Transform3D = .identity
    /// `pivotedSublayerTransform` as last computed, kept like `localTransformStorage`.
    @exclusivity(unchecked) final var pivotedSublayerTransformStorage: Transform3D = .identity
    /// A transform applied to the sublayers, pivoting on this layer's anchor point.
    ///
    /// Setting it stores the new value and updates `pivotedSublayerTransform`; only a change
    /// of value counts as a content change.
    public final var sublayerTransform: Transform3D {
        get { sublayerTransformStorage }
        set {
            let changed = !Self.same(newValue, sublayerTransformStorage)
            if !changed && Self.sameBits(newValue, sublayerTransformStorage) { return }
            sublayerTransformStorage = newValue
            sublayerTransformIsIdentity = newValue.isIdentity
            pivotedSublayerTransformIsStale = true
            if changed { contentDidChange() }
        }
    }
    /// A name for diagnostics and for the quads it produces.
    @exclusivity(unchecked) public final var name: String
    /// The image drawn over `bounds`, or nil.
    @exclusivity(unchecked) public final var contents: ContentHandle? {
        didSet { if contents != oldValue { contentDidChange() } }
    }
    /// The part of `contents` shown, in unit coordinates of the image (default all of it).
    @exclusivity(unchecked) public final var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if contentsRect != oldValue { contentDidChange() } }
    }
    /// A fill colour under the contents, or nil for none.
    @exclusivity(unchecked) public final var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { contentDidChange() } }
    }

    // MARK: Compositing (Core Animation's group opacity, rasterization, corners and border)
    //
    // Added together with the change tracking below; the semantics are in
    // Layer+Compositing.swift. None of these is read by the evaluator's hot path yet.

    /// Whether an opacity below 1 applies to the layer and its sublayers composited as one
    /// picture (`CALayer.allowsGroupOpacity`; default true, as on iOS). When false, the opacity
    /// multiplies into each sublayer, which then blend one by one. Transform layers never group.
    @exclusivity(unchecked) public final var allowsGroupOpacity = true {
        didSet { if allowsGroupOpacity != oldValue { contentDidChange() } }
    }
    /// Whether the layer and its subtree are drawn once into a cached picture that is reused
    /// while nothing in the subtree changes (`CALayer.shouldRasterize`; default false).
    @exclusivity(unchecked) public final var shouldRasterize = false {
        didSet { if shouldRasterize != oldValue { placementDidChange() } }
    }
    /// Pixels per point of the rasterized picture, in the layer's own coordinates
    /// (`CALayer.rasterizationScale`; default 1, whatever the display's scale).
    @exclusivity(unchecked) public final var rasterizationScale: Double = 1 {
        didSet { if rasterizationScale != oldValue { contentDidChange() } }
    }
    /// The radius of the rounded corners of the background and border, in points (default 0).
    /// Negative or NaN values draw as 0, and a radius above half the shorter side as that half.
    @exclusivity(unchecked) public final var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { contentDidChange() } }
    }
    /// The width of the border drawn inside `bounds`, over the contents and sublayers, in
    /// points (default 0: none). Negative or NaN values draw as 0.
    @exclusivity(unchecked) public final var borderWidth: Double = 0 {
        didSet { if borderWidth != oldValue { contentDidChange() } }
    }
    /// The border's colour (default opaque black, as `CALayer.borderColor`).
    @exclusivity(unchecked) public final var borderColor: Color = .black {
        didSet { if borderColor != oldValue { contentDidChange() } }
    }

    /// A number no other layer of this process has or will have (a cache key that survives
    /// the layer's memory being reused, unlike its `ObjectIdentifier`).
    public final let serialNumber: UInt64 = Layer.serialNumbers.wrappingAdd(1, ordering: .relaxed).newValue
    /// The last serial number handed out.
    static let serialNumbers = Atomic<UInt64>(0)

    /// The sublayers, back to front in tree order.
    @exclusivity(unchecked) public private(set) final var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    ///
    /// Not `weak`: a weak reference gives the parent a side table, which sends every retain and
    /// release of it down the runtime's slow path. The parent clears this in `deinit` and
    /// `removeFromSuperlayer` does on detaching, so it never dangles.
    public private(set) final unowned(unsafe) var superlayer: Layer? {
        didSet { parentLink = superlayer.map(Unmanaged.passUnretained) }
    }

    // MARK: Animations (Layer+Animations.swift, Layer+Presentation.swift)
    //
    // A tree without animations pays one load of the root's `animatedLayerCount` per
    // presentation and nothing per layer (the count and the unretained storage link the walk
    // reads are declared with the flags above).

    /// The layer's animations in the order added, or nil while it has never had one.
    @exclusivity(unchecked) final var animationStorage: LayerAnimationStorage? {
        didSet { animationStorageLink = animationStorage.map(Unmanaged.passUnretained) }
    }
    /// The animated layers below this one as a list, when this layer is the root of
    /// presentations of many of them (`PresentationList`); nil until then.
    @exclusivity(unchecked) final var presentationList: PresentationList?
    /// The layer's own media timing when it is not the identity (Layer+Timing.swift).
    @exclusivity(unchecked) final var timingBox: LayerTimingBox?

    /// Creates a flattening layer.
    public convenience init(name: String = "") { self.init(name: name, kind: .layer) }

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
        // The caches start as their formulas give for the default geometry.
        updateLocalTransform()
        updatePivotedSublayerTransform()
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
    ///
    /// Kept between reads (the evaluator reads it for every layer of every frame, most of
    /// which did not move) and recomputed on the first read after an input was written: a
    /// layer written twice before a frame (a hinge's position, then its transform) computes
    /// it once, and one written but never evaluated not at all.
    ///
    /// A read may therefore write the layer's cache. `Layer` is not `Sendable`: like any of
    /// its properties, read and write it from one thread at a time.
    public final var localTransform: Transform3D {
        // Inlined, so that the evaluator multiplies straight from the storage; the
        // recomputation is out of line.
        @inline(__always) get {
            if localTransformIsStale { refreshLocalTransform() }
            return localTransformStorage
        }
    }

    /// The sublayer transform pivoting on the anchor: `T(−anchor) · sublayerTransform · T(anchor)`.
    ///
    /// Kept and recomputed on the first read after an input changed, like `localTransform`.
    public final var pivotedSublayerTransform: Transform3D {
        @inline(__always) get {
            if pivotedSublayerTransformIsStale { refreshPivotedSublayerTransform() }
            return pivotedSublayerTransformStorage
        }
    }

    /// Brings `localTransformStorage` up to date (the slow path of `localTransform`).
    @inline(never)
    final func refreshLocalTransform() {
        updateLocalTransform()
        localTransformIsStale = false
    }

    /// Brings `pivotedSublayerTransformStorage` up to date.
    @inline(never)
    final func refreshPivotedSublayerTransform() {
        updatePivotedSublayerTransform()
        pivotedSublayerTransformIsStale = false
    }

    /// Recomputes `localTransformStorage` from its inputs.
    ///
    /// Due after every write of an input, also one that stores an equal value: an equal value
    /// may differ in bits (−0 for 0), and the cache holds what the formula gives for the
    /// stored bits. The formula reads only the inputs' current values, so computing it once
    /// after several writes gives the bits that computing it after each write would end with.
    @inline(__always)
    final func updateLocalTransform() {
        let a = anchor
        localTransformStorage = transformStorage.translated(x: -a.x, y: -a.y, z: -a.z)
            .appendingTranslation(x: position.x, y: position.y, z: zPosition)
    }

    /// Recomputes `pivotedSublayerTransformStorage` from its inputs (see `updateLocalTransform()`).
    final func updatePivotedSublayerTransform() {
        if sublayerTransformIsIdentity {
            pivotedSublayerTransformStorage = .identity
            return
        }
        let a = anchor
        pivotedSublayerTransformStorage = sublayerTransformStorage.translated(x: -a.x, y: -a.y, z: -a.z)
            .appendingTranslation(x: a.x, y: a.y, z: a.z)
    }

    /// The anchor moved (`bounds`, `anchorPoint` or `anchorPointZ` was written): both
    /// matrices that pivot on it are due for recomputing.
    @inline(__always)
    final func anchorInputsDidChange() {
        localTransformIsStale = true
        pivotedSublayerTransformIsStale = true
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
        if layer.animatedLayerCount != 0 { adjustAnimatedLayerCount(by: layer.animatedLayerCount) }
        sublayersDidChange()
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
            if layer.animatedLayerCount != 0 { adjustAnimatedLayerCount(by: layer.animatedLayerCount) }
        }
        if !layers.isEmpty { sublayersDidChange() }
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
        if animatedLayerCount != 0 { parent.adjustAnimatedLayerCount(by: -animatedLayerCount) }
        parent.sublayersDidChange()
    }

    /// Replaces all sublayers (each checked as by `addSublayer`).
    public func setSublayers(_ layers: [Layer]) throws {
        for l in sublayers {
            l.superlayer = nil; l.nextSibling = nil
            if l.animatedLayerCount != 0 { adjustAnimatedLayerCount(by: -l.animatedLayerCount) }
        }
        sublayers.removeAll()
        firstSublayer = nil
        sublayersDidChange()
        for l in layers { try addSublayer(l) }
    }
}
