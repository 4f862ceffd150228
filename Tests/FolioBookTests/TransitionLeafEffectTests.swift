import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioTransitions
@testable import FolioBook

/// Any `Transition` in a book through `TransitionLeafEffect`, and the accordion shipped as
/// `AccordionLeafEffect`: the pages go where the transition showed its images, a drag turns
/// the page and it lands, and the adapter's defaults give way to an effect's own.
@Suite struct TransitionLeafEffectTests {
    static func book(layout: BookLayout = .spread, direction: ReadingDirection = .leftToRight,
                     effect: any LeafEffect = AccordionLeafEffect(), pages: Int = 8) throws -> Book {
        let canonical = Size(width: layout == .spread ? 800 : 400, height: 560)
        return try Book(pageCount: pages, configuration: BookConfiguration(viewSize: direction.viewSize(ofCanonical: canonical), layout: layout,
                                                                          direction: direction, effect: effect))
    }

    /// The evaluated quads that show `page`'s image.
    static func quads(of book: Book, page: Int) -> [EvaluatedQuad] {
        BookTestSupport.quads(book.root).filter { $0.visible && $0.contents == book.handle(forPage: page) }
    }

    @Test(arguments: ReadingDirection.allCases)
    func draggingTheUnreadEdgeTowardTheReadSideTurnsAnAccordionPageThatLands(direction: ReadingDirection) throws {
        let book = try Self.book(direction: direction)
        let c = BookController(book: book, clock: AnimationClock())
        var events: [BookEvent.Kind] = []
        c.onEvent = { events.append($0.kind) }
        let width = book.frame.size.width, y = book.frame.height / 2
        let view = { (x: Double) in direction.viewPoint(Point(x: x, y: y), viewSize: book.configuration.viewSize) }
        #expect(c.press(at: view(width - 10)))
        var last = 0.0, pointer = width - 10
        for x in stride(from: width - 30, through: width / 2, by: -30) {
            pointer = x
            c.move(to: view(x))
            BookControllerTests.run(c, seconds: 1.0 / 60)
            let p = c.book.leaves.first?.progress ?? -1
            #expect(c.book.leaves.count == 1 && c.book.leaves.first?.index == 0, "\(direction): the next leaf turns")
            #expect(p > last, "\(direction): progress rises as the pointer moves toward the read side (\(p) after \(last))")
            last = p
        }
        // The default mapping: the turn is the pointer's way toward the read side over the view's width.
        #expect(abs(last - (width - 10 - pointer) / width) < 1e-9, "\(direction): \(last)")
        c.release(at: view(pointer))
        BookControllerTests.run(c, seconds: 2)
        #expect(c.book.opening == 1 && c.leavesInFlight == 0, "\(direction): lands on the next opening")
        #expect(events.first == .lift && events.contains(.commit) && events.last == .land, "\(events)")
    }

