import FolioGeometry
import FolioSurface
import FolioTestSupport

/// Views and random curls shared by the surface tests.
enum CurlFixtures {
    /// The effects' view transform for a leaf whose local origin sits at `origin` (view
    /// points): a translation, then the perspective `m34` pivoting on `pivot`.
    static func view(origin: Point, pivot: Point, m34: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = m34
        return Transform3D(translationX: origin.x - pivot.x, y: origin.y - pivot.y)
            .concatenating(perspective)
            .concatenating(Transform3D(translationX: pivot.x, y: pivot.y))
    }

    /// The eye of `view(origin:pivot:m34:)` in the leaf's own 3D space (nil for m34 = 0).
    static func eye(origin: Point, pivot: Point, m34: Double) -> Vector3? {
        m34 == 0 ? nil : Vector3(x: pivot.x - origin.x, y: pivot.y - origin.y, z: -1 / m34)
    }

    /// One random configuration: a leaf as the right half of a spread, seen like the flip.
    struct Case: CustomStringConvertible {
        var curl: PageCurl
        var scale: Double
        var origin: Point
        var pivot: Point
        var m34: Double
        var toView: Transform3D { CurlFixtures.view(origin: origin, pivot: pivot, m34: m34) }
        var eye: Vector3? { CurlFixtures.eye(origin: origin, pivot: pivot, m34: m34) }
        var description: String {
            "leaf \(curl.size.width)x\(curl.size.height) spine \(curl.spine) R \(curl.restRadius) pose \(curl.pose) scale \(scale) m34 \(m34)"
        }
    }

    static func randomCase(_ g: inout SeededGenerator, progressRange: ClosedRange<Double> = 0...1) throws -> Case {
        let w = Double.random(in: 20...900, using: &g), h = Double.random(in: 20...1200, using: &g)
        let spine = SpineEdge.allCases.randomElement(using: &g)!
        let across = spine == .left || spine == .right ? w : h
        let radius = Double.random(in: 0...0.4, using: &g) * across
        let angle = Double.random(in: -60...60, using: &g)
        let p = Double.random(in: progressRange, using: &g)
        let pose = try CurlPath(startAngle: angle).pose(at: p)
        let curl = try PageCurl(size: Size(width: w, height: h), spine: spine, restRadius: radius, pose: pose)
        let scale = [0.5, 1, 2, 3][Int.random(in: 0..<4, using: &g)]
        // Seen like a flip of a spread twice as wide: pivot on the spine, eye 4.67 half-extents up.
        let origin = Point(x: Double.random(in: -50...50, using: &g), y: Double.random(in: -50...50, using: &g))
        let pivot = Point(x: origin.x + (spine == .right ? w : 0), y: origin.y + h / 2)
        let m34 = Bool.random(using: &g) ? -1 / (4.666667 * across) : -1 / (Double.random(in: 1.5...8, using: &g) * across)
        return Case(curl: curl, scale: scale, origin: origin, pivot: pivot, m34: m34)
    }
}
