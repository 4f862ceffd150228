import FolioGeometry
import FolioLayers

/// The layers that draw the details (``PageDetail``) of a curled leaf's two pages on its
/// `SurfaceLayer`: one detail layer per detail and side, in the surface's own coordinates
/// (`SurfaceLayer.setDetails(front:back:)`), which the evaluator cuts per patch of the mesh.
///
/// The surface's front shows its front page's part `frontShown` stretched over its bounds,
/// upright, as a flat face does (``PageDetailLayers``); a front detail's rectangle maps onto the
/// bounds the same way. The back shows the back page's part `backShown` mirrored across the
/// spine (`SurfaceLayer.mirrorsHorizontally`: across a vertical line, or a horizontal one for a
/// top-bound leaf), so a back detail's rectangle is mirrored onto the bounds too, and its image
/// runs backwards along that axis (a negative extent of its `contentsRect`): seen from the back,
/// each texel lands where the surface's own back image has the same point of the page.
///
/// Layers are kept and reused: showing other details of the same count changes only their
/// properties, and showing the same ones again changes nothing.
public final class SurfaceDetailLayers {
    /// The layers made so far; the first ones are in use.
    private var frontLayers: [Layer] = [], backLayers: [Layer] = []

    /// An empty set of layers.
    public init() {}

    /// Shows `front` over `surface`'s front, which shows the part `frontShown` of its page (unit
    /// coordinates of the upright page image, as ``PageFace/contentsRect``; nil: no page, no
    /// details), and `back` over its back, which shows `backShown` of its page, mirrored. A
    /// detail is left out when its rectangle or contents rectangle is not finite or empty, or
    /// it lies outside the part shown. The layers are named `<surface>.detail`.
    ///
    /// - Throws: the error of `SurfaceLayer.setDetails(front:back:)` (the surface cannot take
    ///   the sublayers: it lies at the deepest level a tree may have). Its details then stay
    ///   as they were.
    public func show(front: [PageDetail], showing frontShown: Rect?, back: [PageDetail], showing backShown: Rect?,
                     on surface: SurfaceLayer) throws {
        let name = surface.name + ".detail"
        let bounds = surface.bounds
        let mirror = surface.mirrorsHorizontally
        let frontCount = Self.place(front, shown: frontShown, bounds: bounds, mirror: nil, name: name, into: &frontLayers)
        let backCount = Self.place(back, shown: backShown, bounds: bounds, mirror: mirror, name: name, into: &backLayers)
        try surface.setDetails(front: Array(frontLayers[0..<frontCount]), back: Array(backLayers[0..<backCount]))
    }

    /// Sets up the first layers of `layers` (made as needed) for `details` on a side showing
    /// `shown` over `bounds`, mirrored across a vertical line (`mirror` true), a horizontal
    /// one (false) or not at all (nil); returns how many are in use.
    private static func place(_ details: [PageDetail], shown: Rect?, bounds: Rect, mirror: Bool?, name: String,
                              into layers: inout [Layer]) -> Int {
        guard let shown, shown.width > 0, shown.height > 0, bounds.width > 0, bounds.height > 0 else { return 0 }
        let sx = bounds.width / shown.width, sy = bounds.height / shown.height
        var count = 0
        for detail in details {
            let d = detail.rect, c = detail.contentsRect
            guard isUsable(d), isUsable(c) else { continue }
            // The part of the detail on the side shown, in page units.
            let x0 = max(d.minX, shown.minX), x1 = min(d.maxX, shown.maxX)
            let y0 = max(d.minY, shown.minY), y1 = min(d.maxY, shown.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            if count == layers.count { layers.append(Layer(name: name)) }
            let layer = layers[count]
            count += 1
            if layer.name != name { layer.name = name }
            layer.contents = detail.handle
            // The image's unit coordinates of a page point in the detail.
            func imageX(_ u: Double) -> Double { c.minX + (u - d.minX) / d.width * c.width }
            func imageY(_ v: Double) -> Double { c.minY + (v - d.minY) / d.height * c.height }
            let flipX = mirror == true, flipY = mirror == false
            // The surface's local extent of the part: upright, or mirrored across the shown
            // part's middle (the back's page point u lies at shown.maxX − (u − shown.minX)).
            let lx0 = flipX ? bounds.minX + (shown.maxX - x1) * sx : bounds.minX + (x0 - shown.minX) * sx
            let lx1 = flipX ? bounds.minX + (shown.maxX - x0) * sx : bounds.minX + (x1 - shown.minX) * sx
            let ly0 = flipY ? bounds.minY + (shown.maxY - y1) * sy : bounds.minY + (y0 - shown.minY) * sy
            let ly1 = flipY ? bounds.minY + (shown.maxY - y0) * sy : bounds.minY + (y1 - shown.minY) * sy
            // The image part, running backwards along a mirrored axis.
            layer.contentsRect = Rect(x: flipX ? imageX(x1) : imageX(x0), y: flipY ? imageY(y1) : imageY(y0),
                                      width: flipX ? imageX(x0) - imageX(x1) : imageX(x1) - imageX(x0),
                                      height: flipY ? imageY(y0) - imageY(y1) : imageY(y1) - imageY(y0))
            layer.bounds = Rect(x: lx0, y: ly0, width: lx1 - lx0, height: ly1 - ly0)
        }
        return count
    }

    /// Whether `r` is finite and not empty.
    private static func isUsable(_ r: Rect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite && r.width > 0 && r.height > 0
    }
}
