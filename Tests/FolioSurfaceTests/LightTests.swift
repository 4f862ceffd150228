import Testing
import FolioGeometry
import FolioSurface
import FolioTestSupport

/// The paper light and the cast shadow, against their formulas.
@Suite struct LightTests {
    @Test func flatPageFacingTheViewerIsUnchanged() throws {
        for l in [PaperLight.standard, try PaperLight(direction: Vector3(x: 0.8, y: 0.1, z: 0.3), ambient: 0.2, sheen: 0.5, sheenExponent: 3)] {
            #expect(abs(l.diffuse(normal: Vector3(x: 0, y: 0, z: 1)) - 1) < 1e-15)
            #expect(l.sheen(normal: Vector3(x: 0, y: 0, z: 1)) == 0)
        }
    }

    @Test func diffuseFollowsTheCosineAndBackFacesUseTheirOwnNormal() throws {
        let light = try PaperLight(direction: Vector3(x: -1, y: 0, z: 1), ambient: 0.5)
        // Tilting the normal toward the light brightens, away darkens, down to the ambient.
        var previous = -Double.infinity
        for degrees in stride(from: -90.0, through: 45.0, by: 5) {
            let (s, c) = Angle.sinCos(degrees: degrees)
            let d = light.diffuse(normal: Vector3(x: -s, y: 0, z: c))
            #expect(d >= previous)
            previous = d
        }
        #expect(abs(light.diffuse(normal: Vector3(x: 1, y: 0, z: 0)) - 0.5) < 1e-15, "facing away: ambient only")
        let front = Vector3(x: 0, y: 0, z: -1)
        #expect(light.shade(frontNormal: front, backFacing: true).diffuse == light.diffuse(normal: Vector3(x: 0, y: 0, z: 1)))
        #expect(light.shade(frontNormal: front, backFacing: false).diffuse == 0.5)
    }

    @Test func sheenPeaksAtTheHalfwayVector() throws {
        let light = PaperLight.standard
        let h = (light.direction + Vector3(x: 0, y: 0, z: 1))
        let half = h * (1 / h.length)
        let peak = light.sheen(normal: half)
        #expect(peak > 0)
        for tilt in [0.05, 0.1, 0.3] {
            let off = Vector3(x: half.x + tilt, y: half.y, z: half.z)
            #expect(light.sheen(normal: off * (1 / off.length)) < peak)
        }
    }

