import Testing
import CAllocationCounter
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// The presentation tree: evaluation and hit testing at a time, the model restored bit for bit,
/// change tracking, and no allocation per frame.
@Suite struct PresentationTests {
    /// A 1000 × 1000 root with a 100 × 100 square at (0, 0) sliding right by 500 points over 1 s.
    static func slidingScene() throws -> (root: Layer, square: Layer) {
        let square = Layer(name: "square", frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000), sublayers: [square])
        let timing = try MediaTiming(duration: 1)
        try square.add(.basic(.positionX, from: .number(50), to: .number(550), timing: timing), forKey: "slide")
        return (root, square)
    }

    @Test func hitTestingThePresentationCatchesTheLayerWhereItIsSeen() throws {
        // At t = 0.5 the square's centre is at x = 300: it covers x 250…350.
        let (root, square) = try Self.slidingScene()
        #expect(root.hitTest(Point(x: 300, y: 50), at: 0.5) === square)
        #expect(root.hitTest(Point(x: 300, y: 50)) === root, "the model square is still at 0…100")
        #expect(root.hitTest(Point(x: 50, y: 50), at: 0.5) === root)
        #expect(root.hitTest(Point(x: 50, y: 50)) === square)
    }

    @Test func evaluatingAtATimeShowsThePresentationAndRestoresTheModelBitForBit() throws {
        let (root, square) = try Self.slidingScene()
        square.transform = Transform3D(rotationDegrees: 10, x: 0, y: 0, z: 1)
        try square.add(.basic(.rotationZ, from: .number(0), to: .number(2), timing: try MediaTiming(duration: 1)), forKey: "turn")
        let modelTransform = square.transform, modelLocal = square.localTransform, modelPosition = square.position
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root, at: 0.5)
        let quad = try #require(evaluator.quads.first { $0.layer === square })
        let centre = evaluator.corners(of: quad).reduce(Point.zero) { $0 + $1.point.scaled(by: 0.25) }
        #expect(abs(centre.x - 300) < 1e-9 && abs(centre.y - 50) < 1e-9)
        #expect(Layer.sameBits(square.transform, modelTransform) && Layer.sameBits(square.localTransform, modelLocal))
        #expect(square.position == modelPosition)
    }

    @Test func aTreeWithoutAnimationsEvaluatesAtATimeExactlyAsWithout() throws {
        let a = Layer(name: "a", frame: Rect(x: 10, y: 20, width: 100, height: 50), backgroundColor: .white)
        a.transform = Transform3D(rotationDegrees: 33, x: 1, y: 1, z: 0)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400), sublayers: [a])
        root.sublayerTransform.m34 = -1.0 / 500
        let plain = LayerEvaluator(), timed = LayerEvaluator()
        plain.evaluate(root)
        let version = root.subtreeVersion
        timed.evaluate(root, at: 12.5)
        #expect(root.subtreeVersion == version)
        #expect(plain.quads.count == timed.quads.count)
        for (p, q) in zip(plain.vertices, timed.vertices) {
            #expect(p.clip.x.bitPattern == q.clip.x.bitPattern && p.clip.y.bitPattern == q.clip.y.bitPattern
                        && p.clip.w.bitPattern == q.clip.w.bitPattern && p.depth.bitPattern == q.depth.bitPattern)
        }
    }

    @Test func changeTrackingSeesThePresentation() throws {
        let (root, square) = try Self.slidingScene()
        let before = root.subtreeVersion, squareBefore = square.version
        var inside: UInt64 = 0
        root.withPresentation(at: 0.25) { inside = root.subtreeVersion }
        #expect(inside != before, "a renderer's damage check inside the presentation sees the move")
        #expect(square.version != squareBefore)
    }

    @Test func aFrameWithAThousandAnimatingLayersAllocatesNothingBeyondTheEvaluator() throws {
        // The presentation adds no allocation to a frame: applying and restoring the
        // presentation of 1,000 layers with three running animations each allocates nothing,
        // even in a debug build. (The evaluator's own walk allocates nothing in an optimised
        // build; a debug build's allocates a few bookkeeping objects that vary with the
        // tree's poses, so whole frames are compared in `folio bench`, built for release.)
        let before = folio_allocations_this_thread()
        folio_allocation_probe()
        try #require(folio_allocations_this_thread() == before + 1, "the allocation counter is not interposed")
        func tiles(animated: Bool) throws -> Layer {
            var tiles: [Layer] = []
            let spring = try Spring(mass: 1, stiffness: 120, damping: 8)
            for i in 0..<1_000 {
                let tile = Layer(name: "", frame: Rect(x: Double(i % 40) * 20, y: Double(i / 40) * 20, width: 18, height: 18),
                                 backgroundColor: .white)
                if animated {
                    try tile.add(.spring(.positionY, by: .number(40), spring: spring, timing: try MediaTiming(duration: 10)), forKey: "drop")
                    try tile.add(.basic(.opacity, from: .number(0.2), to: .number(1), timing: try MediaTiming(duration: 2)), forKey: "fade")
                    try tile.add(.basic(.rotationZ, from: .number(0), to: .number(4), timing: try MediaTiming(duration: 3)), forKey: "turn")
                }
                tiles.append(tile)
            }
            return Layer(name: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000), sublayers: tiles)
        }
        // With the turn, every layer takes the general path; without it, the track path
        // (`NumberTrack`): both allocate nothing.
        let general = try tiles(animated: true)
        let tracked = try tiles(animated: true)
        for tile in tracked.sublayers { tile.removeAnimation(forKey: "turn") }
        #expect(general.sublayers.allSatisfy { $0.animationStorage?.usesTracks == false })
        #expect(tracked.sublayers.allSatisfy { $0.animationStorage?.usesTracks == true })
        for root in [general, tracked] {
            let evaluator = LayerEvaluator()
            for frame in 0..<3 { evaluator.evaluate(root, at: Double(frame) / 60) }
            var opacities = 0.0
            let start = folio_allocations_this_thread()
            for frame in 3..<30 {
                root.withPresentation(at: Double(frame) / 60) { opacities += root.sublayers[999].opacity }
            }
            #expect(folio_allocations_this_thread() - start == 0)
            #expect(opacities.isFinite && opacities < 27)
            evaluator.evaluate(root, at: 0.5)
            #expect(evaluator.quads.allSatisfy { $0.opacity.isFinite && $0.isVisible })
        }
    }

    /// The track path (`NumberTrack`, taken when every animation of a layer is a basic or spring
    /// animation of a number stored in the layer) presents exactly what the general path
    /// presents, bit for bit: the same animations on two layers, one of them forced onto the
    /// general path by an extra animation of an unrelated key (`borderColor`), sampled over
    /// 4 s (before, during, at the end and after, with fills, repeats, reversal, offsets,
    /// additive and cumulative composition, two animations on one key), and the model comes
    /// back bit for bit on both.
    @Test func theTrackPathPresentsBitForBitWhatTheGeneralPathPresents() throws {
        func animate(_ layer: Layer) throws {
            try layer.add(.spring(.positionY, by: .number(40), spring: try Spring(mass: 1, stiffness: 120, damping: 8),
                                  initialVelocity: 0.5, timing: try MediaTiming(beginTime: 0.2, duration: 2)), forKey: "drop")
            try layer.add(.basic(.opacity, from: .number(0.2), to: .number(0.9),
                                 timing: try MediaTiming(duration: 1, fillMode: .both), timingFunction: .easeInEaseOut), forKey: "fade")
            var bob = try LayerAnimation.basic(.positionY, by: .number(5),
                                               timing: try MediaTiming(beginTime: 0.5, duration: 0.3, timeOffset: 0.1, repeatCount: 2.5,
                                                                       autoreverses: true, fillMode: .forwards))
            bob.isAdditive = true
            bob.isCumulative = true
            try layer.add(bob, forKey: "bob")
            try layer.add(.spring(.zPosition, from: .number(-3), to: .number(7), spring: .bouncy, velocity: .number(12),
                                  timing: try MediaTiming(beginTime: 1, duration: 1.5, speed: 2, fillMode: .backwards)), forKey: "rise")
            try layer.add(.basic(.cornerRadius, to: .number(9), timing: try MediaTiming(duration: 0.7, repeatDuration: 1.9)), forKey: "round")
        }
        let fast = Layer(name: "fast", frame: Rect(x: 10, y: 20, width: 30, height: 40), backgroundColor: .white)
        let general = Layer(name: "general", frame: Rect(x: 10, y: 20, width: 30, height: 40), backgroundColor: .white)
        try animate(fast)
        try animate(general)
        try general.add(.basic(.borderColor, from: .color(.white), to: .color(.black), timing: try MediaTiming(duration: 1)), forKey: "tint")
        #expect(fast.animationStorage?.usesTracks == true)
        #expect(general.animationStorage?.usesTracks == false)
        func numbers(_ l: Layer) -> [UInt64] {
            [l.position.x, l.position.y, l.opacity, l.zPosition, l.cornerRadius, l.anchorPointZ, l.borderWidth].map(\.bitPattern)
        }
        let model = numbers(fast)
        var compared = 0
        for step in -20...400 {
            let t = Double(step) / 100
            let a = fast.withPresentation(at: t) { numbers(fast) }
            let b = general.withPresentation(at: t) { numbers(general) }
            #expect(a == b, "t = \(t)")
            if a != model { compared += 1 }
        }
        #expect(compared > 300, "most samples show an animated value")
        #expect(numbers(fast) == model && numbers(general) == model)
    }

    /// Springs that share their parameters and local time share one evaluation of the closed
    /// form in a presentation walk (`SpringResponseMemo`); layers interleaving two springs and
    /// two begin times (so the memo both hits and misses) present, over 2 s, exactly the bits
    /// each layer presents on its own (`presentationValue`, a walk of one layer).
    @Test func springsSharedAcrossLayersPresentTheBitsEachPresentsAlone() throws {
        let soft = try Spring(mass: 1, stiffness: 60, damping: 3), stiff = try Spring(mass: 2, stiffness: 300, damping: 9)
        var tiles: [Layer] = []
        for i in 0..<12 {
            let tile = Layer(name: "\(i)", frame: Rect(x: Double(i) * 20, y: 0, width: 18, height: 18), backgroundColor: .white)
            try tile.add(.spring(.positionY, by: .number(Double(i % 5) + 3), spring: i % 3 == 0 ? stiff : soft,
                                 timing: try MediaTiming(beginTime: i % 4 == 0 ? 0.1 : 0, duration: 5)), forKey: "drop")
            tiles.append(tile)
        }
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 100), sublayers: tiles)
        for step in 0...200 {
            let t = Double(step) / 100
            let alone = tiles.map { $0.presentationValue(forKeyPath: .positionY, at: t).number?.bitPattern }
            let together = root.withPresentation(at: t) { tiles.map { Optional($0.position.y.bitPattern) } }
            #expect(alone == together, "t = \(t)")
        }
    }
}
