import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
@testable import FolioBook

/// One clock for the book (issue 40: "one clock per tree, honouring slow motion and reduce
/// motion"): the controller's leaves and its book's layer animations run on one time, so slow
/// motion and reduce motion set once act on both.
@Suite struct OneClockTests {
    static func controller() throws -> BookController {
        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: Size(width: 400, height: 300), layout: .single,
                                                                            effect: FlipLeafEffect()))
        return BookController(book: book, clock: AnimationClock())
    }

    /// 10× slow motion set on the controller's clock slows a transaction on the book's layers
    /// exactly as it slows the turn: one host second is 0.1 s of both. (Two clocks, as before,
    /// ticked with the same host times, put the layer at 1 s: its 1 s fade finished, opacity 0
    /// instead of 0.9.) Ticking the controller's clock also finishes the layers' animations and
    /// runs their completions.
    @Test func slowMotionSetOnceSlowsTheLeavesAndTheLayers() throws {
        let c = try Self.controller(), reference = try Self.controller()
        let marker = Layer(name: "marker", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white)
        try c.book.root.addSublayer(marker)
        try c.clock.setTimeScale(0.1)
        try c.clock.tick(to: 100)
        var finished = 0
        var fade = LayerTransaction.timing(.linear, duration: 1)
        fade.completion = { finished += 1 }
        c.layerClock.perform(fade) { marker.opacity = 0 }
        c.turnForward()
        reference.turnForward()
        try c.clock.tick(to: 101)
        c.update()
        try reference.clock.advance(by: 0.1)
        reference.update()
        #expect(c.layerClock.time == c.clock.time && abs(c.clock.time - 0.1) < 1e-12)
        #expect(abs(c.layerClock.present { marker.opacity } - 0.9) < 1e-12)
        let leaves = c.book.leaves.map(\.progress), expected = reference.book.leaves.map(\.progress)
        #expect(leaves == expected && leaves.contains { $0 > 0 && $0 < 1 }, "\(leaves) against \(expected)")
        #expect(finished == 0)
        try c.clock.tick(to: 111)
        #expect(!marker.hasAnimations && finished == 1, "the fade ended at tree time 1.1 and left with its completion")
    }

    /// Reduce motion set once on the controller: the turn crossfades and a spring on a book's
    /// layer lands at once, while its fade still runs.
    @Test func reduceMotionSetOnceActsOnTheLeavesAndTheLayers() throws {
        let c = try Self.controller()
        let marker = Layer(name: "marker", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white)
        try c.book.root.addSublayer(marker)
        c.reduceMotion = true
        #expect(c.layerClock.reduceMotion && c.clock.reduceMotion && c.book.reduceMotion)
        c.layerClock.perform(.spring(.bouncy)) { marker.position = Point(x: 200, y: 100); marker.opacity = 0.5 }
        #expect(marker.animationKeys() == ["opacity"], "the move is immediate, the fade runs")
        // The book's replacement keeps the one time and the setting.
        try c.clock.advance(by: 0.3)
        var configuration = c.book.configuration
        configuration.viewSize = Size(width: 500, height: 300)
        try c.setConfiguration(configuration)
        #expect(c.layerClock.root === c.book.root && c.layerClock.time == c.clock.time && c.layerClock.reduceMotion)
    }
}
