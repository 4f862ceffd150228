import Testing
import FolioTestSupport
import FolioGeometry
import FolioLayers
import FolioSurface
@testable import FolioTransitions

/// The curled leaf as a layer: the evaluator emits one planar polygon per mesh patch, each
/// mapped exactly onto its patch, in an order that is correct against the flat pages and
/// against the leaf itself.
@Suite struct CurlLayerTests {
    /// Random curls over the whole turn: angles, radii, progress, styles.
    static func curls(count: Int, seed: UInt64) throws -> [CurlTransition] {
        var g = SeededGenerator(seed: seed)
        var result: [CurlTransition] = []
        for _ in 0..<count {
            let style = FlipStyle(rawValue: Int.random(in: 0..<4, using: &g))
            let curl = try CurlTransition(size: Size(width: Double.random(in: 200...900, using: &g), height: Double.random(in: 200...900, using: &g)),
                                          scale: Double.random(in: 1...2, using: &g), style: style,
                                          startAngle: Double.random(in: -60...60, using: &g),
                                          radius: Bool.random(using: &g) ? nil : Double.random(in: 5...80, using: &g))
            try curl.setProgress(Double.random(in: 0...1, using: &g))
            result.append(curl)
        }
        return result
    }

    @Test func everyPatchIsOnePolygonMappedExactlyOntoItsVertices() throws {
        for curl in try Self.curls(count: 200, seed: 0x5EAF) {
            let e = LayerEvaluator()
            e.evaluate(curl.root)
            let patches = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 }
            #expect(patches.count == curl.mesh.patches.count)
            #expect(Set(patches.map(\.surfacePatch)) == Set(curl.mesh.patches.indices))
            let extent = curl.size.width + curl.size.height
            for quad in patches {
                #expect(quad.layer === curl.leaf)
                let patch = curl.mesh.patches[quad.surfacePatch]
                // Every mesh corner of the patch, through the quad's homography, lands on the
                // mesh vertex's projected point.
                for v in curl.mesh.corners(of: patch) {
                    let vertex = curl.mesh.vertices[v]
                    let h = quad.localToView.apply(vertex.local)
                    let p = Point(x: h.x / h.w, y: h.y / h.w)
                    #expect(p.distance(to: vertex.point) <= 1e-9 * extent, "patch \(quad.surfacePatch) at progress \(curl.progress)")
                }
                // The back-facing flag agrees with the quad's projected winding.
                #expect(quad.localToView.showsBack == patch.isBackFacing || patch.region == .bend && abs(quad.localToView.orientationDeterminant) < 1e-6)
            }
        }
    }

    @Test func drawOrderIsNearestLastWhereTheLeafCoversItselfAndThePages() throws {
        var checked = 0, covering = 0
        for curl in try Self.curls(count: 120, seed: 0xD0D0) {
            let e = LayerEvaluator()
            e.evaluate(curl.root)
            try e.requireExactDepthOrder()
            #expect(PaintersOrderOracle.violations(e, samples: 40, excluding: ["curl"]) == 0, "progress \(curl.progress)")
            checked += 1
            if curl.mesh.patches.contains(where: { $0.region == .turned }) { covering += 1 }
        }
        #expect(checked == 120 && covering > 20, "wrapped past the half turn in \(covering) of \(checked)")
    }

    @Test func theOracleSeesAWrongOrder() throws {
        // The same check fails when the leaf's patches are drawn in reverse: the oracle can fail.
        let curl = try CurlTransition(size: Size(width: 640, height: 400), startAngle: 10)
        try curl.setProgress(0.75)
        #expect(curl.mesh.patches.contains { $0.region == .turned })
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        #expect(PaintersOrderOracle.violations(e, excluding: ["curl"]) == 0)
        let quads = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 }
        #expect(quads.count > 3)
        var bad = 0
        // Drawing the patches in reverse order breaks the painter's invariant somewhere.
        let order = Array(quads.reversed())
        for i in 0..<40 {
            for j in 0..<40 {
                let p = Point(x: 320 + 320 * (Double(i) + 0.37) / 40, y: 400 * (Double(j) + 0.61) / 40)
                var nearest = -Double.infinity
                for q in order {
                    guard let z = PaintersOrderOracle.depth(at: p, in: Array(e.corners(of: q))) else { continue }
                    if z < nearest - 1e-6 * max(1, abs(nearest)) { bad += 1 }
                    nearest = max(nearest, z)
                }
            }
        }
        #expect(bad > 10, "reversed order violations: \(bad)")
    }

    @Test func flatLayersKeepTheirOwnPolygons() throws {
        let curl = try CurlTransition(size: Size(width: 320, height: 480))
        try curl.setProgress(0.4)
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        let flat = e.quads.filter { $0.isVisible && $0.surfacePatch < 0 }
        #expect(flat.map(\.layer.name).sorted() == ["curl", "facing", "reveal"])
        for q in flat where q.layer.name != "curl" { #expect(q.vertexRange.count == 4) }
    }
}
