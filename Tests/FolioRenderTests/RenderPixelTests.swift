import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// Real pixels from the GL renderer, checked against the evaluated geometry.
final class RenderPixelTests: XCTestCase {
    let red: (UInt8, UInt8, UInt8) = (230, 40, 40)
    let blue: (UInt8, UInt8, UInt8) = (40, 60, 230)
    let green = Color(red: 0, green: 1, blue: 0)

    func render(_ t: any Transition, size: Size, scale: Double, source: (UInt8, UInt8, UInt8), destination: (UInt8, UInt8, UInt8),
                background: Color, aa: AntialiasingMode = .analytic) throws -> Image {
        let (w, h) = (Int(size.width * scale), Int(size.height * scale))
        nonisolated(unsafe) let root = t.root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(TestPages.solid(source, width: w, height: h), for: ContentHandle(1))
            try r.renderer.setImage(TestPages.solid(destination, width: w, height: h), for: ContentHandle(2))
            return try r.render(root, size: size, scale: scale, antialiasing: aa, background: background)
        }
    }

    func testPanelInteriorsShowTheirPagesWhereTheGeometrySays() throws {
        for (effect, progress) in [("fold", 0.3), ("fold", 0.7), ("flip", 0.3), ("flip", 0.7)] {
            let size = Size(width: 320, height: 480)
            let t: any Transition = effect == "fold"
                ? try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                : try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
            t.showsShadows = false
            try t.setProgress(progress)
            let image = try render(t, size: size, scale: 1, source: red, destination: blue, background: green)
            // The oracle: the evaluator's hit test names the topmost layer at each point; away
            // from edges (the same answer 2 px around) the pixel must be that layer's page colour.
            let e = LayerEvaluator()
            e.evaluate(t.root)
            var checked = 0
            for gy in stride(from: 5.5, to: size.height, by: 10) {
                for gx in stride(from: 5.5, to: size.width, by: 10) {
                    func top(_ dx: Double, _ dy: Double) -> String {
                        e.topmostQuad(at: Point(x: gx + dx, y: gy + dy)).map(\.layer.name) ?? "background"
                    }
                    let name = top(0, 0)
                    guard [top(-2, -2), top(2, -2), top(-2, 2), top(2, 2)].allSatisfy({ $0 == name }) else { continue }
                    let expected: (UInt8, UInt8, UInt8)
                    switch name {
                    case "B", "C", "facing", "front": expected = red
                    case "A", "D", "back", "reveal": expected = blue
                    case "background", "fold", "flip": expected = (0, 255, 0) // the views draw no content of their own
                    default: XCTFail("unexpected layer \(name)"); continue
                    }
                    let px = image.pixel(Int(gx), Int(gy))
                    XCTAssertEqual([px.r, px.g, px.b], [expected.0, expected.1, expected.2], "\(effect) p=\(progress) \(name) at (\(gx), \(gy))")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 1000)
        }
    }

    func testSeamsShowNoBackgroundPixels() throws {
        // White pages, no shadows, magenta background: every pixel along an interior seam
        // (crease, hinges, spine) must be pure page white.
        let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
        let magenta = Color(red: 1, green: 0, blue: 1)
        var seamPixels = 0
        for (w, h) in [(320.0, 480.0), (321, 479), (99, 99)] {
            for scale in [1.0, 2.0] {
                for styleBits in [0, 2, 4] { // plain, cubic, horizontal
                    let fold = try FoldTransition(size: Size(width: w, height: h), scale: scale, style: FoldStyle(rawValue: styleBits),
                                                  source: ContentHandle(1), destination: ContentHandle(2))
                    fold.showsShadows = false
                    for i in 1..<12 {
                        try fold.setProgress(Double(i) / 12)
                        let image = try render(fold, size: Size(width: w, height: h), scale: scale, source: white, destination: white, background: magenta)
                        let p = fold.panels()
                        let horizontal = styleBits == 4
                        for k in 0..<3 {
                            let c = p[k].corners
                            let (a, b) = horizontal ? (c[1], c[2]) : (c[3], c[2])
                            // A hinge folded past the viewer's line of sight has both panels on
                            // one side of it on screen (the cubic fold's top hinge early in the
                            // turn): it is the paper's outline, antialiased by its exact coverage
                            // like any silhouette, not a seam between two panels.
                            func side(_ q: PanelGeometry) -> Double {
                                let m = q.corners.reduce(Point(x: 0, y: 0)) { Point(x: $0.x + $1.x / 4, y: $0.y + $1.y / 4) }
                                return (b.x - a.x) * (m.y - a.y) - (b.y - a.y) * (m.x - a.x)
                            }
                            guard side(p[k]) * side(p[k + 1]) < 0 else { continue }
                            seamPixels += checkSeam(image, a, b, scale: scale, context: "fold \(w)x\(h)@\(scale) style \(styleBits) p=\(fold.progress) seam \(k)")
                        }
                    }
                }
                for styleBits in [0, 1, 2] {
                    let flip = try FlipTransition(size: Size(width: w, height: h), scale: scale, style: FlipStyle(rawValue: styleBits),
                                                  source: ContentHandle(1), destination: ContentHandle(2))
                    flip.showsShadows = false
                    for i in 1..<12 {
                        try flip.setProgress(Double(i) / 12)
                        let image = try render(flip, size: Size(width: w, height: h), scale: scale, source: white, destination: white, background: magenta)
                        let facing = flip.panels()[0].corners
                        let vertical = styleBits & 2 != 0, backward = styleBits & 1 != 0
                        // The facing page's spine edge.
                        let (a, b) = vertical ? (backward ? (facing[0], facing[1]) : (facing[3], facing[2]))
                            : (backward ? (facing[0], facing[3]) : (facing[1], facing[2]))
                        seamPixels += checkSeam(image, a, b, scale: scale, context: "flip \(w)x\(h)@\(scale) style \(styleBits) p=\(flip.progress)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(seamPixels, 10_000)
    }

    /// Checks the pixels the segment a→b (view points) passes through, away from its ends and
    /// the view's edge; returns how many were checked.
    func checkSeam(_ image: Image, _ a: Point, _ b: Point, scale: Double, context: String) -> Int {
        let (ax, ay, bx, by) = (a.x * scale, a.y * scale, b.x * scale, b.y * scale)
        let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
        guard length > 6 else { return 0 }
        var checked = 0, failures = 0
        let steps = Int(length * 2)
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            let d = t * length
            guard d > 3, d < length - 3 else { continue }
            let x = Int((ax + (bx - ax) * t).rounded(.down)), y = Int((ay + (by - ay) * t).rounded(.down))
            guard x >= 1, y >= 1, x < image.width - 1, y < image.height - 1 else { continue }
            let p = image.pixel(x, y)
            if (p.r, p.g, p.b) != (255, 255, 255) {
                failures += 1
                if failures <= 3 { XCTFail("\(context): pixel (\(x), \(y)) is \(p), not page white") }
            }
            checked += 1
        }
        return checked
    }
}
