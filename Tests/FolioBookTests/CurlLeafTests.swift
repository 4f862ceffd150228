import Testing
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTestSupport
@testable import FolioBook

/// The curl as a book's leaf effect: each leaf in flight is one surface layer, its spine on the
/// book's spine in every reading direction, drawn in a correct order with the pages and the
/// other leaves.
@Suite struct CurlLeafTests {
    @Test(arguments: ReadingDirection.allCases)
    func curledLeavesInFlightAreOrderedWithThePagesAndEachOther(direction: ReadingDirection) throws {
        for layout in [BookLayout.single, .spread] {
            let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: Size(width: 800, height: 500), scale: 2,
                                                                                  layout: layout, direction: direction, effect: CurlLeafEffect()))
            try book.setLeaves([BookLeaf(index: 2, progress: 0.8), BookLeaf(index: 3, progress: 0.5), BookLeaf(index: 4, progress: 0.2)])
            let e = LayerEvaluator()
            e.evaluate(book.root)
            try e.requireExactDepthOrder()
            let patches = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 }
            #expect(Set(patches.map { ObjectIdentifier($0.layer) }).count == 3, "\(direction) \(layout): three curled leaves")
            #expect(PaintersOrderOracle.violations(e, samples: 48, tolerance: 1e-7, skipping: { $0.layer.name.hasSuffix(".shadow") }) == 0,
                    "\(direction) \(layout)")
        }
    }

    @Test(arguments: ReadingDirection.allCases)
    func aLeafRestsFlatAtZeroAndLiesTurnedOverAtOne(direction: ReadingDirection) throws {
        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: Size(width: 600, height: 400), layout: .spread,
                                                                             direction: direction, effect: CurlLeafEffect()))
        for progress in [0.0, 1.0] {
            try book.setLeaves([BookLeaf(index: 1, progress: progress)])
            let e = LayerEvaluator()
            e.evaluate(book.root)
            let patches = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 }
            #expect(!patches.isEmpty)
            for q in patches {
                for v in e.corners(of: q) {
                    // Flat in the page plane: every corner at depth 0, inside the view.
                    #expect(abs(v.depth) < 1e-9, "\(direction) at \(progress)")
                    #expect(v.point.x > -1e-6 && v.point.x < 600 + 1e-6 && v.point.y > -1e-6 && v.point.y < 400 + 1e-6)
                }
                // At rest the front shows; turned over, the back.
                #expect(q.localToView.showsBack == (progress == 1), "\(direction) at \(progress)")
            }
        }
    }

    @Test func badCurlParametersAreRefusedByName() {
        #expect(throws: BookError.self) {
            _ = try Book(pageCount: 4, configuration: BookConfiguration(viewSize: Size(width: 400, height: 300), effect: CurlLeafEffect(startAngle: 89)))
        }
    }
}
