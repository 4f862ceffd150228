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
        // The later page sits exactly on the earlier one: stacked on the same side of their
        // common outline, not joined across it, so neither is a seam and both keep their
        // antialiased silhouettes (before, both were drawn hard, a one-pixel step wherever the
        // outline falls off the pixel grid); the container unfades nothing.
        #expect(list.corners[list.items[0].corners].allSatisfy { $0.fades })
        #expect(list.corners[list.items[1].corners].allSatisfy { $0.fades })
        #expect(evaluator.quads.filter(\.drawsContent).count == 2)
    }
}
