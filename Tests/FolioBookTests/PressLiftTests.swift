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

    /// The first movement of a drag from a page the lift has raised to `before`: the drag's
    /// progress with the press's own grip, and with the page gripped again at the lifted pose.
    static func takeover(_ c: BookController, before: Double, from start: Point, to point: Point) -> (fromPress: Double, fromLift: Double) {
        let press = c.book.drag(leaf: 0, for: c.book.grip(leaf: 0, at: start, progress: 0), to: point).progress
        let lift = c.book.drag(leaf: 0, for: c.book.grip(leaf: 0, at: start, progress: before), to: point).progress
        return (press, lift)
    }

    @Test(arguments: [FlipLeafEffect() as any LeafEffect, CurlLeafEffect()])
    func aDragTakesOverFromTheSpringWithoutDroppingThePage(effect: any LeafEffect) throws {
        let lift = effect is CurlLeafEffect ? 0.08 : 0.03
        let c = try Self.controller(lift: lift, effect: effect)
        let start = Point(x: 300, y: 150), first = Point(x: 296, y: 150)
        #expect(c.press(at: start))
        // Mid-rise: the spring has the page part of the way up.
        BookControllerTests.run(c, seconds: 3.0 / 60)
        let before = Self.shown(c)
        #expect(before > 0.1 * lift && before < lift, "\(before)")
        let expected = Self.takeover(c, before: before, from: start, to: first)
        c.move(to: first)
        BookControllerTests.run(c, seconds: 1.0 / 60)
        let after = Self.shown(c)
        // Never below where the spring had it: the press's grip where it shows the page at
        // least that far (the point touched stays under the pointer), else the lifted pose's.
        #expect(after >= before - 1e-9, "dropped back: \(before) → \(after)")
        let want = expected.fromPress >= before ? expected.fromPress : expected.fromLift
        #expect(abs(after - want) < 1e-6, "\(after) vs \(want) (press grip \(expected.fromPress), lifted grip \(expected.fromLift))")
        // The drag goes on turning the page from there.
        BookControllerTests.drag(c, from: 290, to: 50, step: -20, y: 150)
        #expect(Self.shown(c) > 0.3)
        c.release(at: Point(x: 50, y: 150))
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
