import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioTestSupport
@testable import FolioBook

/// Turning pages from keys, code and pointer: never dropped, riffles that land exactly,
/// catching leaves mid-flight, turning order, ends and reduce motion.
@Suite struct BookControllerTests {
    static func controller(pages: Int = 6, layout: BookLayout = .single, direction: ReadingDirection = .leftToRight,
                           effect: any LeafEffect = FlipLeafEffect(), size: Size = Size(width: 400, height: 300)) throws -> BookController {
        let book = try Book(pageCount: pages, configuration: BookConfiguration(viewSize: size, layout: layout, direction: direction, effect: effect))
        return BookController(book: book, clock: AnimationClock())
    }

    /// Advances the clock in 60 Hz frames, checking turning order after each.
    static func run(_ c: BookController, seconds: Double, _ check: (BookController) -> Void = { _ in }) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            try! c.clock.advance(by: 1.0 / 60)
            c.update()
            expectTurningOrder(c)
            check(c)
        }
    }

    /// Moves the pointer from `from` to `to` in steps of `step` points along x at height `y`, a frame apart.
    static func drag(_ c: BookController, from: Double, to: Double, step: Double, y: Double, map: (Point) -> Point = { $0 }) {
        for x in stride(from: from, through: to, by: step) {
            c.move(to: map(Point(x: x, y: y)))
            run(c, seconds: 1.0 / 60)
        }
    }

    /// Progress never rises with the leaf index: no leaf has passed an earlier one.
    static func expectTurningOrder(_ c: BookController) {
        let leaves = c.book.leaves
        for i in leaves.indices.dropFirst() where leaves[i].progress > leaves[i - 1].progress + 1e-12 {
            Issue.record("leaf \(leaves[i].index) at \(leaves[i].progress) passed leaf \(leaves[i - 1].index) at \(leaves[i - 1].progress)")
        }
    }

    @Test func twoQuickPressesEndTwoPagesOn() throws {
        let c = try Self.controller()
        c.turnForward()
        Self.run(c, seconds: 0.05)
        c.turnForward()
        #expect(c.leavesInFlight == 2, "the second press starts the next leaf at once")
        Self.run(c, seconds: 2)
        #expect(c.book.opening == 2 && c.targetOpening == 2 && c.leavesInFlight == 0)
        #expect(c.book.pages(atOpening: c.book.opening).unread == 2)
    }

    @Test(arguments: [BookLayout.single, .spread])
    func fourQuickPressesPutFourLeavesInFlightInTheRightOrder(layout: BookLayout) throws {
        let c = try Self.controller(pages: 12, layout: layout, size: Size(width: 640, height: 400))
        var most = 0
        for _ in 0..<4 {
            c.turnForward()
            Self.run(c, seconds: 0.07)
            most = max(most, c.book.leaves.count)
        }
        #expect(most == 4, "four leaves in flight at once")
        // Mid-flight, every face on top is the right one, in the right order.
        let (checked, wrong) = LeavesInFlightTests.check(c.book, "\(layout) mid-riffle")
        #expect(wrong == 0 && checked > 500)
        #expect(LeavesInFlightTests.paintersViolations(c.book) == 0)
        Self.run(c, seconds: 2)
        #expect(c.book.opening == 4 && c.leavesInFlight == 0)
    }

    @Test func pressesDuringATurnAreNeverDroppedEvenBackAndForth() throws {
        let c = try Self.controller(pages: 10)
        for press in [true, true, false, true, true, true, false] {
            if press { c.turnForward() } else { c.turnBackward() }
            Self.run(c, seconds: 0.04)
        }
        Self.run(c, seconds: 3)
        #expect(c.book.opening == 3 && c.leavesInFlight == 0)
    }

    @Test func turnToPageRifflesWithStaggeredStartsAndLandsExactly() throws {
        let c = try Self.controller(pages: 40)
        try c.turn(toPage: 7)
        #expect(c.leavesInFlight == 7)
        Self.run(c, seconds: 0.05)
        let moving = c.book.leaves.filter { $0.progress > 0 }.count
        #expect(moving >= 1 && moving < 7, "starts are staggered: \(moving) of 7 moving after 50 ms")
        var peak = 0
        Self.run(c, seconds: 3) { peak = max(peak, $0.book.leaves.count) }
        #expect(c.book.opening == 7 && c.leavesInFlight == 0 && peak >= 4)
        // Back down to page 2.
        try c.turn(toPage: 2)
        Self.run(c, seconds: 3)
        #expect(c.book.opening == 2 && c.leavesInFlight == 0)
    }

    @Test func aLongRiffleTurnsAFewBundlesAndLandsExactly() throws {
        let c = try Self.controller(pages: 1000, layout: .spread, size: Size(width: 800, height: 500))
        try c.turn(toPage: 731)
        #expect(c.leavesInFlight == c.maximumRiffleLeaves)
        var shown = Set<Int>()
        Self.run(c, seconds: 3) { shown.formUnion($0.book.visiblePages) }
        #expect(c.book.opening == 366 && c.leavesInFlight == 0)
        #expect(c.book.pages(atOpening: 366) == (731, 732))
        #expect(shown.count < 40, "only the bundles' faces were ever shown: \(shown.count) pages")
    }

    /// The canonical x of leaf `leaf`'s free edge on screen (flip at its shown progress).
    static func freeEdge(_ c: BookController, progress: Double) -> Double {
        let f = c.book.frame
        return f.spine + f.flipRuler.projectedOffset(radius: f.split.trailing, angle: 180 * progress)
    }

    @Test func aLeafInFlightCanBeCaughtAndSentBack() throws {
        let c = try Self.controller()
        c.turnForward()
        Self.run(c, seconds: 0.15)
        let p = c.book.leaves[0].progress
        #expect(p > 0.05 && p < 0.5)
        // Grab the leaf near its free edge, where it is on screen now.
        let x = Self.freeEdge(c, progress: p) - 10
        #expect(c.press(at: Point(x: x, y: 150)))
        Self.run(c, seconds: 0.3)
        #expect(abs(c.book.leaves[0].progress - p) < 0.02, "held where it was caught")
        // Throw it back to the right.
        for k in 1...8 {
            c.move(to: Point(x: x + Double(k) * 12, y: 150))
            Self.run(c, seconds: 1.0 / 60)
        }
        c.release(at: Point(x: x + 96, y: 150))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 0 && c.targetOpening == 0 && c.leavesInFlight == 0)
    }

    @Test func aCaughtLeafHoldsBackTheLeavesBehindIt() throws {
        let c = try Self.controller(pages: 8)
        c.turnForward()
        Self.run(c, seconds: 0.1)
        c.turnForward()
        Self.run(c, seconds: 0.12)
        let first = c.book.leaves[0].progress
        #expect(c.book.leaves.count == 2 && first > c.book.leaves[1].progress)
        // Catch leaf 0 and push it back down onto the stack: leaf 1, still flying forward,
        // is held under it (the turning-order check runs every frame).
        let x = Self.freeEdge(c, progress: first) - 8
        #expect(c.press(at: Point(x: x, y: 150)))
        var heldBack = false
        for k in 1...20 {
            c.move(to: Point(x: x + Double(k) * 10, y: 150))
            Self.run(c, seconds: 1.0 / 60) { c in
                if c.book.leaves.count == 2 && abs(c.book.leaves[1].progress - c.book.leaves[0].progress) < 1e-9 { heldBack = true }
            }
        }
        #expect(heldBack, "the later leaf rode under the caught one")
        c.release(at: Point(x: x + 200, y: 150))
        Self.run(c, seconds: 2)
        #expect(c.book.opening == 0 && c.leavesInFlight == 0, "releasing it back sends the leaf behind it back too")
    }

    @Test func theGrabbedPointFollowsThePointerAndAFlickCompletesTheTurn() throws {
        for direction in ReadingDirection.allCases {
            let size = direction == .topToBottom ? Size(width: 300, height: 400) : Size(width: 400, height: 300)
            let c = try Self.controller(direction: direction, size: size)
            let view = { (x: Double) in direction.viewPoint(Point(x: x, y: 150), viewSize: size) }
            #expect(c.press(at: view(360)))
            Self.drag(c, from: 340, to: 120, step: -20, y: 150) { direction.viewPoint($0, viewSize: size) }
            // The grabbed point (160 points from the spine) is under the pointer at x = 120.
            let p = c.book.leaves[0].progress
            let ruler = c.book.frame.flipRuler
            let under = c.book.frame.spine + ruler.projectedOffset(radius: 160, angle: 180 * p)
            #expect(abs(under - 120) < 1e-6, "\(direction): the grabbed point is at \(under)")
            c.release(at: view(120))
            Self.run(c, seconds: 1.5)
            #expect(c.book.opening == 1, "\(direction)")
        }
    }

    @Test func theEndsRubberBandAndSettleBack() throws {
        let c = try Self.controller(pages: 3)
        c.turnBackward()
        var lifted = 1.0
        Self.run(c, seconds: 0.6) { c in lifted = min(lifted, c.book.leaves.first { $0.index == -1 }?.progress ?? 1) }
        #expect(lifted < 0.99 && lifted > 0.9, "the first page lifts a little: \(lifted)")
        #expect(c.book.opening == 0 && c.leavesInFlight == 0)
        try c.turn(toPage: 2)
        Self.run(c, seconds: 2)
        #expect(c.book.opening == 2)
        // Dragging the last page far to the left only stretches the rubber band.
        #expect(c.press(at: Point(x: 380, y: 150)))
        Self.drag(c, from: 360, to: -200, step: -40, y: 150)
        let pulled = c.book.leaves.first { $0.index == c.book.leafCount }?.progress ?? 0
        #expect(pulled > 0.05 && pulled < 0.2, "pulled \(pulled)")
        c.release(at: Point(x: -200, y: 150))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 2 && c.leavesInFlight == 0)
    }

    @Test func aClickOnThePageEdgeTurnsThePage() throws {
        let c = try Self.controller()
        #expect(c.press(at: Point(x: 390, y: 150)))
        c.release(at: Point(x: 390, y: 150))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 1)
        #expect(c.press(at: Point(x: 10, y: 150)))
        c.release(at: Point(x: 10, y: 150))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 0)
    }

    /// A book moving by a layer animation is caught where it is seen (issue 40): its root
    /// slides 1,000 points to the right over 10 s, so at t = 5 the page shows at x + 500. A
    /// press over the page as seen grabs it; a press where the model puts it (empty on screen)
    /// grabs nothing. With the model hit test both answers flip.
    @Test func pressesHitTheBookWhereItIsSeenWhileItMoves() throws {
        let c = try Self.controller()
        let seen = Point(x: 200 + 500, y: 150), model = Point(x: 200, y: 150)
        #expect(c.book.hitTest(model) != nil, "the model page lies under the view's middle")
        #expect(c.book.hitTest(seen) == nil)
        try c.book.root.add(.basic(.positionX, by: .number(1_000), timing: MediaTiming(duration: 10)), forKey: "slide")
        try c.clock.advance(by: 5)
        #expect(c.presentationHit(at: model) == nil, "nothing is seen under the model's page")
        #expect(c.presentationHit(at: seen) == c.book.hitTest(model), "the page is seen 500 points right")
        #expect(!c.press(at: model))
        #expect(c.press(at: seen))
        // The model is untouched by the presentation.
        #expect(c.book.hitTest(model) != nil)
    }

    @Test func spreadLeftPageDragsBack() throws {
        let c = try Self.controller(pages: 8, layout: .spread, size: Size(width: 800, height: 500))
        c.turnForward()
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 1 && c.book.pages(atOpening: 1) == (1, 2))
        #expect(c.book.hitTest(Point(x: 100, y: 250)) == BookHit(leaf: 0, side: .back, isInFlight: false))
        #expect(c.press(at: Point(x: 100, y: 250)))
        Self.drag(c, from: 150, to: 700, step: 50, y: 250)
        c.release(at: Point(x: 700, y: 250))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 0 && c.book.pages(atOpening: 0) == (nil, 0))
    }

    @Test func foldBooksTurnByPressesAndDrags() throws {
        let c = try Self.controller(pages: 8, effect: FoldLeafEffect())
        for _ in 0..<4 { c.turnForward(); Self.run(c, seconds: 0.05) }
        #expect(c.leavesInFlight == 4)
        Self.run(c, seconds: 2)
        #expect(c.book.opening == 4)
        // Dragging toward the unread side moves the fold's hinge that way: forward.
        #expect(c.press(at: Point(x: 20, y: 150)))
        Self.drag(c, from: 40, to: 200, step: 20, y: 150)
        c.release(at: Point(x: 200, y: 150))
        Self.run(c, seconds: 1.5)
        #expect(c.book.opening == 5)
    }

    @Test func reduceMotionCrossfades() throws {
        let c = try Self.controller()
        c.reduceMotion = true
        c.turnForward()
        Self.run(c, seconds: 0.1)
        let quads = BookTestSupport.drawn(c.book.root)
        #expect(!quads.isEmpty && quads.allSatisfy { $0.depth.allSatisfy { $0 == 0 } }, "nothing moves in 3D")
        let incoming = quads.filter { $0.contents == c.book.handle(forPage: 1) }
        #expect(!incoming.isEmpty && incoming.allSatisfy { $0.opacity > 0 && $0.opacity < 1 }, "the next page fades in")
        Self.run(c, seconds: 0.5)
        #expect(c.book.opening == 1)
    }

    @Test func randomInteractionKeepsTurningOrderAndSettles() throws {
        var g = SeededGenerator(seed: 99)
        for round in 0..<6 {
            let c = try Self.controller(pages: 20, layout: round % 2 == 0 ? .single : .spread,
                                        effect: round % 3 == 2 ? FoldLeafEffect() : FlipLeafEffect())
            for _ in 0..<60 {
                switch Int.random(in: 0..<8, using: &g) {
                case 0, 1: c.turnForward()
                case 2: c.turnBackward()
                case 3: try c.turn(toPage: Int.random(in: 0..<20, using: &g))
                case 4:
                    let y = Double.random(in: 20...280, using: &g)
                    if c.press(at: Point(x: Double.random(in: 0...400, using: &g), y: y)) {
                        for _ in 0..<Int.random(in: 1...6, using: &g) {
                            c.move(to: Point(x: Double.random(in: -50...450, using: &g), y: y))
                            Self.run(c, seconds: 1.0 / 60)
                        }
                        c.release(at: Point(x: Double.random(in: 0...400, using: &g), y: y))
                    }
                case 5: c.scroll(by: Double.random(in: -3...3, using: &g))
                default: break
                }
                Self.run(c, seconds: Double.random(in: 0...0.3, using: &g))
            }
            Self.run(c, seconds: 4)
            #expect(c.leavesInFlight == 0, "round \(round): settles")
            #expect(c.book.opening == c.targetOpening, "round \(round): rests where it was heading")
        }
    }
}
