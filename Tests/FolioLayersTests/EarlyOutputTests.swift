import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// The early output (the root's sublayers written as they are built, while in cache) gives bit
/// for bit the quads, corners, order and depth-sort report of the passes it replaces — when it
/// completes, when a later sublayer makes the root's context need a sort, and when the root's
/// own polygon does not project.
@Suite struct EarlyOutputTests {
    /// Evaluates `root` with and without the early output; the first difference (nil: none)
    /// and what became of the early output.
    static func compare(_ root: Layer, _ early: LayerEvaluator = LayerEvaluator(),
                        _ passes: LayerEvaluator = LayerEvaluator()) -> (String?, EarlyOutput.Outcome) {
        passes.state.writesEarly = false
        early.evaluate(root)
        passes.evaluate(root)
        var d = EvaluatorReuseTests.difference(early, passes)
        if d == nil && early.depthSortReport != passes.depthSortReport { d = "depth-sort report" }
        return (d, early.state.early.outcome)
    }

    /// A tile like a fold's: a panel turned about y over a flat shadow (the tile's own context
    /// needs a depth sort), flattened into the tile's plane.
    static func tile(_ name: String, at p: Point, angle: Double = 35) -> Layer {
        let panel = Layer(name: "\(name).panel", bounds: Rect(x: 0, y: 0, width: 30, height: 90), position: Point(x: 20, y: 48),
                          transform: Transform3D(rotationDegrees: angle, x: 0, y: 1, z: 0))
        let shadow = Layer(name: "\(name).shadow", bounds: Rect(x: 0, y: 0, width: 40, height: 80), position: Point(x: 22, y: 46))
        return Layer(name: name, bounds: Rect(x: 0, y: 0, width: 64, height: 96), position: p, sublayers: [panel, shadow])
    }