    @Test func aPanelAcrossTheSpineShowsBothPagesMeetingExactlyOnTheSpine() throws {
        // Three equal panels over a spread: the middle one spans the spine.
        let book = try Self.book(effect: AccordionLeafEffect(panelWidths: [1, 1, 1]))
        try book.setLeaves([BookLeaf(index: 1, progress: 0.3)])
        // Leaf 1 turns from opening 1 (pages 1 | 2) to opening 2 (pages 3 | 4).
        let left = Self.quads(of: book, page: 1), right = Self.quads(of: book, page: 2)
        #expect(Set(left.map(\.contentsRect.minX)).count == 2 && Set(right.map(\.contentsRect.minX)).count == 2,
                "panels 1 and 2 on page 1, panels 2 and 3 on page 2")
        // The middle panel's two parts: page 1's right part and page 2's left part, one edge shared.
        guard let a = left.first(where: { $0.contentsRect.maxX == 1 && $0.contentsRect.minX > 0 }),
              let b = right.first(where: { $0.contentsRect.minX == 0 && $0.contentsRect.maxX < 1 }) else {
            Issue.record("no part of the middle panel on each page"); return
        }
        #expect(BookTestSupport.distance([a.points[1], a.points[2]], [b.points[0], b.points[3]]) < 1e-9,
                "the pages meet on the spine: \(a.points) | \(b.points)")
        // Page 1 is cut where the first crease falls (800/3 snapped: 267 pt of its 400).
        #expect(abs(a.contentsRect.minX - 267.0 / 400) < 1e-12, "\(a.contentsRect)")
        #expect(abs(b.contentsRect.maxX - (533.0 - 400) / 400) < 1e-12, "\(b.contentsRect)")
        // The incoming opening lies flat beneath, each page in its half.
        #expect(Self.quads(of: book, page: 3).count == 1 && Self.quads(of: book, page: 4).count == 1)
    }

    @Test(arguments: ReadingDirection.allCases)
    func theAccordionFoldsTowardTheReadSidesOuterEdgeInEveryDirection(direction: ReadingDirection) throws {
        let book = try Self.book(direction: direction, effect: AccordionLeafEffect(panelWidths: [208, 144, 176, 112, 160]))
        try book.setLeaves([BookLeaf(index: 1, progress: 0.5)])
        let view = book.configuration.viewSize
        // Canonical x of a view point: 0 at the read side's outer edge, 800 at the unread side's.
        let outgoing = Self.quads(of: book, page: 1) + Self.quads(of: book, page: 2)
        let xs = outgoing.flatMap(\.points).map { direction.canonicalPoint($0, viewSize: view).x }
        #expect(abs(xs.min() ?? -1) < 1e-9, "\(direction): the read side's outer edge stays put")
        #expect((xs.max() ?? 800) < 700, "\(direction): folded toward it, far from the unread edge: \(xs.max() ?? .nan)")
        // Page images read upright: in the view, the first panel covers the read page's outer
        // 208 points, and shows that part of its image.
        let first = try #require((book.openingLeaf?.leaf as? TransitionLeaf)?.transition as? AccordionTransition).panelLayers[0]
        let shown = first.sublayers.first { $0.contents == book.handle(forPage: 1) }?.contentsRect ?? first.contentsRect
        let expected = direction.unitRect(Rect(x: 0, y: 0, width: 208.0 / 400, height: 1))
        #expect(BookTestSupport.distance([shown.origin, Point(x: shown.maxX, y: shown.maxY)],
                                         [expected.origin, Point(x: expected.maxX, y: expected.maxY)]) < 1e-12, "\(direction): \(shown)")
    }

    /// The points two faces have in common (within `tolerance`).
    static func shared(_ a: EvaluatedQuad, _ b: EvaluatedQuad, tolerance: Double) -> Int {
        a.points.filter { p in b.points.contains { $0.distance(to: p) <= tolerance } }.count
    }

    @Test(arguments: ReadingDirection.allCases)
    func aPanelAcrossTheSpineCarriesBothPagesJoinedWithinANanopointAtEveryPose(direction: ReadingDirection) throws {
        // Odd and even widths, whole and fractional scales; the third panel spans the spine.
        var joined = 0
        for (widths, scale) in [([208.0, 144, 176, 112, 160], 1.0), ([101, 77, 143, 59, 97], 2), ([3, 2, 4, 1], 1.5)] {
            let canonical = Size(width: 800, height: 560)
            let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: direction.viewSize(ofCanonical: canonical), scale: scale,
                                                                              layout: .spread, direction: direction,
                                                                              effect: AccordionLeafEffect(panelWidths: widths)))
            for step in 0...50 {
                try book.setLeaves([BookLeaf(index: 1, progress: Double(step) / 50)])
                let left = Self.quads(of: book, page: 1), right = Self.quads(of: book, page: 2)
                // Some part of page 1 and some part of page 2 share a whole edge: the spine's.
                let pairs = left.flatMap { a in right.map { b in Self.shared(a, b, tolerance: 1e-9) } }
                #expect(pairs.contains(2), "\(direction) \(widths) at scale \(scale), p = \(Double(step) / 50)")
                if pairs.contains(2) { joined += 1 }
            }
        }
        #expect(joined == 153)
    }

    @Test func inTheSingleLayoutAPanelAcrossTheSpineShowsThePageItself() throws {
        let book = try Self.book(layout: .single, effect: AccordionLeafEffect(panelWidths: [1, 1, 1]))
        try book.setLeaves([BookLeaf(index: 1, progress: 0.4)])
        // Page 1 fills the view; each panel shows its third of it as one image, with its shading
        // (the evaluator may cut a panel where another's plane crosses it: sets, not counts).
        let accordion = try #require((book.openingLeaf?.leaf as? TransitionLeaf)?.transition as? AccordionTransition)
        let panels = accordion.panelLayers
        #expect(panels.allSatisfy { $0.contents == book.handle(forPage: 1) && $0.sublayers.allSatisfy { !($0.contents != nil) } },
                "each panel shows the page itself, no parts added")
        #expect(abs(panels[1].contentsRect.minX - 133.0 / 400) < 1e-12 && abs(panels[1].contentsRect.maxX - 267.0 / 400) < 1e-12,
                "\(panels[1].contentsRect)")
        // Named as the book names faces: the part on the read side first.
        #expect(panels.map(\.name) == ["page1", "page1", "leaf1.front"])
        #expect(panels[2].sublayers.map(\.name) == ["leaf1.front.shadow"])
        #expect(Set(Self.quads(of: book, page: 1).map(\.contentsRect.minX)).count == 3)
    }

    @Test func atTheFrontCoverPanelsWithNoPageDrawNothingNotEvenShading() throws {
        let book = try Self.book()
        try book.setLeaves([BookLeaf(index: 0, progress: 0.5)])
        // Opening 0 of a spread has no page on the read side: the two panels over it are
        // hidden with their shading; the two over the cover show it.
        let accordion = try #require((book.openingLeaf?.leaf as? TransitionLeaf)?.transition as? AccordionTransition)
        #expect(accordion.panelLayers.map(\.isHidden) == [true, true, false, false])
        #expect(!Self.quads(of: book, page: 0).isEmpty && !Self.quads(of: book, page: 1).isEmpty)
        #expect(BookTestSupport.quads(book.root).filter { $0.visible && $0.contents == nil && $0.opacity > 0 && $0.points.count >= 3 }
            .allSatisfy { q in !q.points.allSatisfy { $0.x < 200 } }, "nothing drawn over the empty read side's outer half")
    }

    @Test func theBooksShadowSwitchReachesTheTransition() throws {
        let book = try Self.book()
        try book.setLeaves([BookLeaf(index: 1, progress: 0.5)])
        func shades() -> [EvaluatedQuad] {
            BookTestSupport.quads(book.root).filter { $0.visible && $0.name.hasSuffix(".shadow") && $0.opacity > 0 }
        }
        #expect(!shades().isEmpty, "folded panels are shaded")
        book.showsShadows = false
        #expect(shades().isEmpty)
    }

    @Test func aLeafTransitionMapsDragsItsOwnWay() throws {
        let effect = TransitionLeafEffect(name: "half") { context in
            try HalfSpeedFade(size: context.size, source: context.source, destination: context.destination)
        }
        let book = try Self.book(effect: effect)
        let leaf = try effect.makeLeaf(in: book.frame)
        let grip = leaf.grip(at: Point(x: 700, y: 280), progress: 0)
        // Its own mapping: half the default's.
        #expect(abs(leaf.progress(for: grip, at: Point(x: 300, y: 280)) - 0.25) < 1e-12)
        let plain = try TransitionLeafEffect(name: "plain") { context in
            try CrossfadeTransition(size: context.size, source: context.source, destination: context.destination)
        }.makeLeaf(in: book.frame)
        #expect(abs(plain.progress(for: grip, at: Point(x: 300, y: 280)) - 0.5) < 1e-12, "the default follows the pointer")
    }

    @Test func aTransitionTheBookRefusesIsABookErrorNamingIt() {
        #expect(throws: BookError.geometry(.invalidPanels("an accordion needs 2...256 panel widths, not 1"))) {
            _ = try Self.book(effect: AccordionLeafEffect(panelWidths: [1]))
        }
        struct NoPaper: Error {}
        let failing = TransitionLeafEffect(name: "origami") { _ in throw NoPaper() }
        #expect(throws: BookError.effectFailed(effect: "origami", reason: "NoPaper()")) { _ = try Self.book(effect: failing) }
    }
}

/// A crossfade whose drags move it half as fast as the pointer.
final class HalfSpeedFade: LeafTransition {
    let fade: CrossfadeTransition
    init(size: Size, source: ContentHandle, destination: ContentHandle) throws(TransitionError) {
        fade = try CrossfadeTransition(size: size, source: source, destination: destination)
    }
    var root: Layer { fade.root }
    var progress: Double { fade.progress }
    var m34: Double { fade.m34 }
    var duration: Double { fade.duration }
    func setProgress(_ progress: Double) throws(TransitionError) { try fade.setProgress(progress) }
    func progress(atTime time: Double) throws(TransitionError) -> Double { try fade.progress(atTime: time) }
    func panels() -> [PanelGeometry] { fade.panels() }
    var showsShadows: Bool {
        get { fade.showsShadows }
        set { fade.showsShadows = newValue }
    }
    func progress(for drag: LeafDrag) -> Double { drag.startProgress + (drag.followingPointer - drag.startProgress) / 2 }
}
