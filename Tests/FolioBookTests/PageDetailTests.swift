import FolioBook
import FolioGeometry
import FolioLayers
import Testing

/// Page details (zoom tiles) in the book's layer tree: on the pages lying flat, following them
/// through a turn, cut to their page, reused, and transparent to hit testing.
struct PageDetailTests {
    static let view = Size(width: 640, height: 400)

    static func book(effect: any LeafEffect = FlipLeafEffect()) throws -> Book {
        try Book(pageCount: 10, configuration: BookConfiguration(viewSize: view, layout: .spread, effect: effect))
    }

    /// The evaluated quads of detail layers by the face they lie on (`page3`, `leaf2.front`),
    /// with their corners in the view.
    static func detailQuads(_ book: Book) -> [String: [[Point]]] {
        let e = LayerEvaluator()
        e.evaluate(book.root)
        var out: [String: [[Point]]] = [:]
        for q in e.quads where q.isVisible && q.layer.name.hasSuffix(".detail") {
            out[String(q.layer.name.dropLast(7)), default: []].append(e.corners(of: q).map(\.point))
        }
        return out
    }

    static func box(_ points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @Test func detailsShowOnThePagesLyingFlatAndFollowThemThroughATurn() throws {
        let book = try Self.book()
        let detail = { (h: Int) in [PageDetail(rect: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), handle: ContentHandle(h))] }
        book.pageDetails = [3: detail(103), 4: detail(104), 6: detail(106), 9: detail(109)]
        try book.setOpening(2)
        #expect(book.pagesLyingFlat.read == 3 && book.pagesLyingFlat.unread == 4)
        var quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page3", "page4"])
        // Page 3 on the left half, page 4 on the right: a quarter in from each side of its page.
        #expect(Self.box(quads["page3"]![0]) == Rect(x: 80, y: 100, width: 160, height: 200))
        #expect(Self.box(quads["page4"]![0]) == Rect(x: 400, y: 100, width: 160, height: 200))
        // Leaf 2 (pages 4 and 5) in flight: page 6 lies flat under it, page 4 turns with its
        // detail on the flip's front face (page 5, on its back, has none).
        try book.setLeaves([BookLeaf(index: 2, progress: 0.3)], opening: 2)
        #expect(book.pagesLyingFlat.read == 3 && book.pagesLyingFlat.unread == 6)
        quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page3", "page6", "leaf2.front"])
        // A detail given while the leaf turns reaches it at once; the pages' stay. Past 90° the
        // back faces the viewer, the front away.
        book.pageDetails[5] = detail(105)
        try book.setLeaves([BookLeaf(index: 2, progress: 0.7)], opening: 2)
        #expect(Set(Self.detailQuads(book).keys) == ["page3", "page6", "leaf2.back"])
        // Landed: opening 3, pages 5 and 6.
        try book.setOpening(3)
        #expect(Set(Self.detailQuads(book).keys) == ["page5", "page6"])
    }

