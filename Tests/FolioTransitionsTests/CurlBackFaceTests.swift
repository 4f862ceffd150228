import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// Issue 42, item 12: the curl's back shows the destination mirrored across the spine (the
/// default, documented), or plain paper when asked.
@Suite struct CurlBackFaceTests {
    /// By default the back is the destination's landing half, mirrored across the spine: the
    /// leaf point 100 pt past the spine of an 800-pt spread (spine at 400) shows the
    /// destination's point 100 pt before it, x = 300.
    @Test func byDefaultTheBackShowsTheDestinationMirroredAcrossTheSpine() throws {
        let curl = try CurlTransition(size: Size(width: 800, height: 500), source: ContentHandle(3), destination: ContentHandle(4))
        #expect(curl.backFace == .page)
        #expect(curl.leaf.backContents == ContentHandle(4))
        #expect(curl.leaf.paperTranslucency == 1 && curl.leaf.backgroundColor == nil)
        #expect(curl.backViewPoint(ofLocal: Point(x: 100, y: 50)) == Point(x: 300, y: 50))
    }

    /// Plain paper: no image on the back at any progress (no back contents and none of the
    /// front through the paper), the paper's colour instead; the front still shows the source,
    /// and going back to `.page` brings the destination back and the colour away.
    @Test func plainPaperShowsNoImageOnTheBack() throws {
        let curl = try CurlTransition(size: Size(width: 800, height: 500), source: ContentHandle(3), destination: ContentHandle(4))
        curl.backFace = .plainPaper
        for p in [0.0, 0.4, 0.8, 1] {
            try curl.setProgress(p)
            #expect(curl.leaf.backContents == nil && curl.leaf.paperTranslucency == 0, "at \(p)")
            #expect(curl.leaf.backgroundColor == .white && curl.leaf.contents == ContentHandle(3), "at \(p)")
        }
        curl.backFace = .paper(Color(red: 0.9, green: 0.85, blue: 0.7))
        #expect(curl.leaf.backgroundColor == Color(red: 0.9, green: 0.85, blue: 0.7))
        curl.backFace = .page
        #expect(curl.leaf.backContents == ContentHandle(4) && curl.leaf.paperTranslucency == 1 && curl.leaf.backgroundColor == nil)
    }
}
