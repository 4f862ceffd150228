import BookWindowCheck
import CGL
import Folio
import XCTest

/// The guide's `BookView` (docs/book-in-your-window.md, compiled into this target verbatim) in
/// the app's own GLFW window: fitted with room for rising leaves, turned by a drag given in
/// window points, and read back with `Image.readFramebuffer`.
///
/// XCTest runs on the main thread; each body runs as `@MainActor` code.
final class BookInYourWindowTests: XCTestCase {
    func testADragInWindowPointsTurnsThePageAndTheBookIsDrawnInsideItsFraming() throws {
        try MainActor.assumeIsolated { try GuideBook.dragAndReadBack() }
    }

    func testPressesAreTakenInWindowPointsWhereverTheFramingPutTheBook() throws {
        try MainActor.assumeIsolated { try GuideBook.pointsAreWindowPoints() }
    }
}

@MainActor
enum GuideBook {
    static func view() throws -> BookView {
        _ = AppWindow.window
        let (w, h) = AppWindow.framebufferSize
        return try BookView(pageCount: 12, pageSize: Size(width: 300, height: 420),
                            windowSize: Size(width: Double(AppWindow.width), height: Double(AppWindow.height)), framebuffer: (w, h))
    }

    static func dragAndReadBack() throws {
        let view = try view()
        let f = view.framing
        // The framing leaves the curl's overhang and the margin inside the window.
        XCTAssertGreaterThanOrEqual(f.origin.x - f.overhang.left, 12 - 1e-9)
        XCTAssertGreaterThanOrEqual(f.origin.y - f.overhang.top, 12 - 1e-9)
        XCTAssertLessThanOrEqual(f.origin.x + f.viewSize.width + f.overhang.right, Double(AppWindow.width) - 12 + 1e-9)
        XCTAssertLessThanOrEqual(f.origin.y + f.viewSize.height + f.overhang.bottom, Double(AppWindow.height) - 12 + 1e-9)
        XCTAssertGreaterThan(f.overhang.top + f.overhang.bottom, 0, "a curl rises past the page's edges")
        var frame = 0
        var during: Image?
        while frame < 90 {
            switch BookWindowCheck.pointer(atFrame: frame, framing: f) {
            case .press(let p): view.pointerPressed(at: p)
            case .move(let p): view.pointerMoved(to: p)
            case .release(let p): view.pointerReleased(at: p)
            case nil: break
            }
            try view.drawFrame(at: Double(frame) / 60)
            if frame == 10 { during = try view.snapshot() }
            frame += 1
        }
        XCTAssertEqual(view.committedTurns, 1, "the drag across the page committed one turn")
        XCTAssertEqual(view.controller.book.opening, 1, "and the book rests on the next opening")
        let snapshot = try view.snapshot()
        XCTAssertNil(BookWindowCheck.failure(snapshot: snapshot, background: view.background, framing: f, committedTurns: view.committedTurns))
        // The programs' check refuses an empty frame and a drag that turned nothing.
        let empty = Image(width: snapshot.width, height: snapshot.height, fill: (41, 43, 48, 255))
        XCTAssertNotNil(BookWindowCheck.failure(snapshot: empty, background: view.background, framing: f, committedTurns: 1))
        XCTAssertNotNil(BookWindowCheck.failure(snapshot: snapshot, background: view.background, framing: f, committedTurns: 0))
        // The page in the middle of the drag differs from the one at rest: the frames moved.
        XCTAssertNotEqual(during, snapshot)
        // Outside the framing the window shows only its background.
        let strip = try Image.readFramebuffer(Viewport(x: 0, y: 0, width: 6, height: AppWindow.framebufferSize.height),
                                              framebuffer: 0, premultiplied: false)
        XCTAssertEqual(BookWindowCheck.coverage(of: strip, background: view.background), 0)
        // The snapshot is the framebuffer's pixels at the framing's place, rows top first.
        let whole = try Image.readFramebuffer(Viewport(width: AppWindow.framebufferSize.width, height: AppWindow.framebufferSize.height),
                                              framebuffer: 0, premultiplied: false)
        let scale = view.scale
        let left = Int(((f.origin.x - f.overhang.left) * scale).rounded(.down)), top = Int(((f.origin.y - f.overhang.top) * scale).rounded(.down))
        for (x, y) in [(0, 0), (snapshot.width / 2, snapshot.height / 2), (snapshot.width - 1, snapshot.height - 1), (17, snapshot.height - 9)] {
            XCTAssertTrue(snapshot.pixel(x, y) == whole.pixel(left + x, top + y), "(\(x), \(y))")
        }
    }

    static func pointsAreWindowPoints() throws {
        let view = try view()
        let f = view.framing
        // A press in the window's margin, left of the book, holds nothing; one on the right page does.
        XCTAssertFalse(view.controller.press(at: Point(x: f.origin.x - 4, y: f.origin.y + f.viewSize.height / 2)))
        XCTAssertTrue(view.controller.press(at: Point(x: f.origin.x + f.viewSize.width - 20, y: f.origin.y + f.viewSize.height / 2)))
        // The book maps window points through its root's placement: the view's top-left corner
        // is the framing's origin.
        let book = view.controller.book
        let corner = try XCTUnwrap(book.viewPoint(fromPlaced: f.origin))
        XCTAssertEqual(corner.x, 0, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 0, accuracy: 1e-9)
        XCTAssertEqual(book.canonicalPoint(placed: Point(x: f.origin.x + 5, y: f.origin.y + 7)).x, 5, accuracy: 1e-9)
        view.controller.release(at: Point(x: f.origin.x + f.viewSize.width - 20, y: f.origin.y + f.viewSize.height / 2))
    }
}
