import XCTest
@testable import FolioRender
import FolioTessellation
import FolioGeometry
import FolioLayers

/// Analytic coverage is the product, over a polygon's silhouette edges, of each edge's exact
/// box-filter coverage (the two edges of a corner turning less than 5° by the smaller of
/// theirs) — computed here on the CPU for every pixel and compared with what the GL draws, for
/// shapes where several edges reach the same pixels: polygons of up to eight silhouette edges,
/// slivers nearly edge-on, and a surface split into coplanar patches.
final class CoverageOracleTests: XCTestCase {
    /// The coverage of one edge (the shader's `halfPlaneCoverage`), in doubles.
    static func halfPlane(_ d: Double, _ nx: Double, _ ny: Double) -> Double {
        let u = max(abs(nx), abs(ny)), v = min(abs(nx), abs(ny))
        let a = 0.5 * (u - v), b = 0.5 * (u + v)
        if d >= b { return 1 }
        if d <= -b { return 0 }
        if v < 1e-5 { return min(1, max(0, 0.5 + d / u)) }
        if d >= a { return 1 - (b - d) * (b - d) / (2 * u * v) }
        if d <= -a { return (d + b) * (d + b) / (2 * u * v) }
        return 0.5 + d / u
    }

    /// Renders `root` (white polygons over black) and compares every pixel with the product of
    /// its polygon's edge coverages; returns the worst difference in units of 1/255.
    func worstDifference(_ root: Layer, size: Size, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let e = LayerEvaluator()
        e.evaluate(root)
        var list = DrawList()
        let (w, h) = (Int(size.width), Int(size.height))
        let frame = Frame(recording: e)
        list.build(frame, scale: 1, pixelWidth: w, pixelHeight: h, mode: .inflated) { _ in (1, 1) }
        let footprints = list.items.indices.map { i in
            var probe = list
            probe.points.removeAll()
            let outline = probe.appendFootprint(list.items[i].corners, frame.polygons[list.items[i].quadIndex], scale: 1)
            return (probe.points[outline.lowerBound - 1], outline.map { probe.points[$0] })
        }
        nonisolated(unsafe) let scene = root // XCTest runs on the main thread
        let image = try MainActor.assumeIsolated {
            try SharedRenderer.offscreen.render(scene, size: size, scale: 1, antialiasing: .analytic, background: .black)
        }
        var worst = 0
        for y in 0..<h {
            for x in 0..<w {
                // Window pixel centre (origin bottom-left, as the list's edges are).
                let (px, py) = (Double(x) + 0.5, Double(h - 1 - y) + 0.5)
                // Items do not overlap here: the pixel's value is 1 − Π(1 − c) over the items,
                // each drawn over the last with premultiplied "over".
                var value = 0.0
                for (i, item) in list.items.enumerated() {
                    // A nearly straight corner's two edges (`isCombined`, DrawList+Slits.swift)
                    // count by the smaller of their coverages, the others by the product.
                    var c = 1.0, straight = 1.0
                    for edge in list.edges[item.edges] {
                        let h = Self.halfPlane(edge.nx * px + edge.ny * py + edge.c, edge.nx, edge.ny)
                        if edge.isCombined { straight = min(straight, h) } else { c *= h }
                    }
                    c *= straight
                    // Only where the polygon's footprint reaches (the outline pushed out by the
                    // margin, bevelled at sharp corners).
                    if Self.contains(footprints[i], px, py) { value = c + value * (1 - c) }
                }
                let measured = Int(image.pixel(x, y).r)
                worst = max(worst, abs(measured - Int((value * 255).rounded())))
            }
        }
        return worst
    }

    /// Whether (x, y) lies in the fan from `footprint`'s centre over its outline.
    static func contains(_ footprint: (DrawList.PlanePoint, [DrawList.PlanePoint]), _ x: Double, _ y: Double) -> Bool {
        let (c, o) = footprint
        func cross(_ a: DrawList.PlanePoint, _ b: DrawList.PlanePoint) -> Double { (a.x - x) * (b.y - y) - (a.y - y) * (b.x - x) }
        for k in o.indices {
            let a = o[k], b = o[(k + 1) % o.count]
            let (s1, s2, s3) = (cross(c, a), cross(a, b), cross(b, c))
            if (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0) { return true }
        }
        return false
    }

    func page(_ bounds: Rect, transform: Transform3D, masks: Bool = false) -> Layer {
        let layer = Layer(name: "page", bounds: bounds, position: Point(x: 100, y: 80), transform: transform)
        layer.backgroundColor = .white
        layer.masksToBounds = masks
        return layer
    }

