import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// Issue 42, item 12: every transition says how far it draws past its view
/// (`Transition.overhang()`), and a standalone transition rendered at its framing's canvas
/// (`Transition.framing(margin:)`) has nothing cut off. Checked against dense sweeps of the
/// drawn geometry — the panels' projected corners, the curl's mesh, and the evaluator's quads of
/// the framed canvas — not against the implementation's own formulas or samples.
@Suite struct OverhangTests {
    /// The pages every case shows (content, so the evaluator's quads draw).
    static let a = ContentHandle(1), b = ContentHandle(2)
    /// A named maker of each kind of transition, in the poses a user renders.
    static let cases: [(String, @Sendable () throws -> any Transition)] = [
        ("flip", { try FlipTransition(size: Size(width: 800, height: 600), source: OverhangTests.a, destination: OverhangTests.b) }),
        ("flip vertical backward", { try FlipTransition(size: Size(width: 500, height: 700), style: [.vertical, .backward], source: OverhangTests.a, destination: OverhangTests.b) }),
        ("flip viewpoint 1.5", { try FlipTransition(size: Size(width: 640, height: 480), viewpoint: 1.5, source: OverhangTests.a, destination: OverhangTests.b) }),
        ("flip reverse", { try FlipTransition(size: Size(width: 640, height: 480), style: .reverse, source: OverhangTests.a, destination: OverhangTests.b) }),
        ("fold", { try FoldTransition(size: Size(width: 600, height: 800), source: OverhangTests.a, destination: OverhangTests.b) }),
        ("fold cubic", { try FoldTransition(size: Size(width: 600, height: 800), style: .cubic, source: OverhangTests.a, destination: OverhangTests.b) }),
        ("fold cubic horizontal unfold", { try FoldTransition(size: Size(width: 900, height: 500), style: [.cubic, .horizontal, .unfold], source: OverhangTests.a, destination: OverhangTests.b) }),
        ("accordion", { try AccordionTransition(size: Size(width: 800, height: 480), panelWidths: [208, 144, 176, 112, 160], source: OverhangTests.a, destination: OverhangTests.b) }),
        ("accordion vertical", { try AccordionTransition(size: Size(width: 480, height: 800), panelWidths: [101, 77, 133, 89, 67, 113], vertical: true, source: OverhangTests.a, destination: OverhangTests.b) }),
        ("accordion two", { try AccordionTransition(size: Size(width: 600, height: 400), panelWidths: [1, 1], source: OverhangTests.a, destination: OverhangTests.b) }),
        ("curl", { try CurlTransition(size: Size(width: 800, height: 560), source: OverhangTests.a, destination: OverhangTests.b) }),
        ("curl vertical backward", { try CurlTransition(size: Size(width: 420, height: 600), style: [.vertical, .backward], source: OverhangTests.a, destination: OverhangTests.b) }),
        ("crossfade", { try CrossfadeTransition(size: Size(width: 300, height: 200), source: OverhangTests.a, destination: OverhangTests.b) }),
    ]

    /// How far `points` reach past a view of `size` on each side (0 where they do not).
    static func reach(_ points: [Point], view size: Size) -> TransitionInsets {
        var r = TransitionInsets.zero
        for p in points {
            r.top = max(r.top, -p.y); r.left = max(r.left, -p.x)
            r.bottom = max(r.bottom, p.y - size.height); r.right = max(r.right, p.x - size.width)
        }
        return r
    }

    /// What the transition draws at its current progress, in view points: the visible panels'
    /// corners, and for the curl every vertex of the leaf's mesh (its panels are the flat pages).
    static func drawnPoints(_ t: any Transition) -> [Point] {
        var points = t.panels().filter(\.visible).flatMap(\.corners)
        if let curl = t as? CurlTransition { points += curl.mesh.vertices.map(\.point) }
        return points
    }

    static func sides(_ i: TransitionInsets) -> [Double] { [i.top, i.left, i.bottom, i.right] }

