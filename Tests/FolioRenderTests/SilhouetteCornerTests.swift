import XCTest
import FolioGeometry
import FolioLayers
import FolioRender

/// Where a silhouette edge meets a seam, the antialiasing margin of one polygon must stay on
/// its own side of the seam: the pixels of the polygon across it keep their own colour.
final class SilhouetteCornerTests: XCTestCase {
    /// Two pages sharing a spine, opened toward the viewer in perspective: each page's top and
    /// bottom edges meet the spine at obtuse corners (the fold's crease tips look the same).
    func book(opening degrees: Double) throws -> (Layer, left: Layer, right: Layer) {
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 400, height: 300), position: Point(x: 200, y: 150))
        root.sublayerTransform.m34 = -1.0 / 500
        let left = Layer(name: "left", bounds: Rect(x: 0, y: 0, width: 150, height: 200), position: Point(x: 200, y: 150),
                         anchorPoint: Point(x: 1, y: 0.5))
        left.backgroundColor = Color(red: 1, green: 0, blue: 0)
        left.transform = Transform3D(rotationDegrees: degrees, x: 0, y: 1, z: 0)
        let right = Layer(name: "right", bounds: Rect(x: 0, y: 0, width: 150, height: 200), position: Point(x: 200, y: 150),
                          anchorPoint: Point(x: 0, y: 0.5))
        right.backgroundColor = Color(red: 0, green: 0, blue: 1)
        right.transform = Transform3D(rotationDegrees: -degrees, x: 0, y: 1, z: 0)
        try root.addSublayer(left)
        try root.addSublayer(right)
        return (root, left, right)
    }

    func testAPageNeverPaintsAcrossTheSpineItShares() throws {
        var checked = 0
        for degrees in [20.0, 60, 75, 82, 86] {
            let (scene, left, right) = try book(opening: degrees)
            let e = LayerEvaluator()
            e.evaluate(scene)
            func outline(_ layer: Layer) -> [Point] { e.corners(of: e.quads.first { $0.layer === layer }!).map(\.point) }
            let pages = [(outline(left), (255, 0, 0)), (outline(right), (0, 0, 255))]
            nonisolated(unsafe) let root = scene // XCTest runs on the main thread
            let image = try MainActor.assumeIsolated {
                try SharedRenderer.offscreen.render(root, size: Size(width: 400, height: 300), scale: 1, antialiasing: .analytic, background: .white)
            }
            for (polygon, colour) in pages {
                for y in 0..<300 {
                    for x in 0..<400 {
                        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        // Inside the page and at least 1 px from every edge but the spine (the
                        // spine is the edge whose ends both lie on x = 200).
                        var inside = true
                        for k in polygon.indices {
                            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
                            let spine = abs(a.x - 200) < 1e-6 && abs(b.x - 200) < 1e-6
                            let d = Self.signedDistance(p, a, b, polygon)
                            if d < (spine ? 0.05 : 1) { inside = false; break }
                        }
                        guard inside else { continue }
                        let px = image.pixel(x, y)
                        XCTAssertEqual([Int(px.r), Int(px.g), Int(px.b)], [colour.0, colour.1, colour.2],
                                       "opening \(degrees)°: pixel (\(x), \(y)) inside one page shows another colour")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 40_000)
    }

    /// Distance from `p` to the line a→b, positive on the side of `polygon`'s interior.
    static func signedDistance(_ p: Point, _ a: Point, _ b: Point, _ polygon: [Point]) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        var area = 0.0
        for k in polygon.indices { area += polygon[k].x * polygon[(k + 1) % polygon.count].y - polygon[(k + 1) % polygon.count].x * polygon[k].y }
        let side = area > 0 ? 1.0 : -1.0
        return side * (dx * (p.y - a.y) - dy * (p.x - a.x)) / length
    }
}