    func testPolygonsWithUpToEightSilhouetteEdgesCoverAsTheProductOfTheirEdges() throws {
        for degrees in [17.0, 30, 45] {
            // A square turned inside an upright mask: an octagon, every edge a silhouette.
            let mask = page(Rect(x: 0, y: 0, width: 60, height: 60), transform: .identity, masks: true)
            mask.backgroundColor = nil
            let inner = Layer(name: "inner", bounds: Rect(x: 0, y: 0, width: 64, height: 64), position: Point(x: 30, y: 30),
                              transform: Transform3D(rotationDegrees: degrees, x: 0, y: 0, z: 1))
            inner.backgroundColor = .white
            try mask.addSublayer(inner)
            let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 200, height: 160), position: Point(x: 100, y: 80), sublayers: [mask])
            XCTAssertLessThanOrEqual(try worstDifference(root, size: Size(width: 200, height: 160)), 1, "octagon at \(degrees)°")
        }
        // A small one, where every pixel is within reach of several edges.
        let mask = page(Rect(x: 0, y: 0, width: 4, height: 4), transform: Transform3D(rotationDegrees: 10, x: 0, y: 0, z: 1), masks: true)
        mask.backgroundColor = nil
        let inner = Layer(name: "inner", bounds: Rect(x: 0, y: 0, width: 4.5, height: 4.5), position: Point(x: 2, y: 2),
                          transform: Transform3D(rotationDegrees: 40, x: 0, y: 0, z: 1))
        inner.backgroundColor = .white
        try mask.addSublayer(inner)
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 200, height: 160), position: Point(x: 100, y: 80), sublayers: [mask])
        XCTAssertLessThanOrEqual(try worstDifference(root, size: Size(width: 200, height: 160)), 1, "small octagon")
    }

    func testSliversNearlyEdgeOnCoverAsTheProductOfTheirEdges() throws {
        for degrees in [88.0, 89.5, 89.9] {
            let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 200, height: 160), position: Point(x: 100, y: 80))
            root.sublayerTransform.m34 = -1.0 / 400
            try root.addSublayer(page(Rect(x: 0, y: 0, width: 120, height: 100),
                                      transform: Transform3D(rotationDegrees: degrees, x: 0.1, y: 1, z: 0.05)))
            XCTAssertLessThanOrEqual(try worstDifference(root, size: Size(width: 200, height: 160)), 1, "sliver at \(degrees)°")
        }
    }

    /// A page drawn as coplanar patches (as a curved surface's flat parts are) looks exactly like
    /// the page drawn whole: the patches' shared edges are seams, never faded, and their outline
    /// edges fade as the page's do.
    func testAPageSplitIntoPatchesLooksLikeThePageWhole() throws {
        let tilt = Transform3D(rotationDegrees: 50, x: 0.3, y: 1, z: 0).rotated(degrees: 12, x: 0, y: 0, z: 1)
        func scene(patches: Int) -> Layer {
            let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 200, height: 160), position: Point(x: 100, y: 80))
            root.sublayerTransform.m34 = -1.0 / 500
            let plane = Layer(name: "plane", bounds: Rect(x: 0, y: 0, width: 120, height: 90), position: Point(x: 100, y: 80), transform: tilt)
            for k in 0..<patches {
                let strip = Layer(name: "patch\(k)", bounds: Rect(x: 0, y: 0, width: 120 / Double(patches), height: 90),
                                  position: Point(x: 120 / Double(patches) * (Double(k) + 0.5), y: 45))
                strip.backgroundColor = .white
                try? plane.addSublayer(strip)
            }
            try? root.addSublayer(plane)
            return root
        }
        let size = Size(width: 200, height: 160)
        nonisolated(unsafe) let whole = scene(patches: 1)
        nonisolated(unsafe) let patched = scene(patches: 7)
        let (a, b) = try MainActor.assumeIsolated {
            (try SharedRenderer.offscreen.render(whole, size: size, scale: 1, antialiasing: .analytic, background: .black),
             try SharedRenderer.offscreen.render(patched, size: size, scale: 1, antialiasing: .analytic, background: .black))
        }
        var worst = 0, edgePixels = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (Int(a.pixel(x, y).r), Int(b.pixel(x, y).r))
                worst = max(worst, abs(p - q))
                if p > 0 && p < 255 { edgePixels += 1 }
            }
        }
        XCTAssertGreaterThan(edgePixels, 300)
        XCTAssertLessThanOrEqual(worst, 1, "patches and whole page differ by \(worst)/255")
    }
}
