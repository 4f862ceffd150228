import Testing
import FolioGeometry
import FolioMotion
import FolioTransitions
@testable import FolioBook

/// The fold's pointer mapping: whichever half is grabbed, its outer edge follows the pointer,
/// so a drag from the unread edge toward the spine turns forward in every layout and direction.
@Suite struct FoldDragTests {
    /// A canonical point of `book` as a view point (the reflection is its own inverse; the
    /// top-bound swap too).
    static func view(_ book: Book, _ canonical: Point) -> Point {
        book.configuration.direction.canonicalPoint(canonical, viewSize: book.configuration.viewSize)
    }

    @Test(arguments: [BookLayout.single, .spread], ReadingDirection.allCases)
    func draggingTheUnreadEdgeTowardTheSpineFoldsForward(layout: BookLayout, direction: ReadingDirection) throws {
        let view = direction == .topToBottom ? Size(width: 400, height: layout == .single ? 560 : 1120)
            : Size(width: layout == .single ? 400 : 800, height: 560)
        let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction, effect: FoldLeafEffect()))
        let c = BookController(book: book, clock: AnimationClock())
        let width = book.frame.size.width, spine = book.frame.spine, y = book.frame.height / 2
        #expect(c.press(at: Self.view(book, Point(x: width - 10, y: y))))
        var last = 0.0, pointer = width - 10
        for x in stride(from: width - 30, through: spine + 20, by: -20) {
            pointer = x
            c.move(to: Self.view(book, Point(x: x, y: y)))
            BookControllerTests.run(c, seconds: 1.0 / 60)
            let leaves = c.book.leaves
            #expect(leaves.count == 1 && leaves[0].index == c.book.opening, "\(layout) \(direction): the next leaf turns, not the one before")
            let p = leaves.first?.progress ?? -1
            #expect(p > last, "\(layout) \(direction): progress rises as the edge nears the spine (\(p) after \(last))")
            last = p
        }
        // The trailing edge is where the pointer holds it: it moved (width − 10) − x toward the spine.
        let ruler = try FoldTransition(size: book.frame.size, style: .horizontal, m34: book.frame.m34)
        try ruler.setProgress(last)
        let moved = width - 10 - pointer
        #expect(abs(ruler.trailingHingeOffset - moved) < 1e-6, "\(layout) \(direction): the edge is under the pointer")
        c.release(at: Self.view(book, Point(x: pointer, y: y)))
        BookControllerTests.run(c, seconds: 2)
        #expect(c.book.opening == 1 && c.leavesInFlight == 0, "\(layout) \(direction): lands on the next opening")
    }

    @Test func draggingTheReadEdgeAwayFromTheSpineUnfoldsBack() throws {
        let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Size(width: 800, height: 560), layout: .spread, effect: FoldLeafEffect()))
        let c = BookController(book: book, clock: AnimationClock())
        c.turnForward()
        BookControllerTests.run(c, seconds: 1)
        #expect(c.book.opening == 1)
        // Folded into the spine, the previous opening unfolds as the read page's edge moves out.
        #expect(c.press(at: Point(x: 390, y: 280)))
        BookControllerTests.drag(c, from: 370, to: 150, step: -20, y: 280)
        #expect(c.book.leaves.first?.index == 0 && (c.book.leaves.first?.progress ?? 1) < 0.9)
    }
}
