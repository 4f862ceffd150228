import Testing
@testable import FolioDocument

/// `DocumentLayout.render(slot:from:width:height:)`: a book page drawn from a document page at
/// the size it is shown — the page fitted in its slot, a spread's halves against the gutter.
@Suite struct DocumentLayoutRenderTests {
    /// Pages whose left half is red and right half blue, at whatever size is asked for; it
    /// records the sizes asked for.
    final class HalvesSource: PageSource, @unchecked Sendable {
        let pageSizes: [PageSize]
        var pageCount: Int { pageSizes.count }
        var asked: [(page: Int, width: Int, height: Int)] = []
        init(_ sizes: [PageSize]) { pageSizes = sizes }
        func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
            asked.append((page, width, height))
            var b = PageBitmap(width: width, height: height, fill: (0, 0, 255, 255))
            for y in 0..<height {
                for x in 0..<width / 2 { b.pixels[(y * width + x) * 4] = 255; b.pixels[(y * width + x) * 4 + 2] = 0 }
            }
            return b
        }
    }

    @Test func aPageOfTheBooksSizeIsTheSourcesBitmapAtTheSizeShown() throws {
        let source = HalvesSource([PageSize(width: 100, height: 140)])
        let layout = DocumentLayout(pageSizes: source.pageSizes)
        let b = try layout.render(slot: 0, from: source, width: 300, height: 420)
        #expect(source.asked.count == 1 && source.asked[0].width == 300 && source.asked[0].height == 420, "rasterised at the size shown")
        #expect(b.width == 300 && b.height == 420 && b.pixel(10, 10) == (255, 0, 0, 255) && b.pixel(290, 410) == (0, 0, 255, 255))
    }

    @Test func aSquarePageIsLetterboxedOnPaper() throws {
        let source = HalvesSource([PageSize(width: 100, height: 140), PageSize(width: 100, height: 100)])
        let layout = DocumentLayout(pageSizes: source.pageSizes)
        let b = try layout.render(slot: 1, from: source, width: 100, height: 140, paper: (250, 250, 240))
        #expect(source.asked.last!.width == 100 && source.asked.last!.height == 100)
        #expect(b.pixel(50, 5) == (250, 250, 240, 255) && b.pixel(50, 134) == (250, 250, 240, 255), "paper above and below")
        #expect(b.pixel(10, 70) == (255, 0, 0, 255) && b.pixel(90, 70) == (0, 0, 255, 255), "the page in the middle")
    }

    @Test func aSpreadsHalvesMeetAtTheGutterAndABlankSlotIsPaper() throws {
        // Page 0 alone (the cover), then a spread: its left half on slot 1 (a left-hand page),
        // its right half on slot 2.
        let source = HalvesSource([PageSize(width: 100, height: 140), PageSize(width: 200, height: 140)])
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .openings(firstPageAlone: true, rightToLeft: false))
        #expect(layout.slots.count == 3)
        let left = try layout.render(slot: 1, from: source, width: 100, height: 140)
        let right = try layout.render(slot: 2, from: source, width: 100, height: 140)
        #expect(source.asked.suffix(2).allSatisfy { $0.page == 1 && $0.width == 200 && $0.height == 140 }, "the whole spread at twice the page's width")
        #expect(left.pixel(2, 70) == (255, 0, 0, 255) && left.pixel(97, 70) == (255, 0, 0, 255), "the left half, all red")
        #expect(right.pixel(2, 70) == (0, 0, 255, 255) && right.pixel(97, 70) == (0, 0, 255, 255), "the right half, all blue")
        // Starting on a right-hand page (no cover alone), a blank page goes first.
        let shifted = DocumentLayout(pageSizes: [PageSize(width: 200, height: 140), PageSize(width: 100, height: 140)],
                                     mode: .openings(firstPageAlone: true, rightToLeft: false))
        #expect(shifted.slots[0].page == nil)
        let blank = try shifted.render(slot: 0, from: source, width: 10, height: 14)
        #expect(blank.pixels.allSatisfy { $0 == 255 })
    }

    @Test func aSlotOrSizeThatDoesNotExistIsATypedError() {
        let source = HalvesSource([PageSize(width: 100, height: 140)])
        let layout = DocumentLayout(pageSizes: source.pageSizes)
        #expect(throws: DocumentError.pageOutOfRange(page: 3, count: 1)) { try layout.render(slot: 3, from: source, width: 10, height: 10) }
        #expect(throws: DocumentError.self) { try layout.render(slot: 0, from: source, width: 0, height: 10) }
    }
}
