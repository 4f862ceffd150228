import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioMotion
@testable import FolioRender

/// Damage-driven frames (issue 29): a retained target redrawn only where the draw batches
/// changed holds, after every frame, exactly the pixels of a full redraw of that frame.
final class DamageDrivenFrameTests: XCTestCase {
    func testDamageIsTheUnionOfBoxesOfBatchesThatDiffer() {
        typealias Box = FrameDamage.PixelBox
        let whole = Box(x0: 0, y0: 0, x1: 100, y1: 100)
        var d = FrameDamage()
        d.current = [.init(fingerprint: 1, box: Box(x0: 0, y0: 0, x1: 50, y1: 100)), .init(fingerprint: 2, box: Box(x0: 50, y0: 0, x1: 100, y1: 100))]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .full, "a first frame has nothing to keep")
        d.current = d.previous
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .none, "the same batches: nothing to redraw")
        d.current = [.init(fingerprint: 1, box: Box(x0: 0, y0: 0, x1: 50, y1: 100)), .init(fingerprint: 3, box: Box(x0: 60, y0: 10, x1: 70, y1: 20))]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(Box(x0: 50, y0: 0, x1: 100, y1: 100)),
                       "a changed batch damages where it was and where it is")
        d.current = [.init(fingerprint: 1, box: Box(x0: 0, y0: 0, x1: 50, y1: 100)), .init(fingerprint: 3, box: Box(x0: 60, y0: 10, x1: 70, y1: 20)),
                     .init(fingerprint: 4, box: Box(x0: -5, y0: 90, x1: 5, y1: 105))]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(Box(x0: 0, y0: 90, x1: 5, y1: 100)),
                       "an appearing batch damages its box, clipped to the viewport")
        d.current = [.init(fingerprint: 1, box: Box(x0: 0, y0: 0, x1: 50, y1: 100))]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(Box(x0: -5, y0: 10, x1: 70, y1: 105).clipped(to: whole)),
                       "disappearing batches damage where they were")
        // Records matched as a common subsequence: one inserted at the front (the depth sort
        // may put a new piece first) damages its own box, not every record after it; one that
        // moves damages where it was and where it is.
        let a = FrameDamage.Record(fingerprint: 1, box: Box(x0: 0, y0: 0, x1: 50, y1: 100))
        let b = FrameDamage.Record(fingerprint: 2, box: Box(x0: 50, y0: 0, x1: 100, y1: 100))
        let c = FrameDamage.Record(fingerprint: 5, box: Box(x0: 90, y0: 0, x1: 100, y1: 10))
        let e = FrameDamage.Record(fingerprint: 6, box: Box(x0: 10, y0: 10, x1: 20, y1: 20))
        d.current = [a, b, e]
        _ = d.finish(key: 7, forcedFull: false, viewport: whole)
        d.current = [c, a, b, e]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(c.box), "an inserted record damages its box alone")
        d.current = [a, b, e, c]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(c.box), "a record moved later damages its box alone")
        d.current = [a, e, b, c]
        XCTAssertEqual(d.finish(key: 7, forcedFull: false, viewport: whole), .box(b.box),
                       "two records swapped: one of them (here b) stays unmatched, and only its box is redrawn")
        d.current = d.previous
        XCTAssertEqual(d.finish(key: 8, forcedFull: false, viewport: whole), .full, "a frame-wide change redraws everything")
        d.current = d.previous
        XCTAssertEqual(d.finish(key: 8, forcedFull: true, viewport: whole), .full)
        d.current = d.previous
        XCTAssertEqual(d.finish(key: 8, forcedFull: false, viewport: whole), .full, "the frame after a forced full redraw is full too")
    }

    /// Every leaf effect, one and three leaves in flight, light off and on, every antialiasing
    /// mode: each frame of a turn (a still frame among them) drawn damage-driven into a
    /// retained target equals, byte for byte, the same frame drawn in full into a cleared one.
    func testRetainedTargetEqualsAFullRedrawEveryFrame() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen.renderer
            let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
            let (w, h) = (320, 200)
            let viewport = Viewport(width: w, height: h)
            let evaluator = LayerEvaluator()
            let effects: [(String, any LeafEffect)] = [("flip", FlipLeafEffect()), ("fold", FoldLeafEffect()),
                                                         ("curl", CurlLeafEffect()), ("accordion", AccordionLeafEffect())]
            var partialFrames = 0, stillFrames = 0
            defer { r.light = nil; r.antialiasing = .analytic }
            for (name, effect) in effects {
                let book = try Book(pageCount: 16, configuration: BookConfiguration(viewSize: Size(width: Double(w), height: Double(h)),
                                                                                    layout: .spread, effect: effect))
                for page in 0..<16 {
                    try r.setImage(SamplePages.page(page + 1, width: 80, height: 100), for: book.handle(forPage: page))
                }
                for leaves in [1, 3] {
                    for lit in [false, true] {
                        book.isLit = lit
                        r.light = lit ? .standard : nil
                        for aa in AntialiasingMode.allCases {
                            r.antialiasing = aa
                            let samples = aa == .msaa ? 4 : 1
                            let retained = try RenderTarget(width: w, height: h, samples: samples)
                            let full = try RenderTarget(width: w, height: h, samples: samples)
                            r.invalidateDamage()
                            // A still frame (the same progress twice) at step 3.
                            for (step, p) in [0.05, 0.2, 0.35, 0.35, 0.6, 0.9].enumerated() {
                                try book.setLeaves((0..<leaves).map { BookLeaf(index: 3 + $0, progress: min(0.99, p + 0.08 * Double(leaves - 1 - $0))) })
                                evaluator.evaluate(book.root)
                                let region = r.drawDamaged(evaluator, scale: 1, viewport: viewport, framebuffer: retained.framebuffer, background: background)
                                let fraction = r.lastFrame.damagedFraction
                                r.clear(background, viewport: viewport, framebuffer: full.framebuffer)
                                r.draw(evaluator, scale: 1, into: full)
                                let what = "\(name), \(leaves) leaves, \(lit ? "lit" : "unlit"), \(aa), frame \(step) (\(region))"
                                XCTAssertNil(r.drawError, what)
                                XCTAssertEqual(retained.readImage().pixels, full.readImage().pixels, "\(what): the retained target differs from a full redraw")
                                if step == 3 {
                                    XCTAssertEqual(region, .none, "\(what): nothing moved")
                                    XCTAssertEqual(fraction, 0, what)
                                    stillFrames += 1
                                }
                                if case .box = region { partialFrames += 1; XCTAssertLessThan(fraction, 1, what) }
                            }
                        }
                    }
                }
            }
            XCTAssertEqual(stillFrames, 4 * 2 * 2 * AntialiasingMode.allCases.count)
            XCTAssertGreaterThan(partialFrames, 0, "some frames redraw only part of the target")
            print("damage-driven frames: \(partialFrames) partial redraws")
        }
    }

    /// A lit leaf's moving cast shadow damages the leaf and its shadow, not the whole target:
    /// with the light on, each moving frame of a one-leaf flip and curl still over its page
    /// (whose shadow passes are boxed by their triangles) redraws only that page, byte-identical
    /// to a full redraw, and every frame has a shadow pass with triangles to box.
    func testALitLeafsMovingShadowIsAPartialRedraw() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen.renderer
            let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
            let (w, h) = (320, 200)
            let viewport = Viewport(width: w, height: h)
            let evaluator = LayerEvaluator()
            defer { r.light = nil; r.antialiasing = .analytic }
            r.antialiasing = .analytic
            for (name, effect) in [("flip", FlipLeafEffect() as any LeafEffect), ("curl", CurlLeafEffect())] {
                let book = try Book(pageCount: 16, configuration: BookConfiguration(viewSize: Size(width: Double(w), height: Double(h)),
                                                                                    layout: .spread, effect: effect))
                for page in 0..<16 {
                    try r.setImage(SamplePages.page(page + 1, width: 80, height: 100), for: book.handle(forPage: page))
                }
                let retained = try RenderTarget(width: w, height: h)
                let full = try RenderTarget(width: w, height: h)
                book.isLit = true
                r.light = .standard
                r.invalidateDamage()
                for (step, p) in [0.1, 0.2, 0.3, 0.4].enumerated() {
                    try book.setLeaves([BookLeaf(index: 5, progress: p)])
                    evaluator.evaluate(book.root)
                    let region = r.drawDamaged(evaluator, scale: 1, viewport: viewport, framebuffer: retained.framebuffer, background: background)
                    let fraction = r.lastFrame.damagedFraction
                    XCTAssertTrue(r.list.castShadow.passes.contains { !$0.vertices.isEmpty }, "\(name), frame \(step): the lifted leaf casts a shadow")
                    r.clear(background, viewport: viewport, framebuffer: full.framebuffer)
                    r.draw(evaluator, scale: 1, into: full)
                    let what = "\(name), frame \(step) (\(region))"
                    XCTAssertNil(r.drawError, what)
                    XCTAssertEqual(retained.readImage().pixels, full.readImage().pixels, "\(what): the retained target differs from a full redraw")
                    if step > 0 {
                        // Before the leaf reaches the spine, it and its shadow lie over the right
                        // page: the left page (less the pixel the boxes are widened by) is kept.
                        guard case .box(let box) = region else { XCTFail("\(what): a moving lit leaf redrew the whole target"); continue }
                        XCTAssertGreaterThanOrEqual(box.x0, w / 2 - 1, what)
                        XCTAssertLessThan(fraction, 0.55, what)
                    }
                }
            }
        }
    }

    /// A layer that moves only by an animation (its model never changes) is redrawn where it
    /// was and where it is (issue 40): frames drawn inside the presentation at their times damage
    /// a box covering the square's old and new places and little else, a frame at the same time
    /// again damages nothing, and the retained target equals a full redraw every frame. (Drawn
    /// from the model, every frame is the first one and the moving frame damages nothing.)
    func testALayerMovingOnlyByAnimationDamagesWhereItWasAndWhereItIs() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen.renderer
            let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
            let (w, h) = (320, 200)
            let viewport = Viewport(width: w, height: h)
            let evaluator = LayerEvaluator()
            // A 40-point square at x 20…60 sliding 200 points right over 1 s (x 120…160 at 0.5 s).
            let square = Layer(name: "square", frame: Rect(x: 20, y: 80, width: 40, height: 40),
                               backgroundColor: Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 1))
            let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), sublayers: [square])
            try square.add(.basic(.positionX, by: .number(200), timing: MediaTiming(duration: 1)), forKey: "slide")
            let model = square.position
            let retained = try RenderTarget(width: w, height: h)
            let full = try RenderTarget(width: w, height: h)
            r.invalidateDamage()
            var regions: [FrameDamage.Region] = []
            for t in [0.0, 0.0, 0.5] {
                root.withPresentation(at: t) {
                    evaluator.evaluate(root)
                    regions.append(r.drawDamaged(evaluator, scale: 1, viewport: viewport, framebuffer: retained.framebuffer, background: background))
                    r.clear(background, viewport: viewport, framebuffer: full.framebuffer)
                    r.draw(evaluator, scale: 1, into: full)
                }
                XCTAssertNil(r.drawError)
                XCTAssertEqual(retained.readImage().pixels, full.readImage().pixels, "t = \(t): the retained target differs from a full redraw")
            }
            XCTAssertEqual(square.position, model, "the model never moved")
            XCTAssertEqual(regions[0], .full)
            XCTAssertEqual(regions[1], .none, "the same time again: nothing moved")
            guard case .box(let box) = regions[2] else { return XCTFail("the slide damaged \(regions[2]), not a box") }
            // Where it was (x 20…60) and where it is (x 120…160), rows 80…120, each side widened
            // by at most 3 pixels (the edge's antialiasing fringe and the box's own margin).
            XCTAssertLessThanOrEqual(box.x0, 20)
            XCTAssertGreaterThanOrEqual(box.x0, 17)
            XCTAssertGreaterThanOrEqual(box.x1, 160)
            XCTAssertLessThanOrEqual(box.x1, 163)
            XCTAssertGreaterThanOrEqual(box.y1 - box.y0, 40)
            XCTAssertLessThanOrEqual(box.y1 - box.y0, 46, "only the square's rows")
        }
    }
}
