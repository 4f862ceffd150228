import Testing
import FolioGeometry
import FolioMotion
@testable import FolioBook

/// Touch acknowledgement (`BookController.pressLift`): a pressed page springs up slightly, settles
/// back when let go, and a drag takes over from wherever the spring has it, without a jump.
@Suite struct PressLiftTests {
    /// A single-page book 400 × 300 whose controller lifts pressed pages by `lift`.
    static func controller(lift: Double, effect: any LeafEffect = FlipLeafEffect()) throws -> BookController {
        let c = try BookControllerTests.controller(effect: effect)
        c.pressLift = lift
        return c
    }

    static func shown(_ c: BookController) -> Double { c.book.leaves.first?.progress ?? 0 }

    @Test(arguments: [FlipLeafEffect() as any LeafEffect, CurlLeafEffect()])
    func aPressedPageRisesOnTheSpringAndSettlesBackWhenLetGo(effect: any LeafEffect) throws {
        let c = try Self.controller(lift: 0.03, effect: effect)
        var events: [BookEvent.Kind] = []
        c.onEvent = { events.append($0.kind) }
        // Pressed mid-page (not on the outer fifth, where a click turns).
        #expect(c.press(at: Point(x: 200, y: 150)))
        var peak = 0.0
        BookControllerTests.run(c, seconds: 0.6) { peak = max(peak, Self.shown($0)) }
        // The spring (response 0.18 s, damping 0.7) has settled at the lift, with a little overshoot on the way.
        #expect(abs(Self.shown(c) - 0.03) < 0.0005, "\(Self.shown(c))")
        #expect(peak > 0.03 && peak < 0.03 * 1.1, "peak \(peak)")
        c.release(at: Point(x: 200, y: 150))
        BookControllerTests.run(c, seconds: 1)
        #expect(c.leavesInFlight == 0 && c.book.opening == 0, "back at rest, not turned")
        #expect(events == [.lift, .cancel], "\(events)")
    }

    @Test func aDragTakesOverFromTheSpringWithoutAJump() throws {
        let c = try Self.controller(lift: 0.03)
        #expect(c.press(at: Point(x: 300, y: 150)))
        // Mid-rise: the spring has the page part of the way up.
        BookControllerTests.run(c, seconds: 3.0 / 60)
        let before = Self.shown(c)
        #expect(before > 0.005 && before < 0.03, "\(before)")
        // The first movement past the 3-point slop.
        c.move(to: Point(x: 296, y: 150))
        BookControllerTests.run(c, seconds: 1.0 / 60)
        let after = Self.shown(c)
        // The page is gripped again where the spring had it: the pointer's 4 points map from
        // the lifted pose (the grabbed point stays under the pointer), never from rest, so the
        // page never drops back first. Near rest the flip turns fast for a small movement
        // (its edge moves as the cosine of the angle), so the comparison is with the drag's own
        // mapping from each pose.
        let fromLift = c.book.progress(leaf: 0, for: c.book.grip(leaf: 0, at: Point(x: 300, y: 150), progress: before),
                                       at: Point(x: 296, y: 150))
        let fromRest = c.book.progress(leaf: 0, for: c.book.grip(leaf: 0, at: Point(x: 300, y: 150), progress: 0),
                                       at: Point(x: 296, y: 150))
        #expect(after >= before - 1e-9, "dropped back: \(before) → \(after)")
        #expect(abs(after - fromLift) < 1e-6 && abs(fromLift - fromRest) > 1e-4, "\(after) vs \(fromLift) (from rest: \(fromRest))")
        // The drag goes on turning the page from there.
        BookControllerTests.drag(c, from: 290, to: 150, step: -20, y: 150)
        #expect(Self.shown(c) > 0.3)
        c.release(at: Point(x: 150, y: 150))
        BookControllerTests.run(c, seconds: 2)
        #expect(c.book.opening == 1)
    }

    @Test func withoutALiftAPressMovesNothing() throws {
        let c = try Self.controller(lift: 0)
        #expect(c.press(at: Point(x: 200, y: 150)))
        BookControllerTests.run(c, seconds: 0.3)
        #expect(Self.shown(c) == 0)
        c.pressLift = .nan
        c.release(at: Point(x: 200, y: 150))
        BookControllerTests.run(c, seconds: 0.5)
        #expect(c.press(at: Point(x: 200, y: 150)))
        BookControllerTests.run(c, seconds: 0.3)
        #expect(Self.shown(c) == 0, "a NaN lift lifts nothing")
    }
}
