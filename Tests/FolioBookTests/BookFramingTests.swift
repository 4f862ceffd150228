import Testing
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTransitions
@testable import FolioBook

/// Framing: a book fitted into a viewport draws nothing past the viewport's edges in any
/// effect, layout, direction or pose; and pointer input works for any placement of the root.
@Suite struct BookFramingTests {
    static let effects: [(String, any LeafEffect)] = [("flip", FlipLeafEffect()), ("fold", FoldLeafEffect()),
                                                      ("cubic fold", FoldLeafEffect(style: .cubic)), ("curl", CurlLeafEffect()),
                                                      ("crossfade", CrossfadeLeafEffect())]

    /// Every visible corner of `book` as placed at `origin`, checked against the viewport.
    static func outside(_ book: Book, origin: Point, viewport: Size) -> Double {
        let e = LayerEvaluator()
        e.evaluate(book.root)
        var worst = -Double.infinity
        for quad in e.quads where quad.isVisible {
            for c in e.corners(of: quad) {
                let x = c.point.x + origin.x, y = c.point.y + origin.y
                worst = max(worst, -x, -y, x - viewport.width, y - viewport.height)
            }
        }
        return worst
    }

    @Test(arguments: [BookLayout.single, .spread], ReadingDirection.allCases)
    func noLeafReachesPastTheViewportInAnyEffectOrPose(layout: BookLayout, direction: ReadingDirection) throws {
        let viewport = Size(width: 1280, height: 800)
        for (name, effect) in Self.effects {
            for hardCover in [false, true] {
                var c = BookConfiguration(viewSize: Size(width: 1, height: 1), layout: layout, direction: direction, effect: effect, hardCover: hardCover)
                let framing = try BookFraming.fit(pageSize: Size(width: 600, height: 800), in: viewport, configuration: c, margin: 8)
                c.viewSize = framing.viewSize
                let book = try Book(pageCount: 10, configuration: c)
                // The pages fill most of the viewport: the framing leaves room, not a stamp.
                #expect(framing.viewSize.width + framing.overhang.horizontal >= viewport.width - 16 - 2
                        || framing.viewSize.height + framing.overhang.vertical >= viewport.height - 16 - 2, "\(name): fills the viewport")
                // A finer sweep than the framing's own (201 poses), every leaf and bundle kind,
                // curls along tilted paths: nothing reaches past the viewport.
                var worst = -Double.infinity
                let anchors: [CurlPose?] = effect is CurlLeafEffect ? [nil, CurlPose(angle: 45, axisFraction: 0.3), CurlPose(angle: -45, axisFraction: 0.3)] : [nil]
                for leaf in [0, 1, 4] {
                    for anchor in anchors {
                        for i in 0...200 {
                            try book.setLeaves([BookLeaf(index: leaf, progress: Double(i) / 200, anchor: anchor)], opening: leaf)
                            worst = max(worst, Self.outside(book, origin: framing.origin, viewport: viewport))
                        }
                    }
                }
                // Four leaves in flight at once.
                for i in 0...50 {
                    let p = Double(i) / 50
                    try book.setLeaves((1...4).map { BookLeaf(index: $0, progress: min(1, max(0, p * 1.6 - 0.2 * Double($0 - 1)))) }, opening: 1)
                    worst = max(worst, Self.outside(book, origin: framing.origin, viewport: viewport))
                }
                #expect(worst <= -8 + 1e-9, "\(name) \(layout) \(direction) hard cover \(hardCover): reaches \(worst + 8) pt into the margin")
            }
        }
    }

    @Test func aFlipNeedsRoomAboveAndBelowAndAFoldNone() throws {
        let flip = try Book.overhang(of: BookConfiguration(viewSize: Size(width: 800, height: 560), layout: .spread))
        // Edge-on, the leaf's free edge stands L/2 toward the eye at d = 4.666667·L/2: it
        // appears 1/(1 − 1/4.666667) = 1.273 times as tall, 0.136·560 = 76 pt past each side.
        let rise = 0.5 * 560 * (1 / (1 - 1 / 4.666667) - 1), pad = 0.5 + 0.005 * 800
        #expect(abs(flip.top - rise - pad) < 1e-6 && abs(flip.bottom - rise - pad) < 1e-6, "\(flip) vs \(rise) + \(pad)")
        // Near the ends of the turn the leaf's free edge, lifted toward the eye, reaches a
        // little past the spread's sides too, alike on both.
        #expect(flip.left > pad && abs(flip.left - flip.right) < 1e-6, "\(flip)")
        let fold = try Book.overhang(of: BookConfiguration(viewSize: Size(width: 800, height: 560), layout: .spread, effect: FoldLeafEffect()))
        #expect(fold == .zero, "a fold recedes: \(fold)")
    }

    @Test func badFramingRequestsAreRefusedByName() {
        let c = BookConfiguration(viewSize: Size(width: 1, height: 1))
        for (page, viewport, margin) in [(Size(width: .nan, height: 10), Size(width: 100, height: 100), 0.0),
                                         (Size(width: 10, height: 10), Size(width: 0, height: 100), 0),
                                         (Size(width: 10, height: 10), Size(width: 100, height: 100), -1),
                                         (Size(width: 10, height: 10), Size(width: 30, height: 30), 10)] {
            #expect(throws: BookError.self) { try BookFraming.fit(pageSize: page, in: viewport, configuration: c, margin: margin) }
        }
    }

    /// The same press and drag in the view and, with the root moved and scaled, at the
    /// matching placed points: the same page is hit and the leaf turns to the same progress.
    @Test(arguments: [(Point(x: 37, y: -12), 1.0), (Point(x: 120, y: 80), 0.5), (Point(x: -40, y: 60), 1.75)])
    func pointerInputFollowsTheRootsPlacement(offset: Point, zoom: Double) throws {
        func controller() throws -> BookController {
            let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Size(width: 800, height: 560), layout: .spread))
            return BookController(book: book, clock: FolioMotion.AnimationClock())
        }
        let plain = try controller(), placed = try controller()
        let root = placed.book.root
        root.position = Point(x: root.position.x + offset.x, y: root.position.y + offset.y)
        root.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
        let pivot = Point(x: root.bounds.origin.x, y: root.bounds.origin.y)
        func place(_ p: Point) -> Point {
            Point(x: (p.x - pivot.x) * zoom + root.position.x, y: (p.y - pivot.y) * zoom + root.position.y)
        }
        let start = Point(x: 760, y: 300)
        #expect(plain.book.hitTest(start) == placed.book.hitTest(place(start)))
        #expect(placed.book.viewPoint(fromPlaced: place(start)).map { $0.distance(to: start) < 1e-9 } == true)
        #expect(plain.press(at: start) && placed.press(at: place(start)))
        for x in stride(from: 700.0, through: 300, by: -50) {
            plain.move(to: Point(x: x, y: 300))
            placed.move(to: place(Point(x: x, y: 300)))
            let a = plain.book.leaves.first?.progress ?? -1, b = placed.book.leaves.first?.progress ?? -2
            #expect(abs(a - b) < 1e-9, "x = \(x): \(a) vs \(b)")
        }
    }
}