    /// The reported overhang holds every panel corner (mesh vertex for the curl) over 1025
    /// progress values (the curl: 257, each a fresh mesh; both include the sampled values, so
    /// the pad is the only slack), to 1e-9 pt; and it is not loose:
    /// within the sampling pad (0.5 pt + 0.5% of the longer side) plus 1e-6 pt of the sweep's
    /// own reach. The plain fold clips to its view, so its corners outside are never drawn and
    /// it reports zero (the canvas test below checks what it draws).
    @Test func theOverhangHoldsEveryPanelCornerOverADenseSweepAndIsTight() throws {
        for (name, make) in Self.cases {
            let t = try make()
            let reported = t.overhang()
            let steps = t is CurlTransition ? 256 : 1024
            var swept = TransitionInsets.zero
            for i in 0...steps {
                try t.setProgress(Double(i) / Double(steps))
                let r = Self.reach(Self.drawnPoints(t), view: t.size)
                swept = TransitionInsets(top: max(swept.top, r.top), left: max(swept.left, r.left),
                                         bottom: max(swept.bottom, r.bottom), right: max(swept.right, r.right))
            }
            if let fold = t as? FoldTransition, fold.root.masksToBounds {
                #expect(reported == .zero, "\(name): a clipped fold draws nothing outside its view")
                continue
            }
            let pad = 0.5 + 0.005 * max(t.size.width, t.size.height)
            for (side, (r, s)) in zip(["top", "left", "bottom", "right"], zip(Self.sides(reported), Self.sides(swept))) {
                #expect(r >= s - 1e-9, "\(name): \(side) reports \(r) pt, the sweep reaches \(s) pt")
                #expect(r <= s + pad + 1e-6, "\(name): \(side) reports \(r) pt, loose against the sweep's \(s) pt")
            }
        }
    }

    /// The flip's reach is exact, and large: 800 × 600 pt, spine at 400, eye at
    /// 4.666667 · 400 pt. Edge-on (φ = 90°) its far edge is at z = 400 and seen 1/(1 − 400/1866.6668)
    /// = 1.27273× as tall about the middle: (1.27273 − 1) · 300 = 81.82 pt past the top and the
    /// bottom. Across, the leaf's edge first grows out to 400/√(1 − k²), k = 400/1866.6668:
    /// 9.512 pt past each side. Rendered at its view size, all of that was cut off.
    @Test func theFlipsOverhangIsTheClosedFormReach() throws {
        let flip = try FlipTransition(size: Size(width: 800, height: 600))
        let o = flip.overhang()
        let eye = 4.666667 * 400
        let along = 300 * (1 / (1 - 400 / eye) - 1)
        let k = 400 / eye
        let across = 400 * (1 / (1 - k * k).squareRoot() - 1)
        #expect(abs(along - 81.818) < 1e-3 && abs(across - 9.512) < 1e-3)
        #expect(abs(o.top - along) < 1e-9 && abs(o.bottom - along) < 1e-9, "\(o)")
        #expect(abs(o.left - across) < 1e-9 && abs(o.right - across) < 1e-9, "\(o)")
        // The pose is untouched by measuring it.
        try flip.setProgress(0.3)
        _ = flip.overhang()
        #expect(flip.progress == 0.3)
    }

    /// Measuring puts the pose back: the sampled default, the accordion's closed form and the
    /// curl's scratch mesh all leave progress, panels and mesh as they were.
    @Test func measuringTheOverhangLeavesThePoseAlone() throws {
        for (name, make) in Self.cases {
            let t = try make()
            try t.setProgress(0.37)
            let before = Self.drawnPoints(t)
            _ = t.overhang()
            #expect(t.progress == 0.37, "\(name)")
            #expect(Self.drawnPoints(t) == before, "\(name)")
        }
    }

