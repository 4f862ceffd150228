#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import FolioGeometry
import FolioSurface
import FolioTestSupport

/// The adaptive mesh: on the surface, isometric, within a quarter pixel, watertight.
@Suite struct CurlMeshTests {
    static func mesh(_ c: CurlFixtures.Case, tolerance: Double = 0.25) throws -> SurfaceMesh {
        let mesh = SurfaceMesh()
        try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale, tolerance: tolerance)
        return mesh
    }

    /// The exact contour ruling's turning angle: the root of `(E − P(θ))·N(θ)` on `(0, π)` by
    /// bisection (nil when the eye side does not change there, or for an orthographic view).
    static func exactContourAngle(_ c: CurlFixtures.Case) -> Double? {
        let r = c.curl.radius
        guard r > 0, let eye = c.eye else { return nil }
        let foot = Vector3(x: c.curl.axisPoint.x, y: c.curl.axisPoint.y, z: 0), n = c.curl.direction
        func f(_ theta: Double) -> Double {
            let p = foot + n * (r * sin(theta)) + Vector3(x: 0, y: 0, z: r * (1 - cos(theta)))
            let normal = Vector3(x: -sin(theta) * n.x, y: -sin(theta) * n.y, z: cos(theta))
            return (eye - p).dot(normal)
        }
        var lo = 0.0, hi = Double.pi
        guard f(lo) > 0, f(hi) < 0 else { return nil }
        for _ in 0..<200 { let mid = (lo + hi) / 2; if f(mid) > 0 { lo = mid } else { hi = mid } }
        return (lo + hi) / 2
    }

    @Test func verticesLieExactlyOnTheSurface() throws {
        var g = SeededGenerator(seed: 1)
        for _ in 0..<400 {
            let c = try CurlFixtures.randomCase(&g)
            let mesh = try Self.mesh(c)
            let size = c.curl.size.width + c.curl.size.height
            for v in mesh.vertices {
                let exact = c.curl.point(atLocal: v.local)
                #expect((v.position - exact.position).length <= 1e-12 * size, "\(c)")
                #expect((v.normal - exact.normal).length <= 1e-12, "\(c)")
                #expect(abs(v.normal.length - 1) < 1e-12)
                let h = v.position.applying(c.toView)
                #expect(v.clip == h && v.point == Point(x: h.x / h.w, y: h.y / h.w))
            }
        }
    }

    @Test func everyEdgeUnrolledHasItsFlatLengthAndBendEdgesAreExactChords() throws {
        var g = SeededGenerator(seed: 2)
        var bendEdges = 0
        for _ in 0..<400 {
            let c = try CurlFixtures.randomCase(&g)
            let mesh = try Self.mesh(c)
            let unrolling = Unrolling(curl: c.curl)
            let size = c.curl.size.width + c.curl.size.height
            for tri in mesh.triangles {
                let patch = mesh.patches[tri.patch]
                for (i, j) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)] {
                    let p = mesh.vertices[i], q = mesh.vertices[j]
                    let flat = p.local.distance(to: q.local)
                    let up = unrolling.unroll(p.position, normal: p.normal), uq = unrolling.unroll(q.position, normal: q.normal)
                    #expect(up.offSurface < 1e-9 * size && uq.offSurface < 1e-9 * size, "\(c)")
                    let ds = up.sigma - uq.sigma, dt = up.t - uq.t
                    let unrolled = (ds * ds + dt * dt).squareRoot()
                    #expect(abs(unrolled - flat) <= 1e-9 * max(flat, 1e-3 * size), "\(c): unrolled \(unrolled) flat \(flat)")
                    let chord = (p.position - q.position).length
                    if patch.region == .bend {
                        let r = c.curl.radius, dAngle = ds / r
                        let across: Double = 2 * r * sin(dAngle / 2)
                        let expected: Double = (across * across + dt * dt).squareRoot()
                        #expect(abs(chord - expected) <= 1e-9 * max(expected, 1e-3 * size), "\(c)")
                        bendEdges += 1
                    } else {
                        #expect(abs(chord - flat) <= 1e-9 * max(flat, 1e-3 * size), "\(c): planar edge keeps its length")
                    }
                }
            }
        }
        #expect(bendEdges > 1000)
    }

    /// The largest screen distance (pixels) between the exact surface and the mesh at equal
    /// local coordinates, over points spread on every bend triangle and its edges.
    static func chordError(_ c: CurlFixtures.Case, _ mesh: SurfaceMesh) -> Double {
        var worst = 0.0
        let steps = 6
        for tri in mesh.triangles where mesh.patches[tri.patch].region == .bend {
            let (a, b, d) = (mesh.vertices[tri.a], mesh.vertices[tri.b], mesh.vertices[tri.c])
            for i in 0...steps {
                for j in 0...(steps - i) {
                    let u = Double(i) / Double(steps), v = Double(j) / Double(steps), w = 1 - u - v
                    let local = Point(x: a.local.x * w + b.local.x * u + d.local.x * v, y: a.local.y * w + b.local.y * u + d.local.y * v)
                    let onMesh = a.position * w + b.position * u + d.position * v
                    guard let exact = c.curl.point(atLocal: local).position.applying(c.toView).projected,
                          let drawn = onMesh.applying(c.toView).projected else { continue }
                    worst = max(worst, exact.distance(to: drawn) * c.scale)
                }
            }
        }
        return worst
    }

    @Test func projectedMeshStaysWithinAQuarterPixelOfTheExactCylinder() throws {
        var g = SeededGenerator(seed: 3)
        var checked = 0, worst = 0.0
        for _ in 0..<600 {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.02...0.98)
            guard c.curl.radius * c.scale >= 2 else { continue }
            let mesh = try Self.mesh(c)
            let error = Self.chordError(c, mesh)
            #expect(error <= 0.25 + 1e-9, "\(c): \(error) px with \(mesh.segmentsPerHalfTurn) segments")
            worst = max(worst, error)
            checked += 1
        }
        #expect(checked > 300)
        // The bound is not wildly loose: the worst case uses a good part of the budget.
        #expect(worst > 0.08, "worst \(worst)")
    }

    /// The contour is a cut of its own, on the exact contour ruling (found here by bisection on
    /// `(E − P)·N`, independently of the mesh's closed form), and the strips beside it are not
    /// slivers: each spans at least half a step `π/N` of turning angle, unless a leaf corner or
    /// the end of the bend comes closer.
    @Test func theContourIsCutOnTheExactContourRulingWithNoSliverBesideIt() throws {
        var g = SeededGenerator(seed: 14)
        var checked = 0
        for _ in 0..<600 {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.05...0.9)
            guard let exact = Self.exactContourAngle(c) else { continue }
            let mesh = try Self.mesh(c)
            guard mesh.contours.count == 1 else { continue }
            // The mesh contour's turning angle, from its vertices' normals (N_z = cos θ).
            let segment = mesh.contours[0]
            for v in [segment.from, segment.to] {
                #expect(abs(acos(max(-1, min(1, mesh.vertices[v].normal.z))) - exact) <= 1e-7, "\(c): contour at the wrong angle")
            }
            // The bend patches on either side of it.
            let step = Double.pi / Double(mesh.segmentsPerHalfTurn)
            let isCorner: (Int) -> Bool = { i in
                let p = mesh.vertices[i].local
                return (p.x == 0 || p.x == c.curl.size.width) && (p.y == 0 || p.y == c.curl.size.height)
            }
            for patch in mesh.patches where patch.region == .bend
                && (abs(patch.angles.upperBound - exact) < 1e-7 || abs(patch.angles.lowerBound - exact) < 1e-7) {
                let span = patch.angles.upperBound - patch.angles.lowerBound
                let room = min(exact, Double.pi - exact)
                let hasCorner = mesh.corners(of: patch).contains(where: isCorner)
                #expect(span >= min(0.5 * step, room) - 1e-9 || hasCorner, "\(c): a strip \(span / step) steps wide beside the contour")
                #expect(span <= step * (1 + 1e-9), "\(c): a strip wider than a step (chord bound)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func exactContourLiesWithinAQuarterPixelOfTheMeshContour() throws {
        var g = SeededGenerator(seed: 4)
        var checked = 0
        for _ in 0..<600 {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.1...0.9)
            let r = c.curl.radius
            guard r * c.scale >= 2, c.eye != nil else { continue }
            let mesh = try Self.mesh(c)
            guard mesh.contours.count == 1, let theta = Self.exactContourAngle(c) else { continue }
            let foot = Vector3(x: c.curl.axisPoint.x, y: c.curl.axisPoint.y, z: 0), n = c.curl.direction
            // Its points within the leaf, projected, against the mesh contour's projected line.
            let seg = mesh.contours[0]
            let p0 = mesh.vertices[seg.from], p1 = mesh.vertices[seg.to]
            let sigma = r * theta
            let a = Vector3(x: -n.y, y: n.x, z: 0)
            let t0 = (p0.position - foot).dot(a), t1 = (p1.position - foot).dot(a)
            let lineDirection = Point(x: p1.point.x - p0.point.x, y: p1.point.y - p0.point.y)
            let length = (lineDirection.x * lineDirection.x + lineDirection.y * lineDirection.y).squareRoot()
            guard length > 0 else { continue }
            for k in 0...8 {
                let t = t0 + (t1 - t0) * Double(k) / 8
                let local3 = foot + n * sigma + a * t
                let local = Point(x: local3.x, y: local3.y)
                guard local.x >= 0, local.y >= 0, local.x <= c.curl.size.width, local.y <= c.curl.size.height,
                      let q = c.curl.point(atLocal: local).position.applying(c.toView).projected else { continue }
                let cross = ((q.x - p0.point.x) * lineDirection.y - (q.y - p0.point.y) * lineDirection.x) / length
                #expect(abs(cross) * c.scale <= 0.25 + 1e-9, "\(c): contour off by \(abs(cross) * c.scale) px")
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func meshIsWatertightWithEachVertexComputedOnce() throws {
        var g = SeededGenerator(seed: 5)
        for _ in 0..<400 {
            let c = try CurlFixtures.randomCase(&g)
            let mesh = try Self.mesh(c)
            // No two vertices share a leaf point: each is computed once and indexed.
            let size = c.curl.size.width + c.curl.size.height
            let sorted = mesh.vertices.map(\.local).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
            for (p, q) in zip(sorted, sorted.dropFirst()) { #expect(p.distance(to: q) > 1e-10 * size, "\(c): duplicate vertex \(p)") }
            // Every triangle edge is shared by exactly two triangles, except the outline's.
            var uses: [Int: Int] = [:]
            func key(_ i: Int, _ j: Int) -> Int { min(i, j) * 1_000_003 + max(i, j) }
            for t in mesh.triangles { for (i, j) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] { uses[key(i, j), default: 0] += 1 } }
            let outline = Set(mesh.outline.map { key($0.from, $0.to) })
            #expect(outline.count == mesh.outline.count)
            for (edge, count) in uses {
                #expect(count == (outline.contains(edge) ? 1 : 2), "\(c): edge used \(count) times")
            }
            #expect(outline.isSubset(of: Set(uses.keys)))
            // The outline is one closed loop.
            for (s, next) in zip(mesh.outline, mesh.outline.dropFirst() + mesh.outline.prefix(1)) { #expect(s.to == next.from) }
            // Patches' cut edges are each other's, with the same vertex indices.
            for p in mesh.patches {
                let corners = Array(mesh.corners(of: p))
                for (k, kind) in mesh.patchEdges[p.corners].enumerated() where kind == .interior || kind == .contour {
                    let i = corners[k], j = corners[(k + 1) % corners.count]
                    #expect(uses[key(i, j)] == 2)
                }
            }
            // The total triangle area in the leaf's local plane is the leaf's area.
            var area = 0.0
            for t in mesh.triangles {
                let (a, b, d) = (mesh.vertices[t.a].local, mesh.vertices[t.b].local, mesh.vertices[t.c].local)
                let twice = (b.x - a.x) * (d.y - a.y) - (d.x - a.x) * (b.y - a.y)
                #expect(twice >= -1e-9 * size * size, "\(c): triangles keep the leaf's winding")
                area += twice / 2
            }
            #expect(abs(area - c.curl.size.width * c.curl.size.height) <= 1e-9 * size * size, "\(c)")
        }
    }

    @Test func everyPatchIsConvexAndPlanarWithItsFrontNormal() throws {
        var g = SeededGenerator(seed: 8)
        for _ in 0..<300 {
            let c = try CurlFixtures.randomCase(&g)
            let mesh = try Self.mesh(c)
            let size = c.curl.size.width + c.curl.size.height
            for p in mesh.patches {
                let corners = mesh.corners(of: p).map { mesh.vertices[$0] }
                #expect(abs(p.plane.normal.length - 1) < 1e-12)
                for v in corners {
                    #expect(abs(p.plane.distance(to: v.position)) <= 1e-9 * size, "\(c): corner off its patch's plane")
                    // The plane's normal is the front side's: it agrees with the vertex normals.
                    #expect(p.plane.normal.dot(v.normal) > 0.5 || p.region == .bend && p.angles.upperBound - p.angles.lowerBound > 2)
                }
                // Convex in local coordinates, wound like the leaf.
                for k in corners.indices {
                    let a = corners[k].local, b = corners[(k + 1) % corners.count].local, d = corners[(k + 2) % corners.count].local
                    #expect((b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x) >= -1e-9 * size * size, "\(c)")
                }
            }
        }
    }

    @Test func curlMeetsTheFlatPartOnExactlyFlatVertices() throws {
        var g = SeededGenerator(seed: 6)
        for _ in 0..<200 {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.05...0.95)
            let mesh = try Self.mesh(c)
            guard let flat = mesh.patches.first(where: { $0.region == .flat }),
                  let bend = mesh.patches.first(where: { $0.region == .bend }) else { continue }
            let shared = Set(mesh.corners(of: flat)).intersection(mesh.corners(of: bend))
            #expect(shared.count == 2, "\(c)")
            for i in shared {
                let v = mesh.vertices[i]
                #expect(v.position == Vector3(x: v.local.x, y: v.local.y, z: 0) && v.normal == Vector3(x: 0, y: 0, z: 1))
            }
        }
    }

    @Test func flatPartsAreSingleCoarsePatchesAndTheBendIsFine() throws {
        let view = CurlFixtures.view(origin: Point(x: 640, y: 0), pivot: Point(x: 640, y: 400), m34: -1 / (4.666667 * 640))
        // Flat: two triangles.
        let mesh = SurfaceMesh()
        try mesh.tessellate(try PageCurl(size: Size(width: 640, height: 800), restRadius: 60), toView: view, scale: 2)
        #expect(mesh.triangles.count == 2 && mesh.vertices.count == 4 && mesh.patches.count == 1)
        // Mid-turn: one flat patch, one turned patch, many strips; finer with scale and radius.
        var counts: [Int] = []
        for (radius, scale) in [(20.0, 1.0), (20.0, 2.0), (80.0, 2.0), (80.0, 4.0)] {
            let curl = try PageCurl(size: Size(width: 640, height: 800), restRadius: radius, pose: try CurlPath(startAngle: 20).pose(at: 0.5))
            try mesh.tessellate(curl, toView: view, scale: scale)
            #expect(mesh.patches.filter { $0.region == .flat }.count == 1)
            #expect(mesh.patches.filter { $0.region == .turned }.count == 1)
            #expect(mesh.patches.filter { $0.region != .bend }.map { $0.triangles.count }.allSatisfy { $0 <= 3 })
            counts.append(mesh.segmentsPerHalfTurn)
        }
        #expect(counts == counts.sorted() && counts[0] < counts[3], "\(counts)")
        // Segments grow like √(radius·scale): 16× the radius·scale is about 4× the segments.
        let ratio = Double(counts[3]) / Double(counts[0])
        #expect(ratio > 3 && ratio < 5, "\(counts)")
    }

    @Test func outlineMarksTheSpineAsASeamAndEveryOtherEdgeAsSilhouette() throws {
        let curl = try PageCurl(size: Size(width: 300, height: 400), spine: .left, restRadius: 30, pose: try CurlPath(startAngle: 25).pose(at: 0.4))
        let view = CurlFixtures.view(origin: .zero, pivot: Point(x: 0, y: 200), m34: -1 / 1400)
        let mesh = SurfaceMesh()
        try mesh.tessellate(curl, toView: view, scale: 1)
        for s in mesh.outline {
            let a = mesh.vertices[s.from].local, b = mesh.vertices[s.to].local
            #expect((s.kind == .seam) == (a.x == 0 && b.x == 0))
            #expect(s.kind.isSilhouette == (s.kind == .boundary))
        }
        #expect(mesh.outline.contains { $0.kind == .seam })
        try mesh.tessellate(curl, toView: view, scale: 1, spineIsSeam: false)
        #expect(mesh.outline.allSatisfy { $0.kind == .boundary })
        // One contour, between a front- and a back-facing strip, marked on both.
        #expect(mesh.contours.count == 1)
        let marked = mesh.patches.filter { p in mesh.patchEdges[p.corners].contains(.contour) }
        #expect(marked.count == 2 && marked[0].isBackFacing != marked[1].isBackFacing)
    }

    @Test func badViewsAndTolerancesAreRefused() throws {
        let curl = try PageCurl(size: Size(width: 300, height: 400), restRadius: 30, pose: CurlPose(angle: 0, axisFraction: 0.5))
        let mesh = SurfaceMesh()
        #expect(throws: SurfaceError.invalidScale(0)) { try mesh.tessellate(curl, toView: .identity, scale: 0) }
        let nan = #expect(throws: SurfaceError.self) { try mesh.tessellate(curl, toView: .identity, scale: 1, tolerance: .nan) }
        #expect(nan?.description.hasPrefix("chord tolerance nan") == true)
        var eyeInside = Transform3D.identity
        eyeInside.m34 = -1 / 20 // the eye 20 pt up, below the roll's top at 60 pt
        #expect(throws: SurfaceError.self) { try mesh.tessellate(curl, toView: eyeInside, scale: 1) }
        var broken = Transform3D.identity
        broken.m11 = .nan
        #expect(throws: SurfaceError.invalidTransform(reason: "it has a non-finite entry")) { try mesh.tessellate(curl, toView: broken, scale: 1) }
    }
}