    /// A root of `count` tiles in a grid, placed by a translation into the view.
    static func grid(_ count: Int) -> (Layer, [Layer]) {
        var tiles: [Layer] = []
        for i in 0..<count {
            let x = Double(i % 4) * 64 + 32, y = Double(i / 4) * 96 + 48
            tiles.append(tile("t\(i)", at: Point(x: x, y: y), angle: Double(10 + 7 * i)))
        }
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 256, height: 96 * 3), position: Point(x: 140, y: 150),
                         sublayers: tiles)
        return (root, tiles)
    }

    @Test func aGridOfFlatTilesIsWrittenEarlyWithTheSameBits() {
        let (root, tiles) = Self.grid(12)
        let early = LayerEvaluator(), passes = LayerEvaluator()
        for frame in 0..<6 {
            // Frame after frame with the same evaluators: buffers reused, tiles changing.
            tiles[frame].sublayers[0].transform = Transform3D(rotationDegrees: Double(-20 * frame), x: 0, y: 1, z: 0)
            let (d, outcome) = Self.compare(root, early, passes)
            #expect(d == nil, "frame \(frame): \(d ?? "")")
            #expect(outcome == .written)
        }
        #expect(early.quads.count >= 1 + 12 * 3)
    }

    @Test func invisiblePolygonsOfEarlyWrittenSublayersFollowEveryVisibleQuadInOrder() {
        let (root, tiles) = Self.grid(8)
        tiles[1].isHidden = true
        tiles[2].sublayers[1].isHidden = true
        // Mirrored in its plane and single-sided: culled, yet flat.
        tiles[5].transform = Transform3D(scaleX: -1, y: 1)
        tiles[5].isDoubleSided = false
        tiles[6].sublayers[0].isHidden = true
        let (d, outcome) = Self.compare(root)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .written)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        let visible = evaluator.quads.prefix { $0.isVisible }
        let invisible = evaluator.quads.dropFirst(visible.count)
        #expect(invisible.allSatisfy { !$0.isVisible })
        // The invisible ones in tree order: the hidden tile (own polygon, then its sublayers'
        // polygons in its own context's order), the hidden shadow, the culled tile, the hidden panel.
        let names = invisible.map(\.layer.name)
        #expect(names.first == "t1")
        #expect(Set(names) == ["t1", "t1.panel", "t1.shadow", "t2.shadow", "t5", "t5.panel", "t5.shadow", "t6.panel"])
        #expect(names.firstIndex(of: "t2.shadow")! < names.firstIndex(of: "t5")!)
        #expect(names.last == "t6.panel")
    }

    @Test func aSublayerLeavingTheRootsPlaneAfterOthersWereWrittenFallsBackToTheDepthSort() {
        let (root, _) = Self.grid(6)
        // Tilted out of the root's plane, across the tiles written before it.
        let tilted = Self.tile("tilted", at: Point(x: 100, y: 100))
        tilted.transform = Transform3D(rotationDegrees: 50, x: 1, y: 0.3, z: 0)
        tilted.bounds = Rect(x: 0, y: 0, width: 240, height: 200)
        try! root.addSublayer(tilted)
        try! root.addSublayer(Self.tile("after", at: Point(x: 40, y: 250)))
        let (d, outcome) = Self.compare(root)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .leftThePlane)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        #expect(evaluator.depthSortReport.sortedContexts > 6, "the root's context is sorted too")
    }

    @Test func aFallBackAfterRoomWasReusedWalksAgainAndTheNextFrameKeepsItsPolygons() {
        let (root, _) = Self.grid(6)
        let tilted = Self.tile("tilted", at: Point(x: 100, y: 100))
        tilted.transform = Transform3D(rotationDegrees: 50, x: 1, y: 0.3, z: 0)
        try! root.addSublayer(tilted)
        let early = LayerEvaluator(), passes = LayerEvaluator()
        // First frame: the tiles' room is reused, then the tilted one ends the early output.
        var (d, outcome) = Self.compare(root, early, passes)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .leftThePlane)
        #expect(early.state.earlyFellBack)
        // Second frame: no room reused, the passes run over what the walk built.
        (d, outcome) = Self.compare(root, early, passes)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .leftThePlane && !early.state.early.recycled && early.state.earlyFellBack)
        // Flat again: written early, and room is reused from the next frame on.
        tilted.transform = .identity
        (d, outcome) = Self.compare(root, early, passes)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .written && !early.state.earlyFellBack)
        (d, outcome) = Self.compare(root, early, passes)
        #expect(d == nil && outcome == .written && early.state.early.recycled)
    }

    @Test func cornersThatDoNotProjectAreWrittenInvisibleWhereTheyStood() {
        let (root, tiles) = Self.grid(6)
        // Placed by a finite translation, with corners that overflow in the view.
        tiles[2].bounds = Rect(x: 0, y: 0, width: 1e308, height: 96)
        tiles[2].position = Point(x: 1.5e308, y: 48)
        tiles[3].sublayers[1].isHidden = true
        let (d, outcome) = Self.compare(root)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .written)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        let failed = evaluator.quads.filter { $0.layer === tiles[2] }
        #expect(failed.count == 1 && !failed[0].isVisible && failed[0].vertexRange.isEmpty)
        // Before the quads the context moved to the end: the hidden shadow's comes after it.
        let i = evaluator.quads.firstIndex { $0.layer === tiles[2] }!
        let j = evaluator.quads.firstIndex { $0.layer === tiles[3].sublayers[1] }!
        #expect(i < j)
    }

    @Test func aRootWhoseOwnPolygonDoesNotProjectFallsBackToThePasses() {
        let (root, tiles) = Self.grid(6)
        // Placed far out: the root's far corners overflow in the view; its sublayers' do not.
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 1.5e308, height: 300)
        root.position = Point(x: 1e308, y: 0)
        tiles[1].isHidden = true
        tiles[4].sublayers[0].isHidden = true
        let (d, outcome) = Self.compare(root)
        #expect(d == nil, "\(d ?? "")")
        #expect(outcome == .ownPolygonFailed)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        #expect(evaluator.quads.contains { $0.layer === root && !$0.isVisible })
    }

    @Test func randomTreesGiveTheSameBitsWithAndWithoutTheEarlyOutput() {
        var g = SeededGenerator(seed: 0xEA_0017)
        let early = LayerEvaluator(), passes = LayerEvaluator()
        var outcomes: [EarlyOutput.Outcome: Int] = [:]
        for i in 0..<6_000 {
            let dice = [1_000_000, 200, 20][i % 3]
            let tree = EvaluationFuzzTests.$hostility.withValue((dice, 0)) { EvaluationFuzzTests.layer(&g, depth: 0) }
            // Most roots qualify (a translation at opacity 1, no mask) and hold random trees,
            // flat or not, hostile or not; the rest are the generator's trees as they come.
            var root = tree
            if i % 4 != 0 {
                let others = (0..<i % 3).map { _ in
                    EvaluationFuzzTests.$hostility.withValue((dice, 0)) { EvaluationFuzzTests.layer(&g, depth: 1) }
                }
                root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 300, height: 200), position: Point(x: Double(i % 7), y: 90),
                             sublayers: [tree] + others)
            }
            let (d, outcome) = Self.compare(root, early, passes)
            if let d {
                Issue.record("tree \(i): \(d)")
                return
            }
            outcomes[outcome, default: 0] += 1
        }
        #expect(outcomes[.written, default: 0] > 100)
        #expect(outcomes[.leftThePlane, default: 0] > 200)
    }
}