    @Test func aDirectionOfAnyFiniteLengthIsNormalisedWithoutOverflow() throws {
        // |(1e308, 1e308, 1e308)| overflows a Double and |(1e-200, …)| underflows to 0, yet
        // both point 54.7° above the page: the light is normalised after scaling by the
        // largest component, so neither is refused as "length = inf" or "= 0".
        let diagonal = 1 / 3.0.squareRoot()
        for k in [1e308, Double.greatestFiniteMagnitude, 1e-200, Double.leastNonzeroMagnitude, 1] {
            let light = try PaperLight(direction: Vector3(x: k, y: k, z: k))
            #expect(abs(light.direction.x - diagonal) < 1e-15 && abs(light.direction.z - diagonal) < 1e-15, "\(k): \(light.direction)")
        }
        #expect(try PaperLight(direction: Vector3(x: 0, y: 0, z: .leastNonzeroMagnitude)).direction == Vector3(x: 0, y: 0, z: 1))
        #expect(throws: SurfaceError.invalidLight(name: "direction length", value: 0)) { try PaperLight(direction: Vector3(x: 0, y: 0, z: 0)) }
        #expect(throws: SurfaceError.invalidLight(name: "direction length", value: .infinity)) {
            try PaperLight(direction: Vector3(x: .infinity, y: 0, z: 1))
        }
    }

    @Test func badLightsAreRefusedByName() {
        #expect(throws: SurfaceError.invalidLight(name: "direction z (must be in front of the page)", value: -1)) {
            try PaperLight(direction: Vector3(x: 0, y: 0, z: -1))
        }
        #expect(throws: SurfaceError.invalidLight(name: "ambient", value: 2)) { try PaperLight(direction: Vector3(x: 0, y: 0, z: 1), ambient: 2) }
        // A grazing light: 1e-300 would be 0 in the shader's floats (0/0), 1e-9 blows out to white.
        for z in [1e-300, 1e-9, 0.049] {
            #expect(throws: SurfaceError.invalidLight(name: "direction z over its length (the light must be at least 3° above the page)", value: z / (1 + z * z).squareRoot())) {
                try PaperLight(direction: Vector3(x: 1, y: 0, z: z))
            }
        }
        #expect(throws: Never.self) { try PaperLight(direction: Vector3(x: 0.998, y: 0, z: 0.0625)) }
        #expect(throws: SurfaceError.invalidLight(name: "fadeHeight", value: 0)) { try CastShadow(fadeHeight: 0) }
    }

    @Test func penumbraWidensAndLightensMonotonicallyWithHeight() throws {
        let shadow = try CastShadow.standard(extent: 320)
        var lastWidth = -1.0, lastOpacity = 2.0
        for step in 0...400 {
            let h = Double(step) * 0.5
            let w = shadow.width(height: h), o = shadow.opacity(height: h)
            #expect(w > lastWidth && o < lastOpacity, "at height \(h)")
            lastWidth = w; lastOpacity = o
        }
        #expect(shadow.width(height: 0) == shadow.contactWidth && shadow.opacity(height: 0) == shadow.contactOpacity)
        #expect(abs(shadow.opacity(height: shadow.fadeHeight) - shadow.contactOpacity / 2) < 1e-15)
        // It falls away from the light, by the height times the light's slope.
        let (dx, dy) = shadow.offset(height: 10)
        #expect(abs(dx - -10 * shadow.light.x / shadow.light.z) < 1e-12 && dx > 0 && dy > 0)
    }

    @Test func penumbraProfileIsTheHiddenShareOfARoundLight() {
        #expect(CastShadow.coverage(inside: 0, width: 4) == 0.5)
        #expect(CastShadow.coverage(inside: 2, width: 4) == 1 && CastShadow.coverage(inside: -2, width: 4) == 0)
        var last = -1.0
        for i in -30...30 {
            let d = Double(i) / 10
            let c = CastShadow.coverage(inside: d, width: 4)
            #expect(c >= last)
            #expect(abs(c + CastShadow.coverage(inside: -d, width: 4) - 1) < 1e-12)
            last = c
        }
        // A quarter of the way in (u = 0.5): 1 − (π/3 − √3/4)/π.
        #expect(abs(CastShadow.coverage(inside: 1, width: 4) - (1 - (Double.pi / 3 - 3.0.squareRoot() / 4) / .pi)) < 1e-12)
        #expect(CastShadow.coverage(inside: 0.1, width: 0) == 1)
    }

    @Test func meshShadowFollowsEachVertexsHeight() throws {
        let curl = try PageCurl(size: Size(width: 300, height: 400), restRadius: 40, pose: try CurlPath(startAngle: 20).pose(at: 0.6))
        let mesh = SurfaceMesh()
        try mesh.tessellate(curl, toView: CurlFixtures.view(origin: .zero, pivot: Point(x: 0, y: 200), m34: -1 / 1400), scale: 1)
        let model = try CastShadow.standard(extent: 300)
        mesh.castShadow(model)
        #expect(mesh.shadow.count == mesh.vertices.count)
        let pairs = zip(mesh.vertices, mesh.shadow).sorted { $0.0.position.z < $1.0.position.z }
        for (a, b) in zip(pairs, pairs.dropFirst()) where b.0.position.z > a.0.position.z {
            #expect(b.1.width > a.1.width && b.1.opacity < a.1.opacity)
        }
        for (v, s) in zip(mesh.vertices, mesh.shadow) where v.position.z == 0 {
            #expect(s.point == Point(x: v.position.x, y: v.position.y) && s.opacity == model.contactOpacity)
        }
    }
}
