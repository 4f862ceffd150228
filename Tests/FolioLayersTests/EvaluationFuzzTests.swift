import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// 100,000 seeded random layer trees with hostile numbers: evaluation never crashes or hangs,
/// and nothing reported visible carries NaN or ∞.
@Suite struct EvaluationFuzzTests {
    /// Ordinary values most of the time, hostile ones often enough to hit every path: each
    /// tree draws its own hostility (none, a little, a lot), so clean trees exercise the
    /// full pipeline and hostile ones every guard.
    static func number(_ g: inout SeededGenerator, scale: Double = 300) -> Double {
        switch Int.random(in: 0..<Self.hostility.max, using: &g) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .leastNonzeroMagnitude        // smallest subnormal (5e-324)
        case 4: return [1e308, -1e308, Double.greatestFiniteMagnitude][Int.random(in: 0..<3, using: &g)]
        case 5: return 0
        case 6: return Double.random(in: -1e-12...1e-12, using: &g)
        default: return Double.random(in: -scale...scale, using: &g)
        }
    }

    static func transform(_ g: inout SeededGenerator) -> Transform3D {
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return .identity
        case 1:
            var t = Transform3D(rotationDegrees: number(&g, scale: 360), x: number(&g, scale: 1), y: number(&g, scale: 1), z: number(&g, scale: 1))
            t.m34 = Bool.random(using: &g) ? -1 / Double.random(in: 100...3000, using: &g) : number(&g, scale: 0.01)
            return t
        case 2: return Transform3D.identity.translated(x: number(&g), y: number(&g), z: number(&g))
        case 3: return Transform3D.identity.scaled(x: number(&g, scale: 3), y: number(&g, scale: 3), z: number(&g, scale: 3))
        default:
            var t = Transform3D.identity
            for k in 0..<16 where Int.random(in: 0..<3, using: &g) == 0 {
                let v = number(&g, scale: 2)
                switch k {
                case 0: t.m11 = v
                case 1: t.m12 = v
                case 2: t.m13 = v
                case 3: t.m14 = v * 1e-3
                case 4: t.m21 = v
                case 5: t.m22 = v
                case 6: t.m23 = v
                case 7: t.m24 = v * 1e-3
                case 8: t.m31 = v
                case 9: t.m32 = v
                case 10: t.m33 = v
                case 11: t.m34 = v * 1e-3
                case 12: t.m41 = v * 100
                case 13: t.m42 = v * 100
                case 14: t.m43 = v * 100
                default: t.m44 = v
                }
            }
            return t
        }
    }

    static func layer(_ g: inout SeededGenerator, depth: Int) -> Layer {
        let l: Layer
        switch Int.random(in: 0..<4, using: &g) {
        case 0: l = TransformLayer(name: "t")
        case 1:
            let gradient = GradientLayer(name: "g")
            gradient.colors = [.black, .clear]
            l = gradient
        default: l = Layer(name: "l")
        }
        l.bounds = Rect(x: number(&g, scale: 50), y: number(&g, scale: 50), width: number(&g), height: number(&g))
        l.position = Point(x: number(&g), y: number(&g))
        l.anchorPoint = Point(x: number(&g, scale: 1), y: number(&g, scale: 1))
        l.anchorPointZ = number(&g, scale: 100)
        l.zPosition = number(&g, scale: 100)
        l.transform = transform(&g)
        if Bool.random(using: &g) { l.sublayerTransform = transform(&g) }
        l.opacity = number(&g, scale: 1)
        l.isDoubleSided = Int.random(in: 0..<4, using: &g) != 0
        l.isHidden = Int.random(in: 0..<8, using: &g) == 0
        l.masksToBounds = Int.random(in: 0..<4, using: &g) == 0
        l.backgroundColor = .white
        if depth < 3 {
            for _ in 0..<Int.random(in: 0...3, using: &g) { try! l.addSublayer(layer(&g, depth: depth + 1)) }
        }
        return l
    }

    /// Range of the dice in `number`: 7 hostile faces out of `max`.
    @TaskLocal static var hostility = (max: 20, unused: 0)

    @Test func hostileTreesEvaluateToFiniteVisibleQuads() {
        var g = SeededGenerator(seed: 0xF022)
        let evaluator = LayerEvaluator()
        var visible = 0
        for i in 0..<100_000 {
            let dice = [1_000_000, 200, 20][i % 3]
            let root = Self.$hostility.withValue((dice, 0)) { Self.layer(&g, depth: 0) }
            let hitPoint = Point(x: Self.number(&g), y: Self.number(&g))
            evaluator.evaluate(root)
            for quad in evaluator.quads where quad.isVisible {
                visible += 1
                #expect(quad.opacity >= 0 && quad.opacity <= 1, "tree \(i)")
                for v in evaluator.corners(of: quad) {
                    let finite = v.clip.x.isFinite && v.clip.y.isFinite && v.clip.z.isFinite && v.clip.w.isFinite
                        && v.point.x.isFinite && v.point.y.isFinite && v.depth.isFinite && v.local.x.isFinite && v.local.y.isFinite
                    if !finite {
                        Issue.record("tree \(i): visible quad of '\(quad.layer.name)' has a non-finite vertex \(v)")
                        return
                    }
                }
            }
            _ = evaluator.topmostQuad(at: hitPoint)
        }
        // The generator must still produce plenty of ordinary, visible geometry.
        #expect(visible > 50_000)
    }
}