    /// Rendered standalone at the framing's canvas, nothing is cut: every visible, drawing quad the
    /// evaluator draws of the canvas (the transition's root hung in it at the framing's origin)
    /// lies inside the canvas over 401 progress values (the curl: 101), 4 pt of margin kept
    /// clear to 1e-9 pt. At its view size the flip, the cubic fold, the accordion and the curl
    /// do reach out (what the issue saw cut off); the panels' own geometry is unchanged by the
    /// canvas (still in view points).
    @Test func aTransitionRenderedAtItsFramedCanvasHasNoPanelCut() throws {
        let evaluator = LayerEvaluator()
        for (name, make) in Self.cases {
            let t = try make()
            let framing = t.framing(margin: 4)
            #expect(framing.canvasSize.width >= t.size.width + framing.overhang.horizontal + 8)
            #expect(framing.canvasSize.height >= t.size.height + framing.overhang.vertical + 8)
            #expect(framing.canvasSize.width == framing.canvasSize.width.rounded() && framing.origin.x == framing.origin.x.rounded())
            try t.setProgress(0.5)
            let unframed = t.panels()
            let canvas = try framing.canvas(holding: t)
            #expect(t.panels() == unframed, "\(name): the panels stay in view points")
            let steps = t is CurlTransition ? 100 : 400
            var worstInside = -Double.infinity, worstAtViewSize = -Double.infinity
            for i in 0...steps {
                try t.setProgress(Double(i) / Double(steps))
                evaluator.evaluate(canvas)
                for quad in evaluator.quads where quad.isVisible && quad.drawsContent {
                    for c in evaluator.corners(of: quad) {
                        let p = c.point
                        worstInside = max(worstInside, 4 - p.x, 4 - p.y, p.x - (framing.canvasSize.width - 4), p.y - (framing.canvasSize.height - 4))
                        // The same point in view space, against the view alone.
                        let v = Point(x: p.x - framing.origin.x, y: p.y - framing.origin.y)
                        worstAtViewSize = max(worstAtViewSize, -v.x, -v.y, v.x - t.size.width, v.y - t.size.height)
                    }
                }
            }
            #expect(worstInside <= 1e-9, "\(name): a quad reaches \(worstInside) pt into the margin or past the canvas")
            if name.hasPrefix("flip") && name != "flip reverse" || name.hasPrefix("fold cubic") || name.hasPrefix("accordion") || name.hasPrefix("curl") {
                #expect(worstAtViewSize > 1, "\(name): at its view size \(worstAtViewSize) pt would be cut")
            }
        }
    }

    /// A custom effect gets the sampled default: a panel that grows 10% about the view's
    /// centre with progress reaches 5% of each side past the view at 1, and the default reports
    /// that plus no more than the pad.
    @Test func aCustomEffectGetsTheSampledDefault() throws {
        final class Grow: Transition {
            let root = Layer(name: "grow")
            let panel = Layer(name: "panel")
            var progress = 0.0
            var m34: Double { 0 }
            var duration: Double { 1 }
            var showsShadows = false
            init() throws {
                root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
                root.position = Point(x: 100, y: 50)
                panel.bounds = root.bounds
                panel.position = root.position
                try root.addSublayer(panel)
            }
            func setProgress(_ p: Double) throws(TransitionError) {
                progress = try Self.checkedProgress(p)
                let s = 1 + 0.1 * p
                panel.transform = Transform3D(scaleX: s, y: s, z: 1)
            }
            func progress(atTime time: Double) throws(TransitionError) -> Double { try Self.checkedTime(time) }
            func panels() -> [PanelGeometry] { [geometry(of: panel, shadowOpacity: 0)] }
        }
        let grow = try Grow()
        let o = grow.overhang()
        let pad = 0.5 + 0.005 * 200
        for (side, reach) in [("top", o.top), ("bottom", o.bottom)] { #expect(abs(reach - (5 + pad)) < 1e-9, "\(side) \(reach)") }
        for (side, reach) in [("left", o.left), ("right", o.right)] { #expect(abs(reach - (10 + pad)) < 1e-9, "\(side) \(reach)") }
        #expect(grow.progress == 0)
    }
}
