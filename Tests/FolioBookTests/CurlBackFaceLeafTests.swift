import Testing
import FolioGeometry
import FolioLayers
import FolioTransitions
@testable import FolioBook

/// Issue 42, item 12: a book's curling leaf shows its back page on its back by default, or
/// plain paper with `CurlLeafEffect(backFace: .plainPaper)`.
@Suite struct CurlBackFaceLeafTests {
    /// The leaf in flight at 0.7 (its back in view on the roll): by default its surface shows a
    /// back page; with plain paper it shows none, no front through the paper, and the paper's
    /// colour — while its front still shows its page.
    @Test func aCurlLeafShowsPlainPaperOnItsBackWhenAsked() throws {
        for (face, expectsPage) in [(CurlBackFace.page, true), (.plainPaper, false)] {
            let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Size(width: 800, height: 500), layout: .spread,
                                                                                 effect: CurlLeafEffect(backFace: face)))
            try book.setLeaves([BookLeaf(index: 1, progress: 0.7)])
            let e = LayerEvaluator()
            e.evaluate(book.root)
            let patches = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 }
            let leaves = Set(patches.map { ObjectIdentifier($0.layer) })
            #expect(leaves.count == 1, "\(face): one leaf in flight")
            #expect(patches.contains { $0.localToView.showsBack }, "\(face): the back is in view at 0.7")
            let leaf = try #require(patches.first?.layer as? SurfaceLayer)
            #expect(leaf.contents != nil, "\(face): the front shows its page")
            if expectsPage {
                #expect(leaf.backContents != nil && leaf.paperTranslucency == 1)
            } else {
                #expect(leaf.backContents == nil && leaf.paperTranslucency == 0 && leaf.backgroundColor == .white)
            }
        }
    }
}
