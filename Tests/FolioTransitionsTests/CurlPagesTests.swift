import Testing
import FolioGeometry
import FolioLayers
import FolioTransitions

/// The deprecated spelling, reached through a protocol so that calling it compiles without a
/// deprecation warning.
private protocol PagesSetLater { func setPages(source: ContentHandle?, destination: ContentHandle?) }
extension CurlTransition: PagesSetLater {}

/// The curl's pages, passed to its initialiser as fold and flip take theirs.
@Suite struct CurlPagesTests {
    @Test func initialiserPagesLandWhereSetPagesPutsThem() throws {
        for style: FlipStyle in [[], [.backward], [.vertical], [.vertical, .backward]] {
            let now = try CurlTransition(size: Size(width: 300, height: 200), style: style,
                                         source: ContentHandle(7), destination: ContentHandle(9))
            let then = try CurlTransition(size: Size(width: 300, height: 200), style: style)
            #expect(then.facing.contents == nil && then.leaf.contents == nil)
            (then as any PagesSetLater).setPages(source: ContentHandle(7), destination: ContentHandle(9))
            #expect(now.facing.contents == ContentHandle(7) && now.leaf.contents == ContentHandle(7), "\(style)")
            #expect(now.reveal.contents == ContentHandle(9) && now.leaf.backContents == ContentHandle(9), "\(style)")
            for layer in [\CurlTransition.facing, \.reveal] {
                #expect(now[keyPath: layer].contents == then[keyPath: layer].contents, "\(style)")
            }
            #expect(now.leaf.contents == then.leaf.contents && now.leaf.backContents == then.leaf.backContents)
        }
    }
}
