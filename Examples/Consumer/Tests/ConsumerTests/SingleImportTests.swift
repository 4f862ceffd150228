import XCTest
import FolioBook

/// `import FolioBook` alone: every type a book's API speaks in is in scope — geometry, layers,
/// motion, the curl's poses and the transitions' styles — with no other import in this file.
final class SingleImportTests: XCTestCase {
    func testABookIsBuiltAndTurnedWithOneImport() throws {
        let view = Size(width: 800, height: 560)
        let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: view, layout: .spread, effect: FoldLeafEffect(style: FoldStyle.cubic)))
        let controller = BookController(book: book, clock: AnimationClock())
        var events: [BookEvent.Kind] = []
        controller.onEvent = { events.append($0.kind) }
        controller.turnForward()
        for frame in 1...60 {
            try controller.clock.tick(to: Double(frame) / 60)
            controller.update()
        }
        XCTAssertEqual(book.opening, 1)
        XCTAssertEqual(events, [.commit, .lift, .land])
        let root: Layer = book.root
        root.transform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        let r = Rect(x: 0, y: 0, width: view.width, height: view.height)
        XCTAssertEqual(r.size, view)
        _ = CurlPose(angle: 30, axisFraction: 0.5)
        // The cubic fold's sleeves stand edge-on toward the viewer at its sides, never above or
        // below; a flip's leaf stands toward the viewer: room above and below.
        let folded = try BookFraming.fit(pageSize: Size(width: 400, height: 560), in: Size(width: 1280, height: 800),
                                         configuration: book.configuration)
        XCTAssertTrue(folded.overhang.top == 0 && folded.overhang.left > 0, "\(folded.overhang)")
        let flipped = try BookFraming.fit(pageSize: Size(width: 400, height: 560), in: Size(width: 1280, height: 800),
                                          configuration: BookConfiguration(viewSize: view, layout: .spread))
        XCTAssertGreaterThan(flipped.overhang.top, 0)
        _ = Point(x: 1, y: 2)
    }
}
