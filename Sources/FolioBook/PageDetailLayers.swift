import FolioGeometry
import FolioLayers

/// The layers that draw a page's details (``PageDetail``) over one flat face layer: one
/// sublayer per detail, cut to the part of the page the face shows, under the face's shadow.
///
/// A face layer shows part of its page's image (its `contentsRect`) stretched over its bounds,
/// upright (``LeafFrame/placeFace(_:canonicalSize:pivot:at:)``); a detail's unit rectangle of
/// the page maps onto those bounds the same way, so a sublayer there lies exactly over the
/// texels it refines, and moves with the face however the face is posed. The book keeps one
/// for each page lying flat; a leaf effect whose faces are flat layers (the flip) keeps one
/// per face (``TurningLeaf/showDetails(front:back:)``).
///
/// Layers are kept and reused: showing other details of the same count changes only their
/// properties, and showing the same ones again changes nothing.
public final class PageDetailLayers {
    /// The sublayers made so far; the first `shown` are in use.
    private var layers: [Layer] = []

    /// An empty set of layers.
    public init() {}

    /// Shows `details` over `face`, which shows the part `shown` of its page (unit
    /// coordinates of the upright page image, as ``PageFace/contentsRect``; nil: no page, so
    /// no details), as its sublayers before `shadow` (the face's shadow layer, kept last;
    /// nil when it has none). Each sublayer is named after the face (`<name>.detail`). A
    /// detail whose rectangle is not finite, is empty or lies outside `shown` is left out.
    public func show(_ details: [PageDetail], on face: Layer, showing shown: Rect?, below shadow: Layer?) {
        var count = 0
        if let shown, shown.width > 0, shown.height > 0 {
            let bounds = face.bounds
            // The face's bounds are the upright extent `shown` stretches over.
            let sx = bounds.width / shown.width, sy = bounds.height / shown.height
            for detail in details {
                let d = detail.rect
                guard d.origin.x.isFinite, d.origin.y.isFinite, d.size.width.isFinite, d.size.height.isFinite,
                      d.width > 0, d.height > 0 else { continue }
                // The part of the detail on the face.
                let x0 = max(d.minX, shown.minX), x1 = min(d.maxX, shown.maxX)
                let y0 = max(d.minY, shown.minY), y1 = min(d.maxY, shown.maxY)
                guard x1 > x0, y1 > y0 else { continue }
                if count == layers.count { layers.append(Layer(name: "detail")) }
                let layer = layers[count]
                count += 1
                layer.name = face.name + ".detail"
                layer.contents = detail.handle
                // The cut part of the part of the detail's image that covers its rectangle.
                let c = detail.contentsRect
                layer.contentsRect = Rect(x: c.minX + (x0 - d.minX) / d.width * c.width, y: c.minY + (y0 - d.minY) / d.height * c.height,
                                          width: (x1 - x0) / d.width * c.width, height: (y1 - y0) / d.height * c.height)
                layer.anchorPoint = .zero
                layer.bounds = Rect(x: 0, y: 0, width: (x1 - x0) * sx, height: (y1 - y0) * sy)
                layer.position = Point(x: bounds.minX + (x0 - shown.minX) * sx, y: bounds.minY + (y0 - shown.minY) * sy)
            }
        }
        let current = face.sublayers
        let tail = shadow.map { [$0] } ?? []
        let unchanged = current.count == count + tail.count && (shadow == nil || current.last === shadow)
            && (0..<count).allSatisfy { current[$0] === layers[$0] }
        guard !unchanged else { return }
        // The face's own detail layers and its shadow: a shallow tree with no cycle, cannot throw.
        try! face.setSublayers(Array(layers[0..<count]) + tail)
    }
}
