import FolioLayers
import FolioTessellation
import FolioTransitions
import Testing

/// The draw list skips quads that paint nothing, so containers neither cost a draw nor touch
/// the edge classification of the pages inside them.
struct DrawListTests {
    @Test func containersAreNotDrawnAndDoNotUnfadeTheEdgesOfAPageThatFillsThem() throws {
        let crossfade = try CrossfadeTransition(size: Size(width: 64, height: 48), source: ContentHandle(1), destination: ContentHandle(2))
        try crossfade.setProgress(0.5)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(crossfade.root)
        var list = DrawList()
        list.build(Frame(recording: evaluator), scale: 1, pixelWidth: 64, pixelHeight: 48, mode: .inflated) { _ in (1, 1) }
        let names = list.items.map { evaluator.quads[$0.quadIndex].layer.name }
        #expect(names == ["source", "destination"], "the root container is skipped")
        // The pages share their outline with each other (the later one sits exactly on the
        // earlier one), never with the container.
        #expect(list.corners[list.items[0].corners].contains { $0.fades == false })
        #expect(evaluator.quads.filter(\.drawsContent).count == 2)
    }
}
