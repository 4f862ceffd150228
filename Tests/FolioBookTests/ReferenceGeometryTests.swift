import Testing
import FolioGeometry
import FolioLayers
import FolioTransitions
@testable import FolioBook

/// One leaf of a single-page book is today's transition: the flip's four pages and the fold's
/// four panels, at the same progress, to 1e-9 points.
@Suite struct ReferenceGeometryTests {
    static let sizes = [Size(width: 320, height: 480), Size(width: 321, height: 479), Size(width: 99, height: 77),
                        Size(width: 1280, height: 800)]
    static let progressValues = [0.0, 0.05, 0.125, 0.3, 0.49, 0.5, 0.51, 0.77, 0.95, 1.0]

    /// Compares the transition's quads (renamed) with the book's, in order.
    static func expectSame(_ reference: [EvaluatedQuad], _ book: [EvaluatedQuad], names: [String: String],
                           _ context: String) {
        let expected = reference.filter { names[$0.name] != nil }
        let got = book.filter { q in names.values.contains(q.name) }
        #expect(expected.map { names[$0.name]! } == got.map(\.name), "\(context): order")
        for (r, b) in zip(expected, got) {
            #expect(r.visible == b.visible, "\(context) \(b.name): visibility")
            #expect(BookTestSupport.distance(r.points, b.points) < 1e-9, "\(context) \(b.name): \(r.points) vs \(b.points)")
            #expect(zip(r.depth, b.depth).allSatisfy { abs($0 - $1) < 1e-9 }, "\(context) \(b.name): depth")
            #expect(BookTestSupport.distance(r.local, b.local) < 1e-9, "\(context) \(b.name): local corners")
            #expect(abs(r.opacity - b.opacity) < 1e-12, "\(context) \(b.name): opacity \(r.opacity) vs \(b.opacity)")
            #expect(r.contents == b.contents, "\(context) \(b.name): contents")
            #expect(abs(r.contentsRect.origin.x - b.contentsRect.origin.x) < 1e-12
                        && abs(r.contentsRect.origin.y - b.contentsRect.origin.y) < 1e-12
                        && abs(r.contentsRect.size.width - b.contentsRect.size.width) < 1e-12
                        && abs(r.contentsRect.size.height - b.contentsRect.size.height) < 1e-12, "\(context) \(b.name): contentsRect")
        }
    }

    static let flipNames = ["facing": "page0", "front": "leaf0.front", "back": "leaf0.back", "reveal": "page1",
                            "facing.shadow": "page0.shadow", "front.shadow": "leaf0.front.shadow",
                            "back.shadow": "leaf0.back.shadow", "reveal.shadow": "page1.shadow"]

    @Test(arguments: [(ReadingDirection.leftToRight, FlipStyle()), (.topToBottom, .vertical)])
    func oneLeafOfASinglePageBookIsTheFlip(direction: ReadingDirection, style: FlipStyle) throws {
        for size in Self.sizes {
            for scale in [1.0, 2, 3] {
                let view = direction == .topToBottom ? Size(width: size.height, height: size.width) : size
                let book = try Book(pageCount: 2, configuration: BookConfiguration(viewSize: view, scale: scale, direction: direction))
                let flip = try FlipTransition(size: view, scale: scale, style: style, source: book.handle(forPage: 0),
                                              destination: book.handle(forPage: 1))
                for p in Self.progressValues {
                    try flip.setProgress(p)
                    try book.setLeaves([BookLeaf(index: 0, progress: p)])
                    Self.expectSame(BookTestSupport.quads(flip.root), BookTestSupport.quads(book.root), names: Self.flipNames,
                                    "\(direction) \(size) @\(scale) p=\(p)")
                }
            }
        }
    }

    @Test func aRightToLeftBookIsTheBackwardFlipWhenTheSpineIsCentred() throws {
        // The backward flip keeps its spine `leading` from the left; a right-to-left book keeps
        // it `leading` from the right: the same line when the width is an even number of pixels.
        for size in [Size(width: 320, height: 480), Size(width: 1280, height: 800)] {
            let book = try Book(pageCount: 2, configuration: BookConfiguration(viewSize: size, direction: .rightToLeft))
            let flip = try FlipTransition(size: size, style: .backward, source: book.handle(forPage: 0), destination: book.handle(forPage: 1))
            let names = ["facing": "page0", "front": "leaf0.front", "back": "leaf0.back", "reveal": "page1"]
            for p in Self.progressValues {
                try flip.setProgress(p)
                try book.setLeaves([BookLeaf(index: 0, progress: p)])
                let reference = BookTestSupport.quads(flip.root).filter { names[$0.name] != nil }
                let got = BookTestSupport.quads(book.root).filter { names.values.contains($0.name) }
                #expect(reference.map { names[$0.name]! } == got.map(\.name))
                for (r, b) in zip(reference, got) {
                    #expect(r.visible == b.visible && BookTestSupport.distance(r.points, b.points) < 1e-9, "\(size) p=\(p) \(b.name)")
                    #expect(r.contentsRect == b.contentsRect, "\(b.name): the page reads upright")
                }
            }
        }
    }

    static let foldNames = ["A": "leaf0.back", "B": "page0", "C": "leaf0.front", "D": "page1",
                            "A.shadow": "leaf0.back.shadow", "B.shadow": "page0.shadow", "C.shadow": "leaf0.front.shadow",
                            "D.shadow": "page1.shadow"]

    @Test(arguments: [(ReadingDirection.leftToRight, FoldStyle.horizontal), (.topToBottom, FoldStyle())])
    func oneLeafOfASinglePageBookIsTheFold(direction: ReadingDirection, style: FoldStyle) throws {
        for extra: FoldStyle in [[], .cubic, .unfold, .solidShadows] {
            for size in Self.sizes {
                let view = direction == .topToBottom ? Size(width: size.height, height: size.width) : size
                let configuration = BookConfiguration(viewSize: view, scale: 2, direction: direction, effect: FoldLeafEffect(style: extra))
                let book = try Book(pageCount: 2, configuration: configuration)
                let fold = try FoldTransition(size: view, scale: 2, style: style.union(extra), source: book.handle(forPage: 0),
                                              destination: book.handle(forPage: 1))
                for p in Self.progressValues {
                    try fold.setProgress(p)
                    try book.setLeaves([BookLeaf(index: 0, progress: p)])
                    var book = BookTestSupport.quads(book.root)
                    var reference = BookTestSupport.quads(fold.root)
                    if extra.contains(.unfold) {
                        // Unfolding swaps the openings: B and C carry the incoming one.
                        for i in book.indices {
                            let swap = ["leaf0.back": "page0", "page0": "leaf0.back", "leaf0.front": "page1", "page1": "leaf0.front"]
                            let base = book[i].name.hasSuffix(".shadow") ? String(book[i].name.dropLast(7)) : book[i].name
                            if let s = swap[base] { book[i].name = book[i].name.hasSuffix(".shadow") ? s + ".shadow" : s }
                        }
                    }
                    reference = reference.filter { Self.foldNames[$0.name] != nil }
                    Self.expectSame(reference, book, names: Self.foldNames, "\(direction) \(extra) \(size) p=\(p)")
                }
            }
        }
    }
}
