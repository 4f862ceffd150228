import Foundation
import FolioGeometry
import FolioRender
import FolioSurface

/// A small CPU rasterizer for looking at curls: a spread (facing page left of the spine, the
/// page beneath under the leaf) with the cast shadow, the mesh drawn in its painter's order,
/// lit, with optional wireframe, outline and contour overlays. One sample per pixel centre.
struct CurlPicture {
    let c: CurlFixtures.Case
    let mesh: SurfaceMesh
    var light = PaperLight.standard
    var lit = true
    var shadows = true
    var wireframe = false
    var outlines = true

    /// The id (triangle index) drawn last at each pixel, −1 for none, and the image.
    func render() throws -> (image: Image, drawn: [Int]) {
        let s = c.scale
        let leaf = c.curl.size
        let width = Int(((c.origin.x + leaf.width) * s).rounded(.up)), height = Int(((c.origin.y + leaf.height) * s).rounded(.up))
        var image = Image(width: width, height: height, fill: (32, 40, 48, 255))
        var drawn = [Int](repeating: -1, count: width * height)
        let model = try CastShadow.standard(extent: leaf.width)
        mesh.castShadow(model)

        // The pages at z = 0: facing (left of the leaf), beneath (under it).
        for y in 0..<height {
            for x in 0..<width {
                let p = Point(x: (Double(x) + 0.5) / s, y: (Double(y) + 0.5) / s)
                let local = Point(x: p.x - c.origin.x, y: p.y - c.origin.y)
                let facing = local.x < 0 && local.x >= -leaf.width && local.y >= 0 && local.y <= leaf.height
                let beneath = local.x >= 0 && local.x <= leaf.width && local.y >= 0 && local.y <= leaf.height
                guard facing || beneath else { continue }
                var colour = Self.paper(Point(x: facing ? local.x + leaf.width : local.x, y: local.y), size: leaf,
                                        tint: facing ? (0.93, 0.90, 0.84) : (0.84, 0.90, 0.95))
                if shadows { colour = Self.scaled(colour, 1 - shadowDarkness(at: local)) }
                image.setPixel(x, y, Self.bytes(colour))
            }
        }
        // The leaf, back to front.
        for patch in mesh.paintersOrder {
            let back = mesh.patches[patch].isBackFacing
            for t in mesh.patches[patch].triangles {
                let tri = mesh.triangles[t]
                let v = [mesh.vertices[tri.a], mesh.vertices[tri.b], mesh.vertices[tri.c]]
                let q = v.map { Point(x: $0.point.x * s, y: $0.point.y * s) }
                let area = (q[1].x - q[0].x) * (q[2].y - q[0].y) - (q[2].x - q[0].x) * (q[1].y - q[0].y)
                guard area != 0 else { continue }
                let x0 = max(0, Int(q.map(\.x).min()!.rounded(.down))), x1 = min(width - 1, Int(q.map(\.x).max()!.rounded(.up)))
                let y0 = max(0, Int(q.map(\.y).min()!.rounded(.down))), y1 = min(height - 1, Int(q.map(\.y).max()!.rounded(.up)))
                guard x0 <= x1, y0 <= y1 else { continue }
                for y in y0...y1 {
                    for x in x0...x1 {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let w1 = ((px - q[0].x) * (q[2].y - q[0].y) - (q[2].x - q[0].x) * (py - q[0].y)) / area
                        let w2 = ((q[1].x - q[0].x) * (py - q[0].y) - (px - q[0].x) * (q[1].y - q[0].y)) / area
                        let w0 = 1 - w1 - w2
                        guard w0 >= 0, w1 >= 0, w2 >= 0 else { continue }
                        // Perspective-correct interpolation: weights over w.
                        let p = [w0 / v[0].clip.w, w1 / v[1].clip.w, w2 / v[2].clip.w]
                        let sum = p[0] + p[1] + p[2]
                        let local = Point(x: (v[0].local.x * p[0] + v[1].local.x * p[1] + v[2].local.x * p[2]) / sum,
                                          y: (v[0].local.y * p[0] + v[1].local.y * p[1] + v[2].local.y * p[2]) / sum)
                        var normal = (v[0].normal * p[0] + v[1].normal * p[1] + v[2].normal * p[2]) * (1 / sum)
                        normal = normal * (1 / normal.length)
                        // The back shows its own content, mirrored across the spine.
                        var colour = back
                            ? Self.paper(Point(x: leaf.width - local.x, y: local.y), size: leaf, tint: (0.97, 0.86, 0.80))
                            : Self.paper(local, size: leaf, tint: (0.96, 0.95, 0.90))
                        if lit {
                            let shade = light.shade(frontNormal: normal, backFacing: back)
                            colour = (min(1, colour.0 * shade.diffuse + shade.sheen), min(1, colour.1 * shade.diffuse + shade.sheen),
                                      min(1, colour.2 * shade.diffuse + shade.sheen))
                        }
                        image.setPixel(x, y, Self.bytes(colour))
                        drawn[y * width + x] = t
                    }
                }
            }
        }
        if wireframe {
            for tri in mesh.triangles {
                for (i, j) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)] { line(&image, i, j, (90, 90, 90, 255)) }
            }
        }
        if outlines {
            for seg in mesh.outline { line(&image, seg.from, seg.to, seg.kind == .seam ? (40, 170, 60, 255) : (210, 40, 40, 255)) }
            for seg in mesh.contours { line(&image, seg.from, seg.to, (40, 80, 230, 255)) }
        }
        return (image, drawn)
    }

    /// The cast shadow's darkness at leaf-plane point `p`: the umbra opacity times the share
    /// of the light hidden, from the signed distance to the nearest shadow edge.
    func shadowDarkness(at p: Point) -> Double {
        var inside = false
        for t in mesh.triangles where mesh.patches[t.patch].region != .flat {
            let a = mesh.shadow[t.a].point, b = mesh.shadow[t.b].point, d = mesh.shadow[t.c].point
            let e0 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            let e1 = (d.x - b.x) * (p.y - b.y) - (d.y - b.y) * (p.x - b.x)
            let e2 = (a.x - d.x) * (p.y - d.y) - (a.y - d.y) * (p.x - d.x)
            if (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0) { inside = true; break }
        }
        var best = Double.infinity, width = 0.0, opacity = 0.0
        for edge in mesh.shadowEdges {
            let a = mesh.shadow[edge.from], b = mesh.shadow[edge.to]
            let dx = b.point.x - a.point.x, dy = b.point.y - a.point.y
            let len2 = dx * dx + dy * dy
            let f = len2 > 0 ? min(1, max(0, ((p.x - a.point.x) * dx + (p.y - a.point.y) * dy) / len2)) : 0
            let qx = a.point.x + dx * f - p.x, qy = a.point.y + dy * f - p.y
            let d = (qx * qx + qy * qy).squareRoot()
            if d < best { best = d; width = a.width + (b.width - a.width) * f; opacity = a.opacity + (b.opacity - a.opacity) * f }
        }
        guard best.isFinite else { return 0 }
        return opacity * CastShadow.coverage(inside: inside ? best : -best, width: width)
    }

    func line(_ image: inout Image, _ i: Int, _ j: Int, _ colour: (UInt8, UInt8, UInt8, UInt8)) {
        let a = mesh.vertices[i].point, b = mesh.vertices[j].point
        let s = c.scale
        let steps = max(1, Int((max(abs(b.x - a.x), abs(b.y - a.y)) * s).rounded(.up)))
        for k in 0...steps {
            let f = Double(k) / Double(steps)
            let x = Int(((a.x + (b.x - a.x) * f) * s).rounded(.down)), y = Int(((a.y + (b.y - a.y) * f) * s).rounded(.down))
            if x >= 0, y >= 0, x < image.width, y < image.height { image.setPixel(x, y, colour) }
        }
    }

    /// Paper with a header block, lines of "text" and a margin, from page-local coordinates.
    static func paper(_ p: Point, size: Size, tint: (Double, Double, Double)) -> (Double, Double, Double) {
        let margin = 0.1 * size.width
        let lineHeight = max(3, size.height / 40)
        let header = p.y > margin && p.y < margin + 2.5 * lineHeight && p.x > margin && p.x < size.width * 0.7
        if header { return (0.75 * tint.0, 0.35 * tint.1, 0.25 * tint.2) }
        let row = ((p.y - margin) / lineHeight).rounded(.down)
        let text = p.x > margin && p.x < size.width - margin && p.y > margin + 4 * lineHeight && p.y < size.height - margin
            && (p.y - margin) - row * lineHeight < lineHeight * 0.45
            && (p.x - margin) < (size.width - 2 * margin) * (0.6 + 0.4 * abs(sin(row * 1.7)))
        return text ? (0.35 * tint.0, 0.35 * tint.1, 0.38 * tint.2) : tint
    }

    static func scaled(_ c: (Double, Double, Double), _ k: Double) -> (Double, Double, Double) { (c.0 * k, c.1 * k, c.2 * k) }

    static func bytes(_ c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8, UInt8) {
        func b(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (b(c.0), b(c.1), b(c.2), 255)
    }

    /// Where test pictures go: `$FOLIO_PICTURES`, or a folder in the temporary directory.
    static var directory: String {
        let path = ProcessInfo.processInfo.environment["FOLIO_PICTURES"] ?? (NSTemporaryDirectory() + "folio-curl-pictures")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
