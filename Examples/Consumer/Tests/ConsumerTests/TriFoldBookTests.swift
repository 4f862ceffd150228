import XCTest
import FolioBook
import TriFold

/// The brochure, a custom `Transition` that knows nothing of books, turns a real book's pages
/// through `TransitionLeafEffect`: the pointer lifts a page, drags it, lets go, and it lands.
/// `import FolioBook` brings everything the adapter speaks in.
final class TriFoldBookTests: XCTestCase {
    /// A spread of `pages` pages turned by the brochure.
    static func book(pages: Int = 8, direction: ReadingDirection = .leftToRight) throws -> Book {
        let trifold = TransitionLeafEffect(name: "trifold", animation: .timing(.easeInEaseOut, duration: 0.8)) { context in
            try TriFoldTransition(size: context.size, scale: context.scale, source: context.source, destination: context.destination)
        }
        let view = direction.viewSize(ofCanonical: Size(width: 600, height: 300))
        return try Book(pageCount: pages, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction, effect: trifold))
    }

    /// Runs `controller`'s clock for `seconds` in 60 Hz frames.
    static func run(_ controller: BookController, seconds: Double) throws {
        for _ in 0..<Int((seconds * 60).rounded()) {
            try controller.clock.advance(by: 1.0 / 60)
            controller.update()
        }
    }

    func testDraggingTheUnreadEdgeTowardTheSpineTurnsTheBrochureAndThePageLands() throws {
        for direction in ReadingDirection.allCases {
            let book = try Self.book(direction: direction)
            XCTAssertEqual(book.configuration.effect.name, "trifold")
            let controller = BookController(book: book, clock: AnimationClock())
            var events: [BookEvent.Kind] = []
            controller.onEvent = { events.append($0.kind) }
            let view = { (x: Double) in direction.viewPoint(Point(x: x, y: 150), viewSize: book.configuration.viewSize) }
            XCTAssertTrue(controller.press(at: view(590)), "\(direction): the cover is there to hold")
            var last = 0.0
            for x in stride(from: 570.0, through: 330, by: -20) {
                controller.move(to: view(x))
                try Self.run(controller, seconds: 1.0 / 60)
                let progress = try XCTUnwrap(book.leaves.first?.progress)
                XCTAssertGreaterThan(progress, last, "\(direction): the brochure folds as the pointer moves toward the read side")
                last = progress
            }
            XCTAssertEqual(events, [.lift], "\(direction)")
            // Mid-turn: the brochure's panels show the book's pages (the cover on the right, the
            // next opening's pages on the flaps' backs), none of its own stand-in images.
            let evaluator = LayerEvaluator()
            evaluator.evaluate(book.root)
            let shown = Set(evaluator.quads.filter(\.isVisible).compactMap(\.layer.contents))
            XCTAssertTrue(shown.contains(book.handle(forPage: 0)), "\(direction): \(shown)")
            XCTAssertFalse(shown.contains(TransitionLeafContext.sourceHandle) || shown.contains(TransitionLeafContext.destinationHandle))
            controller.release(at: view(330))
            try Self.run(controller, seconds: 2)
            XCTAssertEqual(book.opening, 1, "\(direction): the page lands on the next opening")
            XCTAssertEqual(controller.leavesInFlight, 0)
            XCTAssertEqual(events, [.lift, .commit, .land], "\(direction)")
            XCTAssertEqual(book.pages(atOpening: book.opening).read, 1)
        }
    }

    func testKeysTurnTheBrochureForwardAndBack() throws {
        let book = try Self.book()
        let controller = BookController(book: book, clock: AnimationClock())
        controller.turnForward()
        try Self.run(controller, seconds: 0.4)
        XCTAssertEqual(book.leaves.count, 1, "mid-turn after 0.4 s of 0.8")
        try Self.run(controller, seconds: 1)
        XCTAssertEqual(book.opening, 1)
        controller.turnForward()
        try Self.run(controller, seconds: 1.5)
        controller.turnBackward()
        try Self.run(controller, seconds: 1.5)
        XCTAssertEqual(book.opening, 1)
    }
}