    /// The curl's leaf draws its pages' details on its sheet: pieces of its patches, the front
    /// page's where the sheet shows its front, the back page's where it shows its back (before
    /// issue 41's curl tiles, only the page lying flat drew its detail).
    @Test func theCurlsLeafDrawsItsPagesDetailsOnItsSheet() throws {
        let book = try Self.book(effect: CurlLeafEffect())
        book.pageDetails = [4: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(104))],
                            5: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(105))],
                            6: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(106))]]
        try book.setLeaves([BookLeaf(index: 2, progress: 0.6)], opening: 2)
        #expect(Set(Self.detailQuads(book).keys) == ["page6", "leaf2.front"])
        let e = LayerEvaluator()
        e.evaluate(book.root)
        let pieces = e.quads.filter { $0.isVisible && $0.layer.name == "leaf2.front.detail" }
        // Both pages' details show, each a piece of a patch, on its own side of the sheet.
        #expect(Set(pieces.map { $0.layer.contents?.rawValue ?? 0 }) == [104, 105])
        #expect(pieces.allSatisfy { $0.surfacePatch >= 0 })
        #expect(pieces.allSatisfy { $0.localToView.showsBack == ($0.layer.contents?.rawValue == 105) })
    }

    /// The single layout: each side of the spine shows part of one page, so a detail across
    /// the spine is cut in two; the flip's leaf carries the part beyond the spine.
    @Test func inTheSingleLayoutADetailIsCutAtTheSpineAndTheLeafCarriesItsPart() throws {
        let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Size(width: 600, height: 800), layout: .single))
        let spine = book.frame.spine
        book.pageDetails = [1: [PageDetail(rect: Rect(x: 0.25, y: 0, width: 0.5, height: 0.5), handle: ContentHandle(1))]]
        try book.setOpening(1)
        var quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page1"])
        let boxes = quads["page1"]!.map(Self.box).sorted { $0.minX < $1.minX }
        #expect(boxes == [Rect(x: 150, y: 0, width: spine - 150, height: 400), Rect(x: spine, y: 0, width: 450 - spine, height: 400)])
        // Leaf 1 (page 1 beyond the spine, page 2 on its back) in flight: page 1's part before
        // the spine lies flat, the part beyond turns with the leaf.
        try book.setLeaves([BookLeaf(index: 1, progress: 0.1)], opening: 1)
        quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page1", "leaf1.front"])
        #expect(Self.box(quads["page1"]![0]) == Rect(x: 150, y: 0, width: spine - 150, height: 400))
        #expect(abs(Self.box(quads["leaf1.front"]![0]).minX - spine) < 1e-9, "the leaf's part starts at the spine")
    }

    /// The fold carries four pages on its panels: the opening it folds away (pages 3 and 4
    /// on B and C) and the one it brings (5 and 6 on A and D); each panel draws its page's
    /// details, cut to the part it shows, and they fold with it. The crossfade (reduce
    /// motion) draws none while it turns.
    @Test func theFoldsPanelsCarryTheirPagesDetails() throws {
        let book = try Self.book(effect: FoldLeafEffect())
        let whole = { (h: Int) in [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(h))] }
        book.pageDetails = [3: whole(103)]
        try book.setOpening(2)
        #expect(Set(Self.detailQuads(book).keys) == ["page3"])
        try book.setLeaves([BookLeaf(index: 2, progress: 0.4)], opening: 2)
        #expect(book.pagesLyingFlat.read == nil && book.pagesLyingFlat.unread == nil)
        // Page 3 folds away on panel B (named after its page): its detail lies exactly over the
        // panel, posed with it.
        var quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page3"])
        func panel(_ name: String) -> [Point]? {
            let e = LayerEvaluator()
            e.evaluate(book.root)
            return e.quads.first { $0.isVisible && $0.layer.name == name }.map { e.corners(of: $0).map(\.point) }
        }
        let b = try #require(panel("page3")), d = Self.box(quads["page3"]![0])
        #expect(abs(d.minX - Self.box(b).minX) < 1e-9 && abs(d.maxX - Self.box(b).maxX) < 1e-9 && abs(d.maxY - Self.box(b).maxY) < 1e-9)
        #expect(Self.box(b).width < 320 * 0.9, "panel B is folding")
        // Every page of the turn, each on its panel.
        book.pageDetails = [3: whole(103), 4: whole(104), 5: whole(105), 6: whole(106)]
        quads = Self.detailQuads(book)
        #expect(Set(quads.keys) == ["page3", "leaf2.front", "leaf2.back", "page6"])
        // Unfolding swaps the openings' panels: the same pages carry their details.
        let unfold = try Self.book(effect: FoldLeafEffect(style: .unfold))
        unfold.pageDetails = book.pageDetails
        try unfold.setLeaves([BookLeaf(index: 2, progress: 0.4)], opening: 2)
        #expect(Set(Self.detailQuads(unfold).keys) == ["page3", "leaf2.front", "leaf2.back", "page6"])
        try book.setOpening(3)
        #expect(Set(Self.detailQuads(book).keys) == ["page5", "page6"])
        // The crossfade draws its pages' own images while it turns.
        let fade = try Self.book(effect: CrossfadeLeafEffect())
        fade.pageDetails = book.pageDetails
        try fade.setLeaves([BookLeaf(index: 2, progress: 0.4)], opening: 2)
        #expect(Self.detailQuads(fade).isEmpty)
    }

    @Test func detailsAreCutToTheirPageAndBadRectanglesAreNotDrawn() throws {
        let book = try Self.book()
        try book.setOpening(2)
        let h = ContentHandle(7)
        book.pageDetails = [4: [PageDetail(rect: Rect(x: 0.75, y: -0.5, width: 0.5, height: 1), handle: h),  // cut to x 0.75…1, y 0…0.5
                                PageDetail(rect: Rect(x: .nan, y: 0, width: 0.5, height: 0.5), handle: h),
                                PageDetail(rect: Rect(x: 0, y: 0, width: .infinity, height: 0.5), handle: h),
                                PageDetail(rect: Rect(x: 1.2, y: 0, width: 0.5, height: 0.5), handle: h),
                                PageDetail(rect: Rect(x: 0.5, y: 0.5, width: 0, height: 0.5), handle: h)]]
        let quads = Self.detailQuads(book)
        #expect(quads["page4"]?.count == 1)
        #expect(Self.box(quads["page4"]![0]) == Rect(x: 560, y: 0, width: 80, height: 200))
    }

    @Test func settingTheSameDetailsAgainKeepsTheLayersAndNewOnesReuseThem() throws {
        let book = try Self.book()
        try book.setOpening(2)
        let a = [4: [PageDetail(rect: Rect(x: 0, y: 0, width: 0.5, height: 0.5), handle: ContentHandle(1)),
                     PageDetail(rect: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5), handle: ContentHandle(2))]]
        func layers() -> [ObjectIdentifier] {
            let e = LayerEvaluator()
            e.evaluate(book.root)
            return e.quads.filter { $0.layer.name.hasSuffix(".detail") }.map { ObjectIdentifier($0.layer) }
        }
        book.pageDetails = a
        let first = layers()
        #expect(first.count == 2)
        book.pageDetails = a
        #expect(layers() == first)
        // Other tiles on the same page: the same two layers, showing them.
        book.pageDetails = [4: [PageDetail(rect: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5), handle: ContentHandle(3)),
                                PageDetail(rect: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), handle: ContentHandle(4))]]
        #expect(layers() == first)
        book.pageDetails = [:]
        #expect(layers().isEmpty)
    }

    @Test func aPointOnADetailHitsItsPage() throws {
        let plain = try Self.book(), detailed = try Self.book()
        try plain.setOpening(2)
        try detailed.setOpening(2)
        detailed.pageDetails = [3: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(1))],
                                4: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(2))]]
        for p in [Point(x: 100, y: 200), Point(x: 500, y: 50), Point(x: 639, y: 399)] {
            #expect(detailed.hitTest(p) != nil)
            #expect(detailed.hitTest(p) == plain.hitTest(p))
        }
    }

    /// The parts to rasterise finer when zoomed: at 2× about the view's centre the window
    /// (the view) shows the middle half of the view, so the inner half of each page lying
    /// flat; with a flip or a curl in flight its pages come after, first the part the leaf
    /// shows now, then planned where they lie at rest; a fold asks for what its panels show,
    /// then for the four pages it carries.
    @Test func thePartsShowingDetailsAreThoseTheZoomBringsIntoTheWindow() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.zoom(by: 2, about: Point(x: 320, y: 200))
        let book = try Self.book()
        try book.setOpening(2)
        let window = Rect(x: 0, y: 0, width: 640, height: 400)
        func near(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
        }
        var parts = book.pagePartsShowingDetails(in: window, zoom: zoom)
        // View x 160…480, y 100…300: page 3 (0…320) from x 160, page 4 (320…640) to x 480.
        #expect(parts.map(\.page) == [3, 4])
        #expect(near(parts[0].part, Rect(x: 0.5, y: 0.25, width: 0.5, height: 0.5)))
        #expect(near(parts[1].part, Rect(x: 0, y: 0.25, width: 0.5, height: 0.5)))
        // A larger window (the view hung in it with margins) takes in more of the page.
        parts = book.pagePartsShowingDetails(in: Rect(x: -320, y: -200, width: 1280, height: 800), zoom: zoom)
        #expect(near(parts[0].part, Rect(x: 0, y: 0, width: 1, height: 1)))
        // Leaf 2 in flight: pages 3 and 6 lie flat; then the part of page 4 the leaf shows now
        // (its front: at 0.3 the back faces away); then the leaf's page 5 (back, read side) and
        // page 4 (front, unread side) as if they lay at rest.
        try book.setLeaves([BookLeaf(index: 2, progress: 0.3)], opening: 2)
        parts = book.pagePartsShowingDetails(in: window, zoom: zoom)
        #expect(parts.map(\.page) == [3, 6, 4, 5, 4])
        // At progress 0 the leaf lies where page 4 rests: the part it shows is the part at rest.
        try book.setLeaves([BookLeaf(index: 2, progress: 0)], opening: 2)
        parts = book.pagePartsShowingDetails(in: window, zoom: zoom)
        #expect(parts[2].page == 4)
        #expect(near(parts[2].part, Rect(x: 0, y: 0.25, width: 0.5, height: 0.5)), "\(parts[2].part)")
        let curl = try Self.book(effect: CurlLeafEffect())
        try curl.setLeaves([BookLeaf(index: 2, progress: 0.3)], opening: 2)
        #expect(curl.pagePartsShowingDetails(in: window, zoom: zoom).map(\.page) == [3, 6, 4, 5, 4])
        // A fold in flight carries the whole opening: what its panels show now (3 and 4,
        // folding away), then the opening it folds away (3, 4) and the one it brings (5, 6),
        // each planned where it lies at rest.
        let fold = try Self.book(effect: FoldLeafEffect())
        try fold.setLeaves([BookLeaf(index: 2, progress: 0.3)], opening: 2)
        parts = fold.pagePartsShowingDetails(in: window, zoom: zoom)
        #expect(parts.map(\.page) == [3, 4, 3, 4, 5, 6])
        #expect(near(parts[4].part, Rect(x: 0.5, y: 0.25, width: 0.5, height: 0.5)))
        #expect(near(parts[5].part, Rect(x: 0, y: 0.25, width: 0.5, height: 0.5)))
        // Nothing of the book in the window.
        #expect(book.pagePartsShowingDetails(in: Rect(x: 2000, y: 0, width: 10, height: 10), zoom: zoom).isEmpty)
    }

    /// The parts planned from the frame's own evaluation — the book hung in a larger tree, a
    /// stage and a frame layer offset in it as the demo draws it, zoomed 2.6× — are those the
    /// book plans from its own evaluation (within 1e-9 of a page), for the flip, the curl and
    /// the fold, at three poses each, the leaves' parts among them; the book asks for the
    /// evaluation once a plan while a leaf in flight draws details, and never at rest.
    @Test func thePartsPlannedFromTheFramesOwnEvaluationAreTheBooksOwn() throws {
        for effect in [FlipLeafEffect() as any LeafEffect, CurlLeafEffect(), FoldLeafEffect()] {
            let book = try Self.book(effect: effect)
            let stage = Layer(name: "stage")
            stage.bounds = Rect(x: 0, y: 0, width: 1000, height: 700)
            stage.position = Point(x: 500, y: 350)
            let frame = TransformLayer(name: "book frame")
            frame.position = Point(x: 130.5, y: 77.25)
            try stage.addSublayer(frame)
            try frame.addSublayer(book.root)
            var zoom = try BookZoom(viewSize: Self.view)
            zoom.zoom(by: 2.6, about: Point(x: 201.3, y: 187.9))
            zoom.apply(to: book)
            // The window in placed points (the frame's), as the demo passes it.
            let window = Rect(x: -130.5, y: -77.25, width: 1000, height: 700)
            let evaluator = LayerEvaluator()
            var calls = 0
            func fromFrame() -> [(page: Int, part: Rect)] {
                book.pagePartsShowingDetails(in: window, zoom: zoom) {
                    calls += 1
                    evaluator.evaluate(stage)
                    return (evaluator, stage)
                }
            }
            try book.setOpening(2)
            _ = fromFrame()
            #expect(calls == 0, "\(type(of: effect)) at rest: nothing to evaluate")
            for progress in [0.15, 0.45, 0.8] {
                try book.setLeaves([BookLeaf(index: 2, progress: progress)], opening: 2)
                calls = 0
                let own = book.pagePartsShowingDetails(in: window, zoom: zoom), framed = fromFrame()
                #expect(calls == 1, "\(type(of: effect)) \(progress): one evaluation")
                #expect(own.count > 2, "\(type(of: effect)) \(progress): the leaves' parts are planned")
                #expect(own.map(\.page) == framed.map(\.page), "\(type(of: effect)) \(progress)")
                for (a, b) in zip(own, framed) {
                    let d = max(abs(a.part.minX - b.part.minX), abs(a.part.minY - b.part.minY), abs(a.part.maxX - b.part.maxX), abs(a.part.maxY - b.part.maxY))
                    #expect(d < 1e-9, "\(type(of: effect)) \(progress) page \(a.page): \(a.part) against \(b.part)")
                }
            }
        }
    }

    /// A page its details cover draws nothing of its own while it lies flat (its layer keeps
    /// its place, so hit testing is unchanged); taken back, or without details, it draws its
    /// image again; a covered page on a leaf in flight keeps its image.
    @Test func aPageCoveredByItsDetailsDrawsOnlyThem() throws {
        let book = try Self.book()
        try book.setOpening(2)
        func drawsContent(_ name: String) -> Bool? {
            let e = LayerEvaluator()
            e.evaluate(book.root)
            return e.quads.first { $0.isVisible && $0.layer.name == name }?.drawsContent
        }
        let before = book.hitTest(Point(x: 500, y: 200))
        book.pageDetails = [4: [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(9))]]
        book.pagesCoveredByDetails = [3, 4]
        #expect(drawsContent("page4") == false)
        #expect(drawsContent("page3") == true, "page 3 has no details: it keeps its image")
        #expect(drawsContent("page4.detail") == true)
        #expect(book.hitTest(Point(x: 500, y: 200)) == before)
        book.pagesCoveredByDetails = []
        #expect(drawsContent("page4") == true)
        // Leaf 1 (pages 2 and 3) in flight from opening 2, backward: page 4 still lies flat and
        // covered; the leaf's faces keep their images.
        book.pagesCoveredByDetails = [2, 3, 4]
        book.pageDetails[2] = [PageDetail(rect: Rect(x: 0, y: 0, width: 1, height: 1), handle: ContentHandle(8))]
        try book.setLeaves([BookLeaf(index: 1, progress: 0.7)], opening: 2)
        #expect(drawsContent("page4") == false)
        #expect(drawsContent("leaf1.back") == true)
    }
}
