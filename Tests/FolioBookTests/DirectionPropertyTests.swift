import Testing
import FolioGeometry
import FolioLayers
import FolioTestSupport
@testable import FolioBook

/// Reading directions are one reflection of one geometry: right to left is left to right
/// mirrored about the spine (x ↦ W − x), top-bound is it transposed ((x, y) ↦ (y, x)), to
/// 1e-9 points, for every layout, effect, size, scale and set of leaves in flight.
@Suite struct DirectionPropertyTests {
    struct Case: CustomStringConvertible {
        var size: Size
        var scale: Double
        var layout: BookLayout
        var effect: any LeafEffect
        var hardCover: Bool
        var pageCount: Int
        var leaves: [BookLeaf]
        var description: String {
            "\(layout) \(effect.name)\(hardCover ? " hard" : "") \(size.width)x\(size.height)@\(scale) pages \(pageCount) leaves \(leaves.map { "\($0.index):\($0.progress)" })"
        }
    }

    /// Random books with up to five leaves in flight, their angles in turning order.
    static func cases(count: Int, seed: UInt64) -> [Case] {
        var g = SeededGenerator(seed: seed)
        let effects: [any LeafEffect] = [FlipLeafEffect(), FoldLeafEffect(), FoldLeafEffect(style: .cubic), CrossfadeLeafEffect()]
        return (0..<count).map { _ in
            let size = Size(width: Double(Int.random(in: 40...1600, using: &g)) + (Bool.random(using: &g) ? 0.5 : 0),
                            height: Double(Int.random(in: 40...1600, using: &g)))
            let layout: BookLayout = Bool.random(using: &g) ? .single : .spread
            let pageCount = Int.random(in: 1...40, using: &g)
            let probe = try! Book(pageCount: pageCount, configuration: BookConfiguration(viewSize: size, layout: layout))
            let range = probe.leafRange
            var leaves: [BookLeaf] = []
            if range.count > 0 {
                let n = Int.random(in: 0...min(5, range.count), using: &g)
                let start = Int.random(in: range.lowerBound...(range.upperBound - n + 1), using: &g)
                var progress = Double.random(in: 0...1, using: &g)
                for i in 0..<n {
                    leaves.append(BookLeaf(index: start + i, progress: progress))
                    // Later leaves trail earlier ones; sometimes at exactly the same angle.
                    if Bool.random(using: &g) { progress = Double.random(in: 0...progress, using: &g) }
                }
            }
            return Case(size: size, scale: [1.0, 2, 3, 1.5][Int.random(in: 0...3, using: &g)], layout: layout,
                        effect: effects[Int.random(in: 0..<effects.count, using: &g)], hardCover: Bool.random(using: &g),
                        pageCount: pageCount, leaves: leaves)
        }
    }

    static func book(_ c: Case, _ direction: ReadingDirection, view: Size) throws -> Book {
        let configuration = BookConfiguration(viewSize: view, scale: c.scale, layout: c.layout, direction: direction,
                                              effect: c.effect, hardCover: c.hardCover)
        let book = try Book(pageCount: c.pageCount, configuration: configuration)
        try book.setLeaves(c.leaves, opening: min(book.leafCount, c.pageCount / 3))
        return book
    }

    /// Checks that `got` is `reference` with every screen point mapped by `map`.
    static func expectMapped(_ reference: [EvaluatedQuad], _ got: [EvaluatedQuad], _ map: (Point) -> Point, _ c: Case, _ what: String) {
        #expect(reference.map(\.name) == got.map(\.name), "\(what) \(c): draw order")
        guard reference.map(\.name) == got.map(\.name) else { return }
        for (r, q) in zip(reference, got) {
            #expect(r.visible == q.visible, "\(what) \(c) \(q.name)")
            let mapped = r.points.map(map)
            #expect(BookTestSupport.sameSet(mapped, q.points, tolerance: 1e-9), "\(what) \(c) \(q.name): \(mapped) vs \(q.points)")
            #expect(Set(r.depth.map { ($0 * 1e6).rounded() }) == Set(q.depth.map { ($0 * 1e6).rounded() }), "\(what) \(c) \(q.name): depth")
            #expect(r.contents == q.contents && abs(r.opacity - q.opacity) < 1e-12, "\(what) \(c) \(q.name): content")
        }
    }

    @Test func rightToLeftIsLeftToRightMirroredAboutTheSpine() throws {
        for c in Self.cases(count: 300, seed: 13) {
            let ltr = BookTestSupport.quads(try Self.book(c, .leftToRight, view: c.size).root)
            let rtl = BookTestSupport.quads(try Self.book(c, .rightToLeft, view: c.size).root)
            Self.expectMapped(ltr, rtl, { Point(x: c.size.width - $0.x, y: $0.y) }, c, "mirror")
        }
    }

    @Test func topBoundIsLeftToRightTransposed() throws {
        for c in Self.cases(count: 300, seed: 31) {
            let ltr = BookTestSupport.quads(try Self.book(c, .leftToRight, view: c.size).root)
            let ttb = BookTestSupport.quads(try Self.book(c, .topToBottom, view: Size(width: c.size.height, height: c.size.width)).root)
            Self.expectMapped(ltr, ttb, { Point(x: $0.y, y: $0.x) }, c, "transpose")
        }
    }

    @Test func pagesReadUprightInEveryDirection() throws {
        // A page face's own corner (0, 0) is the page's top-left as the reader sees it, so the
        // image is never mirrored or turned: at rest, local x runs left to right on screen.
        for direction in ReadingDirection.allCases {
            for layout in BookLayout.allCases {
                let view = Size(width: 600, height: 400)
                let book = try Book(pageCount: 5, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction))
                try book.setOpening(1)
                for q in BookTestSupport.drawn(book.root) where !q.name.hasSuffix(".shadow") {
                    let o = q.points[0], x = q.points[1], y = q.points[3]
                    #expect(x.x > o.x && abs(x.y - o.y) < 1e-9, "\(direction) \(layout) \(q.name): local x runs right")
                    #expect(y.y > o.y && abs(y.x - o.x) < 1e-9, "\(direction) \(layout) \(q.name): local y runs down")
                }
            }
        }
    }
}
