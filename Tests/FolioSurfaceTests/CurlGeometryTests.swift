import Testing
import FolioGeometry
import FolioSurface
import FolioTestSupport

/// The curl map, its radius law, the progress path and the drag, against their formulas.
@Suite struct CurlGeometryTests {
    static let leaf = Size(width: 300, height: 400)

    @Test func flatPartStaysOnThePageAndTheSpineNeverLifts() throws {
        var g = SeededGenerator(seed: 14)
        for _ in 0..<500 {
            let c = try CurlFixtures.randomCase(&g)
            let curl = c.curl
            for i in 0...20 {
                let f = Double(i) / 20
                let spinePoint: Point
                switch curl.spine {
                case .left: spinePoint = Point(x: 0, y: f * curl.size.height)
                case .right: spinePoint = Point(x: curl.size.width, y: f * curl.size.height)
                case .top: spinePoint = Point(x: f * curl.size.width, y: 0)
                case .bottom: spinePoint = Point(x: f * curl.size.width, y: curl.size.height)
                }
                let p = curl.point(atLocal: spinePoint)
                #expect(p.position == Vector3(x: spinePoint.x, y: spinePoint.y, z: 0), "\(c)")
                #expect(p.region == .flat || curl.radius == 0, "\(c)")
            }
        }
    }

    @Test func bendMatchesTheCylinderFormulaAtHandPickedPoints() throws {
        // Spine left, α = 0, axis 100 pt from the spine (ε = 100/300), R = 20: r = 20.
        var curl = try PageCurl(size: Self.leaf, spine: .left, restRadius: 20, pose: CurlPose(angle: 0, axisFraction: 100.0 / 300))
        #expect(abs(curl.axisDistance - 100) < 1e-12 && curl.radius == 20)
        // s = 10π (quarter turn): x = 100 + 20, z = 20, normal −x.
        let q = curl.point(atLocal: Point(x: 100 + 10 * .pi, y: 50))
        #expect(abs(q.position.x - 120) < 1e-12 && abs(q.position.z - 20) < 1e-12 && q.position.y == 50)
        #expect(abs(q.normal.x + 1) < 1e-12 && abs(q.normal.z) < 1e-12)
        // s = 20π + 30: past the half turn, 30 pt back from the axis at height 40, face down.
        let t = curl.point(atLocal: Point(x: 100 + 20 * .pi + 30, y: 50))
        #expect(t.region == .turned && abs(t.position.x - 70) < 1e-12 && t.position.z == 40 && t.normal.z == -1)
        // A right spine mirrors it.
        curl = try PageCurl(size: Self.leaf, spine: .right, restRadius: 20, pose: CurlPose(angle: 0, axisFraction: 100.0 / 300))
        let m = curl.point(atLocal: Point(x: 300 - 100 - 10 * .pi, y: 50))
        #expect(abs(m.position.x - 180) < 1e-12 && abs(m.position.z - 20) < 1e-12 && abs(m.normal.x - 1) < 1e-12)
    }

    @Test func radiusLawShrinksToZeroAtTheSpine() throws {
        for fraction in stride(from: 0.0, through: 1.0, by: 0.05) {
            let curl = try PageCurl(size: Self.leaf, restRadius: 40, pose: CurlPose(angle: 20, axisFraction: fraction))
            let e = fraction * 300 * Angle.sinCos(degrees: 20).cos
            #expect(abs(curl.radius - min(40, e / 2)) < 1e-12)
            #expect(curl.radius * 2 <= curl.axisDistance + 1e-12, "the roll fits between spine and axis")
        }
    }

