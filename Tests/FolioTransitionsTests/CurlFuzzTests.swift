import Testing
import FolioTestSupport
import FolioGeometry
import FolioSurface
@testable import FolioTransitions

/// Seeded random curl parameter sets, hostile numbers included: every one either throws a
/// typed error or gives a finite mesh whose spine stays on the spine; drags never fail on a
/// finite grab point of the leaf.
@Suite struct CurlFuzzTests {
    /// The effect fuzz's hostile numbers (NaN, ±∞, subnormal, 1e308, −1, 0 or in range).
    static func number(_ g: inout SeededGenerator, _ range: ClosedRange<Double>) -> Double { EffectFuzzTests.number(&g, range) }

    @Test func randomCurlsThrowTypedErrorsOrGiveFiniteMeshes() {
        var g = SeededGenerator(seed: 0xC0A1)
        var built = 0, refused = 0
        for i in 0..<20_000 {
            let size = Size(width: Self.number(&g, 1...3000), height: Self.number(&g, 1...3000))
            let scale = Self.number(&g, 0.5...4)
            let m34: Double? = Bool.random(using: &g) ? nil : Self.number(&g, -0.02...0.002)
            let style = FlipStyle(rawValue: Int.random(in: 0..<4, using: &g))
            let angle = Self.number(&g, -85...85), radius: Double? = Bool.random(using: &g) ? nil : Self.number(&g, 0...400)
            let progress = Self.number(&g, 0...1)
            do {
                let curl = try CurlTransition(size: size, scale: scale, style: style, startAngle: angle, radius: radius,
                                              m34: m34, viewpoint: Self.number(&g, -1...2))
                try curl.setProgress(progress)
                let mesh = curl.mesh
                #expect(!mesh.triangles.isEmpty, "\(i)")
                for v in mesh.vertices {
                    #expect(v.position.isFinite && v.normal.isFinite && v.point.isFinite && v.clip.w > 0, "\(i)")
                }
                // A drag toward a random pointer: a pose, or a typed error for a bad pointer.
                let grab = Point(x: curl.leafFrame.width * Double.random(in: 0...1, using: &g), y: curl.leafFrame.height)
                let pointer = Point(x: Self.number(&g, -3000...3000), y: Self.number(&g, -3000...3000))
                do {
                    try curl.drag(grab: grab, to: pointer)
                    #expect(curl.progress >= 0 && curl.progress <= 1 && curl.mesh.vertices.allSatisfy { $0.position.isFinite }, "\(i)")
                } catch {
                    #expect(!pointer.isFinite, "\(i): a finite pointer was refused: \(error)")
                }
                built += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        #expect(built > 1_000 && refused > 10_000, "built \(built), refused \(refused)")
    }

    @Test func hostileMeshInputsAreRefusedOrGiveFiniteVertices() {
        var g = SeededGenerator(seed: 0xC0A2)
        let mesh = SurfaceMesh()
        for i in 0..<5_000 {
            do {
                let curl = try PageCurl(size: Size(width: Self.number(&g, 1...1e4), height: Self.number(&g, 1...1e4)),
                                        spine: SpineEdge.allCases.randomElement(using: &g)!, restRadius: Self.number(&g, 0...1e3),
                                        pose: CurlPose(angle: Self.number(&g, -85...85), axisFraction: Self.number(&g, 0...1)))
                var view = Transform3D.identity
                view.m34 = Self.number(&g, -0.01...0)
                view.m41 = Self.number(&g, -100...100)
                try mesh.tessellate(curl, toView: view, scale: Self.number(&g, 0.1...1000), tolerance: Self.number(&g, 0.01...1))
                #expect(mesh.segmentsPerHalfTurn <= SurfaceMesh.maximumSegments)
                #expect(mesh.vertices.allSatisfy { $0.position.isFinite && $0.point.isFinite }, "\(i)")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}
