import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// The fold against hand-derived numbers (docs/effects.md).
@Suite struct FoldGeometryTests {
    static func panel(_ t: FoldTransition, _ name: String) -> PanelGeometry {
        t.panels().first { $0.name == name }!
    }

    @Test func foldAtHalfwayMatchesTheDerivedHingeAndCrease() throws {
        // 320×480, p = 0.5: θ = 45°, u = 240, d = 4.666667·240. The top hinge sits at
        // 240 − 240·cos45° = 70.294; the crease (z = −169.706, w = 1.151523) spans
        // x = 160 ∓ 160/w = 21.054 … 298.946 on the line y = 240.
        let fold = try FoldTransition(size: Size(width: 320, height: 480))
        try fold.setProgress(0.5)
        #expect(abs(fold.m34 - -0.000892857) < 1e-9)
        let b = Self.panel(fold, "B")
        #expect(abs(b.corners[0].y - 70.294) < 5e-4 && abs(b.corners[1].y - 70.294) < 5e-4)
        #expect(abs(b.corners[0].x - 0) < 1e-9 && abs(b.corners[1].x - 320) < 1e-9)
        #expect(abs(b.corners[3].x - 21.054) < 5e-4 && abs(b.corners[2].x - 298.946) < 5e-4)
        #expect(abs(b.corners[2].y - 240) < 1e-9 && abs(b.corners[3].y - 240) < 1e-9)
        #expect(abs(b.depth[2] - -169.706) < 5e-4)
        #expect(abs(b.shadowOpacity - 0.25 * (1 - 0.5.squareRoot())) < 1e-12)
    }

    @Test func creaseStaysOnItsPixelLineAtEveryAngle() throws {
        for (w, h, s) in [(320.0, 480.0, 1.0), (321, 479, 1), (99, 99, 2), (100, 333, 3)] {
            for style: FoldStyle in [[], .horizontal, .cubic, [.cubic, .horizontal, .unfold]] {
                let fold = try FoldTransition(size: Size(width: w, height: h), scale: s, style: style)
                let u = fold.split.leading
                for i in 0...50 {
                    try fold.setProgress(Double(i) / 50)
                    let b = Self.panel(fold, "B")
                    // B's crease edge: bottom (corners 3, 2) or, horizontal, right (1, 2).
                    let crease = style.contains(.horizontal) ? [b.corners[1], b.corners[2]] : [b.corners[3], b.corners[2]]
                    for corner in crease {
                        let across = style.contains(.horizontal) ? corner.x : corner.y
                        #expect(abs(across - u) < 1e-9, "crease off its line at \(w)x\(h)@\(s) \(style) p=\(fold.progress)")
                    }
                }
            }
        }
    }

    @Test func startAndEndReproduceTheFlatLayouts() throws {
        let fold = try FoldTransition(size: Size(width: 320, height: 480))
        try fold.setProgress(0)
        #expect(Self.panel(fold, "B").corners == [Point(x: 0, y: 0), Point(x: 320, y: 0), Point(x: 320, y: 240), Point(x: 0, y: 240)])
        #expect(Self.panel(fold, "C").corners == [Point(x: 0, y: 240), Point(x: 320, y: 240), Point(x: 320, y: 480), Point(x: 0, y: 480)])
        #expect(Self.panel(fold, "A").corners[0] == Point(x: 0, y: -240))
        try fold.setProgress(1)
        let a = Self.panel(fold, "A"), d = Self.panel(fold, "D")
        for (got, want) in zip(a.corners + d.corners, [Point(x: 0, y: 0), Point(x: 320, y: 0), Point(x: 320, y: 240), Point(x: 0, y: 240),
                                                        Point(x: 0, y: 240), Point(x: 320, y: 240), Point(x: 320, y: 480), Point(x: 0, y: 480)]) {
            #expect(got.distance(to: want) < 1e-9)
        }
        // Odd sizes: D carries at most a pixel of depth, so its far edge lands within 0.5 px.
        let odd = try FoldTransition(size: Size(width: 321, height: 479))
        try odd.setProgress(1)
        let far = Self.panel(odd, "D").corners[2]
        #expect(abs(far.y - 479) < 0.5 && abs(far.x - 321) < 0.5)
    }

