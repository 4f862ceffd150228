import FolioBook
import FolioGeometry
import FolioLayers
import Foundation
import Testing

/// How much a turn magnifies its pages (``LeafEffect/turnMagnification(in:)``) and the raster
/// scale the book asks for each page (``Book/rasterScale(ofPage:)``), against the flip's
/// geometry worked out independently here.
struct TurnMagnificationTests {
    static let view = Size(width: 640, height: 400)

    static func book(effect: any LeafEffect = FlipLeafEffect(), layout: BookLayout = .spread, direction: ReadingDirection = .leftToRight) throws -> Book {
        try Book(pageCount: 10, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction, effect: effect))
    }

    /// The flip's largest magnification, from its formula: a leaf of length `length` hinged on
    /// the spine, lifted by φ, seen with the eye `d` above the page and the perspective
    /// pivoting at height `pivot` on the spine. A leaf point `r` from the spine at height `y`
    /// lies at depth `z = r sin φ`, `w = 1 − z/d`, and shows at `x = r cos φ / w`,
    /// `Y = pivot + (y − pivot) / w`: along the spine `∂Y/∂y = 1/w`; across it the step
    /// `(∂x/∂r, ∂Y/∂r) = (cos φ, (y − pivot) sin φ / d) / w²`. Both grow with `r` and `|y − pivot|`,
    /// so the free edge's corners bound them; φ is swept finely over the front's half turn.
    static func flipOracle(length: Double, height: Double, d: Double, pivot: Double) -> PageMagnification {
        var m = PageMagnification.one
        for k in 0...9_000 {
            let phi = Double(k) / 9_000 * Double.pi / 2
            let w = 1 - length * sin(phi) / d
            m.vertical = max(m.vertical, 1 / w)
            for y in [0, height] {
                let dy = (y - pivot) * sin(phi) / d
                m.horizontal = max(m.horizontal, (cos(phi) * cos(phi) + dy * dy).squareRoot() / (w * w))
            }
        }
        return m
    }

    @Test func theFlipsTurnMagnificationIsItsFreeEdgeRisingTowardTheViewer() throws {
        for direction in [ReadingDirection.leftToRight, .rightToLeft, .topToBottom] {
            let book = try Self.book(direction: direction)
            let frame = book.frame
            let measured = FlipLeafEffect().turnMagnification(in: frame)
            var oracle = Self.flipOracle(length: max(frame.split.leading, frame.split.trailing), height: frame.height,
                                         d: -1 / frame.m34, pivot: frame.viewpoint * frame.height)
            // The page axes are the upright image's: down the page is along the spine except
            // when the book reads top to bottom, where the spine runs across the page.
            if direction == .topToBottom { oracle = PageMagnification(horizontal: oracle.vertical, vertical: oracle.horizontal) }
            // The sweep's 64 steps land within 3° of the worst pose: both maxima are flat there.
            #expect(abs(measured.vertical / oracle.vertical - 1) < 0.002, "\(direction): \(measured) vs \(oracle)")
            #expect(abs(measured.horizontal / oracle.horizontal - 1) < 0.002, "\(direction): \(measured) vs \(oracle)")
            #expect(max(oracle.vertical, oracle.horizontal) > 1.25 && min(oracle.vertical, oracle.horizontal) > 1.05)
        }
    }

    @Test func aPageInFlightWantsItsTurnsMagnificationAndAPageLyingFlatItsRestingSize() throws {
        let book = try Self.book()
        for p in 0..<book.pageCount { #expect(book.rasterScale(ofPage: p) == .one) }
        try book.setLeaves([BookLeaf(index: 2, progress: 0.3)], opening: 2)
        let turn = FlipLeafEffect().turnMagnification(in: book.frame).rasterScale
        // The flip magnifies by 1.27 at most: its pages in flight are rasterised at 1.5 times their size.
        #expect(turn == PageMagnification(horizontal: 1.5, vertical: 1.5))
        let front = try #require(book.page(ofLeaf: 2, side: .front)), back = try #require(book.page(ofLeaf: 2, side: .back))
        #expect(book.rasterScale(ofPage: front) == turn && book.rasterScale(ofPage: back) == turn)
        #expect(book.rasterScale(ofPage: front, withLevelOfDetailBias: false) == PageMagnification(horizontal: 2, vertical: 2))
        let flat = book.pagesLyingFlat
        for p in [flat.read, flat.unread].compactMap({ $0 }) { #expect(book.rasterScale(ofPage: p) == .one) }
        // Once it lands, the page is back at its resting size.
        try book.setLeaves([], opening: 3)
        #expect(book.rasterScale(ofPage: front) == .one && book.rasterScale(ofPage: back) == .one)
    }

    @Test func aWholeOpeningEffectMagnifiesEveryPageOfTheOpening() throws {
        let book = try Self.book(effect: FoldLeafEffect())
        try book.setLeaves([BookLeaf(index: 2, progress: 0.4)], opening: 2)
        let turn = FoldLeafEffect().turnMagnification(in: book.frame).rasterScale
        #expect(!book.visiblePages.isEmpty)
        for p in book.visiblePages { #expect(book.rasterScale(ofPage: p) == turn) }
        #expect(turn.horizontal >= 1 && turn.vertical >= 1)
    }

    /// The fold magnifies its panels by about 2% (its largest axis measured here, against the
    /// finer-raster threshold of 3%): its pages keep their resting rasters while it turns, so
    /// a fold's frame costs what it did before issue 41's finer rasters (docs/performance.md).
    @Test func theFoldsPagesKeepTheirRestingRastersWhileItTurns() throws {
        for layout in [BookLayout.spread, .single] {
            let book = try Self.book(effect: FoldLeafEffect(), layout: layout)
            let m = FoldLeafEffect().turnMagnification(in: book.frame)
            #expect(m.largest > 1.001 && m.largest < PageMagnification.finerRasterThreshold, "\(layout): \(m)")
            try book.setLeaves([BookLeaf(index: 2, progress: 0.4)], opening: 2)
            for p in book.visiblePages { #expect(book.rasterScale(ofPage: p) == .one) }
            #expect(book.largestRasterScale == .one)
        }
    }

    /// 1.5 (below 2^¾, the density the renderer's −¾ bias reads as the resting size, and above
    /// the flip's 1.27) for every turn past 3% up to 1.5, that scale times the power of two that
    /// covers a larger one.
    @Test func aRasterScaleIsTheFinerRasterScaleTimesThePowerOfTwoAtOrAboveTheMagnification() {
        func scale(_ m: Double) -> Double { PageMagnification(horizontal: m, vertical: 1).rasterScale.horizontal }
        #expect(scale(1) == 1 && scale(1.0009) == 1 && scale(0.5) == 1 && scale(.infinity) == 1 && scale(.nan) == 1)
        #expect(scale(1.031) == 1.5 && scale(1.27) == 1.5 && scale(1.5) == 1.5 && scale(1.51) == 3 && scale(5) == 6)
        // Both axes alike (an anisotropic raster's mipmaps blur the axis not made finer).
        #expect(PageMagnification(horizontal: 1, vertical: 1.27).rasterScale == PageMagnification(horizontal: 1.5, vertical: 1.5))
        #expect(PageMagnification(horizontal: 1.045, vertical: 1.06).rasterScale == PageMagnification(horizontal: 1.5, vertical: 1.5))
        // Without the renderer's level-of-detail bias (OpenGL ES): the power of two at or above.
        func unbiased(_ m: Double) -> Double { PageMagnification(horizontal: m, vertical: 1).rasterScale(withLevelOfDetailBias: false).horizontal }
        #expect(unbiased(1.02) == 1 && unbiased(1.031) == 2 && unbiased(1.27) == 2 && unbiased(2) == 2 && unbiased(2.01) == 4 && unbiased(5) == 8)
        // At most 3% past the resting size keeps the resting raster: the fold's 1.02 × 1.
        #expect(scale(1.002) == 1 && scale(1.02) == 1 && scale(1.03) == 1)
        #expect(PageMagnification(horizontal: 1.02, vertical: 1).rasterScale == .one)
    }

    @Test func aRasterScaleRoundsThePixelSizeUpAndNeverBelowTheRestingSize() {
        let m = PageMagnification(horizontal: 1.0957, vertical: 1.2727)
        #expect(m.pixels(width: 320, height: 400) == (width: 351, height: 510))
        #expect(PageMagnification.one.pixels(width: 320, height: 400) == (width: 320, height: 400))
        #expect(PageMagnification(horizontal: 0.5, vertical: .nan).pixels(width: 320, height: 400) == (width: 320, height: 400))
    }
}
