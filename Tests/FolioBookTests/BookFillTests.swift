import Testing
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTransitions
@testable import FolioBook

/// Pages that fill the window (issue 41, item 6): framed with `BookFraming.fill`, a letter spread
/// at rest takes most of a 1400×900 window in every effect, and while leaves are in flight the
/// book draws smaller just enough (`roomScale`) that nothing passes the viewport's edge.
@Suite struct BookFillTests {
    /// The demo's viewport for a 1400×900 window: less its 24-point hint bar; 24-point margins.
    static let window = Size(width: 1400, height: 900), viewport = Size(width: 1400, height: 876), margin = 24.0
    static let page = Size(width: 612, height: 792)
    static let effects: [(String, any LeafEffect)] = [("flip", FlipLeafEffect()), ("fold", FoldLeafEffect()), ("curl", CurlLeafEffect())]

    static func framing(_ effect: any LeafEffect, hardCover: Bool = false) throws -> (BookFraming, BookConfiguration) {
        var c = BookConfiguration(viewSize: Size(width: 1, height: 1), layout: .spread, effect: effect, hardCover: hardCover)
        let f = try BookFraming.fill(pageSize: page, in: viewport, configuration: c, margin: margin, maximumZoom: 4)
        c.viewSize = f.viewSize
        return (f, c)
    }

    /// The least distance from any visible corner of the placed book to the viewport's edges
    /// (negative: past it).
    static func clearance(_ book: Book, _ evaluator: LayerEvaluator) -> Double {
        evaluator.evaluate(book.root)
        var least = Double.infinity
        for quad in evaluator.quads where quad.isVisible {
            for c in evaluator.corners(of: quad) {
                least = min(least, c.point.x, c.point.y, viewport.width - c.point.x, viewport.height - c.point.y)
            }
        }
        return least
    }

    @Test(arguments: [0, 1, 2])
    func pagesAtRestTakeAtLeast85PercentOfTheWindowInEveryEffect(index: Int) throws {
        let (name, effect) = Self.effects[index]
        let (f, _) = try Self.framing(effect)
        let share = max(f.viewSize.height / Self.window.height, f.viewSize.width / Self.window.width)
        #expect(share >= 0.85, "\(name): pages at rest take \(share) of the window")
        // The old framing, for the record: the worst pose reserved at all times.
        let c = BookConfiguration(viewSize: Size(width: 1, height: 1), layout: .spread, effect: effect)
        let old = try BookFraming.fit(pageSize: Self.page, in: Self.viewport, configuration: c, margin: Self.margin, maximumZoom: 4)
        print("\(name): pages at rest \(Int((share * 100).rounded()))% of the window height, \(f.viewSize.height) pt (fit: \(Int((old.viewSize.height / Self.window.height * 100).rounded()))%, \(old.viewSize.height) pt)")
        // At rest nothing is scaled.
        let book = try Book(pageCount: 10, configuration: try Self.framing(effect).1)
        #expect(f.roomScale(for: book) == 1)
    }

    /// A dense sweep of one leaf's turn (201 progress values; for the curl, paths through grab
    /// points with the axis tilted −80°…80° by 10°, met early, midway and late), with and without
    /// a hard cover, and four leaves in flight at once: with the book placed at its room scale,
    /// every visible corner the evaluator gives stays inside the viewport.
    @Test(arguments: [0, 1, 2])
    func noLeafPassesTheViewportsEdgeThroughATurn(index: Int) throws {
        let (name, effect) = Self.effects[index]
        let evaluator = LayerEvaluator()
        for hardCover in [false, true] {
            let (f, c) = try Self.framing(effect, hardCover: hardCover)
            let book = try Book(pageCount: 10, configuration: c)
            var least = Double.infinity, smallest = 1.0
            func check() {
                let s = f.roomScale(for: book)
                f.apply(roomScale: s, to: book)
                smallest = min(smallest, s)
                least = min(least, Self.clearance(book, evaluator))
            }
            let anchors: [CurlPose?] = effect is CurlLeafEffect
                ? [nil] + stride(from: -80.0, through: 80, by: 10).flatMap { a in [0.1, 0.4, 0.8].map { CurlPose(angle: a, axisFraction: $0) } } : [nil]
            for leaf in [0, 1, 4] {
                for anchor in anchors {
                    for i in 0...200 {
                        guard (try? book.setLeaves([BookLeaf(index: leaf, progress: Double(i) / 200, anchor: anchor)], opening: leaf)) != nil else { continue }
                        check()
                    }
                }
            }
            for i in 0...50 {
                let p = Double(i) / 50
                try book.setLeaves((1...4).map { BookLeaf(index: $0, progress: min(1, max(0, p * 1.6 - 0.2 * Double($0 - 1)))) }, opening: 1)
                check()
            }
            // Landed: full size again.
            try book.setLeaves([], opening: 2)
            #expect(f.roomScale(for: book) == 1)
            print("\(name) hard cover \(hardCover): least clearance \(least) pt, smallest room scale \(smallest)")
            #expect(least >= -1e-6, "\(name) hard cover \(hardCover): a leaf passes the viewport's edge by \(-least) pt")
        }
    }

    /// The room scale is continuous and eases: at rest 1, never letting the reach past the edge,
    /// and without a jump between neighbouring reaches.
    @Test func theRoomScaleEasesInWithoutAJump() throws {
        let (f, _) = try Self.framing(FlipLeafEffect())
        var last = 1.0
        for i in 0...400 {
            let r = Double(i) * 0.5
            let s = f.roomScale(forReach: BookInsets(top: r, left: 0, bottom: 0, right: 0))
            // Half the view plus the reach, scaled, fits in the room above the centre.
            let room = f.origin.y + f.viewSize.height / 2
            #expect(s * (f.viewSize.height / 2 + r) <= room + 1e-9)
            #expect(abs(s - last) < 0.002, "reach \(r): \(last) → \(s)")
            last = s
        }
        #expect(f.roomScale(forReach: .zero) == 1)
    }
}