    @Test func panelsHaveWholePixelHeights() throws {
        for (h, s) in [(99.0, 1.0), (99, 2), (100.5, 2), (1, 1), (479, 3), (2160, 1)] {
            let fold = try FoldTransition(size: Size(width: 50, height: h), scale: s)
            for p in fold.panels() {
                let pixels = p.size.height * s
                #expect(abs(pixels - pixels.rounded()) < 1e-9, "\(p.name) is \(pixels) px at height \(h)@\(s)")
            }
            #expect(fold.split.leading >= fold.split.trailing)
        }
        let split = PixelSplit(extent: 99, scale: 1)
        #expect(split.leading == 50 && split.trailing == 49)
    }

    @Test func shadowsFollowCosineAndSinePaths() throws {
        let fold = try FoldTransition(size: Size(width: 200, height: 200))
        let cubic = try FoldTransition(size: Size(width: 200, height: 200), style: .cubic)
        let solid = try FoldTransition(size: Size(width: 200, height: 200), style: .solidShadows)
        for i in 0...10 {
            let p = Double(i) / 10
            try fold.setProgress(p); try cubic.setProgress(p); try solid.setProgress(p)
            let (s, c) = Angle.sinCos(degrees: 90 * p)
            #expect(abs(Self.panel(fold, "B").shadowOpacity - 0.25 * (1 - c)) < 1e-12)
            #expect(abs(Self.panel(fold, "C").shadowOpacity - 0.25 * (1 - c)) < 1e-12)
            #expect(Self.panel(fold, "A").shadowOpacity == 0)
            #expect(abs(Self.panel(cubic, "A").shadowOpacity - 0.25 * (1 - s)) < 1e-12)
            #expect(abs(Self.panel(cubic, "D").shadowOpacity - 0.25 * (1 - s)) < 1e-12)
            #expect(abs(Self.panel(solid, "C").shadowOpacity - 0.9 * Self.panel(solid, "B").shadowOpacity) < 1e-12)
        }
        // C's gradient ends at alpha 0.25 so the crease shows against D; clear when cubic.
        #expect((fold.shadowC as? GradientLayer)?.colors.last?.alpha == 0.25)
        #expect((cubic.shadowC as? GradientLayer)?.colors.last?.alpha == 0)
    }

    @Test func cubicSleevesStartEdgeOnAndEndFlat() throws {
        let fold = try FoldTransition(size: Size(width: 200, height: 300), style: .cubic)
        try fold.setProgress(0)
        let a0 = Self.panel(fold, "A")
        // Perpendicular to the page: its outer edge stands u = 150 behind the hinge.
        #expect(abs(a0.depth[0] - -150) < 1e-9 && abs(a0.depth[1] - -150) < 1e-9)
        #expect(abs(a0.depth[2]) < 1e-9 && abs(a0.depth[3]) < 1e-9)
        try fold.setProgress(1)
        let a1 = Self.panel(fold, "A")
        #expect(a1.corners[0].distance(to: Point(x: 0, y: 0)) < 1e-9 && a1.corners[2].distance(to: Point(x: 200, y: 150)) < 1e-9)
    }

    @Test func unfoldRunsTheFoldBackwards() throws {
        let fold = try FoldTransition(size: Size(width: 300, height: 200))
        let unfold = try FoldTransition(size: Size(width: 300, height: 200), style: .unfold)
        try fold.setProgress(0.3)
        try unfold.setProgress(0.7)
        for (a, b) in zip(fold.panels(), unfold.panels()) {
            for (x, y) in zip(a.corners, b.corners) { #expect(x.distance(to: y) < 1e-9) }
        }
        #expect(unfold.timing == .easeIn && fold.timing == .easeOut)
        #expect(abs(try fold.progress(atTime: 0.5) - 0.6848) < 1e-3)
    }

    @Test func contentHalvesAreAssigned() throws {
        let src = ContentHandle(1), dst = ContentHandle(2)
        let fold = try FoldTransition(size: Size(width: 100, height: 99), source: src, destination: dst)
        #expect(fold.panelB.contents == src && fold.panelC.contents == src)
        #expect(fold.panelA.contents == dst && fold.panelD.contents == dst)
        #expect(abs(fold.panelB.contentsRect.height - 50.0 / 99) < 1e-15)
        let unfold = try FoldTransition(size: Size(width: 100, height: 99), style: .unfold, source: src, destination: dst)
        #expect(unfold.panelB.contents == dst && unfold.panelA.contents == src)
    }
}
