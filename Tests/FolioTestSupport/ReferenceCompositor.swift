import FolioGeometry
import FolioLayers

/// Core Animation's compositing at one view point, computed on the CPU from the model's
/// rules (docs/compositing.md), as the oracle for pixel tests: group opacity, per-sublayer
/// opacity of transform layers and of `allowsGroupOpacity == false`, rounded backgrounds,
/// rounded masks, borders over the sublayers, unpremultiplied gradients, masks without area.
///
/// Layers are composited in sublayer order, which is Core Animation's drawing order for
/// coplanar layers: use it for flat scenes (no zPosition, no 3D order to sort). Single-sided
/// layers are culled as `Layer.isCulled(in:)` says. Each layer's point is found with
/// `Layer.convert(_:from:)`. Edges are not antialiased: probe pixels away from them.
public struct ReferenceCompositor {
    /// A premultiplied colour.
    public struct Premultiplied: Equatable, Sendable {
        /// Red × alpha.
        public var r: Double
        /// Green × alpha.
        public var g: Double
        /// Blue × alpha.
        public var b: Double
        /// Alpha.
        public var a: Double

        /// Nothing.
        public static let clear = Premultiplied(r: 0, g: 0, b: 0, a: 0)

        init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }

        /// A straight colour, premultiplied (components clamped to 0…1 as Core Animation does).
        public init(_ c: Color) {
            func unit(_ x: Double) -> Double { x > 0 ? min(x, 1) : 0 }
            let a = unit(c.alpha)
            self.init(r: unit(c.red) * a, g: unit(c.green) * a, b: unit(c.blue) * a, a: a)
        }

        /// This colour scaled by an opacity.
        func scaled(_ f: Double) -> Premultiplied { Premultiplied(r: r * f, g: g * f, b: b * f, a: a * f) }

        /// `self` over `below` (source-over, premultiplied).
        func over(_ below: Premultiplied) -> Premultiplied {
            let k = 1 - a
            return Premultiplied(r: r + below.r * k, g: g + below.g * k, b: b + below.b * k, a: a + below.a * k)
        }
    }

    /// The colour of `contents` at a unit point of its image (after `contentsRect`).
    public var contents: (ContentHandle, Point) -> Color

    /// Creates a compositor; `contents` gives image colours (default: none drawn).
    public init(contents: @escaping (ContentHandle, Point) -> Color = { _, _ in .clear }) {
        self.contents = contents
    }

    /// The colour of the tree under `root` at view point `p` over an opaque `background`,
    /// as 8-bit components rounded to nearest.
    public func pixel(_ root: Layer, at p: Point, over background: Color) -> (r: Int, g: Int, b: Int) {
        let c = draw(root, p, onto: Premultiplied(background.withAlpha(1)), factor: 1)
        func byte(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 255).rounded()) }
        return (byte(c.r), byte(c.g), byte(c.b))
    }

    /// Composites `layer` (at view point `p`) onto `below`, its opacity and `factor` (the
    /// opacity inherited from ancestors that do not group) applied as Core Animation does.
    func draw(_ layer: Layer, _ p: Point, onto below: Premultiplied, factor: Double) -> Premultiplied {
        let o = layer.clampedOpacity
        guard !layer.isHidden, o > 0 else { return below }
        if layer.kind == .transform {
            // Opacity applies to each sublayer on its own.
            return layer.sublayers.reduce(below) { draw($1, p, onto: $0, factor: factor * o) }
        }
        if isCulled(layer) { return below }
        guard let q = layer.convert(p, from: nil) else { return below }
        if (o < 1 && layer.allowsGroupOpacity) || layer.shouldRasterize {
            // One picture of the subtree, blended once.
            return picture(layer, q, p, onto: .clear, factor: 1).scaled(o * factor).over(below)
        }
        return picture(layer, q, p, onto: below, factor: o * factor)
    }

    /// The layer's own drawing (background, contents, gradient), its sublayers, then its
    /// border, at its point `q`, each scaled by `factor`.
    func picture(_ layer: Layer, _ q: Point, _ p: Point, onto below: Premultiplied, factor: Double) -> Premultiplied {
        var c = below
        let b = layer.bounds
        let r = layer.effectiveCornerRadius
        let inBounds = Self.inside(q, b, radius: 0)
        let inRounded = Self.inside(q, b, radius: r)
        // The background is always rounded; contents and gradient only by a mask.
        if inRounded, let background = layer.backgroundColor { c = Premultiplied(background).scaled(factor).over(c) }
        let contentVisible = inBounds && (!layer.masksToBounds || inRounded)
        if contentVisible, let handle = layer.contents {
            let unit = Point(x: (q.x - b.minX) / b.width, y: (q.y - b.minY) / b.height)
            let cr = layer.contentsRect
            let image = Point(x: cr.origin.x + unit.x * cr.size.width, y: cr.origin.y + unit.y * cr.size.height)
            c = Premultiplied(contents(handle, image)).scaled(factor).over(c)
        }
        if contentVisible, let g = layer as? GradientLayer {
            let unit = Point(x: (q.x - b.minX) / b.width, y: (q.y - b.minY) / b.height)
            c = Premultiplied(g.gradient.color(atUnitPoint: unit)).scaled(factor).over(c)
        }
        if !layer.masksAllSublayers && (!layer.masksToBounds || inRounded) {
            for s in layer.sublayers { c = draw(s, p, onto: c, factor: factor) }
        }
        if layer.drawsBorder {
            let w = layer.effectiveBorderWidth
            let inner = Rect(x: b.minX + w, y: b.minY + w, width: b.width - 2 * w, height: b.height - 2 * w)
            if inRounded && !Self.inside(q, inner, radius: max(r - w, 0)) {
                c = Premultiplied(layer.borderColor).scaled(factor).over(c)
            }
        }
        return c
    }

    /// Whether a single-sided flattening layer shows its back in its rendering context.
    func isCulled(_ layer: Layer) -> Bool {
        guard !layer.isDoubleSided, layer.flattens else { return false }
        var context = layer.superlayer
        while let c = context, !c.flattens { context = c.superlayer }
        let m: Transform3D?
        if let context { m = layer.transform(toSublayerSpaceOf: context) } else { m = layer.localTransform }
        return m.map { layer.isCulled(in: $0) } ?? false
    }

    /// Whether `q` lies in `rect` with corners rounded to `radius` (closed; probes avoid edges).
    static func inside(_ q: Point, _ rect: Rect, radius: Double) -> Bool {
        guard !rect.isEmpty, rect.width > 0, rect.height > 0,
              q.x >= rect.minX, q.x <= rect.maxX, q.y >= rect.minY, q.y <= rect.maxY else { return false }
        guard radius > 0 else { return true }
        let cx = min(max(q.x, rect.minX + radius), rect.maxX - radius)
        let cy = min(max(q.y, rect.minY + radius), rect.maxY - radius)
        let dx = q.x - cx, dy = q.y - cy
        return dx * dx + dy * dy <= radius * radius
    }
}
