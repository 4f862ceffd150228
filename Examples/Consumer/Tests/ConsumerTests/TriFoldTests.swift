import CGL
import Foundation
import XCTest
import FolioRender
import FolioScene
import FolioTransitions
import TriFold

/// The custom effect gets what fold and flip get: geometry by formula, gestures and springs,
/// the command line's JSON, and rendering.
final class TriFoldTests: XCTestCase {
    let size = Size(width: 300, height: 200)

    func testFlapsTurnAboutTheirHingesAsTheFormulasSay() throws {
        let t = try TriFoldTransition(size: size)
        XCTAssertEqual(t.flapWidth, 100)
        try t.setProgress(0.25) // right flap at 90°: edge-on, standing on its hinge x = 200
        let right = t.panels()[2]
        XCTAssertEqual(right.corners[0].x, 200, accuracy: 1e-9)
        XCTAssertEqual(right.corners[3].x, 200, accuracy: 1e-9)
        XCTAssertEqual(right.depth[1], 100, accuracy: 1e-9, "the free edge stands a flap's width toward the eye")
        // …where the perspective (pivot at the view's centre, x = 150) pushes it outward.
        let w = 1 + t.m34 * 100
        XCTAssertEqual(right.corners[1].x, 150 + 50 / w, accuracy: 1e-9)
        try t.setProgress(1) // both flaps closed over the centre, in its plane
        let left = t.panels()[0], centre = t.panels()[1]
        XCTAssertFalse(left.visible, "the front has turned away; its back (the cover) shows")
        XCTAssertEqual(left.corners[0].x, 200, accuracy: 1e-9)
        XCTAssertEqual(left.corners[1].x, 100, accuracy: 1e-9)
        XCTAssertEqual(centre.corners[0].x, 100, accuracy: 1e-9)
        XCTAssertThrowsError(try t.setProgress(1.5)) { XCTAssertEqual($0 as? TransitionError, .progressOutOfRange(1.5)) }
        XCTAssertThrowsError(try TriFoldTransition(size: size, m34: -1.0 / 50)) // eye inside the page's reach
    }

    func testGesturesAndSpringsDriveItThroughInteractiveTransition() throws {
        let t = try TriFoldTransition(size: size)
        let clock = AnimationClock()
        let interactive = try InteractiveTransition(t, clock: clock)
        try clock.tick(to: 0)
        interactive.beginDrag()
        for (i, p) in [0.1, 0.3, 0.55, 0.7].enumerated() {
            try clock.tick(to: Double(i + 1) / 60)
            try interactive.drag(to: p)
        }
        XCTAssertEqual(t.progress, 0.7, accuracy: 1e-12)
        XCTAssertEqual(try interactive.endDrag(), 1, "a forward flick completes the fold")
        for frame in 0..<240 { try clock.tick(to: 5.0 / 60 + Double(frame) / 60) }
        XCTAssertEqual(t.progress, 1)
        XCTAssertEqual(t.leftAngle, 180)
    }

    func testItPrintsTheCommandLinesJSON() throws {
        let t = try TriFoldTransition(size: size, scale: 2)
        try t.setProgress(t.progress(atTime: 0.5))
        let json = try TransitionReport(t, effect: "trifold", scale: 2, time: 0.5).jsonString()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["effect"] as? String, "trifold")
        XCTAssertEqual(object["size"] as? [Double], [300, 200])
        let quads = try XCTUnwrap(object["quads"] as? [[String: Any]])
        XCTAssertEqual(quads.map { $0["name"] as? String }, ["left", "centre", "right"])
        XCTAssertEqual((quads[0]["corners"] as? [[Double]])?.count, 4)
    }

    func testItRendersTheOutsideWhenClosed() throws {
        try MainActor.assumeIsolated {
            _ = AppWindow.window
            let renderer = try QuadRenderer()
            try renderer.setImage(Image(width: 300, height: 200, fill: (220, 30, 30, 255)), for: ContentHandle(1))
            var outside = Image(width: 300, height: 200, fill: (30, 30, 220, 255))
            for y in 0..<200 { for x in 0..<100 { outside.setPixel(x, y, (30, 200, 30, 255)) } } // the cover
            try renderer.setImage(outside, for: ContentHandle(2))
            let t = try TriFoldTransition(size: Size(width: 300, height: 200), source: ContentHandle(1), destination: ContentHandle(2))
            t.showsShadows = false
            let evaluator = LayerEvaluator()
            @MainActor func pixel(atProgress p: Double, x: Int) throws -> [UInt8] {
                try t.setProgress(p)
                evaluator.evaluate(t.root)
                AppWindow.clear(grey: 0)
                glViewport(0, GLint(AppWindow.framebufferSize.height - 200), 300, 200)
                renderer.draw(evaluator, scale: 1)
                let image = AppWindow.read()
                let i = (100 * image.width + x) * 4
                return Array(image.pixels[i..<(i + 3)])
            }
            XCTAssertEqual(try pixel(atProgress: 0, x: 150), [220, 30, 30], "open: the inside")
            XCTAssertEqual(try pixel(atProgress: 0, x: 250), [220, 30, 30])
            XCTAssertEqual(try pixel(atProgress: 1, x: 150), [30, 200, 30], "closed: the cover on top")
            XCTAssertEqual(try pixel(atProgress: 1, x: 250), [0, 0, 0], "closed: nothing right of the centre panel")
        }
    }
}
