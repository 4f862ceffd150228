import FolioGeometry
import FolioLayers
import FolioTransitions

/// The canonical geometry a leaf effect builds in, and the helpers that keep page images
/// upright whatever the reading direction.
///
/// Canonical coordinates (points): the book's view read left to right, spine vertical at
/// `x = spine`, the unread side on the right (`spine…width`, the *trailing* part) and the read
/// side on the left (`0…spine`, the *leading* part), +z toward the viewer. A leaf at progress 0
/// rests on the trailing part; at 1 it lies on the leading part. The book maps this frame onto
/// the view with its ``ReadingDirection``.
public final class LeafFrame {
    /// The canonical frame's size, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The integer-pixel split at the spine: `leading` is the spine's x, `trailing` the length
    /// of a leaf's front.
    public let split: PixelSplit
    /// The perspective of the book's 3D context (`m34`).
    public let m34: Double
    /// Where the perspective pivots along the spine, in spine lengths.
    public let viewpoint: Double
    /// The reading direction that maps this frame onto the view.
    public let direction: ReadingDirection
    /// Whether pages under a turning leaf are shadowed (not under reverse perspective).
    public let castsShadows: Bool
    /// The colour of a face whose page image has not loaded.
    public let paperColor: Color
    /// A hard cover's thickness, in points.
    public let coverThickness: Double
    /// A forward flip of the canonical frame with the book's perspective: the home of the
    /// flip's pointer mapping (`FlipTransition.progress(forPointerOffset:radius:)`), shared
    /// by every flipping leaf. Its own layers are never drawn.
    public let flipRuler: FlipTransition

    init(configuration c: BookConfiguration) throws(BookError) {
        let canonical = c.direction.canonicalSize(ofView: c.viewSize)
        do {
            flipRuler = try FlipTransition(size: canonical, scale: c.scale, style: c.reversePerspective ? .reverse : [],
                                           m34: c.m34, viewpoint: c.viewpoint)
        } catch {
            throw .geometry(error)
        }
        size = canonical
        scale = c.scale
        split = flipRuler.split
        m34 = flipRuler.m34
        viewpoint = c.viewpoint
        direction = c.direction
        castsShadows = !c.reversePerspective
        paperColor = c.paperColor
        // Only a hard cover shows its thickness: without one it is never drawn, and a small
        // view must not be refused for it.
        guard !c.hardCover || (c.coverThickness >= 0 && c.coverThickness < max(split.trailing, split.leading)) else {
            throw .invalidCoverThickness(c.coverThickness)
        }
        coverThickness = c.coverThickness
    }

    /// The spine's x in canonical coordinates (the leading part's length).
    public var spine: Double { split.leading }
    /// The extent along the spine (the canonical height), in points.
    public var height: Double { size.height }

    /// Sets up `layer` as a page face whose canonical extent is `canonicalSize`, pivoting on
    /// the unit point `pivot` of that extent (canonical unit coordinates), placed at `position`
    /// in its superlayer's canonical coordinates. Its bounds are the upright page extent (so
    /// its contents read upright); give its transform with ``orient(_:)``.
    public func placeFace(_ layer: Layer, canonicalSize: Size, pivot: Point, at position: Point) {
        let upright = direction == .topToBottom ? Size(width: canonicalSize.height, height: canonicalSize.width) : canonicalSize
        layer.bounds = Rect(x: 0, y: 0, width: upright.width, height: upright.height)
        layer.anchorPoint = direction.unitPoint(pivot)
        layer.position = position
    }

    /// The transform for a face whose canonical pose is `pose`: the direction's ``ReadingDirection/orientation``
    /// first (it turns the upright page into canonical axes), then the pose. The identity
    /// orientation is skipped, so left-to-right poses are exactly `pose`.
    @inline(__always)
    public func orient(_ pose: Transform3D) -> Transform3D {
        direction == .leftToRight ? pose : direction.orientation.concatenating(pose)
    }

    /// Shows `face` on `layer` (contents, contents rectangle, name and the paper colour
    /// underneath); returns false, leaving the layer's content empty, when there is no page.
    @discardableResult
    public func show(_ face: PageFace?, on layer: Layer) -> Bool {
        guard let face else {
            layer.contents = nil
            layer.backgroundColor = nil
            return false
        }
        if layer.name != face.name {
            layer.name = face.name
            // Its shadow and its page details (``PageDetailLayers``) carry the face's name.
            for s in layer.sublayers {
                if s.name.hasSuffix(".shadow") { s.name = face.name + ".shadow" } else if s.name.hasSuffix(".detail") { s.name = face.name + ".detail" }
            }
        }
        layer.contents = face.handle
        layer.contentsRect = face.contentsRect
        layer.backgroundColor = paperColor
        return true
    }

    /// A shadow layer covering `face` (added as its sublayer): solid black, or when `axis` is
    /// given a gradient along it (canonical unit points of the face) through `colors` at `locations`.
    public func makeShadow(on face: Layer, axis: (start: Point, end: Point)? = nil, colors: [Color] = [.black, .clear],
                           locations: [Double]? = nil) -> Layer {
        let shadow: Layer
        if let axis {
            let g = GradientLayer(name: "\(face.name).shadow")
            g.colors = colors
            g.locations = locations
            g.startPoint = direction.unitPoint(axis.start)
            g.endPoint = direction.unitPoint(axis.end)
            shadow = g
        } else {
            shadow = Layer(name: "\(face.name).shadow")
            shadow.backgroundColor = .black
        }
        shadow.bounds = face.bounds
        shadow.position = Point(x: face.bounds.width / 2, y: face.bounds.height / 2)
        shadow.opacity = 0
        // A fresh layer under a face: no cycle, depth far below the limit.
        try! face.addSublayer(shadow)
        return shadow
    }
}
