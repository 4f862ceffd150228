import Testing
@testable import FolioRender

/// The built-in pages draw any page number a book can have (issue #31: numbers past
/// `Int.max / 11` trapped on an overflow, SIGILL in `folio render --effect book`).
@Suite struct SamplePagesTests {
    @Test(arguments: [Int.max, Int.max - 1, 1_000_000_000_000_000_000, 838_860_800_000_000_000, Int.min, -1, 0])
    func everyPageNumberIsDrawn(_ number: Int) {
        let page = SamplePages.page(number, width: 60, height: 90)
        #expect(page.width == 60 && page.height == 90)
        // The frame is drawn in ink: not the white the image starts as.
        let corner = page.pixel(0, 45)
        #expect(!(corner.r == 255 && corner.g == 255 && corner.b == 255))
    }
}
