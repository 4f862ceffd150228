import Testing
import FolioTestSupport
import FolioGeometry

/// Algebraic properties over seeded random transforms (translations, scales, rotations, perspective).
@Suite struct Transform3DPropertyTests {
    static func randomTransform(_ g: inout SeededGenerator) -> Transform3D {
        var t = Transform3D.identity
        for _ in 0..<4 {
            switch Int.random(in: 0..<4, using: &g) {
            case 0: t = t.translated(x: .random(in: -500...500, using: &g), y: .random(in: -500...500, using: &g),
                                     z: .random(in: -500...500, using: &g))
            case 1: t = t.scaled(x: .random(in: 0.2...3, using: &g), y: .random(in: 0.2...3, using: &g),
                                 z: .random(in: 0.2...3, using: &g))
            case 2: t = t.rotated(by: .random(in: -4...4, using: &g), x: .random(in: -1...1, using: &g),
                                  y: .random(in: -1...1, using: &g), z: .random(in: -1...1, using: &g))
            default:
                var p = Transform3D.identity
                p.m34 = -1 / Double.random(in: 300...3000, using: &g)
                t = t.concatenating(p)
            }
        }
        return t
    }

    static func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
        zip(a.entries, b.entries).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
    }

    @Test func inverseRoundTripsToIdentity() {
        var g = SeededGenerator(seed: 0xF011_0001)
        for _ in 0..<2000 {
            let t = Self.randomTransform(&g)
            guard let inv = t.inverted() else { Issue.record("regular transform \(t) did not invert"); continue }
            #expect(Self.maxDifference(t.concatenating(inv), .identity) < 1e-9)
            #expect(Self.maxDifference(inv.concatenating(t), .identity) < 1e-9)
        }
    }

    @Test func concatenationIsAssociative() {
        var g = SeededGenerator(seed: 0xF011_0002)
        for _ in 0..<2000 {
            let a = Self.randomTransform(&g), b = Self.randomTransform(&g), c = Self.randomTransform(&g)
            #expect(Self.maxDifference(a.concatenating(b).concatenating(c), a.concatenating(b.concatenating(c))) < 1e-9)
        }
    }

    @Test func determinantIsMultiplicative() {
        var g = SeededGenerator(seed: 0xF011_0003)
        for _ in 0..<500 {
            let a = Self.randomTransform(&g), b = Self.randomTransform(&g)
            let lhs = a.concatenating(b).determinant, rhs = a.determinant * b.determinant
            #expect(abs(lhs - rhs) <= 1e-9 * max(1, abs(rhs)))
        }
    }

    @Test func clippingNeverLeavesAPointBehindTheEye() {
        var g = SeededGenerator(seed: 0xF011_0004)
        for _ in 0..<2000 {
            // A planar rectangle under a random transform with a close eye: often crosses w = 0.
            var t = Self.randomTransform(&g)
            t.m34 = -1 / Double.random(in: 50...400, using: &g)
            var pool: [Vector4] = [(0.0, 0.0), (300, 0), (300, 200), (0, 200)].map {
                Vector3(x: $0.0, y: $0.1, z: 0).applying(t)
            }
            let kept = Projection.clip(&pool, 0..<4, against: .inFrontOfEye)
            for i in kept { #expect(pool[i].w >= Projection.minimumW * (1 - 1e-9)) }
            #expect(kept.isEmpty || kept.count >= 3)
            #expect(kept.count <= 5, "a convex quad cut by one plane has at most 5 corners")
        }
    }
}