    @Test func turnedOverLeafIsTheMirrorAcrossTheSpine() throws {
        for spine in SpineEdge.allCases {
            let curl = try PageCurl(size: Self.leaf, spine: spine, restRadius: 30, pose: .turned)
            #expect(curl.radius == 0)
            for p in [Point(x: 10, y: 20), Point(x: 300, y: 400), Point(x: 150, y: 0)] {
                let q = curl.point(atLocal: p).position
                let mirrored: Point
                switch spine {
                case .left: mirrored = Point(x: -p.x, y: p.y)
                case .right: mirrored = Point(x: 600 - p.x, y: p.y)
                case .top: mirrored = Point(x: p.x, y: -p.y)
                case .bottom: mirrored = Point(x: p.x, y: 800 - p.y)
                }
                #expect(abs(q.x - mirrored.x) < 1e-9 && abs(q.y - mirrored.y) < 1e-9 && q.z == 0, "\(spine) \(p)")
            }
        }
    }

    @Test func flatPoseLeavesEveryPointInPlace() throws {
        let curl = try PageCurl(size: Self.leaf, spine: .bottom, restRadius: 30, pose: CurlPose(angle: -40, axisFraction: 1))
        for p in [Point(x: 0, y: 0), Point(x: 300, y: 0), Point(x: 300, y: 400), Point(x: 0, y: 400), Point(x: 123, y: 45)] {
            let q = curl.point(atLocal: p)
            #expect(q.region == .flat && q.position == Vector3(x: p.x, y: p.y, z: 0))
        }
    }

    @Test func mapIsAnIsometryAlongAndAcrossTheAxis() throws {
        // Central differences of the map: unit speed across the axis and along it, orthogonal.
        var g = SeededGenerator(seed: 7)
        var checked = 0
        for _ in 0..<400 {
            let c = try CurlFixtures.randomCase(&g, progressRange: 0.05...0.95)
            let curl = c.curl
            let n = curl.direction, a = Vector3(x: -n.y, y: n.x, z: 0)
            let p = Point(x: Double.random(in: 0...curl.size.width, using: &g), y: Double.random(in: 0...curl.size.height, using: &g))
            let step = 1e-6 * (curl.size.width + curl.size.height)
            // Skip stencils that straddle a region boundary (the map is C¹ there, but a central
            // difference is not accurate across it) and radii too small for the stencil.
            let s = curl.distanceBeyondAxis(p)
            if abs(s) < 2 * step || abs(s - .pi * curl.radius) < 2 * step || (curl.radius > 0 && curl.radius < 1e3 * step) { continue }
            func at(_ d: Vector3, _ k: Double) -> Vector3 { curl.point(atLocal: Point(x: p.x + d.x * k, y: p.y + d.y * k)).position }
            let across = (at(n, step) - at(n, -step)) * (1 / (2 * step))
            let along = (at(a, step) - at(a, -step)) * (1 / (2 * step))
            #expect(abs(across.length - 1) < 1e-5, "\(c)")
            #expect(abs(along.length - 1) < 1e-5, "\(c)")
            #expect(abs(across.dot(along)) < 1e-5, "\(c)")
            checked += 1
        }
        #expect(checked > 300)
    }

    @Test func defaultPathHasExactProgressAndStraightensTheAxis() throws {
        let path = try CurlPath(startAngle: 30)
        #expect(try path.pose(at: 0) == CurlPose(angle: 30, axisFraction: 1))
        #expect(try path.pose(at: 1) == .turned)
        for i in 0...100 {
            let p = Double(i) / 100
            let pose = try path.pose(at: p)
            #expect(abs(pose.progress - p) < 1e-12)
            #expect(abs(pose.angle - 30 * (1 - p)) < 1e-12 && abs(pose.axisFraction - (1 - p)) < 1e-12)
        }
        #expect(throws: SurfaceError.progressOutOfRange(1.5)) { try path.pose(at: 1.5) }
        #expect(throws: SurfaceError.invalidAngle(90)) { try CurlPath(startAngle: 90) }
    }

