import Testing
@testable import FolioDocument

@Suite struct DocumentLayoutTests {
    let a4 = PageSize(width: 595, height: 842)
    let letter = PageSize(width: 612, height: 792)
    var spread: PageSize { PageSize(width: 1190, height: 842) }

    @Test func mixedSizesAreFittedIntoTheMostCommonPortraitSize() {
        let layout = DocumentLayout(pageSizes: [letter, a4, a4, PageSize(width: 842, height: 595)])
        #expect(layout.slotSize == a4)
        #expect(layout.slots.map(\.page) == [0, 1, 2, 3])
        #expect(layout.slots[1].frame == .whole)
        // Letter is wider than A4 for its height: full width, letterboxed top and bottom.
        let letterFrame = layout.slots[0].frame
        #expect(letterFrame.width == 1 && letterFrame.height < 1 && abs(letterFrame.y * 2 + letterFrame.height - 1) < 1e-12)
        // Single pages: a landscape page stays whole, fitted.
        #expect(layout.slots[3].crop == .whole && layout.slots[3].frame.height < 0.5)
    }

    @Test func aSpreadIsSplitAcrossAnOpeningStartingOnALeftHandPage() {
        // Cover alone on the right (slot 0), page 1 on the left (slot 1); page 2 is a spread
        // that would start on a right-hand page (slot 2), so a blank page comes first.
        let layout = DocumentLayout(pageSizes: [a4, a4, spread, a4], mode: .openings(firstPageAlone: true, rightToLeft: false))
        #expect(layout.slots.map(\.page) == [0, 1, nil, 2, 2, 3])
        #expect(layout.slots[3].crop == DocumentLayout.UnitRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(layout.slots[4].crop == DocumentLayout.UnitRect(x: 0.5, y: 0, width: 0.5, height: 1))
        // Each half fills its slot (a spread of two A4 pages) and meets the gutter.
        #expect(layout.slots[3].frame == .whole && layout.slots[4].frame == .whole)
        #expect(layout.slot(ofPage: 3) == 5)
        // Right to left: the spread's right half comes first; without a cover alone no blank.
        let manga = DocumentLayout(pageSizes: [a4, a4, spread], mode: .openings(firstPageAlone: false, rightToLeft: true))
        #expect(manga.slots.map(\.page) == [0, 1, 2, 2])
        #expect(manga.slots[2].crop.x == 0.5 && manga.slots[3].crop.x == 0)
    }

    @Test func splittingCanBeTurnedOffAndSlideDecksStayLandscape() {
        let pdf = DocumentLayout(pageSizes: [a4, spread], mode: .openings(firstPageAlone: false, rightToLeft: false), splitsSpreads: false)
        #expect(pdf.slots.map(\.page) == [0, 1])
        let slides = DocumentLayout(pageSizes: [PageSize(width: 960, height: 540), PageSize(width: 960, height: 540)],
                                    mode: .openings(firstPageAlone: false, rightToLeft: false))
        #expect(slides.slotSize == PageSize(width: 960, height: 540) && slides.slots.count == 2)
        // No usable size anywhere: A4 slots, pages fill them (their renders will fail anyway).
        let broken = DocumentLayout(pageSizes: [PageSize(width: 0, height: 0)])
        #expect(broken.slotSize == a4 && broken.slots[0].frame == .whole)
    }
}

/// A page with a broken or hostile MediaBox never sets the book's page size, and its size never
/// prints as `inf`: the document opens, that page shows fitted (a sliver) or as a placeholder.
@Suite struct DegeneratePageSizeTests {
    @Test func aDegenerateFirstPageDoesNotSetTheBooksPageSize() {
        for odd in [PageSize(width: 0.0001, height: 792), PageSize(width: 1, height: 14_400_000), PageSize(width: 14_400_000, height: 1),
                    PageSize(width: .infinity, height: 792)] {
            let layout = DocumentLayout(pageSizes: [odd, PageSize(width: 612, height: 792), PageSize(width: 612, height: 792)])
            #expect(layout.slotSize == PageSize(width: 612, height: 792), "\(odd)")
        }
        // Every page degenerate: A4.
        #expect(DocumentLayout(pageSizes: [PageSize(width: 0.0001, height: 792)]).slotSize == PageSize(width: 595, height: 842))
        // A long receipt within the bound still counts.
        #expect(DocumentLayout(pageSizes: [PageSize(width: 200, height: 6000)]).slotSize == PageSize(width: 200, height: 6000))
    }

    @Test func aSizeThatIsNotFiniteReadsInWords() {
        #expect(PageSize(width: .infinity, height: 792).description == "infinity × 792 pt")
        #expect(PageSize(width: .nan, height: -.infinity).description == "not-a-number × -infinity pt")
        #expect(DocumentError.invalidPageSize(page: 0, width: .infinity, height: 792).description == "page 1 has an unusable size infinity × 792 pt")
    }
}
