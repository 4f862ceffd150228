import Testing
import FolioGeometry
import FolioSurface
import FolioTestSupport

/// The mesh's painter's order (front-facing patches, then back-facing) against an independent
/// oracle: rays from the eye through sample pixels, intersected with every triangle in 3D.
@Suite struct DepthOrderTests {
    /// The triangle hit nearest the eye along the ray to view point `s`, and the last one
    /// drawn there in painter's order; nil when no triangle covers `s`.
    static func nearestAndLast(_ c: CurlFixtures.Case, _ mesh: SurfaceMesh, order: [Int], at s: Point) -> (nearest: Int, last: Int, gap: Double)? {
        // The ray: from the eye (or straight down, orthographic) to the page-plane point under s
        // (the effects' perspective pivots in the page plane, so that point is s itself).
        let target = Vector3(x: s.x - c.origin.x, y: s.y - c.origin.y, z: 0)
        let origin: Vector3, direction: Vector3
        if let eye = c.eye { origin = eye; direction = target - eye } else {
            origin = target + Vector3(x: 0, y: 0, z: 1e6); direction = Vector3(x: 0, y: 0, z: -1e6)
        }
        var nearest = -1, nearestT = Double.infinity, secondT = Double.infinity, last = -1
        for patch in order {
            for t in mesh.patches[patch].triangles {
                let tri = mesh.triangles[t]
                guard let hit = intersect(origin, direction, mesh.vertices[tri.a].position, mesh.vertices[tri.b].position, mesh.vertices[tri.c].position) else { continue }
                last = t
                if hit < nearestT { secondT = nearestT; nearestT = hit; nearest = t } else { secondT = min(secondT, hit) }
            }
        }
        guard nearest >= 0 else { return nil }
        return (nearest, last, secondT - nearestT)
    }

    /// Möller–Trumbore: the ray parameter where `o + t·d` crosses the triangle's interior
    /// (a small margin keeps shared edges out of it).
    static func intersect(_ o: Vector3, _ d: Vector3, _ a: Vector3, _ b: Vector3, _ c: Vector3) -> Double? {
        let e1 = b - a, e2 = c - a
        let p = d.cross(e2)
        let det = e1.dot(p)
        guard abs(det) > 1e-18 * e1.length * e2.length * d.length else { return nil }
        let inv = 1 / det
        let s = o - a
        let u = s.dot(p) * inv
        let q = s.cross(e1)
        let v = d.dot(q) * inv
        let margin = 1e-7
        guard u > margin, v > margin, u + v < 1 - margin else { return nil }
        let t = e2.dot(q) * inv
        return t > 0 ? t : nil
    }

    /// Sample view points on a grid over the mesh's projected bounds.
    static func samples(_ mesh: SurfaceMesh, _ count: Int) -> [Point] {
        let xs = mesh.vertices.map(\.point.x), ys = mesh.vertices.map(\.point.y)
        let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        var points: [Point] = []
        for i in 0..<count {
            for j in 0..<count {
                points.append(Point(x: x0 + (x1 - x0) * (Double(i) + 0.37) / Double(count),
                                    y: y0 + (y1 - y0) * (Double(j) + 0.61) / Double(count)))
            }
        }
        return points
    }

    /// Cases where the turned part lies over the leaf's own flat part.
    static func selfCovering(_ g: inout SeededGenerator) throws -> CurlFixtures.Case {
        while true {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.3...0.97)
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            if mesh.patches.contains(where: { $0.region == .turned }) && c.curl.radius * c.scale > 2 { return c }
        }
    }

    @Test func lastDrawnTriangleIsTheNearestWhereTheCurlCoversItself() throws {
        var g = SeededGenerator(seed: 21)
        var covered = 0, overlapping = 0
        for _ in 0..<60 {
            let c = try Self.selfCovering(&g)
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            for s in Self.samples(mesh, 40) {
                guard let hit = Self.nearestAndLast(c, mesh, order: mesh.paintersOrder, at: s) else { continue }
                covered += 1
                if hit.gap.isFinite { overlapping += 1 }
                // Ties (two triangles at the same depth) cannot be told apart; none here.
                if hit.gap > 1e-9 { #expect(hit.last == hit.nearest, "\(c) at \(s)") }
            }
        }
        #expect(covered > 20_000 && overlapping > 5_000, "covered \(covered), overlapping \(overlapping)")
    }

    @Test func oracleCatchesAWrongOrder() throws {
        // The same check with the order reversed must fail somewhere: the oracle can fail.
        var g = SeededGenerator(seed: 22)
        var wrong = 0
        for _ in 0..<10 {
            let c = try Self.selfCovering(&g)
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            for s in Self.samples(mesh, 30) {
                guard let hit = Self.nearestAndLast(c, mesh, order: mesh.paintersOrder.reversed(), at: s), hit.gap > 1e-9 else { continue }
                if hit.last != hit.nearest { wrong += 1 }
            }
        }
        #expect(wrong > 100)
    }

    @Test func orderHoldsAtEveryProgressAndOrthographically() throws {
        var g = SeededGenerator(seed: 23)
        for _ in 0..<150 {
            var c = try CurlFixtures.randomCase(&g)
            if Bool.random(using: &g) { c.m34 = 0 }
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            // Front-facing patches strictly before back-facing ones.
            let facings = mesh.paintersOrder.map { mesh.patches[$0].isBackFacing }
            #expect(facings == facings.sorted { !$0 && $1 })
            #expect(Set(mesh.paintersOrder) == Set(mesh.patches.indices))
            for s in Self.samples(mesh, 16) {
                guard let hit = Self.nearestAndLast(c, mesh, order: mesh.paintersOrder, at: s), hit.gap > 1e-9 else { continue }
                #expect(hit.last == hit.nearest, "\(c) at \(s)")
            }
        }
    }

    @Test func contourSeparatesTheNearerBackFacingSheet() throws {
        // At a contour, the back-facing patch is the nearer one: rays just inside the contour
        // hit it first.
        let curl = try PageCurl(size: Size(width: 300, height: 400), restRadius: 40, pose: try CurlPath(startAngle: 15).pose(at: 0.45))
        let c = CurlFixtures.Case(curl: curl, scale: 2, origin: Point(x: 300, y: 0), pivot: Point(x: 300, y: 200), m34: -1 / 1400)
        let mesh = SurfaceMesh()
        try mesh.tessellate(curl, toView: c.toView, scale: c.scale)
        #expect(mesh.contours.count == 1)
        let seg = mesh.contours[0]
        let a = mesh.vertices[seg.from].point, b = mesh.vertices[seg.to].point
        // Step a little toward the flat part along the screen (both sheets fold to that side).
        let flat = mesh.vertices[mesh.corners(of: mesh.patches[0])[0]].point
        var hits = 0
        for k in 1..<10 {
            let f = Double(k) / 10
            let onContour = Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            let toward = Point(x: flat.x - onContour.x, y: flat.y - onContour.y)
            let len = (toward.x * toward.x + toward.y * toward.y).squareRoot()
            let s = Point(x: onContour.x + toward.x / len * 0.5, y: onContour.y + toward.y / len * 0.5)
            guard let hit = Self.nearestAndLast(c, mesh, order: mesh.paintersOrder, at: s) else { continue }
            #expect(mesh.patches[mesh.triangles[hit.nearest].patch].isBackFacing)
            hits += 1
        }
        #expect(hits >= 8)
    }
}
