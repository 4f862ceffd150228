import FolioGeometry
import FolioLayers

/// The layers that draw a page's details (``PageDetail``) over one flat face layer: one
/// sublayer per detail, cut to the part of the page the face shows, under the face's shadow.
///
/// A face layer shows part of its page's image (its `contentsRect`) stretched over its bounds,
/// upright (``LeafFrame/placeFace(_:canonicalSize:pivot:at:)``); a detail's unit rectangle of
/// the page maps onto those bounds the same way, so a sublayer there lies exactly over the
/// texels it refines, and moves with the face however the face is posed. The book keeps one
/// for each page lying flat; a leaf effect whose faces are flat layers keeps one per face
/// (``TurningLeaf/showDetails(front:back:)``: the flip's two faces, the fold's four panels).
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
    /// no details), as its sublayers before `shadow`, kept last (nil when the face has none).
    /// `face` must have no other sublayers than earlier details from this object and
    /// `shadow`; its other sublayers are removed. Each detail's sublayer is named after the
    /// face (`<name>.detail`). A detail is left out when its rectangle or its contents
    /// rectangle is not finite or empty, or its rectangle lies outside `shown`.
    ///
    /// - Throws: the `LayerError` of `Layer.setSublayers(_:)` when `face` cannot take its
    ///   sublayers: it lies at the deepest level a tree may have, or `shadow` is one of its
    ///   superlayers. The face's sublayers then stay as they were.
    public func show(_ details: [PageDetail], on face: Layer, showing shown: Rect?, below shadow: Layer?) throws {
        var count = 0
        if let shown, shown.width > 0, shown.height > 0 {
            let bounds = face.bounds
            // The face's bounds are the upright extent `shown` stretches over.
            let sx = bounds.width / shown.width, sy = bounds.height / shown.height
            let name = face.name + ".detail"
            for detail in details {
                let d = detail.rect, c = detail.contentsRect
                guard Self.isUsable(d), Self.isUsable(c) else { continue }
                // The part of the detail on the face.
                let x0 = max(d.minX, shown.minX), x1 = min(d.maxX, shown.maxX)
                let y0 = max(d.minY, shown.minY), y1 = min(d.maxY, shown.maxY)
                guard x1 > x0, y1 > y0 else { continue }
                if count == layers.count { layers.append(Layer(name: name)) }
                let layer = layers[count]
                count += 1
                if layer.name != name { layer.name = name }
                layer.contents = detail.handle
                // The cut part of the part of the detail's image that covers its rectangle.
                layer.contentsRect = Rect(x: c.minX + (x0 - d.minX) / d.width * c.width, y: c.minY + (y0 - d.minY) / d.height * c.height,
                                          width: (x1 - x0) / d.width * c.width, height: (y1 - y0) / d.height * c.height)
                layer.anchorPoint = .zero
                layer.bounds = Rect(x: 0, y: 0, width: (x1 - x0) * sx, height: (y1 - y0) * sy)
                layer.position = Point(x: bounds.minX + (x0 - shown.minX) * sx, y: bounds.minY + (y0 - shown.minY) * sy)
            }
        }
        // Already in place (the usual case when only the details' properties changed): no
        // sublayer list is rebuilt.
        let current = face.sublayers
        var inPlace = current.count == count + (shadow == nil ? 0 : 1) && (shadow == nil || current.last === shadow)
        var i = 0
        while inPlace && i < count { inPlace = current[i] === layers[i]; i += 1 }
        if inPlace { return }
        var sublayers = Array(layers[0..<count])
        if let shadow { sublayers.append(shadow) }
        try face.setSublayers(sublayers)
    }

    /// Whether `r` is finite and not empty.
    private static func isUsable(_ r: Rect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite && r.width > 0 && r.height > 0
    }
}
