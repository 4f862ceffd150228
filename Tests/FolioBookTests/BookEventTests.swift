import Testing
import FolioGeometry
import FolioMotion
@testable import FolioBook

/// The events an app answers with a sound or a haptic, and the text a screen reader speaks.
@Suite struct BookEventTests {
    static func controller(pages: Int = 8, layout: BookLayout = .spread) throws -> (BookController, Box) {
        let book = try Book(pageCount: pages, configuration: BookConfiguration(viewSize: Size(width: 800, height: 560), layout: layout))
        let c = BookController(book: book, clock: AnimationClock())
        let box = Box()
        c.onEvent = { box.events.append($0) }
        return (c, box)
    }

    final class Box { var events: [BookEvent] = [] }

    @Test func aKeyTurnLiftsCommitsAndLandsWithThePagesItOpens() throws {
        let (c, box) = try Self.controller()
        c.turnForward()
        BookControllerTests.run(c, seconds: 1.5)
        #expect(box.events.map(\.kind) == [.commit, .lift, .land])
        let land = try #require(box.events.last)
        #expect(land.leaf == 0 && land.isForward && land.fromOpening == 0 && land.toOpening == 1)
        #expect(land.readPage == 1 && land.unreadPage == 2)
        #expect(c.book.announcement(forOpening: land.toOpening) == "Pages 2 and 3 of 8")
        #expect(c.book.announcement(forOpening: 0) == "Page 1 of 8")
    }

    @Test func aDragLetGoEarlyIsCancelledAndOnePastTheMiddleLands() throws {
        let (c, box) = try Self.controller()
        #expect(c.press(at: Point(x: 780, y: 280)))
        BookControllerTests.drag(c, from: 760, to: 700, step: -20, y: 280)
        for _ in 0..<20 { // held still: the pointer's velocity dies down
            c.move(to: Point(x: 700, y: 280))
            BookControllerTests.run(c, seconds: 1.0 / 60)
        }
        c.release(at: Point(x: 700, y: 280))
        BookControllerTests.run(c, seconds: 1.5)
        #expect(box.events.map(\.kind) == [.lift, .cancel], "\(box.events.map(\.kind))")
        #expect(c.book.opening == 0)
        box.events.removeAll()
        #expect(c.press(at: Point(x: 780, y: 280)))
        BookControllerTests.drag(c, from: 760, to: 100, step: -40, y: 280)
        c.release(at: Point(x: 100, y: 280))
        BookControllerTests.run(c, seconds: 1.5)
        #expect(box.events.map(\.kind) == [.lift, .commit, .land], "\(box.events.map(\.kind))")
        #expect(c.book.opening == 1 && box.events.last?.toOpening == 1)
    }

    @Test func aRiffleReportsEachBundleAndTheEndPageOnlyLifts() throws {
        // 41 pages: the last lies alone on the left, glued to the back board (a pinned leaf).
        let (c, box) = try Self.controller(pages: 41)
        try c.turn(toPage: 30)
        BookControllerTests.run(c, seconds: 3)
        let lands = box.events.filter { $0.kind == .land }
        #expect(!lands.isEmpty && lands.count == box.events.filter { $0.kind == .commit }.count)
        #expect(lands.map(\.count).reduce(0, +) == 15, "the bundles cover every leaf turned")
        #expect(lands.last?.toOpening == 15 && c.book.opening == 15)
        box.events.removeAll()
        try c.turn(toPage: 40)
        BookControllerTests.run(c, seconds: 3)
        box.events.removeAll()
        c.turnForward() // at the end: the last page lifts against the rubber band
        BookControllerTests.run(c, seconds: 1)
        #expect(box.events.map(\.kind) == [.lift, .cancel] && box.events.allSatisfy { $0.fromOpening == $0.toOpening }, "\(box.events)")
    }
}
