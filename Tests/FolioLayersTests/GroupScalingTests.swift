import Testing
import FolioGeometry
import FolioTestSupport
@testable import FolioLayers

/// What the evaluator hands a renderer for compositing (groups, borders, rounded masks,
/// rasterized layers) is found in one pass over the quads, whatever the number of groups
/// (issue #31: 12,000 groups took 90 s when each group scanned every quad), and gives what the
/// per-group scans gave.
@Suite struct GroupScalingTests {
    /// `n` translucent groups side by side, each with a sublayer over its own background (so
    /// each needs an offscreen picture), every third bordered and every fifth masking with
    /// rounded corners.
    static func groups(_ n: Int) -> Layer {
        let columns = 100
        let groups = (0..<n).map { i -> Layer in
            let g = Layer(name: "g\(i)", bounds: Rect(x: 0, y: 0, width: 8, height: 8),
                          position: Point(x: Double(8 * (i % columns) + 4), y: Double(8 * (i / columns) + 4)),
                          backgroundColor: Color(red: 1, green: 0, blue: 0), opacity: 0.5,
                          sublayers: [Layer(name: "c\(i)", bounds: Rect(x: 0, y: 0, width: 5, height: 5), position: Point(x: 4, y: 4),
                                            backgroundColor: Color(red: 0, green: 1, blue: 0))])
            if i % 3 == 0 { g.borderWidth = 1 }
            if i % 5 == 0 { (g.masksToBounds, g.cornerRadius) = (true, 2) }
            return g
        }
        return Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 800, height: 800), position: Point(x: 400, y: 400), sublayers: groups)
    }

    @Test func findingGroupsCostsLinearlyInTheQuads() throws {
        let e = LayerEvaluator()
        var steps: [Int] = []
        for n in [250, 2000] {
            e.evaluate(Self.groups(n))
            try #require(e.compositingGroups.count == n)
            #expect(e.borders.count == (n + 2) / 3)
            #expect(e.roundedMasks.count == (n + 4) / 5)
            // Each distinct layer of a visible quad walks up to the root once: child, group, root.
            let s = e.state.groups.spans.ancestorSteps
            #expect(s <= 3 * e.quads.count, "\(s) superlayer links for \(e.quads.count) quads")
            steps.append(s)
        }
        // Eight times the groups, eight times the work (a scan per group made it 64 times).
        #expect(Double(steps[1]) / Double(steps[0]) < 8 * 1.25, "\(steps)")
    }

    @Test func aSteadyTreeOfManyGroupsKeepsEveryDecision() {
        // More candidates than `GroupFinder.decisionLimit`: the memory grows with them instead
        // of forgetting every decision each frame.
        let root = Self.groups(GroupFinder.decisionLimit + 1000)
        let e = LayerEvaluator()
        e.evaluate(root)
        e.evaluate(root)
        #expect(e.state.groups.decisions.count == GroupFinder.decisionLimit + 1000)
    }

    // MARK: The one pass gives what the per-group scans gave

    /// The per-group scans the one pass replaced, kept as the reference.
    enum Reference {
        static func isInside(_ layer: Layer, _ ancestor: Layer) -> Bool {
            var current: Layer? = layer
            while let l = current {
                if l === ancestor { return true }
                current = l.superlayer
            }
            return false
        }

        static func run(of layer: Layer, in quads: [Quad]) -> Range<Int>? {
            var start = -1, end = -1
            for i in quads.indices {
                let q = quads[i]
                guard q.isVisible else { break }
                if isInside(q.layer, layer) {
                    if start < 0 { start = i } else if end >= 0 { return nil }
                } else if start >= 0 && end < 0 {
                    end = i
                }
            }
            guard start >= 0 else { return nil }
            if end < 0 {
                end = start
                while end < quads.count && quads[end].isVisible { end += 1 }
            }
            return start..<end
        }

        static func ownAndLast(of layer: Layer, in quads: [Quad]) -> (Int, Int)? {
            var own = -1, last = -1
            for i in quads.indices {
                let q = quads[i]
                guard q.isVisible else { break }
                if own < 0 && q.layer === layer { own = i }
                if isInside(q.layer, layer) { last = i }
            }
            return own >= 0 ? (own, max(own, last)) : nil
        }
    }

    /// A random tree of translucent, bordered, masking, rasterized, hidden and turned layers,
    /// some in 3D transform layers whose depth sort interleaves them.
    static func randomTree(_ g: inout SeededGenerator, depth: Int = 0) -> Layer {
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
        let kind = depth > 0 && Int.random(in: 0..<6, using: &g) == 0
        let layer: Layer = kind ? TransformLayer(name: "t") : Layer(name: "l")
        layer.bounds = Rect(x: 0, y: 0, width: r(5...60), height: r(5...60))
        layer.position = Point(x: r(0...80), y: r(0...80))
        if Bool.random(using: &g) { layer.backgroundColor = Color(red: r(0...1), green: r(0...1), blue: r(0...1)) }
        if Int.random(in: 0..<3, using: &g) == 0 { layer.opacity = r(0.2...0.9) }
        if Int.random(in: 0..<5, using: &g) == 0 { layer.borderWidth = r(0.5...3) }
        if Int.random(in: 0..<5, using: &g) == 0 { (layer.masksToBounds, layer.cornerRadius) = (true, r(0...6)) }
        if Int.random(in: 0..<12, using: &g) == 0 { layer.shouldRasterize = true }
        if Int.random(in: 0..<15, using: &g) == 0 { layer.isHidden = true }
        if Int.random(in: 0..<5, using: &g) == 0 { layer.transform = Transform3D(rotationDegrees: r(-60...60), x: 0, y: 1, z: 0) }
        if depth < 4 {
            for _ in 0..<Int.random(in: 0...4, using: &g) { try? layer.addSublayer(randomTree(&g, depth: depth + 1)) }
        }
        return layer
    }

    @Test func groupsBordersMasksAndRasterizedLayersMatchThePerGroupScans() {
        var g = SeededGenerator(seed: 31)
        let e = LayerEvaluator()
        var checked = 0
        for _ in 0..<300 {
            let root = Self.randomTree(&g)
            e.evaluate(root)
            let quads = e.quads
            for group in e.compositingGroups {
                #expect(Reference.run(of: group.layer, in: quads) == group.quads)
                checked += 1
            }
            for b in e.borders {
                let ref = Reference.ownAndLast(of: b.layer, in: quads)
                #expect(ref?.0 == b.quad && ref?.1 == b.after)
            }
            for m in e.roundedMasks {
                let own = quads.firstIndex { $0.layer === m.layer }
                #expect(own.map { quads[$0].localToView == m.localToView } == true)
            }
            for r in e.rasterizedLayers {
                let own = quads.firstIndex { $0.layer === r.layer && $0.isVisible }
                #expect(own == r.quad)
            }
            // Ordered as before: groups by first quad, an enclosing group first; borders by `after`.
            #expect(zip(e.compositingGroups, e.compositingGroups.dropFirst()).allSatisfy { !GroupFinder.precedes($1, $0) })
            #expect(zip(e.borders, e.borders.dropFirst()).allSatisfy { $0.after <= $1.after })
            // Every layer that would have been a group is one.
            var stack = [root]
            while let l = stack.popLast() {
                stack.append(contentsOf: l.sublayers)
                guard l !== root, l.kind != .transform, !l.shouldRasterize, !l.sublayers.isEmpty,
                      l.clampedOpacity > 0, l.clampedOpacity < 1, !Self.isHidden(l),
                      l.opacityCompositing == .offscreen, let run = Reference.run(of: l, in: quads) else { continue }
                #expect(e.compositingGroups.contains { $0.layer === l && $0.quads == run })
            }
        }
        #expect(checked > 20, "only \(checked) groups met")
    }

    static func isHidden(_ layer: Layer) -> Bool {
        var current: Layer? = layer
        while let l = current {
            if l.isHidden { return true }
            current = l.superlayer
        }
        return false
    }
}
