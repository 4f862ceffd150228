import Testing
import FolioTestSupport
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// 100,000 seeded random effect parameter sets, hostile numbers included: every one either
/// throws a `TransitionError` or gives finite panels whose seams are still shared.
@Suite struct EffectFuzzTests {
    static func number(_ g: inout SeededGenerator, _ range: ClosedRange<Double>) -> Double {
        switch Int.random(in: 0..<24, using: &g) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .leastNonzeroMagnitude
        case 4: return 1e308
        case 5: return -1
        case 6: return 0
        default: return Double.random(in: range, using: &g)
        }
    }

    /// Shared corners agree to 1e-9 points, relative to the size for very large views.
    static func close(_ a: Point, _ b: Point, extent: Double) -> Bool {
        a.distance(to: b) <= 1e-9 * max(1, extent / 1000)
    }

    @Test func randomEffectsThrowTypedErrorsOrKeepTheirSeams() {
        var g = SeededGenerator(seed: 0xEFFEC7)
        var built = 0, refused = 0
        for i in 0..<100_000 {
            let size = Size(width: Self.number(&g, 1...5000), height: Self.number(&g, 1...5000))
            let scale = Self.number(&g, 0.5...4)
            let m34: Double? = Bool.random(using: &g) ? nil : Self.number(&g, -0.02...0.002)
            let progress = Self.number(&g, 0...1)
            let extent = max(size.width, size.height)
            do {
                if i % 2 == 0 {
                    let style = FoldStyle(rawValue: Int.random(in: 0..<16, using: &g))
                    let fold = try FoldTransition(size: size, scale: scale, style: style, m34: m34)
                    try fold.setProgress(progress)
                    let p = fold.panels()
                    let horizontal = style.contains(.horizontal)
                    for panel in p {
                        #expect(panel.corners.allSatisfy(\.isFinite) && panel.depth.allSatisfy(\.isFinite), "fold \(i)")
                    }
                    for k in 0..<3 {
                        let (a, b) = (p[k], p[k + 1])
                        let trailing = horizontal ? [a.corners[1], a.corners[2]] : [a.corners[3], a.corners[2]]
                        let leading = horizontal ? [b.corners[0], b.corners[3]] : [b.corners[0], b.corners[1]]
                        for (x, y) in zip(trailing, leading) where !Self.close(x, y, extent: extent) {
                            Issue.record("fold \(i) \(size) @\(scale) \(style.rawValue) p=\(progress): \(a.name)–\(b.name) seam opens")
                        }
                    }
                } else {
                    let style = FlipStyle(rawValue: Int.random(in: 0..<8, using: &g))
                    let viewpoint = Self.number(&g, -1...2)
                    let flip = try FlipTransition(size: size, scale: scale, style: style, m34: m34, viewpoint: viewpoint)
                    try flip.setProgress(progress)
                    let p = flip.panels()
                    for panel in p {
                        #expect(panel.corners.allSatisfy(\.isFinite) && panel.depth.allSatisfy(\.isFinite), "flip \(i)")
                    }
                    // The turning page (front, then back) meets the staying page on the spine.
                    let vertical = style.contains(.vertical), backward = style.contains(.backward)
                    func spineEdge(_ panel: PanelGeometry, leadingPart: Bool) -> [Point] {
                        let c = panel.corners
                        if vertical { return leadingPart ? [c[3], c[2]] : [c[0], c[1]] }
                        return leadingPart ? [c[1], c[2]] : [c[0], c[3]]
                    }
                    let facing = p[0], front = p[1], back = p[2]
                    for (x, y) in zip(spineEdge(facing, leadingPart: !backward), spineEdge(front, leadingPart: backward))
                    where !Self.close(x, y, extent: extent) {
                        Issue.record("flip \(i) \(size) @\(scale) \(style.rawValue) p=\(progress) m34=\(String(describing: m34)) vp=\(viewpoint): front leaves the spine")
                    }
                    for (x, y) in zip(spineEdge(facing, leadingPart: !backward), spineEdge(back, leadingPart: !backward))
                    where !Self.close(x, y, extent: extent) {
                        Issue.record("flip \(i) \(size) @\(scale) \(style.rawValue) p=\(progress): back leaves the spine")
                    }
                }
                built += 1
            } catch {
                // Typed, and its message names a value.
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        #expect(built > 20_000 && refused > 10_000, "built \(built), refused \(refused)")
    }
}