    @Test func pathThroughAPoseContinuesItBothWays() throws {
        var g = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let pose = CurlPose(angle: Double.random(in: -85...85, using: &g), axisFraction: Double.random(in: 0...1, using: &g))
            let path = try CurlPath(through: pose)
            let pS = pose.progress
            let at = try path.pose(at: pS)
            #expect(abs(at.angle - pose.angle) < 1e-9 && abs(at.axisFraction - pose.axisFraction) < 1e-9)
            #expect(try path.pose(at: 0).axisFraction == 1, "flat at 0")
            #expect(try path.pose(at: 1) == .turned || pS == 1)
            // Monotone: progress never decreases along the path.
            var last = -1.0
            for i in 0...50 {
                let q = try path.pose(at: Double(i) / 50).progress
                #expect(q >= last - 1e-12)
                last = q
                if Double(i) / 50 >= pS { #expect(abs(q - Double(i) / 50) < 1e-9, "exact from the anchor on") }
            }
        }
    }

    @Test func dragBringsTheGrabPointsFootprintUnderThePointer() throws {
        var g = SeededGenerator(seed: 11)
        var exact = 0
        for _ in 0..<2000 {
            let c = try CurlFixtures.randomCase(&g)
            let curl = c.curl
            // A grab point on an edge or a corner, moved to its place under a random pose.
            let w = curl.size.width, h = curl.size.height
            let f = Double.random(in: 0...1, using: &g)
            let grab = [Point(x: w, y: f * h), Point(x: f * w, y: h), Point(x: f * w, y: 0), Point(x: 0, y: f * h), Point(x: w, y: h)][Int.random(in: 0..<5, using: &g)]
            let pointer = curl.footprint(ofLocal: grab)
            let pose = try curl.pose(grabbing: grab, pointer: pointer)
            var replay = curl
            try replay.setPose(pose)
            let got = replay.footprint(ofLocal: grab)
            let size = w + h
            if curl.point(atLocal: grab).region != .flat {
                #expect(got.distance(to: pointer) < 1e-9 * size, "\(c) grab \(grab): \(got) vs \(pointer)")
                exact += 1
            }
        }
        #expect(exact > 500)
    }

    @Test func dragRefusesGrabPointsOffTheLeafAndBadPointers() throws {
        let curl = try PageCurl(size: Self.leaf, restRadius: 20)
        #expect(throws: SurfaceError.grabOutsideLeaf(x: 301, y: 0)) { try curl.pose(grabbing: Point(x: 301, y: 0), pointer: .zero) }
        #expect(throws: SurfaceError.invalidPointer(x: .infinity, y: 0)) { try curl.pose(grabbing: Point(x: 300, y: 0), pointer: Point(x: .infinity, y: 0)) }
        #expect(try curl.pose(grabbing: Point(x: 300, y: 400), pointer: Point(x: 320, y: 400)).axisFraction == 1, "pulling away stays flat")
        #expect(try curl.pose(grabbing: Point(x: 300, y: 400), pointer: Point(x: -600, y: 400)) == .turned, "beyond reach: turned over")
    }

    @Test func badParametersAreRefusedByName() {
        #expect(throws: SurfaceError.invalidSize(width: 0, height: 10)) { try PageCurl(size: Size(width: 0, height: 10), restRadius: 1) }
        // NaN is not equal to itself: match the case and the message instead.
        let nan = #expect(throws: SurfaceError.self) { try PageCurl(size: Size(width: .nan, height: 10), restRadius: 1) }
        #expect(nan?.description.hasPrefix("leaf size nanx10.0") == true)
        #expect(throws: SurfaceError.invalidRadius(-1)) { try PageCurl(size: Self.leaf, restRadius: -1) }
        #expect(throws: SurfaceError.invalidRadius(.infinity)) { try PageCurl(size: Self.leaf, restRadius: .infinity) }
        #expect(throws: SurfaceError.invalidAngle(86)) { try PageCurl(size: Self.leaf, restRadius: 1, pose: CurlPose(angle: 86, axisFraction: 1)) }
        #expect(throws: SurfaceError.invalidAxisFraction(1.5)) { try PageCurl(size: Self.leaf, restRadius: 1, pose: CurlPose(angle: 0, axisFraction: 1.5)) }
        #expect(SurfaceError.invalidAngle(.nan).description.contains("nan"))
    }
}
