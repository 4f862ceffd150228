import Foundation
import XCTest
import FolioGeometry
import FolioLayers
@testable import FolioRender

/// `WindowRenderer.evaluateAhead(_:)`: an app that reads the frame's evaluation before drawing
/// it (the demo plans a zoomed leaf's tiles from it) evaluates the tree once a frame. The draw
/// that follows takes the evaluation made ahead as it is while nothing in the tree changed,
/// and evaluates afresh once anything did; every frame starts afresh. Drawn whole and
/// damage-driven.
final class WindowEvaluationTests: XCTestCase {
    /// A 320 × 200 stage with one 100 × 100 square of `color` at its centre.
    static func stage(_ color: Color) -> (Layer, Layer) {
        let stage = Layer(name: "stage")
        stage.bounds = Rect(x: 0, y: 0, width: 320, height: 200)
        stage.position = Point(x: 160, y: 100)
        let square = Layer(name: "square")
        square.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        square.position = Point(x: 160, y: 100)
        square.backgroundColor = color
        try? stage.addSublayer(square)
        return (stage, square)
    }

    /// The colour at the square's centre, read back from the window's frame.
    @MainActor
    static func centre(_ window: WindowRenderer) -> (r: UInt8, g: UInt8, b: UInt8) {
        let image = window.readImage()
        let p = image.pixel(image.width / 2, image.height / 2)
        return (p.r, p.g, p.b)
    }

    func testTheDrawTakesTheEvaluationMadeAheadUntilTheTreeChanges() throws {
        try TestWindow.run(title: "evaluation ahead") { window in
            for damage in [false, true] {
                window.drawsOnlyDamage = damage
                let (stage, square) = Self.stage(Color(red: 1, green: 0, blue: 0))
                let (other, _) = Self.stage(Color(red: 0, green: 1, blue: 0))
                window.draw(stage, background: .black)
                XCTAssertEqual(Self.centre(window).r, 255, "damage \(damage): drawn")
                window.present()
                // Evaluated ahead and unchanged: the draw takes the evaluator's output as it is.
                // (Shown here by leaving another tree's evaluation in the evaluator: that is
                // what the frame then draws. Only a test does this.)
                window.evaluateAhead(stage)
                XCTAssertTrue(window.holdsEvaluation(of: stage))
                XCTAssertFalse(window.holdsEvaluation(of: other))
                window.evaluator.evaluate(other)
                window.draw(stage, background: .black)
                XCTAssertEqual(Self.centre(window).g, 255, "damage \(damage): the draw evaluated again")
                XCTAssertFalse(window.holdsEvaluation(of: stage), "damage \(damage): every frame starts afresh")
                window.present()
                // Changed after it was evaluated ahead: the draw evaluates afresh.
                window.evaluateAhead(stage)
                square.backgroundColor = Color(red: 0, green: 0, blue: 1)
                XCTAssertFalse(window.holdsEvaluation(of: stage))
                window.evaluator.evaluate(other)
                window.draw(stage, background: .black)
                XCTAssertEqual(Self.centre(window).b, 255, "damage \(damage): the change is drawn")
                window.present()
                // Not evaluated ahead: the draw evaluates, as it always did.
                window.evaluator.evaluate(other)
                window.draw(stage, background: .black)
                XCTAssertEqual(Self.centre(window).b, 255, "damage \(damage): a plain draw evaluates")
                window.present()
            }
        }
    }
}
